#include "yendor/gen/cyclic/walkthrough.hpp"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gen/cyclic/attrs_support.hpp"
#include "support/ascii_level.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::cyclic {
namespace {

using Action = SolveStep::Action;

using test::attrs;
using test::kind;

// Plain builders (designated initializers would leave members without defaults unset).
LockInfo lock_info(int id, const char* realize, std::vector<Point> cells) {
  LockInfo l;
  l.id = id;
  l.kind = realize;
  l.cells = std::move(cells);
  return l;
}

KeyInfo key_info(int id, const char* item, Point pos) {
  KeyInfo k;
  k.id = id;
  k.kind = item;
  k.pos = pos;
  return k;
}

SolverLock solver_lock(int id, std::vector<int> sides) {
  SolverLock l;
  l.id = id;
  l.sides = std::move(sides);
  return l;
}

SolverKey solver_key(int id, int region, const char* item) {
  SolverKey k;
  k.id = id;
  k.region = region;
  k.kind = item;
  return k;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

// The numbered lines "(1) ...", "(2) ...": checks they count up from 1 and returns them.
std::vector<std::string> numbered_lines(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& line : lines_of(text)) {
    if (line.empty() || line[0] != '(') continue;
    const std::string prefix = "(" + std::to_string(out.size() + 1) + ") ";
    EXPECT_EQ(line.rfind(prefix, 0), 0u) << "expected " << prefix << " in: " << line;
    out.push_back(line);
  }
  return out;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Four rooms in a row: the start (lever, bars east of it), an armory (treasure), a room
// behind a collapsing bridge (a scroll of magic mapping), and the goal behind a secret door.
//   x: 0123456789012345678
struct BridgeLevel {
  Level level;
  LockGraph graph;
  SolveResult result;
};

BridgeLevel bridge_level() {
  BridgeLevel b;
  b.level = yendor::test::ascii_level({
      "####################",
      "#<./B....=...#.....#",
      "#...#....=...S.....#",
      "#...#....=...#.>...#",
      "####################",
  });
  LevelMeta& m = b.level.meta;
  m.stairs = {Point{1, 1}, Point{15, 3}};
  m.rooms = {Room{0, Rect{1, 1, 3, 3}, "start"}, Room{1, Rect{5, 1, 4, 3}, "room"},
             Room{2, Rect{10, 1, 3, 3}, "room"}, Room{3, Rect{14, 1, 5, 3}, "goal"}};
  MissionGraph& g = m.mission;
  const int start = g.add_node(attrs({{"kind", std::string("start")}, {"room", std::int64_t{0}}}));
  const int armory = g.add_node(attrs(
      {{"kind", std::string("room")}, {"role", std::string("armory")}, {"room", std::int64_t{1}}}));
  const int far = g.add_node(attrs({{"kind", std::string("room")}, {"room", std::int64_t{2}}}));
  const int goal = g.add_node(attrs({{"kind", std::string("goal")}, {"room", std::int64_t{3}}}));
  const int bars =
      g.add_node(attrs({{"kind", std::string("lock")}, {"realize", std::string("barred_door")}}));
  const int bridge = g.add_node(
      attrs({{"kind", std::string("lock")}, {"realize", std::string("collapsing_bridge")}}));
  const int secret =
      g.add_node(attrs({{"kind", std::string("lock")}, {"realize", std::string("secret_door")}}));
  const int lever =
      g.add_node(attrs({{"kind", std::string("key")}, {"item", std::string("lever")}}));
  const int scroll = g.add_node(
      attrs({{"kind", std::string("key")}, {"item", std::string("scroll_magic_mapping")}}));
  const int treasure = g.add_node(kind("treasure"));
  g.add_edge(start, bars, kind("link"));
  g.add_edge(bars, armory, kind("link"));
  g.add_edge(armory, bridge, attrs({{"kind", std::string("link")}, {"oneway", true}}));
  g.add_edge(bridge, far, kind("link"));
  g.add_edge(far, secret, kind("link"));
  g.add_edge(secret, goal, kind("link"));
  g.add_edge(start, lever, kind("contains"));
  g.add_edge(far, scroll, kind("contains"));
  g.add_edge(armory, treasure, kind("contains"));
  g.add_edge(lever, bars, kind("unlocks"));
  g.add_edge(scroll, secret, kind("unlocks"));
  g.add_edge(start, far, kind("sees"));

  m.locks = {lock_info(1, "barred_door", {{4, 1}}),
             lock_info(2, "collapsing_bridge", {{9, 1}, {9, 2}, {9, 3}}),
             lock_info(3, "secret_door", {{13, 2}})};
  m.locks[0].keys = {1};
  m.locks[0].mission_node = bars;
  m.locks[1].duration = LockDuration::collapsing;
  m.locks[1].mission_node = bridge;
  m.locks[2].type = LockType::uncertain;
  m.locks[2].key_class = "secret";
  m.locks[2].mission_node = secret;
  m.keys = {key_info(1, "lever", {3, 1}), key_info(2, "scroll_magic_mapping", {11, 2})};
  m.keys[0].fixed = true;
  m.keys[0].locks = {1};
  m.keys[0].mission_node = lever;
  m.keys[1].multipurpose = true;
  m.keys[1].particular = false;
  m.keys[1].consumed = true;
  m.keys[1].key_class = "secret";
  m.keys[1].locks = {3};
  m.keys[1].mission_node = scroll;

  // Regions in scan order: the four rooms.
  b.graph.regions = 4;
  b.graph.start = 0;
  b.graph.goal = 3;
  b.graph.region_anchor = {{1, 1}, {5, 1}, {10, 1}, {14, 1}};
  b.graph.region_cells = {9, 12, 9, 15};
  b.graph.locks = {solver_lock(1, {0, 1}), solver_lock(2, {1, 2}), solver_lock(3, {2, 3})};
  b.graph.locks[0].keys = {0};
  b.graph.locks[1].duration = LockDuration::collapsing;
  b.graph.locks[2].type = LockType::uncertain;
  b.graph.locks[2].key_class = "secret";
  b.graph.keys = {solver_key(1, 0, "lever"), solver_key(2, 2, "scroll_magic_mapping")};
  b.graph.keys[0].fixed = true;
  b.graph.keys[1].consumed = true;
  b.graph.keys[1].particular = false;
  b.graph.keys[1].key_class = "secret";
  b.result.solvable = true;
  b.result.solution = {
      {Action::use_lever, 0, 0, 0}, {Action::cross_lock, 1, -1, 0}, {Action::cross_lock, 2, -1, 1},
      {Action::take_key, 2, 1, -1}, {Action::reveal, 2, 1, 2},      {Action::cross_lock, 3, -1, 2},
  };
  b.result.main_path_locks = {0, 1, 2};
  return b;
}

TEST(Walkthrough, NumberedStepsMentionEveryLockAndKey) {
  const BridgeLevel b = bridge_level();
  const std::string text = explain_level(b.level, b.graph, b.result);
  const std::vector<std::string> lines = numbered_lines(text);
  // Entering, one line per solution step, and the stairs down.
  ASSERT_EQ(lines.size(), b.result.solution.size() + 2) << text;
  EXPECT_TRUE(contains(lines.front(), "You enter the level in room 0")) << text;
  EXPECT_TRUE(contains(lines.front(), "(1,1)")) << text;
  EXPECT_TRUE(contains(lines.back(), "stairs down at (15,3)")) << text;
  EXPECT_TRUE(contains(lines.back(), "room 3")) << text;
  for (const LockInfo& lock : b.level.meta.locks)
    EXPECT_TRUE(contains(text, "(lock " + std::to_string(lock.id) + ")")) << lock.id << text;
  for (const KeyInfo& key : b.level.meta.keys)
    EXPECT_TRUE(
        contains(text, "(" + std::to_string(key.pos.x) + "," + std::to_string(key.pos.y) + ")"))
        << key.id << text;
  EXPECT_FALSE(contains(text, "not proven solvable")) << text;
}

TEST(Walkthrough, PhrasesFollowTheRealizations) {
  const BridgeLevel b = bridge_level();
  const std::string text = explain_level(b.level, b.graph, b.result);
  const std::vector<std::string> lines = numbered_lines(text);
  ASSERT_EQ(lines.size(), 8u) << text;
  // What blocks you first, and where its lever stands.
  EXPECT_TRUE(contains(lines[0], "The way east is barred by the barred door at (4,1) (lock 1)"))
      << text;
  EXPECT_TRUE(contains(lines[0], "its lever stands in room 0")) << text;
  // Foreshadowing from the start: the room with the scroll.
  EXPECT_TRUE(contains(lines[0], "Across the chasm you can see room 2")) << text;
  EXPECT_TRUE(contains(lines[0], "scroll of magic mapping lies")) << text;
  EXPECT_TRUE(contains(lines[1], "Pull the lever at (3,1)")) << text;
  EXPECT_TRUE(contains(lines[1], "bars")) << text;
  EXPECT_TRUE(contains(lines[2], "Go through the barred door")) << text;
  EXPECT_TRUE(contains(lines[2], "room 1 (the armory")) << text;
  EXPECT_TRUE(contains(lines[3], "collapses behind you")) << text;
  EXPECT_TRUE(contains(lines[4], "Take the scroll of magic mapping at (11,2)")) << text;
  EXPECT_TRUE(contains(lines[4], "it opens the secret door at (13,2) (lock 3)")) << text;
  EXPECT_TRUE(contains(lines[5], "Read the scroll of magic mapping")) << text;
  EXPECT_TRUE(contains(lines[5], "reveals the secret door")) << text;
  EXPECT_TRUE(contains(lines[6], "Go through the secret door")) << text;
  // A room is described in full only when first named.
  EXPECT_EQ(text.find("room 2 ("), text.rfind("room 2 (")) << text;
  // Optional places: the treasure lies on the way.
  EXPECT_TRUE(contains(text, "Optional:\n- Treasure in room 1")) << text;
  EXPECT_TRUE(contains(text, "on the way")) << text;
}

TEST(Walkthrough, WayBackOneWayDropsAndLava) {
  // Start (north-west) -> lava band (potion in the start room) -> a room with a ledge down
  // into the goal room; a locked door with no key on the way leads to an optional room.
  //   x: 01234567890
  Level level = yendor::test::ascii_level({
      "###########",
      "#<..VV....#",
      "#...VV....#",
      "#######v###",
      "#.L....>..#",
      "###########",
  });
  LevelMeta& m = level.meta;
  m.stairs = {Point{1, 1}, Point{7, 4}};
  m.rooms = {Room{0, Rect{1, 1, 3, 2}, "start"}, Room{1, Rect{6, 1, 4, 2}, "room"},
             Room{2, Rect{3, 4, 7, 1}, "goal"}, Room{3, Rect{1, 4, 1, 1}, "room"}};
  m.locks = {lock_info(0, "lava", {{4, 1}, {5, 1}, {4, 2}, {5, 2}}), lock_info(1, "drop", {{7, 3}}),
             lock_info(2, "locked_door", {{2, 4}})};
  m.locks[0].type = LockType::dangerous;
  m.locks[0].key_class = "fire";
  m.locks[1].direction = LockDirection::valve;
  m.locks[1].entry = Point{7, 2};
  m.keys = {key_info(0, "potion_fire_resistance", {3, 1})};
  m.keys[0].multipurpose = true;
  m.keys[0].particular = false;
  m.keys[0].consumed = true;
  m.keys[0].key_class = "fire";
  m.mission.add_node(kind("start"));
  LockGraph g;
  g.regions = 4;
  g.start = 0;
  g.goal = 3;
  g.region_anchor = {{1, 1}, {6, 1}, {1, 4}, {3, 4}};
  g.region_cells = {6, 8, 1, 7};
  g.locks = {solver_lock(0, {0, 1}), solver_lock(1, {1, 3}), solver_lock(2, {2, 3})};
  g.locks[0].type = LockType::dangerous;
  g.locks[0].key_class = "fire";
  g.locks[1].direction = LockDirection::valve;
  g.locks[1].entry = 1;
  g.keys = {solver_key(0, 0, "potion_fire_resistance")};
  g.keys[0].consumed = true;
  g.keys[0].particular = false;
  g.keys[0].key_class = "fire";
  SolveResult r;
  r.solvable = true;
  r.solution = {{Action::take_key, 0, 0, -1},
                {Action::open_lock, 0, 0, 0},
                {Action::cross_lock, 1, 0, 0},
                {Action::cross_lock, 3, -1, 1}};
  const std::string text = explain_level(level, g, r);
  const std::vector<std::string> lines = numbered_lines(text);
  ASSERT_EQ(lines.size(), 6u) << text;
  EXPECT_TRUE(contains(lines[0], "barred by the lava at")) << text;
  EXPECT_TRUE(contains(lines[0], "a potion of fire resistance lies in room 0")) << text;
  EXPECT_TRUE(contains(lines[2], "Drink the potion of fire resistance")) << text;
  EXPECT_TRUE(contains(lines[2], "used up")) << text;
  EXPECT_TRUE(contains(lines[3], "unharmed")) << text;
  EXPECT_TRUE(contains(lines[4], "Drop down the ledge at (7,3) (lock 1) into room 2")) << text;
  EXPECT_TRUE(contains(lines[4], "no way back up")) << text;
  EXPECT_TRUE(contains(lines[5], "stairs down at (7,4)")) << text;
  // The locked door nobody opens is a side way; room 3 behind it is off the main path.
  EXPECT_TRUE(contains(text,
                       "The locked door at (2,4) (lock 2) between room 3 and room 2: a side "
                       "way"))
      << text;
  EXPECT_TRUE(contains(text, "Room 3 is off the main path.")) << text;

  // Going back the way you came is called so.
  SolveResult back = r;
  back.solution = {{Action::take_key, 0, 0, -1},   {Action::open_lock, 0, 0, 0},
                   {Action::cross_lock, 1, 0, 0},  {Action::cross_lock, 0, -1, 0},
                   {Action::cross_lock, 1, -1, 0}, {Action::cross_lock, 3, -1, 1}};
  const std::string back_text = explain_level(level, g, back);
  EXPECT_TRUE(contains(back_text, "(the way back)")) << back_text;
  EXPECT_EQ(numbered_lines(back_text).size(), 8u) << back_text;
}

TEST(Walkthrough, UnsolvableLevelsSaySoAndListTheirProblems) {
  BridgeLevel b = bridge_level();
  b.result.solvable = false;
  b.result.problems = {"the goal (region 3) cannot be reached from the start (region 0)",
                       "lock 2 is on the main path but not marked safe"};
  b.result.solution.clear();
  const std::string text = explain_level(b.level, b.graph, b.result);
  EXPECT_EQ(text.rfind("This level is not proven solvable:\n", 0), 0u) << text;
  for (const std::string& problem : b.result.problems)
    EXPECT_TRUE(contains(text, "- " + problem + "\n")) << text;
  EXPECT_TRUE(contains(text, "No safe way")) << text;
  const std::vector<std::string> lines = numbered_lines(text);
  ASSERT_EQ(lines.size(), 1u) << text;  // only where you enter: the goal is never reached
  EXPECT_FALSE(contains(text, "stairs down")) << text;
}

TEST(Walkthrough, ResultsThatDoNotFitTheLevelAreInputErrors) {
  const BridgeLevel base = bridge_level();
  const auto expect_error = [&](const SolveResult& r, const char* what) {
    try {
      explain_level(base.level, base.graph, r);
      ADD_FAILURE() << what << ": no error";
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
      EXPECT_TRUE(contains(message, "explain:")) << message;
    }
  };
  SolveResult r = base.result;
  r.solution[1].lock = 3;
  expect_error(r, "lock index");
  r = base.result;
  r.solution[0].key = -2;
  expect_error(r, "key index");
  r = base.result;
  r.solution[2].region = 4;
  expect_error(r, "region");
  r = base.result;
  r.solution[3].key = -1;
  expect_error(r, "take without key");
  r = base.result;
  r.main_path_locks = {7};
  expect_error(r, "main path");
  // Metadata that does not fit the tiles (via the solver's lock graph).
  Level level = base.level;
  level.meta.keys[0].pos = Point{0, 0};
  try {
    explain_level(level, base.result);
    ADD_FAILURE() << "key in a wall: no error";
  } catch (const InputError& e) {
    EXPECT_TRUE(contains(e.what(), "explain:")) << e.what();
  }
}

TEST(Walkthrough, IsDeterministicAndAgreesWithTheSolversLockGraph) {
  const BridgeLevel b = bridge_level();
  const std::string text = explain_level(b.level, b.graph, b.result);
  EXPECT_EQ(explain_level(b.level, b.graph, b.result), text);
  // The solver cuts the level into the same regions as the hand-made graph.
  const LockGraph solver_graph = lock_graph_from_level(b.level);
  EXPECT_EQ(solver_graph.regions, b.graph.regions);
  EXPECT_EQ(solver_graph.region_anchor, b.graph.region_anchor);
  EXPECT_EQ(explain_level(b.level, b.result), text);
}

// ---- DOT --------------------------------------------------------------------------------------

int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

// Braces balance outside quoted strings, and every quote closes (escapes respected).
void expect_well_formed_dot(const std::string& dot) {
  int depth = 0, brackets = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < dot.size(); ++i) {
    const char c = dot[i];
    if (quoted) {
      if (c == '\\') {
        ++i;
        continue;
      }
      if (c == '"') quoted = false;
      EXPECT_NE(c, '\n') << "a newline inside a string";
      continue;
    }
    if (c == '"') quoted = true;
    if (c == '{') ++depth;
    if (c == '}') --depth;
    if (c == '[') ++brackets;
    if (c == ']') --brackets;
    ASSERT_GE(depth, 0);
    ASSERT_GE(brackets, 0);
  }
  EXPECT_FALSE(quoted);
  EXPECT_EQ(depth, 0);
  EXPECT_EQ(brackets, 0);
  EXPECT_EQ(dot.rfind("digraph mission {\n", 0), 0u);
}

TEST(MissionDot, EveryNodeAndEdgeOnceWithItsStyle) {
  const MissionGraph& g = bridge_level().level.meta.mission;
  const std::string dot = mission_to_dot(g);
  expect_well_formed_dot(dot);
  for (const MissionNode& n : g.nodes())
    EXPECT_EQ(count(dot, "\n  n" + std::to_string(n.id) + " ["), 1) << n.id << dot;
  for (const MissionEdge& e : g.edges()) {
    EXPECT_EQ(count(dot, "id=\"e" + std::to_string(e.id) + "\""), 1) << e.id << dot;
    const std::string line_start = "  n" + std::to_string(e.from) + " -> n" + std::to_string(e.to) +
                                   " [id=\"e" + std::to_string(e.id) + "\"";
    const std::size_t at = dot.find(line_start);
    ASSERT_NE(at, std::string::npos) << e.id << dot;
    const std::string line = dot.substr(at, dot.find('\n', at) - at);
    const std::string_view k = kind_of(e.attrs);
    if (k == "link") {
      EXPECT_EQ(contains(line, "dir=none"), !bool_attr(e.attrs, "oneway")) << line;
    }
    if (k == "contains") {
      EXPECT_TRUE(contains(line, "style=dotted")) << line;
    }
    if (k == "unlocks") {
      EXPECT_TRUE(contains(line, "style=dashed, color=red")) << line;
    }
    if (k == "sees") {
      EXPECT_TRUE(contains(line, "style=dashed, color=blue")) << line;
    }
  }
  EXPECT_EQ(count(dot, "shape=octagon"), 3);
  EXPECT_EQ(count(dot, "shape=ellipse"), 3);  // two keys and a treasure
  EXPECT_EQ(count(dot, "shape=box"), 4);
  EXPECT_TRUE(contains(dot, "lock #5: barred_door")) << dot;
  EXPECT_TRUE(contains(dot, "key #9: scroll_magic_mapping")) << dot;
  EXPECT_TRUE(contains(dot, "armory, room 1")) << dot;
  EXPECT_EQ(mission_to_dot(g), dot);
}

TEST(MissionDot, EscapesQuotesAndControlCharacters) {
  MissionGraph g;
  const int a = g.add_node(
      attrs({{"kind", std::string("room")}, {"role", std::string("the \"best\" room\\\n{x}")}}));
  const int b = g.add_node(attrs({{"kind", std::string("weird\"kind")}, {"x", 1.5}}));
  g.add_edge(a, b, attrs({{"kind", std::string("odd\"edge}")}}));
  g.add_edge(b, a, attrs({{"kind", std::string("path")}, {"len", std::int64_t{3}}}));
  const std::string dot = mission_to_dot(g);
  expect_well_formed_dot(dot);
  EXPECT_TRUE(contains(dot, "the \\\"best\\\" room\\\\ {x}")) << dot;
  EXPECT_EQ(count(dot, "\n  n1 ["), 1);
  EXPECT_EQ(count(dot, "\n  n2 ["), 1);
}

TEST(MissionDot, RandomGraphsAreWellFormed) {
  const std::vector<std::string> kinds = {"start",    "goal",    "room",  "lock", "key",
                                          "treasure", "monster", "level", ""};
  const std::vector<std::string> edge_kinds = {"link", "contains", "unlocks", "sees", "path", "?"};
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    Rng rng(seed);
    MissionGraph g;
    const int nodes = rng.range(0, 20);
    for (int i = 0; i < nodes; ++i) {
      ParamSet a;
      a.set("kind", rng.pick(kinds));
      if (rng.chance(0.5)) a.set("role", std::string(rng.range(0, 3), '"'));
      if (rng.chance(0.3)) a.set("room", std::int64_t{rng.range(0, 9)});
      g.add_node(std::move(a));
    }
    for (int i = 0; nodes > 0 && i < 30; ++i) {
      ParamSet a;
      a.set("kind", rng.pick(edge_kinds));
      if (rng.chance(0.3)) a.set("oneway", true);
      g.add_edge(rng.range(1, nodes), rng.range(1, nodes), std::move(a));
    }
    for (int i = 0; i < 5 && !g.nodes().empty(); ++i)
      g.remove_node(g.nodes()[rng.below(static_cast<std::uint32_t>(g.nodes().size()))].id);
    const std::string dot = mission_to_dot(g);
    expect_well_formed_dot(dot);
    for (const MissionNode& n : g.nodes())
      EXPECT_EQ(count(dot, "\n  n" + std::to_string(n.id) + " ["), 1) << seed;
    for (const MissionEdge& e : g.edges())
      EXPECT_EQ(count(dot, "id=\"e" + std::to_string(e.id) + "\""), 1) << seed;
    EXPECT_EQ(count(dot, " -> "), static_cast<int>(g.edges().size()));
  }
}

}  // namespace
}  // namespace yendor::cyclic
