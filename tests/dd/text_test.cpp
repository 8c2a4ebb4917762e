// The dd dungeon as text (docs/dd.md's legend).

#include <gtest/gtest.h>

#include "dd/dd_support.hpp"
#include "yendor/dd/text.hpp"

namespace yendor::dd {
namespace {

using testing::add_monster;
using testing::open_state;
using testing::shipped;

TEST(DdText, MapShowsWhatTheHeroKnows) {
  State s = open_state(shipped(), 1);
  add_monster(s, shipped(), "goblin", 3, 11, 10);
  add_monster(s, shipped(), "dragon", 10, 0, 0);
  s.wall[static_cast<std::size_t>(cell_of(9, 10))] = 1;
  s.item_at[static_cast<std::size_t>(cell_of(10, 11))] =
      static_cast<std::uint8_t>(ItemKind::health_potion);
  s.revealed[static_cast<std::size_t>(cell_of(19, 19))] = 0;
  const auto lines = map_lines(s);
  ASSERT_EQ(lines.size(), 20u);
  EXPECT_EQ(lines[10].substr(9, 3), "#@3");
  EXPECT_EQ(lines[11][10], '!');
  EXPECT_EQ(lines[0][0], 'B');
  EXPECT_EQ(lines[19][19], ' ');
  EXPECT_EQ(map_lines(s, true)[19][19], '.');
  const std::string status = status_line(s, shipped());
  EXPECT_EQ(status.rfind("L1 HP 12/12 MP 10/10 ATK 5 XP 0/5", 0), 0u) << status;
}

}  // namespace
}  // namespace yendor::dd
