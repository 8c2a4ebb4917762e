#include "yendor/analysis/seed_range.hpp"

#include <gtest/gtest.h>

#include "yendor/core/error.hpp"

namespace yendor::analysis {
namespace {

TEST(SeedRange, ParsesRangesAndSingleSeeds) {
  EXPECT_EQ(parse_seed_range("1..1000"), (SeedRange{1, 1000}));
  EXPECT_EQ(parse_seed_range("1..1000").count(), 1000u);
  EXPECT_EQ(parse_seed_range("42"), (SeedRange{42, 42}));
  EXPECT_EQ(parse_seed_range("7..7").count(), 1u);
  EXPECT_EQ(parse_seed_range("0..999999").count(), k_max_seed_count);
  EXPECT_EQ(parse_seed_range("18446744073709551615").count(), 1u);
  EXPECT_EQ(parse_seed_range("18446744073709551614..18446744073709551615").count(), 2u);
}

TEST(SeedRange, RejectsWhatIsNotARange) {
  for (const char* bad : {"", "..", "1..", "..5", "a..b", "5..1", "1...5", "1..2..3", "-1..5",
                          " 1..5", "1..5 ", "0..1000000", "18446744073709551616", "1-5"})
    try {
      parse_seed_range(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--seeds"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace yendor::analysis
