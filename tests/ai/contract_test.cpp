// The shared AI vocabulary: conditions (parse, print, evaluate), behaviours (what each one
// decides), and the AI library loader's errors, through the ASCII FakeView (fake_view.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/fake_view.hpp"
#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/condition.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/error.hpp"

namespace yendor::ai {
namespace {

using testing::FakeView;

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Condition, EveryConditionRoundTripsThroughText) {
  ASSERT_EQ(conditions().size(), static_cast<std::size_t>(ConditionKind::count));
  for (std::size_t i = 0; i < conditions().size(); ++i) {
    const ConditionInfo& ci = conditions()[i];
    EXPECT_EQ(static_cast<std::size_t>(ci.kind), i) << ci.name;
    for (bool negated : {false, true}) {
      Condition c{ci.kind, ci.default_value, negated};
      if (ci.takes_value) c.value = ci.hi;
      EXPECT_EQ(parse_condition(to_string(c)), c) << to_string(c);
    }
  }
}

TEST(Condition, BadTextGetsAOneLineReason) {
  EXPECT_NE(error_of([] { parse_condition("sees_the_player"); }).find("unknown condition"),
            std::string::npos);
  EXPECT_NE(
      error_of([] { parse_condition("hp_below:2"); }).find("from 0.0 to 1.0 expected, got 2.0"),
      std::string::npos);
  EXPECT_NE(error_of([] { parse_condition("hp_below:abc"); }).find("a number"), std::string::npos);
  EXPECT_NE(error_of([] { parse_condition("sees_player:1"); }).find("takes no value"),
            std::string::npos);
  EXPECT_EQ(parse_condition("hp_below").value, 0.3);
}

TEST(Condition, EvaluatesAgainstTheView) {
  FakeView v({"#####", "#m@.#", "#...#", "#####"});
  Memory m;
  Rng rng(1);
  EXPECT_TRUE(holds(parse_condition("adjacent_player"), v, m, rng));
  EXPECT_FALSE(holds(parse_condition("!adjacent_player"), v, m, rng));
  v.hp_now = 2;
  EXPECT_TRUE(holds(parse_condition("hp_below:0.3"), v, m, rng));
  EXPECT_FALSE(holds(parse_condition("hp_below:0.2"), v, m, rng));
  v.noise_level = 5;
  EXPECT_TRUE(holds(parse_condition("heard_noise:5"), v, m, rng));
  EXPECT_FALSE(holds(parse_condition("heard_noise:6"), v, m, rng));
  m.hunger = 300;
  EXPECT_TRUE(holds(parse_condition("hungry:200"), v, m, rng));
  v.sees = false;
  EXPECT_FALSE(holds(parse_condition("adjacent_player"), v, m, rng));
}

TEST(Condition, RandomHoldsWithItsChance) {
  FakeView v({"m"});
  Memory m;
  Rng rng(7);
  int n = 0;
  for (int i = 0; i < 10000; ++i)
    n += holds(parse_condition("random:0.25"), v, m, rng) ? 1 : 0;
  EXPECT_NEAR(n / 10000.0, 0.25, 0.02);
}

TEST(Condition, CorneredMeansNoFreeCellFartherFromThePlayer) {
  // A dead end: the only free neighbour is towards the player.
  FakeView trapped({"####", "#m.@", "####"});
  EXPECT_TRUE(is_cornered(trapped));
  // Open ground behind it: not cornered.
  FakeView open({".....", ".m.@.", "....."});
  EXPECT_FALSE(is_cornered(open));
  // Far from the player: never cornered.
  FakeView far({"#######", "#m....@", "#######"});
  EXPECT_FALSE(is_cornered(far));
}

TEST(Behaviour, EveryBehaviourHasAUniqueNameThatParses) {
  ASSERT_EQ(behaviours().size(), static_cast<std::size_t>(Behaviour::count));
  for (const BehaviourInfo& b : behaviours())
    EXPECT_EQ(parse_behaviour(b.name), b.behaviour);
  EXPECT_NE(error_of([] { parse_behaviour("dance"); }).find("unknown behaviour 'dance'"),
            std::string::npos);
}

TEST(Behaviour, ChaseAttacksAdjacentAndClosesInOtherwise) {
  Rng rng(1);
  Memory m;
  FakeView adjacent({".....", ".m@..", "....."});
  EXPECT_EQ(perform(Behaviour::chase, adjacent, m, rng), (Decision{DecisionKind::attack, {1, 0}}));
  FakeView apart({".......", ".m...@.", "......."});
  const Decision d = perform(Behaviour::chase, apart, m, rng);
  EXPECT_EQ(d.kind, DecisionKind::step);
  EXPECT_EQ(d.dir, (Point{1, 0}));
}

TEST(Behaviour, FleeMovesAwayAndFightsWhenCornered) {
  Rng rng(1);
  Memory m;
  FakeView open({".......", "...m@..", "......."});
  const Decision d = perform(Behaviour::flee, open, m, rng);
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_GT(chebyshev(open.self() + d.dir, open.player()), 1);
  FakeView trapped({"####", "#m@.", "####"});
  EXPECT_EQ(perform(Behaviour::flee, trapped, m, rng).kind, DecisionKind::attack);
}

TEST(Behaviour, SearchGoesToTheLastKnownPlaceThenForgets) {
  Rng rng(1);
  FakeView v({"......", ".m....", "......"});
  v.sees = false;
  Memory m;
  m.has_target = true;
  m.target = {3, 1};
  EXPECT_EQ(perform(Behaviour::search, v, m, rng), (Decision{DecisionKind::step, {1, 0}}));
  m.target = v.self();
  EXPECT_EQ(perform(Behaviour::search, v, m, rng).kind, DecisionKind::wait);
  EXPECT_FALSE(m.has_target);
}

TEST(Behaviour, SleepLiesDownAndShoutShouts) {
  Rng rng(1);
  FakeView v({"m.@"});
  Memory m;
  m.awake = true;
  EXPECT_EQ(perform(Behaviour::sleep, v, m, rng).kind, DecisionKind::wait);
  EXPECT_FALSE(m.awake);
  EXPECT_EQ(perform(Behaviour::shout, v, m, rng).kind, DecisionKind::shout);
}

TEST(Behaviour, PerceiveRemembersWhereThePlayerWas) {
  FakeView v({"m.@"});
  Memory m;
  perceive(v, m);
  EXPECT_TRUE(m.awake);
  EXPECT_TRUE(m.has_target);
  EXPECT_EQ(m.target, v.player());
  v.sees = false;
  Memory unseen;
  perceive(v, unseen);
  EXPECT_FALSE(unseen.has_target);
}

TEST(Library, ErrorsNameTheFileTheLineAndTheSection) {
  Library lib;
  const std::string bad_section =
      error_of([&] { load_library_text(lib, "[magic.x]\na = 1\n", "f.toml"); });
  EXPECT_NE(bad_section.find("f.toml:"), std::string::npos) << bad_section;
  EXPECT_NE(bad_section.find("unknown section [magic]"), std::string::npos) << bad_section;
  const std::string syntax = error_of([&] { load_library_text(lib, "[fsm.x\n", "g.toml"); });
  EXPECT_NE(syntax.find("g.toml:1"), std::string::npos) << syntax;
}

TEST(Library, FindEntryListsTheKnownNames) {
  struct Named {
    std::string name;
  };
  const std::vector<Named> entries{{"a"}, {"b"}};
  EXPECT_EQ(find_entry(entries, "b", "fsm table"), 1);
  const std::string e = error_of([&] { find_entry(entries, "c", "fsm table"); });
  EXPECT_NE(e.find("no fsm table 'c' (known: a, b)"), std::string::npos) << e;
}

TEST(Library, TheShippedLibraryLoads) {
  const Library& lib = shipped_library();
  EXPECT_FALSE(lib.files.empty());
}

}  // namespace
}  // namespace yendor::ai
