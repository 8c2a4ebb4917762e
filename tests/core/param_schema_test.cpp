#include "yendor/core/param_schema.hpp"

#include <gtest/gtest.h>

#include "yendor/core/error.hpp"

namespace yendor {
namespace {

ParamSchema sample() {
  ParamSchema s;
  s.add_int("rooms", 10, 1, 100, "how many")
      .add_real("loops", 0.25, 0.0, 1.0, "share")
      .add_bool("lit", false, "lights")
      .add_choice("connect", "mst", {"previous", "mst"}, "strategy");
  return s;
}

std::string error_of(const ParamSchema& s, const RawParams& raw) {
  try {
    s.parse("gen", raw);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ParamSchema, DefaultsInDeclarationOrder) {
  const ParamSet d = sample().defaults();
  ASSERT_EQ(d.entries().size(), 4u);
  EXPECT_EQ(d.entries()[0].first, "rooms");
  EXPECT_EQ(d.get_int("rooms"), 10);
  EXPECT_EQ(d.get_real("loops"), 0.25);
  EXPECT_FALSE(d.get_bool("lit"));
  EXPECT_EQ(d.get_string("connect"), "mst");
}

TEST(ParamSchema, ParsesEveryTypeFromText) {
  const ParamSet p = sample().parse(
      "gen", {{"rooms", "42"}, {"loops", "0.5"}, {"lit", "yes"}, {"connect", "previous"}});
  EXPECT_EQ(p.get_int("rooms"), 42);
  EXPECT_EQ(p.get_real("loops"), 0.5);
  EXPECT_TRUE(p.get_bool("lit"));
  EXPECT_EQ(p.get_string("connect"), "previous");
  EXPECT_EQ(sample().parse("gen", {{"loops", "1"}}).get_real("loops"), 1.0);  // int text as real
  EXPECT_EQ(sample().parse("gen", {{"rooms", "+7"}}).get_int("rooms"), 7);
}

TEST(ParamSchema, RejectsBadInputNamingTheParameter) {
  const ParamSchema s = sample();
  EXPECT_EQ(error_of(s, {{"room", "1"}}),
            "gen: unknown parameter 'room' (parameters: rooms, loops, lit, connect)");
  EXPECT_EQ(error_of(s, {{"rooms", "ten"}}),
            "gen: parameter 'rooms' must be an integer; got 'ten'");
  EXPECT_EQ(error_of(s, {{"rooms", "1.5"}}),
            "gen: parameter 'rooms' must be an integer; got '1.5'");
  EXPECT_EQ(error_of(s, {{"rooms", "0"}}), "gen: parameter 'rooms' = 0 is below the minimum 1");
  EXPECT_EQ(error_of(s, {{"rooms", "101"}}),
            "gen: parameter 'rooms' = 101 is above the maximum 100");
  EXPECT_EQ(error_of(s, {{"rooms", "99999999999999999999"}}),
            "gen: parameter 'rooms' must be an integer; got '99999999999999999999'");
  EXPECT_EQ(error_of(s, {{"loops", "nan"}}), "gen: parameter 'loops' must be a number; got 'nan'");
  EXPECT_EQ(error_of(s, {{"loops", "inf"}}), "gen: parameter 'loops' must be a number; got 'inf'");
  EXPECT_EQ(error_of(s, {{"loops", "1.01"}}),
            "gen: parameter 'loops' = 1.01 is above the maximum 1.0");
  EXPECT_EQ(error_of(s, {{"loops", ""}}), "gen: parameter 'loops' must be a number; got ''");
  EXPECT_EQ(error_of(s, {{"lit", "maybe"}}),
            "gen: parameter 'lit' must be true or false; got 'maybe'");
  EXPECT_EQ(error_of(s, {{"connect", "kruskal"}}),
            "gen: parameter 'connect' must be one of previous, mst; got 'kruskal'");
}

TEST(ParamSchema, ValidatesTypedValues) {
  const ParamSchema s = sample();
  ParamSet in;
  in.set("loops", std::int64_t{1});  // an integer is fine where a real is declared
  EXPECT_EQ(s.validate("gen", in).get_real("loops"), 1.0);
  ParamSet wrong;
  wrong.set("rooms", 2.5);
  EXPECT_THROW(s.validate("gen", wrong), InputError);
  ParamSet unknown;
  unknown.set("nope", true);
  EXPECT_THROW(s.validate("gen", unknown), InputError);
}

TEST(ParamSchema, DescribesItself) {
  const ParamSchema s = sample();
  EXPECT_EQ(s.find("rooms")->describe(), "integer 10 [1..100]");
  EXPECT_EQ(s.find("loops")->describe(), "real 0.25 [0.0..1.0]");
  EXPECT_EQ(s.find("lit")->describe(), "bool false");
  EXPECT_EQ(s.find("connect")->describe(), "choice mst {previous|mst}");
  EXPECT_EQ(s.find("none"), nullptr);
  ParamSchema dup;
  dup.add_bool("a", true, "");
  EXPECT_THROW(dup.add_bool("a", true, ""), std::logic_error);
}

TEST(ParamSchema, TextParametersTakeAnyTextTheirCheckAccepts) {
  ParamSchema s;
  const auto digits_only = [](std::string_view v) {
    return v.find_first_not_of("0123456789") == std::string_view::npos
               ? std::string()
               : std::string("must be digits only");
  };
  s.add_string("code", "42", "digits", digits_only).add_string("label", "", "anything");
  EXPECT_EQ(s.find("code")->type, ParamType::text);
  EXPECT_EQ(s.find("code")->describe(), "text 42");
  EXPECT_EQ(s.defaults().get_string("code"), "42");
  EXPECT_EQ(s.parse("gen", {{"code", "007"}}).get_string("code"), "007");
  EXPECT_EQ(s.parse("gen", {{"label", "B3/S23 = life"}}).get_string("label"), "B3/S23 = life");
  EXPECT_EQ(error_of(s, {{"code", "12a"}}), "gen: parameter 'code' must be digits only; got '12a'");
  ParamSet typed;
  typed.set("code", std::string("99"));
  EXPECT_EQ(s.validate("gen", typed).get_string("code"), "99");
  typed.set("code", std::string("x"));
  EXPECT_THROW(s.validate("gen", typed), InputError);
  ParamSet wrong_type;
  wrong_type.set("label", std::int64_t{3});
  EXPECT_THROW(s.validate("gen", wrong_type), InputError);
  ParamSchema bad_default;
  EXPECT_THROW(bad_default.add_string("code", "x", "", digits_only), std::logic_error);
}

}  // namespace
}  // namespace yendor
