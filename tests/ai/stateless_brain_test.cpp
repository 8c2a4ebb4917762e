// The stateless brain through a fake view: the built-in look-and-chase tree (thesis 5.4) and
// the shipped data trees (data/ai/trees.toml), each against the rule it is meant to follow.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "ai/fake_view.hpp"
#include "ai/library_test_util.hpp"
#include "support/counting_allocator.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/decision_tree.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::ai {
namespace {

using testing::load_shipped;

using testing::FakeView;
using testing::open_room;

const Brain& stateless() {
  return builtin_brains().get("stateless");
}

// Only our file of the shipped library, so that other brains' data cannot break these tests.
const Library& shipped_trees() {
  static const Library library = load_shipped("trees.toml");
  return library;
}

int tree_index(const std::string& name) {
  return stateless().resolve(shipped_trees(), name);
}

TEST(StatelessBrain, IsRegisteredWithItsSourceAndSection) {
  const BrainInfo& info = stateless().info();
  EXPECT_EQ(info.name, "stateless");
  EXPECT_EQ(info.section, "tree");
  EXPECT_NE(info.source.find("thesis 4.2"), std::string::npos);
  EXPECT_NE(info.source.find("5.4"), std::string::npos);
  EXPECT_FALSE(info.summary.empty());
  EXPECT_FALSE(info.description.empty());
}

TEST(StatelessBrain, DefaultTreeAttacksAnAdjacentPlayerInEveryDirection) {
  for (Point d : k_directions8) {
    FakeView view(open_room(5, 5, {2, 2}, Point{2, 2} + d));
    view.can_fire = true;  // look and chase charges: melee when adjacent
    Memory memory;
    Rng rng(3);
    const Decision decision = stateless().decide(view, memory, rng);
    EXPECT_EQ(decision.kind, DecisionKind::attack);
    EXPECT_EQ(decision.dir, d);
    EXPECT_TRUE(memory.awake);
    EXPECT_EQ(memory.target, view.player());
  }
}

// Property: from anywhere in an open room every decision towards a seen player is a step that
// brings it one cell closer, until it stands next to him and attacks.
TEST(StatelessBrain, DefaultTreeChargesASeenPlayer) {
  for (int sx = 0; sx < 9; ++sx)
    for (int sy = 0; sy < 7; ++sy) {
      if (sx == 4 && sy == 3) continue;
      FakeView view(open_room(9, 7, {sx, sy}, {4, 3}));
      view.can_fire = true;  // it charges even so: the tree has no fire leaf
      Memory memory;
      Rng rng(static_cast<std::uint64_t>(sx * 10 + sy));
      while (chebyshev(view.self(), view.player()) > 1) {
        const Decision d = stateless().decide(view, memory, rng);
        ASSERT_EQ(d.kind, DecisionKind::step);
        const int before = chebyshev(view.self(), view.player());
        view.move_self(d.dir);
        ASSERT_EQ(chebyshev(view.self(), view.player()), before - 1);
      }
      EXPECT_EQ(stateless().decide(view, memory, rng).kind, DecisionKind::attack);
    }
}

// With no player in sight it roams: every turn a step onto a free cell, in many directions.
TEST(StatelessBrain, DefaultTreeWandersOtherwise) {
  FakeView view(open_room(7, 7, {3, 3}));
  view.set({2, 2}, 'x');  // another monster it must not walk into
  Memory memory;
  Rng rng(17);
  std::set<std::pair<int, int>> directions;
  for (int turn = 0; turn < 300; ++turn) {
    const Decision d = stateless().decide(view, memory, rng);
    ASSERT_EQ(d.kind, DecisionKind::step);
    const Point to = view.self() + d.dir;
    ASSERT_TRUE(view.walkable(to) && !view.occupied(to));
    directions.insert({d.dir.x, d.dir.y});
    view.move_self(d.dir);
  }
  EXPECT_EQ(directions.size(), 8u);
  EXPECT_FALSE(memory.awake);  // nothing seen: nothing woke it
}

TEST(StatelessBrain, ResolvesTreesByName) {
  EXPECT_EQ(stateless().resolve(shipped_trees(), ""), -1);
  const int coward = tree_index("coward");
  ASSERT_GE(coward, 0);
  EXPECT_EQ(shipped_trees().trees[static_cast<std::size_t>(coward)].name, "coward");
  try {
    stateless().resolve(shipped_trees(), "berserker");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("no decision tree 'berserker'"), std::string::npos) << message;
    EXPECT_NE(message.find("look_and_chase"), std::string::npos) << message;
  }
  EXPECT_THROW(stateless().resolve(empty_library(), "coward"), InputError);
}

// The shipped look_and_chase is the built-in default written out.
TEST(StatelessBrain, ShippedLookAndChaseIsTheDefault) {
  const int i = tree_index("look_and_chase");
  EXPECT_EQ(shipped_trees().trees[static_cast<std::size_t>(i)].nodes, look_and_chase_tree().nodes);
  EXPECT_GE(shipped_trees().trees.size(), 5u);
}

Decision decide_with(FakeView& view, const std::string& tree, Memory& memory,
                     std::uint64_t seed = 1) {
  view.use(shipped_trees(), tree_index(tree));
  Rng rng(seed);
  return stateless().decide(view, memory, rng);
}

