#include "yendor/core/seed.hpp"

#include <gtest/gtest.h>

#include "yendor/core/hash.hpp"

namespace yendor {
namespace {

TEST(Seed, DecimalNumbersAreThemselves) {
  EXPECT_EQ(parse_seed("0").value, 0u);
  EXPECT_EQ(parse_seed("12345").value, 12345u);
  EXPECT_EQ(parse_seed("18446744073709551615").value, 18446744073709551615u);
  EXPECT_FALSE(parse_seed("12345").from_text());
}

TEST(Seed, OtherTextHashesWithFnv1a64) {
  // FNV-1a-64 reference values: "" -> offset basis, "a" -> 0xaf63dc4c8601ec8c.
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325u);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cu);
  EXPECT_EQ(parse_seed("a").value, 0xaf63dc4c8601ec8cu);
  EXPECT_TRUE(parse_seed("a").from_text());
  EXPECT_EQ(parse_seed("a").text, "a");
  // Not plain numbers: signs, overflow, spaces, mixed text.
  for (const char* text : {"-1", "+1", "18446744073709551616", " 1", "1a", "dungeon of doom"})
    EXPECT_EQ(parse_seed(text).value, fnv1a64(text)) << text;
}

}  // namespace
}  // namespace yendor
