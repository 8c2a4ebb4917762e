// The fsm brain through the ASCII FakeView (fake_view.hpp): every transition of both shipped tables
// (the thesis's Table 5.1 and Table 4.1 as docs/brains.md reads them), priorities, the frequencies
// of dice-rolled transitions, the observation levels, and the built-in default.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "ai/fake_view.hpp"
#include "ai/library_test_util.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/fsm_table.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/data_dir.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::ai {
namespace {

using testing::load_text;
using testing::shipped_fsm;

using testing::FakeView;

// An open 9x7 room: the monster in the middle, the player three cells to its right.
std::vector<std::string> room() {
  return {
      "###########", "#.........#", "#.........#", "#.........#", "#...m..@..#",
      "#.........#", "#.........#", "#.........#", "###########",
  };
}

// A dead end: the monster against the wall, the player next to it blocking the way out.
std::vector<std::string> dead_end() {
  return {
      "#####",
      "#m@.#",
      "#####",
  };
}

// The monster's situation on the turn a test plays. The defaults: unhurt (10 of 10), the player
// out of sight, silence, no scent, nothing missing, not hungry.
struct Situation {
  bool sees = false;
  int hp = 10;
  int noise = 0;
  Point noise_dir{};
  Point scent_dir{};
  int damage = 0;  // taken since its last turn
  bool treasure = false;
  std::int32_t hunger = 0;
};

FakeView view_of(const Situation& s, std::vector<std::string> rows = room()) {
  FakeView view(std::move(rows));
  view.sees = s.sees;
  view.hp_now = s.hp;
  view.noise_level = s.noise;
  view.noise_dir = s.noise_dir;
  view.scent_dir = s.scent_dir;
  view.damage = s.damage;
  view.treasure_gone = s.treasure;
  return view;
}

// One turn played: the state it ends in, what it decided, its memory, and its distance to the
// player before and after the decision's step (the same when it did not step).
struct Turn {
  std::string state;
  Decision decision;
  Memory memory;
  int before = 0, after = 0;
};

// How the turn's step changed its distance to the player; a failure when it did not step.
int step_change(const Turn& t) {
  EXPECT_EQ(t.decision.kind, DecisionKind::step);
  return t.after - t.before;
}

const Brain& fsm() {
  return builtin_brains().get("fsm");
}

// Runs one table: puts monsters in named states and reads back the state they end in.
class Machine {
 public:
  Machine(const Library& library, std::string_view table)
      : library_(library), index_(fsm().resolve(library, table)) {}

  const FsmTable& table() const { return library_.fsm.at(static_cast<std::size_t>(index_)); }
  // An awake monster in `state` that has acted it out `turns` turns.
  Memory in(std::string_view state, int turns = 0) const {
    Memory m;
    m.awake = true;
    m.state = table().find_state(state);
    EXPECT_GE(m.state, 0) << state;
    m.scratch[0] = turns;
    return m;
  }
  std::string state(const Memory& m) const {
    return table().states.at(static_cast<std::size_t>(m.state)).name;
  }
  Decision decide(FakeView& view, Memory& memory, Rng& rng) const {
    view.use(library_, index_);
    return fsm().decide(view, memory, rng);
  }
  // One turn of an awake monster in state `from` in situation `s` on the map `rows`.
  Turn play(std::string_view from, const Situation& s, Rng& rng,
            std::vector<std::string> rows = room()) const {
    FakeView view = view_of(s, std::move(rows));
    Memory m = in(from);
    m.hunger = s.hunger;
    const int before = chebyshev(view.self(), view.player());
    const Decision d = decide(view, m, rng);
    return {state(m), d, m, before, chebyshev(view.self() + d.dir, view.player())};
  }
  Turn play(std::string_view from, const Situation& s, std::uint64_t seed,
            std::vector<std::string> rows = room()) const {
    Rng rng(seed);
    return play(from, s, rng, std::move(rows));
  }

