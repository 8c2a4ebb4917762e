// The text screen: a status line, the map rows as the glyph layer shows them, the messages
// and the pack.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "api/env_test_support.hpp"
#include "yendor/api/text_view.hpp"

namespace yendor::api {
namespace {

TEST(TextView, StatusMapMessagesAndPack) {
  Env env(game::testing::shared_test_content());
  env.reset(4);
  env.step(k_ascend);  // refused on level 1: a message
  const Observation& o = env.observation();
  const std::string text = render_text(env.game(), o);
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  ASSERT_GE(lines.size(), static_cast<std::size_t>(o.size.height + 3));
  EXPECT_EQ(lines[0].rfind("Depth 1/", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("HP "), std::string::npos);
  const Point p = env.game().state().player.pos;
  const std::string& row = lines[static_cast<std::size_t>(1 + p.y)];
  ASSERT_GT(row.size(), static_cast<std::size_t>(p.x));
  EXPECT_EQ(row[static_cast<std::size_t>(p.x)], '@');
  for (int y = 0; y < o.size.height; ++y) {
    const std::string& r = lines[static_cast<std::size_t>(1 + y)];
    EXPECT_LE(r.size(), static_cast<std::size_t>(o.size.width));
    EXPECT_TRUE(r.empty() || r.back() != ' ');
  }
  EXPECT_EQ(lines[static_cast<std::size_t>(1 + o.size.height)], o.messages.at(0));
  EXPECT_EQ(lines.back().rfind("Pack:", 0), 0u);
  for (char c : text)
    EXPECT_TRUE(c == '\n' || (c >= 32 && c < 127)) << static_cast<int>(c);
}

}  // namespace
}  // namespace yendor::api