TEST(StatelessBrain, CowardFleesWhenBadlyHurtAndFightsWhenHealthy) {
  {
    FakeView view(open_room(9, 9, {4, 4}, {5, 4}));
    view.hp_now = 3;  // below a third
    Memory memory;
    const Decision d = decide_with(view, "coward", memory);
    ASSERT_EQ(d.kind, DecisionKind::step);
    EXPECT_GT(chebyshev(view.self() + d.dir, view.player()), 1);
  }
  {
    FakeView view(open_room(9, 9, {4, 4}, {5, 4}));
    view.hp_now = 4;
    Memory memory;
    EXPECT_EQ(decide_with(view, "coward", memory).kind, DecisionKind::attack);
  }
  {  // hurt, the player out of sight: it limps home
    FakeView view(open_room(9, 9, {6, 6}));
    view.hp_now = 2;
    Memory memory;
    memory.home = {2, 2};
    const Decision d = decide_with(view, "coward", memory);
    ASSERT_EQ(d.kind, DecisionKind::step);
    EXPECT_LT(chebyshev(view.self() + d.dir, memory.home), chebyshev(view.self(), memory.home));
  }
}

TEST(StatelessBrain, ArcherKeepsItsRange) {
  {  // too close: it backs off
    FakeView view(open_room(9, 9, {4, 4}, {6, 4}));
    view.can_fire = true;
    Memory memory;
    const Decision d = decide_with(view, "keep_range", memory);
    ASSERT_EQ(d.kind, DecisionKind::step);
    EXPECT_GT(chebyshev(view.self() + d.dir, view.player()), 2);
  }
  {  // in range with a line: it shoots
    FakeView view(open_room(9, 9, {1, 4}, {6, 4}));
    view.can_fire = true;
    Memory memory;
    EXPECT_EQ(decide_with(view, "keep_range", memory).kind, DecisionKind::fire);
  }
  {  // no line: it closes in
    FakeView view(open_room(9, 9, {1, 4}, {6, 4}));
    Memory memory;
    const Decision d = decide_with(view, "keep_range", memory);
    ASSERT_EQ(d.kind, DecisionKind::step);
    EXPECT_LT(chebyshev(view.self() + d.dir, view.player()), 5);
  }
  {  // cornered with the player next to it: it fights
    FakeView view({"####", "#m@.", "####"});
    Memory memory;
    EXPECT_EQ(decide_with(view, "keep_range", memory).kind, DecisionKind::attack);
  }
}

TEST(StatelessBrain, GuardReturnsToItsPost) {
  {  // too far from home: back, even with the player in sight
    FakeView view(open_room(20, 5, {15, 2}, {18, 2}));
    Memory memory;
    memory.home = {2, 3};
    const Decision d = decide_with(view, "guard", memory);
    ASSERT_EQ(d.kind, DecisionKind::step);
    EXPECT_LT(chebyshev(view.self() + d.dir, memory.home), chebyshev(view.self(), memory.home));
  }
  {  // near home, the player in sight: it chases
    FakeView view(open_room(20, 5, {4, 2}, {8, 2}));
    Memory memory;
    memory.home = {3, 3};
    const Decision d = decide_with(view, "guard", memory);
    ASSERT_EQ(d.kind, DecisionKind::step);
    EXPECT_LT(chebyshev(view.self() + d.dir, view.player()), 4);
  }
  {  // at its post with nobody about: it stands
    FakeView view(open_room(20, 5, {4, 2}));
    Memory memory;
    memory.home = view.self();
    EXPECT_EQ(decide_with(view, "guard", memory).kind, DecisionKind::wait);
  }
}

TEST(StatelessBrain, TrackerCriesForHelpWhenHurtAndAlone) {
  FakeView view(open_room(9, 9, {4, 4}));
  view.damage = 2;
  Memory memory;
  EXPECT_EQ(decide_with(view, "tracker", memory).kind, DecisionKind::shout);
  view.damage = 0;
  EXPECT_EQ(decide_with(view, "tracker", memory).kind, DecisionKind::step);  // hunts: wanders
}

// An index the library does not have (data changed under a saved game) falls back to the
// built-in tree instead of reading past the end.
TEST(StatelessBrain, AnUnknownTacticsIndexRunsTheDefault) {
  FakeView view(open_room(5, 5, {2, 2}, {3, 2}));
  view.use(shipped_trees(), 999);
  Memory memory;
  Rng rng(1);
  EXPECT_EQ(stateless().decide(view, memory, rng).kind, DecisionKind::attack);
}

// A decision runs every turn for every awake monster: once warmed up it allocates nothing,
// whichever tree it walks.
TEST(StatelessBrain, DecidingAllocatesNothing) {
  for (const int tree :
       {-1, tree_index("keep_range"), tree_index("guard"), tree_index("tracker")}) {
    FakeView view(open_room(9, 9, {1, 1}, {7, 7}));
    view.use(shipped_trees(), tree);
    Memory memory;
    Rng rng(3);
    stateless().decide(view, memory, rng);
    test::AllocationCounter counter;
    for (int turn = 0; turn < 200; ++turn) {
      view.sees = turn % 3 != 0;
      view.damage = turn % 5 == 0 ? 1 : 0;
      const Decision d = stateless().decide(view, memory, rng);
      if (d.kind == DecisionKind::step && turn % 2 == 0 && !view.occupied(view.self() + d.dir) &&
          view.walkable(view.self() + d.dir))
        view.move_self(d.dir);
    }
    EXPECT_EQ(counter.allocations(), 0) << tree;
  }
}

}  // namespace
}  // namespace yendor::ai