 private:
  const Library& library_;
  int index_;
};

const Machine& table51() {
  static const Machine m(shipped_fsm(), "thesis_prototype");
  return m;
}
const Machine& table41() {
  static const Machine m(shipped_fsm(), "thesis_tactical");
  return m;
}

// A count of `hits` in `n` trials is within 5 standard deviations of chance `p`.
void expect_frequency(int hits, int n, double p) {
  const double sd = std::sqrt(p * (1 - p) / n);
  EXPECT_NEAR(static_cast<double>(hits) / n, p, 5 * sd + 1e-12) << hits << " of " << n;
}

TEST(FsmBrain, IsRegisteredWithItsSourceAndSection) {
  const BrainInfo& info = fsm().info();
  EXPECT_EQ(info.name, "fsm");
  EXPECT_EQ(info.section, "fsm");
  EXPECT_NE(info.source.find("Table 5.1"), std::string::npos);
  EXPECT_NE(info.source.find("Table 4.1"), std::string::npos);
  EXPECT_FALSE(info.summary.empty());
  EXPECT_FALSE(info.description.empty());
}

TEST(FsmBrain, ResolvesTableNames) {
  const Library& library = shipped_fsm();
  EXPECT_EQ(fsm().resolve(library, ""), -1);
  const int index = fsm().resolve(library, "thesis_tactical");
  ASSERT_GE(index, 0);
  EXPECT_EQ(library.fsm.at(static_cast<std::size_t>(index)).name, "thesis_tactical");
  try {
    fsm().resolve(library, "nope");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'nope'"), std::string::npos) << message;
    EXPECT_NE(message.find("thesis_prototype"), std::string::npos) << message;
  }
}

// ---- Table 5.1 ----

TEST(FsmTable51, RoamingMonsterThatSeesThePlayerChasesAtOnce) {
  const Turn t = table51().play("ROAMING", {.sees = true}, 1);
  EXPECT_EQ(t.state, "CHASING");
  EXPECT_EQ(step_change(t), -1);  // one closer
  EXPECT_TRUE(t.memory.has_target);
}

TEST(FsmTable51, RoamingMonsterThatSeesNothingRoams) {
  FakeView view = view_of({});
  Memory m = table51().in("ROAMING");
  Rng rng(2);
  int steps = 0;
  for (int i = 0; i < 40; ++i) {
    const Decision d = table51().decide(view, m, rng);
    ASSERT_EQ(table51().state(m), "ROAMING");
    if (d.kind == DecisionKind::step) {
      ASSERT_TRUE(view.walkable(view.self() + d.dir));
      ASSERT_FALSE(view.occupied(view.self() + d.dir));
      view.move_self(d.dir);
      ++steps;
    }
  }
  EXPECT_GT(steps, 30);  // wander steps whenever a neighbour is free
}

TEST(FsmTable51, WoundedChaserEscapes) {
  const Turn t = table51().play("CHASING", {.sees = true, .hp = 2}, 3);  // below 30% of 10
  EXPECT_EQ(t.state, "ESCAPING");
  EXPECT_GT(step_change(t), 0);
}

TEST(FsmTable51, HealthyChaserInViewKeepsChasing) {
  const Turn t = table51().play("CHASING", {.sees = true, .hp = 3}, 4);  // 30%: not below
  EXPECT_EQ(t.state, "CHASING");
  EXPECT_LT(step_change(t), 0);
}

// LOW_HP has priority over OUT_OF_FOV: a wounded chaser that loses the player always escapes
// and never rolls for roaming or sleeping.
TEST(FsmTable51, LowHpOutranksOutOfView) {
  Rng rng(5);
  for (int i = 0; i < 300; ++i) {
    const Turn t = table51().play("CHASING", {.hp = 1}, rng);
    ASSERT_EQ(t.state, "ESCAPING");
    ASSERT_TRUE(t.memory.awake);
  }
}

TEST(FsmTable51, ChaserThatLosesThePlayerRoamsFourTimesInFiveAndSleepsOtherwise) {
  Rng rng(6);
  constexpr int n = 4000;
  int roaming = 0, sleeping = 0;
  for (int i = 0; i < n; ++i) {
    const Turn t = table51().play("CHASING", {}, rng);
    if (t.state == "ROAMING") {
      ++roaming;
      EXPECT_TRUE(t.memory.awake);
    } else {
      ASSERT_EQ(t.state, "SLEEPING");
      ++sleeping;
      EXPECT_FALSE(t.memory.awake);  // the sleep behaviour lies down at once
      EXPECT_EQ(t.decision.kind, DecisionKind::wait);
    }
  }
  EXPECT_EQ(roaming + sleeping, n);
  expect_frequency(roaming, n, 0.8);
}

TEST(FsmTable51, EscapingMonsterOutOfViewRoams) {
  EXPECT_EQ(table51().play("ESCAPING", {.hp = 1}, 7).state, "ROAMING");
}

TEST(FsmTable51, EscapingMonsterKeepsFleeingWhileSeen) {
  const Turn t = table51().play("ESCAPING", {.sees = true, .hp = 1}, 8);
  EXPECT_EQ(t.state, "ESCAPING");
  EXPECT_GT(step_change(t), 0);
}

TEST(FsmTable51, CorneredEscaperFights) {
  const Turn t = table51().play("ESCAPING", {.sees = true, .hp = 1}, 9, dead_end());
  EXPECT_EQ(t.state, "CORNERED");
  EXPECT_EQ(t.decision, (Decision{DecisionKind::attack, {1, 0}}));
}

TEST(FsmTable51, WoundedSleeperWokenEscapes) {
  for (bool sees : {false, true}) {
    const Turn t = table51().play("SLEEPING", {.sees = sees, .hp = 2}, 10);
    EXPECT_EQ(t.state, "ESCAPING");
    EXPECT_TRUE(t.memory.awake);
  }
}

TEST(FsmTable51, SleeperThatSeesThePlayerWakesOneTimeInFive) {
  Rng rng(11);
  constexpr int n = 4000;
  int woke = 0;
  for (int i = 0; i < n; ++i) {
    const Turn t = table51().play("SLEEPING", {.sees = true}, rng);
    if (t.state == "ROAMING") {
      ++woke;
      EXPECT_TRUE(t.memory.awake);
    } else {
      ASSERT_EQ(t.state, "SLEEPING");
      EXPECT_FALSE(t.memory.awake);  // rolls over: the game will not ask it again until it wakes it
    }
  }
  expect_frequency(woke, n, 0.2);
}

TEST(FsmTable51, SleeperWokenByANoiseItDoesNotSeeSleepsOn) {
  const Turn t = table51().play("SLEEPING", {.noise = 9}, 12);
  EXPECT_EQ(t.state, "SLEEPING");
  EXPECT_FALSE(t.memory.awake);
  EXPECT_EQ(t.decision.kind, DecisionKind::wait);
}

TEST(FsmTable51, CorneredMonsterRoamsOnceThePlayerIsOutOfView) {
  EXPECT_EQ(table51().play("CORNERED", {.hp = 1}, 13).state, "ROAMING");
}

TEST(FsmTable51, CorneredMonsterWithAWayOutEscapesAgain) {
  // The player 3 cells away in an open room: not cornered.
  const Turn t = table51().play("CORNERED", {.sees = true, .hp = 1}, 14);
  EXPECT_EQ(t.state, "ESCAPING");
  EXPECT_GT(step_change(t), 0);
}

TEST(FsmTable51, CorneredMonsterStillCorneredFightsOn) {
  const Turn t = table51().play("CORNERED", {.sees = true}, 15, dead_end());
  EXPECT_EQ(t.state, "CORNERED");
  EXPECT_EQ(t.decision.kind, DecisionKind::attack);
}

// The issue's scenario: a wounded monster runs from the player down a dead-end corridor, never
// stepping towards him, and fights when he corners it.
TEST(FsmTable51, WoundedMonsterFleesAndCorneredFights) {
  FakeView view = view_of({.sees = true, .hp = 2}, {
                                                       "###########",
                                                       "#@.m......#",
                                                       "###########",
                                                   });
  Memory m = table51().in("CHASING");
  Rng rng(16);
  bool fought = false;
  for (int turn = 0; turn < 30 && !fought; ++turn) {
    const int before = chebyshev(view.self(), view.player());
    const Decision d = table51().decide(view, m, rng);
    if (d.kind == DecisionKind::attack) {
      EXPECT_EQ(table51().state(m), "CORNERED");
      EXPECT_EQ(view.self() + d.dir, view.player());
      EXPECT_EQ(view.self(), (Point{9, 1}));  // at the dead end
      fought = true;
      break;
    }
    if (d.kind == DecisionKind::step) {
      view.move_self(d.dir);
      EXPECT_GT(chebyshev(view.self(), view.player()), before) << "turn " << turn;
    }
    if (chebyshev(view.self(), view.player()) > 1) view.move_player({1, 0});  // he follows
  }
  EXPECT_TRUE(fought);
}

// ---- Table 4.1 ----

TEST(FsmTable41, StartsAsleep) {
  EXPECT_EQ(table41().table().states.at(0).name, "SLEEPING");
  EXPECT_EQ(table51().table().states.at(0).name, "ROAMING");
}

TEST(FsmTable41, SleeperWokenByALoudNoiseGetsUp) {
  const Turn t = table41().play("SLEEPING", {.noise = 4}, 20);
  EXPECT_EQ(t.state, "WAKING");
  EXPECT_TRUE(t.memory.awake);
  EXPECT_EQ(t.decision.kind, DecisionKind::wait);  // groggy: the player is not next to it
}

TEST(FsmTable41, SleeperIsBlindAndDeafToQuietNoises) {
  // It sees the player (the game woke it on sight), hears a quiet noise, smells him and its
  // treasure is gone.
  const Turn t = table41().play(
      "SLEEPING", {.sees = true, .noise = 3, .scent_dir = {1, 0}, .treasure = true}, 21);
  EXPECT_EQ(t.state, "SLEEPING");
  EXPECT_FALSE(t.memory.awake);
  EXPECT_FALSE(t.memory.has_target);  // it did not register the player
  EXPECT_EQ(t.decision.kind, DecisionKind::wait);
}

TEST(FsmTable41, ABlowWakesASleeperLikeALoudNoise) {
  const Turn t = table41().play("SLEEPING", {.sees = true, .damage = 2}, 22, dead_end());
  EXPECT_EQ(t.state, "WAKING");
  EXPECT_EQ(t.decision.kind, DecisionKind::attack);  // it strikes back at once
}

TEST(FsmTable41, HungrySleeperWakesHungryAndHunts) {
  const Turn t = table41().play("SLEEPING", {.sees = true, .hunger = 200}, 23);
  EXPECT_EQ(t.state, "HUNGRY");
  EXPECT_TRUE(t.memory.awake);
  EXPECT_LT(step_change(t), 0);
}

TEST(FsmTable41, ALoudNoiseOutranksHungerForASleeper) {
  EXPECT_EQ(table41().play("SLEEPING", {.noise = 8, .hunger = 1000}, 24).state, "WAKING");
}

TEST(FsmTable41, MissingTreasureEnragesAWakingMonster) {
  // Also hungry: the treasure comes first.
  const Turn t = table41().play("WAKING", {.sees = true, .treasure = true, .hunger = 500}, 25);
  EXPECT_EQ(t.state, "ENRAGED");
  EXPECT_LT(step_change(t), 0);  // hunts the player it sees
}

TEST(FsmTable41, HungerTakesAWakingMonsterHunting) {
  EXPECT_EQ(table41().play("WAKING", {.hunger = 200}, 26).state, "HUNGRY");
}

TEST(FsmTable41, AWakingMonsterIsGroggyForTwoTurnsThenCurious) {
  FakeView view = view_of({.noise = 6});
  Memory m = table41().in("SLEEPING");
  Rng rng(27);
  std::vector<std::string> states;
  for (int i = 0; i < 4; ++i) {
    table41().decide(view, m, rng);
    view.noise_level = 0;
    states.push_back(table41().state(m));
  }
  EXPECT_EQ(states, (std::vector<std::string>{"WAKING", "WAKING", "CURIOUS", "CURIOUS"}));
}

TEST(FsmTable41, RageLastsTwentyTurnsThenPassesOutOfSight) {
  FakeView view = view_of({});
  Memory m = table41().in("ENRAGED");
  Rng rng(28);
  for (int turn = 0; turn < 20; ++turn) {
    table41().decide(view, m, rng);
    ASSERT_EQ(table41().state(m), "ENRAGED") << "turn " << turn;
  }
  table41().decide(view, m, rng);
  EXPECT_EQ(table41().state(m), "WAKING");
}

TEST(FsmTable41, RageDoesNotPassWhileThePlayerIsInSight) {
  FakeView view = view_of({.sees = true});
  Memory m = table41().in("ENRAGED");
  Rng rng(29);
  for (int turn = 0; turn < 60; ++turn) {
    table41().decide(view, m, rng);
    ASSERT_EQ(table41().state(m), "ENRAGED");
  }
  view.sees = false;
  table41().decide(view, m, rng);
  EXPECT_EQ(table41().state(m), "WAKING");
}

TEST(FsmTable41, MissingTreasureEnragesAHungryMonster) {
  EXPECT_EQ(table41().play("HUNGRY", {.treasure = true, .hunger = 300}, 30).state, "ENRAGED");
}

TEST(FsmTable41, AHungryMonsterThatAteWakesUp) {
  Rng rng(31);
  EXPECT_EQ(table41().play("HUNGRY", {.hunger = 300}, rng).state, "HUNGRY");
  EXPECT_EQ(table41().play("HUNGRY", {.hunger = 0}, rng).state, "WAKING");
}

TEST(FsmTable41, CuriousMonsterEnragedByMissingTreasureOrMadeHungry) {
  Rng rng(32);
  EXPECT_EQ(table41().play("CURIOUS", {.treasure = true}, rng).state, "ENRAGED");
  EXPECT_EQ(table41().play("CURIOUS", {.hunger = 250}, rng).state, "HUNGRY");
}

// CURIOUS observes "extended": a faint noise is followed, and so is the player's scent.
TEST(FsmTable41, CuriousMonsterFollowsFaintNoisesAndScent) {
  FakeView view = view_of({.noise = 1, .noise_dir = {0, -1}});
  Memory m = table41().in("CURIOUS");
  Rng rng(33);
  Decision d = table41().decide(view, m, rng);
  EXPECT_EQ(table41().state(m), "CURIOUS");
  EXPECT_EQ(d, (Decision{DecisionKind::step, {0, -1}}));

  view.noise_level = 0;
  view.noise_dir = {};
  view.scent_dir = {-1, 1};
  d = table41().decide(view, m, rng);
  EXPECT_EQ(d, (Decision{DecisionKind::step, {-1, 1}}));
}

// ---- the machine's rules, on small tables of the test's own ----

// A test table [fsm.NAME]: `fields` for the table, then `states`, every one holding still; the
// first (the initial state) has `first` too (its transitions, its observation level).
std::string table_text(const std::string& name, const std::string& fields, const std::string& first,
                       const std::vector<std::string>& states) {
  std::string text = "[fsm." + name + "]\n" + fields;
  for (std::size_t i = 0; i < states.size(); ++i)
    text += "[[fsm." + name + ".state]]\nname = \"" + states[i] + "\"\nbehaviour = \"hold\"\n" +
            (i == 0 ? first : "");
  return text;
}

// Three tables that tell the observation levels apart: A moves to HEARD on a loud noise (5)
// and to SAW on the sight of the player.
const Library& levels() {
  static const Library library = [] {
    const std::string heard_or_saw =
        R"(transitions = [{ when = "heard_noise:5", to = "HEARD" }, { when = "sees_player", )"
        R"(to = "SAW" })";
    const std::vector<std::string> states{"A", "HEARD", "SAW"};
    return load_text(table_text("loud_noises", "loud = 5\n",
                                "observe = \"loud_noises\"\n" + heard_or_saw +
                                    R"(, { when = "treasure_missing", to = "SAW" }, )"
                                    R"({ when = "smells_player", to = "SAW" }])" +
                                    "\n",
                                states) +
                     table_text("regular", "loud = 5\n", heard_or_saw + "]\n", states) +
                     table_text("extended", "loud = 5\n",
                                "observe = \"extended\"\n" + heard_or_saw + "]\n", states));
  }();
  return library;
}

// The state a monster in state A of `table` of levels() ends in after one turn.
std::string after_one_turn(std::string_view table, const Situation& s) {
  return Machine(levels(), table).play("A", s, 40).state;
}

TEST(FsmObservation, LoudNoisesHearsOnlyLoudNoisesAndPain) {
  EXPECT_EQ(after_one_turn("loud_noises", {.noise = 4}), "A");
  EXPECT_EQ(after_one_turn("loud_noises", {.noise = 5}), "HEARD");
  EXPECT_EQ(after_one_turn("loud_noises", {.damage = 1}), "HEARD");
  EXPECT_EQ(after_one_turn("loud_noises", {.sees = true}), "A");
  EXPECT_EQ(after_one_turn("loud_noises", {.scent_dir = {1, 0}}), "A");
  EXPECT_EQ(after_one_turn("loud_noises", {.treasure = true}), "A");
}

TEST(FsmObservation, RegularReadsTheViewAsItIs) {
  EXPECT_EQ(after_one_turn("regular", {.noise = 4}), "A");
  EXPECT_EQ(after_one_turn("regular", {.noise = 5}), "HEARD");
  EXPECT_EQ(after_one_turn("regular", {.damage = 1}), "A");
  EXPECT_EQ(after_one_turn("regular", {.scent_dir = {1, 0}}), "A");
  EXPECT_EQ(after_one_turn("regular", {.sees = true}), "SAW");
}

TEST(FsmObservation, ExtendedTakesAnyNoiseOrScentForALoudOne) {
  EXPECT_EQ(after_one_turn("extended", {.noise = 1}), "HEARD");
  EXPECT_EQ(after_one_turn("extended", {.scent_dir = {1, 0}}), "HEARD");
  EXPECT_EQ(after_one_turn("extended", {}), "A");
  EXPECT_EQ(after_one_turn("extended", {.sees = true}), "SAW");
}

// Tables for the machine's rules: dice-rolled targets, priorities, the order written, and
// transitions with two conditions.
const Library& rules() {
  static const Library library =
      load_text(table_text("dice", "",
                           R"(transitions = [{ to = ["B:0.5", "C:0.3"] }])"
                           "\n",
                           {"A", "B", "C"}) +
                table_text("priorities", "",
                           R"(transitions = [
  { when = "sees_player", to = "LOW" },
  { when = "sees_player", to = "HIGH", priority = 5 },
  { when = "random:1", to = ["LOW:0.5"], priority = 9 },  # fires, and may roll to stay
]
)",
                           {"A", "LOW", "HIGH"}) +
                table_text("ordered", "",
                           R"(transitions = [{ when = "sees_player", to = "FIRST" }, )"
                           R"({ when = "sees_player", to = "SECOND" }])"
                           "\n",
                           {"A", "FIRST", "SECOND"}) +
                table_text("all", "",
                           R"(transitions = [{ when = ["sees_player", "hp_below:0.5"], to = "B" }])"
                           "\n",
                           {"A", "B"}));
  return library;
}

