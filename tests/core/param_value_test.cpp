#include "yendor/core/param_value.hpp"

#include <gtest/gtest.h>

namespace yendor {
namespace {

TEST(ParamValue, CanonicalText) {
  EXPECT_EQ(to_string(ParamValue{true}), "true");
  EXPECT_EQ(to_string(ParamValue{std::int64_t{-5}}), "-5");
  EXPECT_EQ(to_string(ParamValue{0.25}), "0.25");
  EXPECT_EQ(to_string(ParamValue{2.0}), "2.0");  // stays recognisably real
  EXPECT_EQ(to_string(ParamValue{std::string("mst")}), "mst");
}

TEST(ParamSet, KeepsInsertionOrderAndOverwrites) {
  ParamSet p;
  p.set("b", std::int64_t{1});
  p.set("a", 0.5);
  p.set("b", std::int64_t{2});
  ASSERT_EQ(p.entries().size(), 2u);
  EXPECT_EQ(p.entries()[0].first, "b");
  EXPECT_EQ(p.get_int("b"), 2);
  EXPECT_EQ(p.get_real("a"), 0.5);
  EXPECT_THROW(p.get_int("a"), std::logic_error);
  EXPECT_THROW(p.get_bool("zzz"), std::logic_error);
}

}  // namespace
}  // namespace yendor
