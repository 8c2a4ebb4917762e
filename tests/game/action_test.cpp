// Actions as text (the replay file's lines): every type round-trips, malformed lines are
// rejected with a one-line InputError.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/action.hpp"

namespace yendor::game {
namespace {

// A random action of type `t` with only the fields its line carries set (the others keep
// their defaults), drawn independently of the format's code.
Action random_action_of(ActionType t, Rng& rng) {
  Action a;
  a.type = t;
  const auto letter = [&rng] {
    const int i = rng.range(0, 52);
    if (i == 52) return char{0};
    return static_cast<char>(i < 26 ? 'a' + i : 'A' + (i - 26));
  };
  switch (t) {
    case ActionType::move:
    case ActionType::open:
    case ActionType::close:
    case ActionType::operate:
      a.dir = {rng.range(-1, 1), rng.range(-1, 1)};
      break;
    case ActionType::rest:
      a.count = rng.range(0, 1000);
      break;
    case ActionType::pick_up:
    case ActionType::quaff:
    case ActionType::read:
    case ActionType::eat:
    case ActionType::wield:
    case ActionType::wear:
    case ActionType::take_off:
    case ActionType::buy:
      a.item = letter();
      break;
    case ActionType::drop:
    case ActionType::sell:
      a.item = letter();
      a.count = rng.range(0, 99);
      break;
    case ActionType::throw_item:
      a.item = letter();
      a.target = {rng.range(-5, 300), rng.range(-5, 300)};
      break;
    case ActionType::raise:
      a.choice = rng.range(0, 2);
      break;
    default:
      break;
  }
  return a;
}

TEST(ActionText, TypeNamesRoundTripAndAreDistinct) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < k_action_type_count; ++i) {
    const auto t = static_cast<ActionType>(i);
    const std::string_view name = to_string(t);
    EXPECT_NE(name, "?");
    EXPECT_EQ(action_type_from_string(name), t) << name;
    names.insert(std::string(name));
  }
  EXPECT_EQ(names.size(), k_action_type_count);
  EXPECT_EQ(action_type_from_string("teleport"), std::nullopt);
  EXPECT_EQ(action_type_from_string("Move"), std::nullopt);
  EXPECT_EQ(action_type_from_string(""), std::nullopt);
}

TEST(ActionText, EveryTypeRoundTrips) {
  Rng rng(42);
  for (std::size_t i = 0; i < k_action_type_count; ++i) {
    for (int n = 0; n < 50; ++n) {
      const Action a = random_action_of(static_cast<ActionType>(i), rng);
      const std::string line = format_action(a);
      SCOPED_TRACE(line);
      EXPECT_EQ(line.find('\n'), std::string::npos);
      EXPECT_EQ(line.rfind(std::string(to_string(a.type)), 0), 0u);
      EXPECT_EQ(parse_action(line), a);
    }
  }
}

TEST(ActionText, ReadsTheDocumentedForms) {
  Action move;
  move.type = ActionType::move;
  move.dir = {1, -1};
  EXPECT_EQ(parse_action("move 1 -1"), move);
  Action quaff;
  quaff.type = ActionType::quaff;
  quaff.item = 'c';
  EXPECT_EQ(parse_action("quaff c"), quaff);
  Action throw_item;
  throw_item.type = ActionType::throw_item;
  throw_item.item = 'b';
  throw_item.target = {12, 7};
  EXPECT_EQ(parse_action("throw_item b 12 7"), throw_item);
  Action raise;
  raise.type = ActionType::raise;
  raise.choice = 2;
  EXPECT_EQ(parse_action("raise 2"), raise);
  Action pick_top;
  pick_top.type = ActionType::pick_up;
  EXPECT_EQ(parse_action("pick_up -"), pick_top);
  // Spacing is free; carriage returns are the file reader's business.
  EXPECT_EQ(parse_action("  move\t1   -1 "), move);
}

TEST(ActionText, FieldsOtherTypesDoNotUseAreNotWritten) {
  Action wait;
  wait.dir = {1, 1};
  wait.item = 'q';
  wait.count = 3;
  EXPECT_EQ(format_action(wait), "wait");
  EXPECT_EQ(parse_action(format_action(wait)), Action{});
}

TEST(ActionText, RejectsMalformedLines) {
  for (const char* line : {"",
                           "   ",
                           "dance",
                           "MOVE 1 0",
                           "move",
                           "move 1",
                           "move 1 0 0",
                           "move 2 0",
                           "move 0 -2",
                           "move a b",
                           "move 1.0 0",
                           "move 0x1 0",
                           "quaff",
                           "quaff cc",
                           "quaff 3",
                           "quaff !",
                           "drop a",
                           "drop a -1",
                           "drop a 1 2",
                           "throw_item a 1",
                           "throw_item 1 2 3",
                           "rest -1",
                           "rest 99999999999",
                           "raise",
                           "raise x",
                           "wait 1",
                           "quit now"}) {
    SCOPED_TRACE(line);
    try {
      parse_action(line);
      ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos);
      EXPECT_NE(what.find("bad action"), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace yendor::game