TEST(FsmBrain, RollsOutcomesWithTheirChancesAndStaysWithTheRest) {
  const Machine machine(rules(), "dice");
  Rng rng(50);
  constexpr int n = 5000;
  int b = 0, c = 0, stay = 0;
  for (int i = 0; i < n; ++i) {
    const Turn t = machine.play("A", {}, rng);
    const std::string& s = t.state;
    b += s == "B" ? 1 : 0;
    c += s == "C" ? 1 : 0;
    stay += s == "A" ? 1 : 0;
  }
  EXPECT_EQ(b + c + stay, n);
  expect_frequency(b, n, 0.5);
  expect_frequency(c, n, 0.3);
  expect_frequency(stay, n, 0.2);
}

// The highest priority that holds fires, even when its roll says "stay": lower ones are not
// tried then (the FAQ's "pick the one with the highest priority").
TEST(FsmBrain, TheHighestPriorityThatHoldsFiresAlone) {
  const Machine machine(rules(), "priorities");
  Rng rng(51);
  constexpr int n = 2000;
  int low = 0, stay = 0;
  for (int i = 0; i < n; ++i) {
    const Turn t = machine.play("A", {.sees = true}, rng);
    const std::string& s = t.state;
    ASSERT_NE(s, "HIGH");  // priority 5 is never reached: priority 9 always holds
    low += s == "LOW" ? 1 : 0;
    stay += s == "A" ? 1 : 0;
  }
  EXPECT_EQ(low + stay, n);
  expect_frequency(low, n, 0.5);
}

