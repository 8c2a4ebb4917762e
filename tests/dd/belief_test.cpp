// resample_hidden: what the player knows stays, what is hidden is shuffled among the hidden
// cells (the same contents), consistently for monsters, and the sample depends only on what
// is known and on the random stream.

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>
#include <vector>

#include "dd/dd_support.hpp"
#include "yendor/dd/belief.hpp"

namespace yendor::dd {
namespace {

using testing::shipped;

using Contents = std::tuple<int, int, int, int>;

std::vector<Contents> hidden(const State& s) {
  std::vector<Contents> out;
  for (int c = 0; c < k_cells; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (s.revealed[i] == 0)
      out.emplace_back(s.wall[i], s.monster_at[i], s.item_at[i], s.spell_at[i]);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(DdBelief, KeepsWhatIsKnownAndShufflesWhatIsNot) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const State real = new_game(shipped(), {}, seed);
    State sample = real;
    Rng rng(seed);
    resample_hidden(sample, rng);
    EXPECT_EQ(hidden(sample), hidden(real));
    EXPECT_NE(sample.wall, real.wall);  // 391 hidden cells: some wall moved
    EXPECT_EQ(sample.hero, real.hero);
    EXPECT_EQ(sample.revealed, real.revealed);
    for (int c = 0; c < k_cells; ++c) {
      const auto i = static_cast<std::size_t>(c);
      if (real.revealed[i] != 0) {
        EXPECT_EQ(sample.wall[i], real.wall[i]);
        EXPECT_EQ(sample.monster_at[i], real.monster_at[i]);
        EXPECT_EQ(sample.item_at[i], real.item_at[i]);
      }
    }
    for (int m = 0; m < sample.monster_count; ++m) {
      const Monster& x = sample.monsters[static_cast<std::size_t>(m)];
      EXPECT_EQ(sample.monster_at[x.cell], m);
      EXPECT_EQ(x.hp, real.monsters[static_cast<std::size_t>(m)].hp);
    }
  }
}

TEST(DdBelief, TheSampleDependsOnlyOnWhatIsKnown) {
  const State real = new_game(shipped(), {}, 9);
  State moved = real;  // the same knowledge, the hidden contents elsewhere
  Rng shuffle(1234);
  resample_hidden(moved, shuffle);
  ASSERT_NE(moved, real);
  State a = real, b = moved;
  Rng ra(77), rb(77);
  resample_hidden(a, ra);
  resample_hidden(b, rb);
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace yendor::dd
