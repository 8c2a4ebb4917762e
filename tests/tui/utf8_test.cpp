// UTF-8 both ways: every code point survives a round trip; malformed input becomes U+FFFD,
// one per broken sequence, and decoding goes on.
#include "yendor/tui/utf8.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace yendor::tui {
namespace {

std::vector<char32_t> decode(std::string_view s) {
  std::vector<char32_t> out;
  for_each_code_point(s, [&](char32_t c) { out.push_back(c); });
  return out;
}

TEST(Utf8, EveryScalarValueRoundTrips) {
  for (char32_t cp = 0; cp <= 0x10FFFF; cp += (cp < 0x3000 ? 1 : 97)) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string s;
    append_utf8(s, cp);
    const std::vector<char32_t> back = decode(s);
    ASSERT_EQ(back.size(), 1u) << static_cast<std::uint32_t>(cp);
    ASSERT_EQ(back[0], cp);
  }
}

TEST(Utf8, MalformedInputGivesOneReplacementPerBrokenSequence) {
  EXPECT_EQ(decode("a\xff"
                   "b"),
            (std::vector<char32_t>{U'a', k_replacement, U'b'}));
  EXPECT_EQ(decode("\xc3"), (std::vector<char32_t>{k_replacement}));              // cut short
  EXPECT_EQ(decode("\xc3x"), (std::vector<char32_t>{k_replacement, U'x'}));       // broken
  EXPECT_EQ(decode("\xc0\xaf"), (std::vector<char32_t>{k_replacement}));          // overlong
  EXPECT_EQ(decode("\xed\xa0\x80"), (std::vector<char32_t>{k_replacement}));      // surrogate
  EXPECT_EQ(decode("\xf4\x90\x80\x80"), (std::vector<char32_t>{k_replacement}));  // too big
  std::string s;
  append_utf8(s, 0xD800);
  EXPECT_EQ(decode(s), (std::vector<char32_t>{k_replacement}));
}

}  // namespace
}  // namespace yendor::tui