TEST(FsmBrain, EqualPrioritiesFireInTheOrderWritten) {
  EXPECT_EQ(Machine(rules(), "ordered").play("A", {.sees = true}, 52).state, "FIRST");
}

TEST(FsmBrain, EveryConditionOfATransitionMustHold) {
  const Machine machine(rules(), "all");
  Rng rng(53);
  for (bool sees : {false, true})
    for (int hp : {3, 8}) {
      EXPECT_EQ(machine.play("A", {.sees = sees, .hp = hp}, rng).state, sees && hp < 5 ? "B" : "A")
          << sees << " " << hp;
    }
}

// Without tactics the brain runs its built-in table, which is the shipped Table 5.1: the same
// situations and seeds give the same decisions and memories.
TEST(FsmBrain, TheBuiltInDefaultIsTable51) {
  Rng situations(60);
  for (int i = 0; i < 500; ++i) {
    const Situation s{.sees = situations.chance(0.5), .hp = situations.range(1, 10)};
    FakeView shipped = view_of(s), builtin = view_of(s);
    Memory a;
    a.awake = true;
    a.state = static_cast<std::int32_t>(situations.below(5));
    Memory b = a;
    const std::uint64_t seed = situations.next_u64();
    Rng ra(seed), rb(seed);
    std::vector<Decision> da, db;
    for (int turn = 0; turn < 3; ++turn) {
      da.push_back(table51().decide(shipped, a, ra));
      db.push_back(fsm().decide(builtin, b, rb));  // tactics -1, the empty library
    }
    ASSERT_EQ(da, db) << i;
    ASSERT_EQ(a, b) << i;
  }
}

TEST(FsmBrain, AStateIndexOutsideTheTableRestartsAtTheInitialState) {
  FakeView view = view_of({});
  Rng rng(61);
  for (std::int32_t bad : {-3, 5, 1000}) {
    Memory m;
    m.awake = true;
    m.state = bad;
    table41().decide(view, m, rng);
    EXPECT_EQ(table41().state(m), "SLEEPING");
    EXPECT_FALSE(m.awake);
  }
}

TEST(FsmBrain, SameSeedSameMonster) {
  const auto run = [](std::uint64_t seed) {
    FakeView view = view_of({});
    Memory m = table51().in("ROAMING");
    Rng rng(seed);
    std::vector<Decision> out;
    for (int i = 0; i < 50; ++i) {
      view.sees = i % 7 == 3;
      const Decision d = table51().decide(view, m, rng);
      out.push_back(d);
      if (d.kind == DecisionKind::step && !view.occupied(view.self() + d.dir))
        view.move_self(d.dir);
    }
    return out;
  };
  EXPECT_EQ(run(70), run(70));
  EXPECT_NE(run(70), run(71));
}

}  // namespace
}  // namespace yendor::ai
