#include "yendor/gen/cyclic/solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <queue>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "support/ascii_level.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/gen/generate.hpp"

namespace yendor::cyclic {
namespace {

using Action = SolveStep::Action;

// ---------------------------------------------------------------------------------------
// Building hand-made lock graphs.

struct GraphBuilder {
  LockGraph g;
  GraphBuilder(int regions, int start, int goal) {
    g.regions = regions;
    g.start = start;
    g.goal = goal;
  }
  int key(int region, std::string kind = "key") {
    SolverKey k;
    k.id = static_cast<int>(g.keys.size());
    k.region = region;
    k.kind = kind;
    k.fixed = kind == "lever" || kind == "bridge_lever";
    g.keys.push_back(k);
    return k.id;
  }
  // A key of a class: non-particular, consumed unless told.
  int class_key(int region, std::string kind, std::string key_class, bool consumed = true) {
    const int k = key(region, std::move(kind));
    g.keys.back().particular = false;
    g.keys.back().consumed = consumed;
    g.keys.back().key_class = std::move(key_class);
    return k;
  }
  SolverLock& lock(std::vector<int> sides, std::vector<int> keys = {}) {
    SolverLock l;
    l.id = static_cast<int>(g.locks.size());
    l.sides = std::move(sides);
    l.keys = std::move(keys);
    g.locks.push_back(l);
    return g.locks.back();
  }
  // A keyless passage: a conditional lock open from the start.
  void passage(int a, int b) { lock({a, b}); }
  // A ledge: one way from `from` to `to`.
  SolverLock& drop(int from, int to) {
    SolverLock& l = lock({from, to});
    l.direction = LockDirection::valve;
    l.entry = from;
    return l;
  }
  SolverLock& collapsing_bridge(int a, int b) {
    SolverLock& l = lock({a, b});
    l.duration = LockDuration::collapsing;
    return l;
  }
};

LockInfo lock_info(int id, std::string kind, std::vector<Point> cells) {
  LockInfo l;
  l.id = id;
  l.kind = std::move(kind);
  l.cells = std::move(cells);
  return l;
}

KeyInfo key_info(int id, std::string kind, Point pos) {
  KeyInfo k;
  k.id = id;
  k.kind = std::move(kind);
  k.pos = pos;
  return k;
}

bool crosses(const SolveResult& r, int lock) {
  return std::any_of(r.solution.begin(), r.solution.end(), [&](const SolveStep& s) {
    return s.action == Action::cross_lock && s.lock == lock;
  });
}

std::string joined(const std::vector<std::string>& problems) {
  std::string out;
  for (const auto& p : problems)
    out += p + "\n";
  return out;
}

// ---------------------------------------------------------------------------------------
// Solvable basics.

TEST(Solver, LockedDoorWithItsKeyBeforeIt) {
  GraphBuilder b(2, 0, 1);
  const int k = b.key(0);
  b.lock({0, 1}, {k});
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  EXPECT_TRUE(r.problems.empty());
  const std::vector<SolveStep> expected{
      {Action::take_key, 0, 0, -1}, {Action::open_lock, 0, 0, 0}, {Action::cross_lock, 1, -1, 0}};
  EXPECT_EQ(r.solution, expected);
  EXPECT_EQ(r.main_path_locks, std::vector<int>{0});
  EXPECT_FALSE(r.exhausted_budget);
  EXPECT_GT(r.states, 0u);
}

TEST(Solver, LeverOpensBarredDoor) {
  GraphBuilder b(2, 0, 1);
  const int lever = b.key(0, "lever");
  b.lock({0, 1}, {lever});
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  ASSERT_EQ(r.solution.size(), 2u);
  EXPECT_EQ(r.solution[0], (SolveStep{Action::use_lever, 0, lever, 0}));
  EXPECT_EQ(r.solution[1], (SolveStep{Action::cross_lock, 1, -1, 0}));
}

TEST(Solver, LeverOnTheFarSideOnlyIsUnreachable) {
  GraphBuilder b(2, 0, 1);
  const int lever = b.key(1, "lever");
  b.lock({0, 1}, {lever});
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  ASSERT_EQ(r.problems.size(), 2u) << joined(r.problems);
  EXPECT_EQ(r.problems[0],
            "the goal (region 1) cannot be reached from the start (region 0), not even by risky "
            "play");
  EXPECT_EQ(r.problems[1], "key 0 (lever) in region 1 cannot be reached by safe play");
  EXPECT_TRUE(r.solution.empty());
}

TEST(Solver, LavaWithPotion) {
  GraphBuilder b(2, 0, 1);
  const int potion = b.class_key(0, "potion_fire_resistance", "fire");
  SolverLock& lava = b.lock({0, 1});
  lava.type = LockType::dangerous;
  lava.key_class = "fire";
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  const std::vector<SolveStep> expected{{Action::take_key, 0, potion, -1},
                                        {Action::cross_lock, 1, potion, 0}};
  EXPECT_EQ(r.solution, expected);
}

TEST(Solver, LavaOpenedByBridgeLever) {
  GraphBuilder b(2, 0, 1);
  const int lever = b.key(0, "bridge_lever");
  b.lock({0, 1}, {lever}).type = LockType::dangerous;
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  ASSERT_EQ(r.solution.size(), 2u);
  EXPECT_EQ(r.solution[0].action, Action::use_lever);
  EXPECT_EQ(r.solution[1], (SolveStep{Action::cross_lock, 1, -1, 0}));
}

TEST(Solver, SecretDoorWithScroll) {
  GraphBuilder b(2, 0, 1);
  const int scroll = b.class_key(0, "scroll_magic_mapping", "secret");
  SolverLock& door = b.lock({0, 1});
  door.type = LockType::uncertain;
  door.key_class = "secret";
  door.entry = 1;  // plain from the goal's side: secret from the start's
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  const std::vector<SolveStep> expected{{Action::take_key, 0, scroll, -1},
                                        {Action::reveal, 0, scroll, 0},
                                        {Action::cross_lock, 1, -1, 0}};
  EXPECT_EQ(r.solution, expected);
}

TEST(Solver, SecretDoorWithoutScrollFromItsPlainSide) {
  GraphBuilder b(2, 0, 1);
  SolverLock& door = b.lock({0, 1});
  door.type = LockType::uncertain;
  door.entry = 0;
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  EXPECT_EQ(r.solution, (std::vector<SolveStep>{{Action::cross_lock, 1, -1, 0}}));
}

TEST(Solver, SecretDoorWithoutScrollFromItsSecretSideIsNotSafe) {
  GraphBuilder b(2, 0, 1);
  SolverLock& door = b.lock({0, 1});
  door.type = LockType::uncertain;
  door.entry = 1;
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  ASSERT_EQ(r.problems.size(), 1u) << joined(r.problems);
  EXPECT_EQ(r.problems[0],
            "the goal (region 1) cannot be reached from the start (region 0) by safe play; risky "
            "play can, searching out the secret lock 0");
}

TEST(Solver, SecretShortcutOffTheMainPathIsFine) {
  GraphBuilder b(3, 0, 2);
  b.passage(0, 1);
  b.passage(1, 2);
  SolverLock& secret = b.lock({0, 2});
  secret.type = LockType::uncertain;
  secret.entry = 2;
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  EXPECT_EQ(r.main_path_locks, (std::vector<int>{0, 1}));
}

TEST(Solver, ChasmWithBridgeLever) {
  GraphBuilder b(3, 0, 2);
  const int lever = b.key(1, "bridge_lever");
  b.passage(0, 1);
  b.lock({1, 2}, {lever});  // chasm: conditional, permanent
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  const std::vector<SolveStep> expected{{Action::cross_lock, 1, -1, 0},
                                        {Action::use_lever, 1, lever, 1},
                                        {Action::cross_lock, 2, -1, 1}};
  EXPECT_EQ(r.solution, expected);
}

TEST(Solver, ValveDropBackToTheStart) {
  // Start 0 -> 1 -> 2 (the key), a drop from 2 back to 0, the locked goal door at 0.
  GraphBuilder b(4, 0, 3);
  b.passage(0, 1);
  b.passage(1, 2);
  const int k = b.key(2);
  const int drop = static_cast<int>(b.g.locks.size());
  b.drop(2, 0);
  const int door = static_cast<int>(b.g.locks.size());
  b.lock({0, 3}, {k});
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  EXPECT_TRUE(crosses(r, drop));  // the drop is one step, walking back two
  EXPECT_EQ(r.solution.size(), 6u);
  EXPECT_EQ(r.main_path_locks, (std::vector<int>{0, 1, drop, door}));
}

TEST(Solver, TimedGateWithLeverBesideIt) {
  GraphBuilder b(2, 0, 1);
  const int lever = b.key(0, "lever");
  b.lock({0, 1}, {lever}).duration = LockDuration::temporary;
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  const std::vector<SolveStep> expected{{Action::use_lever, 0, lever, 0},
                                        {Action::cross_lock, 1, -1, 0}};
  EXPECT_EQ(r.solution, expected);
}

TEST(Solver, TimedGateWithLeverOnOneSideIsAValve) {
  // The key to the goal lies behind a timed gate whose only lever is on the start's side.
  GraphBuilder b(3, 0, 2);
  const int lever = b.key(0, "lever");
  const int k = b.key(1);
  b.lock({0, 1}, {lever}).duration = LockDuration::temporary;
  b.lock({0, 2}, {k});
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  ASSERT_FALSE(r.problems.empty());
  EXPECT_EQ(r.problems[0],
            "the goal (region 2) cannot be reached from the start (region 0), not even by risky "
            "play");
  // A second lever on the far side makes it work.
  const int far = b.key(1, "lever");
  b.g.locks[0].keys.push_back(far);
  const SolveResult fixed = solve(b.g);
  EXPECT_TRUE(fixed.solvable) << joined(fixed.problems);
}

TEST(Solver, CollapsingBridgeWithTeleportScrollEscape) {
  // An optional platform behind a collapsing bridge; a scroll of teleportation there is the
  // way out.
  GraphBuilder b(3, 0, 2);
  b.passage(0, 2);
  const int scroll = b.key(1, "scroll_teleportation");
  b.g.keys.back().consumed = true;
  b.collapsing_bridge(0, 1).keys = {scroll};
  const SolveResult r = solve(b.g);
  EXPECT_TRUE(r.solvable) << joined(r.problems);
  // Without the scroll the platform is a trap.
  b.g.locks[1].keys.clear();
  b.g.keys.clear();
  const SolveResult trapped = solve(b.g);
  EXPECT_FALSE(trapped.solvable);
  ASSERT_EQ(trapped.problems.size(), 1u) << joined(trapped.problems);
  EXPECT_EQ(trapped.problems[0],
            "crossing the collapsing lock 1 from region 0 strands the player in region 1; the "
            "goal (region 2) can no longer be reached");
}

TEST(Solver, StartIsGoal) {
  GraphBuilder b(1, 0, 0);
  const SolveResult r = solve(b.g);
  EXPECT_TRUE(r.solvable);
  EXPECT_TRUE(r.solution.empty());
}

// ---------------------------------------------------------------------------------------
// Unsolvable, with the reason.

TEST(Solver, KeyBehindItsOwnLock) {
  GraphBuilder b(2, 0, 1);
  const int k = b.key(1);
  b.lock({0, 1}, {k});
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  ASSERT_EQ(r.problems.size(), 2u) << joined(r.problems);
  EXPECT_EQ(r.problems[0],
            "the goal (region 1) cannot be reached from the start (region 0), not even by risky "
            "play");
  EXPECT_EQ(r.problems[1], "key 0 (key) in region 1 cannot be reached by safe play");
}

TEST(Solver, CollapsingBridgeStrandsThePlayer) {
  // The key is at the start, its door beyond a collapsing bridge: crossing without the key
  // strands the player, although safe play (take the key first) gets through.
  GraphBuilder b(3, 0, 2);
  const int k = b.key(0);
  b.collapsing_bridge(0, 1);
  b.lock({1, 2}, {k});
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  EXPECT_FALSE(r.solution.empty());  // proof 1 holds
  ASSERT_EQ(r.problems.size(), 1u) << joined(r.problems);
  EXPECT_EQ(r.problems[0],
            "crossing the collapsing lock 0 from region 0 strands the player in region 1; the "
            "goal (region 2) can no longer be reached");
}

TEST(Solver, ValveIntoDeadEnd) {
  GraphBuilder b(3, 0, 1);
  b.passage(0, 1);
  b.drop(0, 2);
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  ASSERT_EQ(r.problems.size(), 1u) << joined(r.problems);
  EXPECT_EQ(r.problems[0],
            "crossing the one-way lock 1 from region 0 strands the player in region 2; the goal "
            "(region 1) can no longer be reached");
  // A way back from the dead end repairs it.
  b.passage(2, 1);
  EXPECT_TRUE(solve(b.g).solvable);
}

TEST(Solver, ConsumedClassKeySpentOnTheWrongDoor) {
  // One small key, two doors of class "small": spending it on the side room's door strands.
  GraphBuilder b(3, 0, 2);
  b.class_key(0, "key", "small");
  b.lock({0, 1}).key_class = "small";
  b.lock({0, 2}).key_class = "small";
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  EXPECT_EQ(r.main_path_locks, std::vector<int>{1});
  ASSERT_EQ(r.problems.size(), 1u) << joined(r.problems);
  EXPECT_EQ(r.problems[0],
            "opening lock 0 with key 0 (key) in region 0 strands the player; the goal (region 2) "
            "can no longer be reached");
  // A persistent key, or a particular one, cannot be wasted.
  b.g.keys[0].consumed = false;
  EXPECT_TRUE(solve(b.g).solvable);
}

TEST(Solver, DangerousLockOnTheMainPathWithoutItsKey) {
  GraphBuilder b(3, 0, 2);
  b.passage(0, 1);
  SolverLock& lava = b.lock({1, 2});
  lava.type = LockType::dangerous;
  lava.key_class = "fire";
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  EXPECT_TRUE(r.solution.empty());
  ASSERT_EQ(r.problems.size(), 1u) << joined(r.problems);  // any play passes: no stranding
  EXPECT_EQ(r.problems[0],
            "the goal (region 2) cannot be reached from the start (region 0) by safe play; risky "
            "play can, crossing the dangerous lock 1 unprotected");
  // A potion makes it safe.
  b.class_key(1, "potion_fire_resistance", "fire");
  EXPECT_TRUE(solve(b.g).solvable);
}

TEST(Solver, MainPathLockNotMarkedSafe) {
  GraphBuilder b(3, 0, 2);
  const int k = b.key(0);
  b.lock({0, 1}, {k}).safe = false;
  b.passage(1, 2);
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  ASSERT_EQ(r.problems.size(), 1u) << joined(r.problems);
  EXPECT_EQ(r.problems[0], "lock 0 is on the main path but not marked safe");
  // Unsafe locks off the main path are fine.
  b.passage(0, 2);
  const SolveResult off = solve(b.g);
  EXPECT_TRUE(off.solvable) << joined(off.problems);
  EXPECT_EQ(off.main_path_locks, std::vector<int>{2});
}

// A reversible lever works only where it stands. With its only lever at the start, the door
// can be closed (or left shut) while a drop leads to its far side: stranding. With a lever on
// each side, or without the drop, nothing can shut the player in.
TEST(Solver, ReversibleLeverCanShutTheOnlyWayBack) {
  GraphBuilder b(3, 0, 2);
  const int lever = b.key(0, "lever");
  const int k = b.key(1);
  b.lock({0, 2}, {k});
  SolverLock& bars = b.lock({0, 1}, {lever});
  bars.duration = LockDuration::reversible;
  const LockGraph without_drop = b.g;
  b.drop(0, 1);
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  ASSERT_EQ(r.problems.size(), 1u) << joined(r.problems);
  EXPECT_EQ(r.problems[0],
            "crossing the one-way lock 2 from region 0 strands the player in region 1; the goal "
            "(region 2) can no longer be reached");

  const SolveResult no_drop = solve(without_drop);
  EXPECT_TRUE(no_drop.solvable) << joined(no_drop.problems);

  const int far = b.key(1, "lever");
  b.g.locks[1].keys.push_back(far);
  const SolveResult two_levers = solve(b.g);
  EXPECT_TRUE(two_levers.solvable) << joined(two_levers.problems);
}

TEST(Solver, ReversibleLeverTogglesBack) {
  // Pulling twice closes the door again: the solver must see the lever as a toggle, so a
  // second reversible door whose lever sits in the goal's room still leaves the level
  // solvable, and the shortest solution pulls once.
  GraphBuilder b(2, 0, 1);
  const int lever = b.key(0, "lever");
  b.lock({0, 1}, {lever}).duration = LockDuration::reversible;
  const SolveResult r = solve(b.g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  EXPECT_EQ(std::count_if(r.solution.begin(), r.solution.end(),
                          [](const SolveStep& s) { return s.action == Action::use_lever; }),
            1);
  // Start state, lever pulled, and the far side with the door open (and closed is never
  // reachable there): 3 states.
  EXPECT_EQ(r.states, 3u);
}

TEST(Solver, TooManyLocks) {
  GraphBuilder b(2, 0, 1);
  for (int i = 0; i < 17; ++i)
    b.passage(0, 1);
  const SolveResult r = solve(b.g);
  EXPECT_FALSE(r.solvable);
  EXPECT_EQ(r.problems, std::vector<std::string>{"too many locks: 17 > 16"});
  GraphBuilder c(2, 0, 1);
  c.passage(0, 1);
  for (int i = 0; i < 17; ++i)
    c.key(0);
  EXPECT_EQ(solve(c.g).problems, std::vector<std::string>{"too many keys: 17 > 16"});
}

TEST(Solver, BudgetExhaustion) {
  GraphBuilder b(4, 0, 3);
  for (int i = 0; i < 4; ++i)
    b.key(i % 3);
  b.passage(0, 1);
  b.passage(1, 2);
  b.lock({2, 3}, {0, 1, 2, 3});
  const SolveResult full = solve(b.g);
  EXPECT_TRUE(full.solvable) << joined(full.problems);
  ASSERT_GT(full.states, 3u);
  const SolveResult r = solve(b.g, {.max_states = 3});
  EXPECT_FALSE(r.solvable);
  EXPECT_TRUE(r.exhausted_budget);
  EXPECT_EQ(r.states, 3u);
  EXPECT_EQ(r.problems,
            std::vector<std::string>{"unproven: the search ran out of its budget of 3 states"});
  EXPECT_TRUE(solve(b.g, {.max_states = full.states}).solvable);
}

TEST(Solver, MalformedGraphsAreInputErrors) {
  const auto expect_input_error = [](const LockGraph& g) {
    EXPECT_THROW((void)solve(g), InputError);
  };
  GraphBuilder b(2, 0, 1);
  b.passage(0, 1);
  {
    LockGraph g = b.g;
    g.goal = 2;
    expect_input_error(g);
  }
  {
    LockGraph g = b.g;
    g.locks[0].sides = {0, 5};
    expect_input_error(g);
  }
  {
    LockGraph g = b.g;
    g.locks[0].sides = {};
    expect_input_error(g);
  }
  {
    LockGraph g = b.g;
    g.locks[0].direction = LockDirection::valve;
    expect_input_error(g);  // no entry
  }
  {
    LockGraph g = b.g;
    g.locks[0].keys = {0};  // no keys at all
    expect_input_error(g);
  }
  {
    LockGraph g = b.g;
    g.keys.push_back({.id = 0, .region = 3});
    expect_input_error(g);
  }
  {
    LockGraph g = b.g;
    g.locks[0].entry = 4;
    expect_input_error(g);
  }
  EXPECT_THROW((void)solve(b.g, {.max_states = 0}), InputError);
}

// ---------------------------------------------------------------------------------------
// From levels.

TEST(SolverLevel, LockedDoorCorridor) {
  Level level = yendor::test::ascii_level({
      "#########",
      "#<..L..>#",
      "#########",
  });
  level.meta.stairs = {Point{1, 1}, Point{7, 1}};
  level.meta.locks.push_back(lock_info(3, "locked_door", {{4, 1}}));
  level.meta.locks.back().keys = {7};
  level.meta.keys.push_back(key_info(7, "key", {2, 1}));
  level.meta.keys.back().locks = {3};
  const LockGraph g = lock_graph_from_level(level);
  EXPECT_EQ(g.regions, 2);
  EXPECT_EQ(g.start, 0);
  EXPECT_EQ(g.goal, 1);
  ASSERT_EQ(g.locks.size(), 1u);
  EXPECT_EQ(g.locks[0].id, 3);
  EXPECT_EQ(g.locks[0].sides, (std::vector<int>{0, 1}));
  EXPECT_EQ(g.locks[0].keys, std::vector<int>{0});
  ASSERT_EQ(g.keys.size(), 1u);
  EXPECT_EQ(g.keys[0].id, 7);
  EXPECT_EQ(g.keys[0].region, 0);
  EXPECT_EQ(g.region_cells, (std::vector<std::int64_t>{3, 3}));
  EXPECT_EQ(g.region_anchor, (std::vector<Point>{{1, 1}, {5, 1}}));
  const SolveResult r = solve_level(level);
  EXPECT_TRUE(r.solvable) << joined(r.problems);
  EXPECT_EQ(r.main_path_locks, std::vector<int>{0});
}

TEST(SolverLevel, ThickLavaBandAndLedge) {
  // A lava band two rows thick under the start room, a ledge from the bottom room into the
  // goal's, a lever standing in the start room.
  Level level = yendor::test::ascii_level({
      "##########",
      "#<./##...#",
      "#VVV##.>.#",
      "#VVV##...#",
      "#...v....#",
      "##########",
  });
  level.meta.stairs = {Point{1, 1}, Point{7, 2}};
  std::vector<Point> lava;
  for (int y = 2; y <= 3; ++y)
    for (int x = 1; x <= 3; ++x)
      lava.push_back({x, y});
  LockInfo band = lock_info(0, "lava", lava);
  band.type = LockType::dangerous;
  band.key_class = "fire";
  level.meta.locks.push_back(band);
  LockInfo ledge = lock_info(1, "drop", {{4, 4}});
  ledge.direction = LockDirection::valve;
  ledge.entry = Point{3, 4};
  level.meta.locks.push_back(ledge);
  KeyInfo potion = key_info(0, "potion_fire_resistance", {2, 1});
  potion.multipurpose = true;
  potion.particular = false;
  potion.consumed = true;
  potion.key_class = "fire";
  level.meta.keys.push_back(potion);
  KeyInfo lever = key_info(1, "lever", {3, 1});
  lever.fixed = true;
  level.meta.keys.push_back(lever);
  const LockGraph g = lock_graph_from_level(level);
  EXPECT_EQ(g.regions, 3);
  EXPECT_EQ(g.start, 0);
  EXPECT_EQ(g.goal, 1);
  EXPECT_EQ(g.region_anchor, (std::vector<Point>{{1, 1}, {6, 1}, {1, 4}}));
  EXPECT_EQ(g.region_cells, (std::vector<std::int64_t>{3, 13, 3}));
  ASSERT_EQ(g.locks.size(), 2u);
  EXPECT_EQ(g.locks[0].sides, (std::vector<int>{0, 2}));  // both faces of the band
  EXPECT_EQ(g.locks[0].key_class, "fire");
  EXPECT_EQ(g.locks[1].sides, (std::vector<int>{1, 2}));
  EXPECT_EQ(g.locks[1].entry, 2);
  ASSERT_EQ(g.keys.size(), 2u);
  EXPECT_EQ(g.keys[0].region, 0);
  EXPECT_EQ(g.keys[1].region, 0);  // the lever tile is traversable
  const SolveResult r = solve(g);
  ASSERT_TRUE(r.solvable) << joined(r.problems);
  const std::vector<SolveStep> expected{
      {Action::take_key, 0, 0, -1}, {Action::cross_lock, 2, 0, 0}, {Action::cross_lock, 1, -1, 1}};
  EXPECT_EQ(r.solution, expected);
}

TEST(SolverLevel, LockWithAWayAroundItHasOneSide) {
  // A locked door in a room that a lock-free loop bypasses: it separates nothing.
  Level level = yendor::test::ascii_level({
      "#######",
      "#<.L.>#",
      "#.###.#",
      "#.....#",
      "#######",
  });
  level.meta.stairs = {Point{1, 1}, Point{5, 1}};
  level.meta.locks.push_back(lock_info(0, "locked_door", {{3, 1}}));
  level.meta.locks.back().key_class = "small";
  KeyInfo small = key_info(0, "key", {2, 1});
  small.particular = false;
  small.consumed = true;
  small.key_class = "small";
  level.meta.keys.push_back(small);
  const LockGraph g = lock_graph_from_level(level);
  EXPECT_EQ(g.regions, 1);
  ASSERT_EQ(g.locks.size(), 1u);
  EXPECT_EQ(g.locks[0].sides, std::vector<int>{0});
  const SolveResult r = solve(g);
  EXPECT_TRUE(r.solvable) << joined(r.problems);
  EXPECT_TRUE(r.solution.empty());
  EXPECT_TRUE(r.main_path_locks.empty());
}

TEST(SolverLevel, InconsistentMetadataIsAGenerationError) {
  const auto base = [] {
    Level level = yendor::test::ascii_level({
        "#########",
        "#<..L..>#",
        "#########",
    });
    level.meta.stairs = {Point{1, 1}, Point{7, 1}};
    level.meta.locks.push_back(lock_info(3, "locked_door", {{4, 1}}));
    level.meta.locks.back().keys = {7};
    level.meta.keys.push_back(key_info(7, "key", {2, 1}));
    level.meta.keys.back().locks = {3};
    return level;
  };
  EXPECT_NO_THROW((void)lock_graph_from_level(base()));
  {
    Level l = base();
    l.meta.keys[0].pos = {2, 0};  // in the wall
    EXPECT_THROW((void)lock_graph_from_level(l), GenerationError);
  }
  {
    Level l = base();
    l.meta.locks[0].cells = {{0, 0}};  // in the corner: touches no region
    EXPECT_THROW((void)lock_graph_from_level(l), GenerationError);
  }
  {
    Level l = base();
    l.meta.locks[0].cells = {{4, 7}};
    EXPECT_THROW((void)lock_graph_from_level(l), GenerationError);
  }
  {
    Level l = base();
    l.meta.locks[0].keys = {8};
    EXPECT_THROW((void)lock_graph_from_level(l), GenerationError);
  }
  {
    Level l = base();
    l.meta.stairs.down.reset();
    EXPECT_THROW((void)lock_graph_from_level(l), GenerationError);
  }
  {
    Level l = base();
    l.meta.locks[0].direction = LockDirection::valve;  // no entry
    EXPECT_THROW((void)lock_graph_from_level(l), GenerationError);
  }
  {
    Level l = base();
    l.meta.locks[0].entry = Point{4, 1};  // on the lock itself
    EXPECT_THROW((void)lock_graph_from_level(l), GenerationError);
  }
}

// ---------------------------------------------------------------------------------------
// An independent oracle: the rules of solver.hpp written out plainly over explicit sets of
// states, searched depth-first, with stranding found by a fixpoint instead of a backward
// search.

struct OState {
  int region = 0;
  std::vector<bool> held, taken, open, collapsed;
  auto operator<=>(const OState&) const = default;
};

struct OMove {
  OState next;
  bool safe = true;
  int steps = 1;
};

bool lists(const SolverLock& l, int k) {
  return std::find(l.keys.begin(), l.keys.end(), k) != l.keys.end();
}

bool item_fits(const LockGraph& g, int k, const SolverLock& l) {
  const SolverKey& key = g.keys[static_cast<std::size_t>(k)];
  if (key.fixed) return false;
  return lists(l, k) || (!key.particular && !key.key_class.empty() && key.key_class == l.key_class);
}

bool is_side(const SolverLock& l, int r) {
  return std::find(l.sides.begin(), l.sides.end(), r) != l.sides.end();
}

std::vector<OMove> oracle_moves(const LockGraph& g, const OState& s) {
  std::vector<OMove> out;
  const auto nk = static_cast<int>(g.keys.size());
  const auto nl = static_cast<int>(g.locks.size());
  const auto at = [](std::vector<bool>& v, int i) { return v[static_cast<std::size_t>(i)]; };
  const auto held = [&](int k) { return s.held[static_cast<std::size_t>(k)]; };
  for (int k = 0; k < nk; ++k) {
    const SolverKey& key = g.keys[static_cast<std::size_t>(k)];
    if (key.region != s.region) continue;
    if (key.fixed) {
      OState n = s;
      bool changed = false;
      for (int l = 0; l < nl; ++l) {
        const SolverLock& lock = g.locks[static_cast<std::size_t>(l)];
        if (!lists(lock, k)) continue;
        if (lock.duration == LockDuration::permanent && !n.open[static_cast<std::size_t>(l)]) {
          at(n.open, l) = true;
          changed = true;
        } else if (lock.duration == LockDuration::reversible) {
          at(n.open, l) = !n.open[static_cast<std::size_t>(l)];
          changed = true;
        }
      }
      if (changed) out.push_back({n});
    } else if (!s.taken[static_cast<std::size_t>(k)]) {
      OState n = s;
      at(n.held, k) = true;
      at(n.taken, k) = true;
      out.push_back({n});
    }
  }
  for (int k = 0; k < nk; ++k) {
    if (!held(k)) continue;
    OState n = s;
    bool changed = false;
    for (int l = 0; l < nl; ++l) {
      const SolverLock& lock = g.locks[static_cast<std::size_t>(l)];
      if (lock.type == LockType::uncertain && !s.open[static_cast<std::size_t>(l)] &&
          item_fits(g, k, lock)) {
        at(n.open, l) = true;
        changed = true;
      }
    }
    if (!changed) continue;
    if (g.keys[static_cast<std::size_t>(k)].consumed) at(n.held, k) = false;
    out.push_back({n});
  }
  for (int l = 0; l < nl; ++l) {
    const SolverLock& lock = g.locks[static_cast<std::size_t>(l)];
    if (!is_side(lock, s.region)) continue;
    const auto li = static_cast<std::size_t>(l);
    const auto cross = [&](bool safe, int spend, bool reveal, int steps) {
      for (int side : lock.sides) {
        if (side == s.region) continue;
        OState n = s;
        n.region = side;
        if (spend >= 0 && g.keys[static_cast<std::size_t>(spend)].consumed)
          at(n.held, spend) = false;
        if (reveal) n.open[li] = true;
        if (lock.duration == LockDuration::collapsing) {
          n.collapsed[li] = true;
          n.open[li] = false;
        }
        out.push_back({n, safe, steps});
      }
    };
    if (s.collapsed[li]) {
      for (int k = 0; k < nk; ++k)
        if (held(k) && item_fits(g, k, lock)) cross(true, k, false, 1);
      continue;
    }
    const bool may_open = lock.direction != LockDirection::asymmetrical || lock.entry == s.region;
    const bool opens_for_good =
        lock.duration == LockDuration::permanent || lock.duration == LockDuration::reversible;
    if (lock.type == LockType::conditional && opens_for_good && !s.open[li] && may_open)
      for (int k = 0; k < nk; ++k)
        if (held(k) && item_fits(g, k, lock)) {
          OState n = s;
          n.open[li] = true;
          if (g.keys[static_cast<std::size_t>(k)].consumed) at(n.held, k) = false;
          out.push_back({n});
        }
    if (lock.direction == LockDirection::valve && lock.entry != s.region) continue;
    bool lever_here = false;
    for (int k = 0; k < nk; ++k)
      if (g.keys[static_cast<std::size_t>(k)].fixed && lists(lock, k) &&
          g.keys[static_cast<std::size_t>(k)].region == s.region)
        lever_here = true;
    const bool temporary = lock.duration == LockDuration::temporary;
    if (lock.type == LockType::conditional) {
      if (lock.duration == LockDuration::collapsing || s.open[li]) {
        cross(true, -1, false, 1);
      } else if (temporary && may_open) {
        if (lever_here) cross(true, -1, false, 2);
        for (int k = 0; k < nk; ++k)
          if (held(k) && item_fits(g, k, lock)) cross(true, k, false, 2);
      }
    } else if (lock.type == LockType::dangerous) {
      if (s.open[li]) {
        cross(true, -1, false, 1);
      } else {
        if (temporary && may_open && lever_here) cross(true, -1, false, 2);
        if (may_open)
          for (int k = 0; k < nk; ++k)
            if (held(k) && item_fits(g, k, lock)) cross(true, k, false, 1);
        cross(false, -1, false, 1);
      }
    } else {
      if (s.open[li])
        cross(true, -1, false, 1);
      else
        cross(lock.entry == s.region, -1, true, 1);
    }
  }
  return out;
}

struct OracleVerdict {
  bool reachable = false;  // proof 1
  bool no_stranding = false;
  bool keys_reached = false;
  int shortest = -1;  // fewest steps of a safe solution
};

OracleVerdict oracle(const LockGraph& g) {
  OState start;
  start.region = g.start;
  start.held.assign(g.keys.size(), false);
  start.taken = start.held;
  start.open.assign(g.locks.size(), false);
  start.collapsed = start.open;
  for (std::size_t l = 0; l < g.locks.size(); ++l)
    start.open[l] = g.locks[l].type == LockType::conditional && g.locks[l].keys.empty() &&
                    g.locks[l].key_class.empty();
  // Every state any play reaches, with its moves.
  std::map<OState, std::vector<OMove>> graph;
  std::vector<OState> stack{start};
  while (!stack.empty()) {
    const OState s = stack.back();
    stack.pop_back();
    if (graph.count(s)) continue;
    auto moves = oracle_moves(g, s);
    for (const OMove& m : moves)
      if (!graph.count(m.next)) stack.push_back(m.next);
    graph.emplace(s, std::move(moves));
  }
  // Good states (the goal reachable): a fixpoint.
  std::set<OState> good;
  for (const auto& [s, moves] : graph)
    if (s.region == g.goal) good.insert(s);
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [s, moves] : graph)
      if (!good.count(s))
        for (const OMove& m : moves)
          if (good.count(m.next)) {
            good.insert(s);
            changed = true;
            break;
          }
  }
  OracleVerdict v;
  v.no_stranding = good.size() == graph.size();
  // Safe play: Dijkstra over steps.
  std::map<OState, int> dist{{start, 0}};
  using Item = std::pair<int, OState>;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
  queue.push({0, start});
  std::vector<bool> taken(g.keys.size(), false);
  std::set<int> regions;
  while (!queue.empty()) {
    const auto [d, s] = queue.top();
    queue.pop();
    if (dist.at(s) != d) continue;
    if (s.region == g.goal && v.shortest < 0) v.shortest = d;
    regions.insert(s.region);
    for (std::size_t k = 0; k < taken.size(); ++k)
      taken[k] = taken[k] || s.taken[k];
    for (const OMove& m : graph.at(s)) {
      if (!m.safe) continue;
      const auto it = dist.find(m.next);
      if (it != dist.end() && it->second <= d + m.steps) continue;
      dist[m.next] = d + m.steps;
      queue.push({d + m.steps, m.next});
    }
  }
  v.reachable = v.shortest >= 0;
  v.keys_reached = true;
  for (std::size_t k = 0; k < g.keys.size(); ++k)
    v.keys_reached =
        v.keys_reached && (g.keys[k].fixed ? regions.count(g.keys[k].region) > 0 : taken[k]);
  return v;
}

// Replays a solution under the oracle's safe rules: every step pair must be one safe move.
bool replays(const LockGraph& g, const std::vector<SolveStep>& solution) {
  OState s;
  s.region = g.start;
  s.held.assign(g.keys.size(), false);
  s.taken = s.held;
  s.open.assign(g.locks.size(), false);
  s.collapsed = s.open;
  for (std::size_t l = 0; l < g.locks.size(); ++l)
    s.open[l] = g.locks[l].type == LockType::conditional && g.locks[l].keys.empty() &&
                g.locks[l].key_class.empty();
  // Group the steps into moves: a timed crossing is a lever or opening step and a crossing.
  std::size_t i = 0;
  while (i < solution.size()) {
    const SolveStep& step = solution[i];
    int steps = 1;
    if ((step.action == Action::use_lever || step.action == Action::open_lock) &&
        g.locks[static_cast<std::size_t>(step.lock)].duration == LockDuration::temporary) {
      steps = 2;
    }
    const SolveStep& last = solution[i + static_cast<std::size_t>(steps) - 1];
    bool found = false;
    for (const OMove& m : oracle_moves(g, s)) {
      if (!m.safe || m.steps != steps || m.next.region != last.region) continue;
      // The step's kind must fit what changed.
      const bool crossing = last.action == Action::cross_lock;
      if (crossing != (m.next.region != s.region || m.next.collapsed != s.collapsed)) continue;
      if (step.action == Action::take_key && !(m.next.taken[static_cast<std::size_t>(step.key)] &&
                                               !s.taken[static_cast<std::size_t>(step.key)]))
        continue;
      const auto li = static_cast<std::size_t>(std::max(step.lock, 0));
      if (steps == 1 && step.action == Action::open_lock && !(m.next.open[li] && !s.open[li]))
        continue;
      if (steps == 1 && (step.action == Action::use_lever || step.action == Action::reveal) &&
          m.next.open == s.open)
        continue;
      if (crossing && last.key >= 0 && m.next.held == s.held &&
          g.keys[static_cast<std::size_t>(last.key)].consumed)
        continue;
      if (crossing) {
        const SolverLock& lock = g.locks[static_cast<std::size_t>(last.lock)];
        if (!is_side(lock, s.region) || !is_side(lock, m.next.region)) continue;
      }
      s = m.next;
      found = true;
      break;
    }
    if (!found) return false;
    i += static_cast<std::size_t>(steps);
  }
  return s.region == g.goal;
}

LockGraph random_graph(Rng& rng) {
  LockGraph g;
  g.regions = rng.range(2, 6);
  g.start = 0;
  g.goal = rng.range(1, g.regions - 1);
  const char* classes[] = {"a", "b"};
  const int keys = rng.range(0, 4);
  for (int k = 0; k < keys; ++k) {
    SolverKey key;
    key.id = k;
    key.region = rng.range(0, g.regions - 1);
    key.fixed = rng.chance(0.3);
    key.kind = key.fixed ? "lever" : "key";
    if (!key.fixed) {
      key.consumed = rng.chance(0.5);
      key.particular = rng.chance(0.5);
      if (!key.particular) key.key_class = classes[rng.below(2)];
    }
    g.keys.push_back(key);
  }
  const int locks = rng.range(1, 4);
  for (int l = 0; l < locks; ++l) {
    SolverLock lock;
    lock.id = 10 + l;
    const int a = rng.range(0, g.regions - 1);
    int c = rng.range(0, g.regions - 2);
    if (c >= a) ++c;
    lock.sides = {a, c};
    if (g.regions > 2 && rng.chance(0.15)) {
      const int third = rng.range(0, g.regions - 1);
      if (third != a && third != c) lock.sides.push_back(third);
    }
    if (!rng.chance(0.35)) {  // else: a plain keyless passage
      lock.type = static_cast<LockType>(rng.below(3));
      lock.duration = static_cast<LockDuration>(rng.below(4));
      lock.direction = static_cast<LockDirection>(rng.below(3));
      if (rng.chance(0.3)) lock.key_class = classes[rng.below(2)];
    }
    if (lock.direction != LockDirection::two_way || rng.chance(0.5))
      lock.entry = lock.sides[rng.below(static_cast<std::uint32_t>(lock.sides.size()))];
    g.locks.push_back(lock);
  }
  for (int k = 0; k < keys; ++k) {
    if (!g.keys[static_cast<std::size_t>(k)].particular && rng.chance(0.7)) continue;
    const int times = rng.range(0, 2);
    for (int t = 0; t < times; ++t) {
      auto& ks = g.locks[rng.below(static_cast<std::uint32_t>(g.locks.size()))].keys;
      if (std::find(ks.begin(), ks.end(), k) == ks.end()) ks.push_back(k);
    }
  }
  return g;
}

TEST(SolverOracle, AgreesWithPlainSearchOnRandomGraphs) {
  Rng rng(20240404);
  int solvable = 0, unreachable = 0, stranding = 0;
  for (int i = 0; i < 1000; ++i) {
    const LockGraph g = random_graph(rng);
    const SolveResult r = solve(g);
    const OracleVerdict v = oracle(g);
    SCOPED_TRACE("graph " + std::to_string(i) + "\n" + joined(r.problems));
    ASSERT_FALSE(r.exhausted_budget);
    const bool expected = v.reachable && v.no_stranding && v.keys_reached;
    EXPECT_EQ(r.solvable, expected);
    EXPECT_EQ(!r.solution.empty() || g.start == g.goal, v.reachable);
    if (v.reachable) {
      EXPECT_EQ(static_cast<int>(r.solution.size()), v.shortest);
      EXPECT_TRUE(replays(g, r.solution));
    }
    // The problems say which proof failed.
    const bool says_unreachable =
        !r.problems.empty() && r.problems[0].starts_with("the goal (region");
    EXPECT_EQ(says_unreachable, !v.reachable);
    solvable += r.solvable;
    unreachable += !v.reachable;
    stranding += v.reachable && !v.no_stranding;
  }
  // The random graphs cover every outcome.
  EXPECT_GT(solvable, 100) << solvable;
  EXPECT_GT(unreachable, 100) << unreachable;
  EXPECT_GT(stranding, 30) << stranding;
}

TEST(SolverOracle, IsDeterministic) {
  Rng rng(77);
  for (int i = 0; i < 50; ++i) {
    const LockGraph g = random_graph(rng);
    const SolveResult a = solve(g), b = solve(g);
    EXPECT_EQ(a.problems, b.problems);
    EXPECT_EQ(a.solution, b.solution);
    EXPECT_EQ(a.states, b.states);
  }
}

}  // namespace
}  // namespace yendor::cyclic
