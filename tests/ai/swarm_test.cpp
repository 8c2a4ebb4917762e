// The swarm (flocking) and ambush brains, stepped as whole groups through a small fake world:
// every member's decide() sees the others' positions and last steps through a FakeView
// (fake_view.hpp) that World::show fills for it, and the world applies each decision in turn (the
// game's move order), failing the test on any step into a wall or onto somebody. Maps are ASCII:
// '#' wall, '.' floor, 'm' a member,
// '@' the player.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "ai/fake_view.hpp"
#include "support/counting_allocator.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/flocking.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::ai {
namespace {

using testing::FakeView;

// A step the world applied, with how many other members stood next to each end.
struct StepRecord {
  std::size_t member = 0;
  int crowd_before = 0;
  int crowd_after = 0;
  std::int64_t turn = 0;
  Point dir{};
  Point heading{};  // its last step before this one
};

class World {
 public:
  explicit World(std::vector<std::string> rows) : rows_(std::move(rows)) {
    for (int y = 0; y < static_cast<int>(rows_.size()); ++y)
      for (int x = 0; x < static_cast<int>(rows_[0].size()); ++x) {
        const char c = cell({x, y});
        if (c == 'm') add({x, y});
        if (c == '@') {
          player = {x, y};
          has_player = true;
        }
        if (c == 'm' || c == '@') set({x, y}, '.');
      }
  }
  // An open room of floor walled round.
  static World room(int width, int height) {
    std::vector<std::string> rows(static_cast<std::size_t>(height),
                                  std::string(static_cast<std::size_t>(width), '.'));
    for (std::string& r : rows)
      r.front() = r.back() = '#';
    rows.front() = rows.back() = std::string(static_cast<std::size_t>(width), '#');
    return World(rows);
  }

  void add(Point p, Point heading = {}) {
    pos.push_back(p);
    Memory m;
    m.awake = true;
    m.home = p;
    m.heading = heading;
    memory.push_back(m);
    hp.push_back(10);
    frozen.push_back(false);
  }
  void set(Point p, char c) {
    rows_[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)] = c;
    distances_.clear();
  }
  void place_player(Point p) {
    player = p;
    has_player = true;
  }

  char cell(Point p) const {
    if (p.x < 0 || p.y < 0 || p.y >= static_cast<int>(rows_.size()) ||
        p.x >= static_cast<int>(rows_[0].size()))
      return 0;
    return rows_[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)];
  }
  bool walkable(Point p) const {
    const char c = cell(p);
    return c != 0 && c != '#';
  }
  bool member_at(Point p, std::size_t except) const {
    for (std::size_t i = 0; i < pos.size(); ++i)
      if (i != except && pos[i] == p) return true;
    return false;
  }
  // Other members on cells next to `p`.
  int crowd(Point p, std::size_t except) const {
    int n = 0;
    for (std::size_t i = 0; i < pos.size(); ++i)
      n += i != except && chebyshev(pos[i], p) == 1 ? 1 : 0;
    return n;
  }
  // Walls block sight (Bresenham from centre to centre, end cells excluded).
  bool line_of_sight(Point a, Point b) const {
    const int dx = std::abs(b.x - a.x), dy = -std::abs(b.y - a.y);
    const int sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1;
    int err = dx + dy;
    Point p = a;
    while (p != b) {
      if (p != a && !walkable(p)) return false;
      const int e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        p.x += sx;
      }
      if (e2 <= dx) {
        err += dx;
        p.y += sy;
      }
    }
    return true;
  }
  Size size() const { return {static_cast<int>(rows_[0].size()), static_cast<int>(rows_.size())}; }
  // Walking distances (8 directions, walls only) from `target` to every cell; -1: unreachable.
  const std::vector<int>& distances_to(Point target) const {
    std::vector<int>& dist = distances_[target];
    if (!dist.empty()) return dist;
    const Size s = size();
    dist.assign(static_cast<std::size_t>(s.area()), -1);
    auto at = [&](Point p) -> int& { return dist[static_cast<std::size_t>(p.y * s.width + p.x)]; };
    std::deque<Point> queue{target};
    at(target) = 0;
    while (!queue.empty()) {
      const Point p = queue.front();
      queue.pop_front();
      for (Point d : k_directions8) {
        const Point q = p + d;
        if (!walkable(q) || at(q) >= 0) continue;
        at(q) = at(p) + 1;
        queue.push_back(q);
      }
    }
    return dist;
  }

  // Whether a member at `from` sees `p`: within its vision, walls blocking the line of sight.
  bool sees(Point from, Point p) const {
    return chebyshev(from, p) <= vision && line_of_sight(from, p);
  }
  // What the game's path service gives member `i`: the free neighbour nearest `target` by
  // walking distance (a breadth-first search over the walls, kept per target: walls do not
  // change during a run).
  Point path_step(std::size_t i, Point target) const {
    const Size s = size();
    const std::vector<int>& dist = distances_to(target);
    auto at = [&](Point p) { return dist[static_cast<std::size_t>(p.y * s.width + p.x)]; };
    const Point me = pos[i];
    int best = at(me);
    Point best_dir{};
    for (Point d : k_directions8) {
      const Point q = me + d;
      if (!walkable(q) || member_at(q, i) || (has_player && q == player) || at(q) < 0 ||
          at(q) >= best)
        continue;
      best = at(q);
      best_dir = d;
    }
    return best_dir;
  }
  // What member `i` perceives, written into `view`: the map with it as 'm', the other members
  // as 'x' and the player as '@'; its hit points (of 10), the turn, its vision and tactics; the
  // player and the others it sees (nearest first, as kin); paths by walking distance. Showing
  // the same world again allocates nothing once the view's buffers have grown.
  void show(FakeView& view, std::size_t i) const {
    drawn_ = rows_;
    auto draw = [this](Point p, char c) {
      drawn_[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)] = c;
    };
    for (std::size_t j = 0; j < pos.size(); ++j)
      draw(pos[j], j == i ? 'm' : 'x');
    if (has_player) draw(player, '@');
    view.redraw(drawn_);
    view.hp_now = hp[i];
    view.turn_now = turn;
    view.sight = vision;
    view.use(*library, tactics);
    const Point me = pos[i];
    view.sees = has_player && sees(me, player);
    view.seen.clear();
    for (std::size_t j = 0; j < pos.size(); ++j) {
      if (j == i || !sees(me, pos[j])) continue;
      Seen s;
      s.pos = pos[j];
      s.heading = memory[j].heading;
      s.kind = 0;
      s.kin = true;
      s.awake = memory[j].awake;
      s.hp = hp[j];
      s.max_hp = 10;
      view.seen.push_back(s);
    }
    std::sort(view.seen.begin(), view.seen.end(), [me](const Seen& a, const Seen& b) {
      const auto da = distance_squared(me, a.pos), db = distance_squared(me, b.pos);
      return da != db ? da < db : a.pos < b.pos;
    });
    view.path_to = [this, i](Point target) { return path_step(i, target); };
  }

  // One turn: each member (frozen ones excepted) decides and acts, in index order. A step
  // into a wall or onto anybody, or an attack on nobody, fails the test.
  void turn_with(const Brain& brain, Rng& rng) {
    FakeView view({"m"});
    for (std::size_t i = 0; i < pos.size(); ++i) {
      if (frozen[i]) continue;
      show(view, i);
      const Decision d = brain.decide(view, memory[i], rng);
      if (d.kind == DecisionKind::step) {
        const Point to = pos[i] + d.dir;
        ASSERT_EQ(chebyshev(pos[i], to), 1);
        ASSERT_TRUE(walkable(to)) << "member " << i << " stepped into a wall";
        ASSERT_FALSE(member_at(to, i)) << "member " << i << " stepped onto another";
        ASSERT_FALSE(has_player && to == player) << "member " << i << " stepped onto the player";
        steps.push_back({i, crowd(pos[i], i), crowd(to, i), turn, d.dir, memory[i].heading});
        pos[i] = to;
        memory[i].heading = d.dir;
      } else if (d.kind == DecisionKind::attack) {
        ASSERT_TRUE(has_player);
        ASSERT_EQ(pos[i] + d.dir, player) << "member " << i << " attacked thin air";
        ++attacks;
      }
    }
    ++turn;
  }
  // `turns` turns; stops at the first failure.
  void run(const Brain& brain, Rng& rng, int turns) {
    for (int t = 0; t < turns && !::testing::Test::HasFatalFailure(); ++t)
      turn_with(brain, rng);
  }

  // The farthest member's distance from the members' centroid.
  double spread() const {
    double cx = 0, cy = 0;
    for (Point p : pos) {
      cx += p.x;
      cy += p.y;
    }
    cx /= static_cast<double>(pos.size());
    cy /= static_cast<double>(pos.size());
    double far = 0;
    for (Point p : pos)
      far = std::max(far, std::hypot(p.x - cx, p.y - cy));
    return far;
  }
  // Pairs of members on neighbouring cells.
  int adjacent_pairs() const {
    int n = 0;
    for (std::size_t i = 0; i < pos.size(); ++i)
      for (std::size_t j = i + 1; j < pos.size(); ++j)
        n += chebyshev(pos[i], pos[j]) == 1;
    return n;
  }
  // The polarization of the members' last steps: the length of their mean unit vector (1: all
  // the same way; near 0: every which way).
  double polarization() const {
    double x = 0, y = 0;
    for (const Memory& m : memory) {
      const double l = std::hypot(m.heading.x, m.heading.y);
      if (l == 0) continue;
      x += m.heading.x / l;
      y += m.heading.y / l;
    }
    return std::hypot(x, y) / static_cast<double>(memory.size());
  }
  // Whether the members form one flock: linked by pairs within `radius` that see each other.
  bool connected(int radius) const {
    std::vector<bool> reached(pos.size(), false);
    std::vector<std::size_t> frontier{0};
    reached[0] = true;
    while (!frontier.empty()) {
      const std::size_t i = frontier.back();
      frontier.pop_back();
      for (std::size_t j = 0; j < pos.size(); ++j)
        if (!reached[j] && chebyshev(pos[i], pos[j]) <= radius && line_of_sight(pos[i], pos[j])) {
          reached[j] = true;
          frontier.push_back(j);
        }
    }
    return std::all_of(reached.begin(), reached.end(), [](bool r) { return r; });
  }
  bool all_distinct() const {
    for (std::size_t i = 0; i < pos.size(); ++i)
      if (member_at(pos[i], i)) return false;
    return true;
  }
  double mean_distance_to_player() const {
    double sum = 0;
    for (Point p : pos)
      sum += chebyshev(p, player);
    return sum / static_cast<double>(pos.size());
  }

  std::vector<Point> pos;
  std::vector<Memory> memory;
  std::vector<int> hp;
  std::vector<bool> frozen;  // it never acts (a laggard stuck elsewhere)
  std::vector<StepRecord> steps;
  Point player{};
  bool has_player = false;
  int vision = 10;
  std::int64_t turn = 0;
  const Library* library = &empty_library();
  int tactics = -1;
  int attacks = 0;

 private:
  std::vector<std::string> rows_;
  mutable std::vector<std::string> drawn_;  // show()'s map
  mutable std::map<Point, std::vector<int>> distances_;
};

const Brain& swarm() {
  return builtin_brains().get("swarm");
}
const Brain& ambush() {
  return builtin_brains().get("ambush");
}

Library library_of(const std::string& text) {
  Library library;
  load_library_text(library, text, "test.toml");
  return library;
}

// `count` members in rows of `width` from `at`.
void add_block(World& world, Point at, int width, int count, Point heading = {}) {
  for (int i = 0; i < count; ++i)
    world.add({at.x + i % width, at.y + i / width}, heading);
}

// One decision of member 0 of `world`.
Decision decide_first(const Brain& brain, World& world, std::uint64_t seed = 1) {
  Rng rng(seed);
  FakeView view({"m"});
  world.show(view, 0);
  return brain.decide(view, world.memory[0], rng);
}

// ---- registry and data -------------------------------------------------------------------

TEST(SwarmBrains, AreRegisteredWithTheirSourceAndSection) {
  for (const Brain* b : {&swarm(), &ambush()}) {
    const BrainInfo& info = b->info();
    EXPECT_NE(info.source.find("thesis 4.4"), std::string::npos) << info.name;
    EXPECT_EQ(info.section, "swarm") << info.name;
    EXPECT_FALSE(info.summary.empty()) << info.name;
    EXPECT_GT(info.description.size(), 200u) << info.name;
  }
  EXPECT_EQ(swarm().info().name, "swarm");
  EXPECT_EQ(ambush().info().name, "ambush");
}

TEST(SwarmParamsParse, ReadsEveryField) {
  const Library lib = library_of(R"([swarm.wolves]
perception = 9
flockmates = 5
flock_with = "any"
separation_distance = 2
crowding = 4
weights = { separation = 3.5, alignment = 0.25, cohesion = 2, avoidance = 1.5 }
priority = ["avoidance", "cohesion", "separation", "alignment"]
budget = 2.5
inertia = 0.5
wander = 0
seek = 3
max_turn = 1
pace = 3
engage = 12
attack_adjacent = false
flee_below = 0.4
ring = 4
slack = 2
patience = 7
)");
  ASSERT_EQ(lib.swarms.size(), 1u);
  const SwarmParams& p = lib.swarms[0];
  EXPECT_EQ(p.name, "wolves");
  EXPECT_EQ(p.perception, 9);
  EXPECT_EQ(p.flockmates, 5);
  EXPECT_FALSE(p.kin_only);
  EXPECT_EQ(p.separation_distance, 2);
  EXPECT_EQ(p.crowding, 4);
  EXPECT_EQ(p.weights, (std::array<double, 4>{3.5, 0.25, 2.0, 1.5}));
  EXPECT_EQ(p.priority, (std::array<SwarmRule, 4>{SwarmRule::avoidance, SwarmRule::cohesion,
                                                  SwarmRule::separation, SwarmRule::alignment}));
  EXPECT_EQ(p.budget, 2.5);
  EXPECT_EQ(p.inertia, 0.5);
  EXPECT_EQ(p.wander, 0.0);
  EXPECT_EQ(p.seek, 3.0);
  EXPECT_EQ(p.max_turn, 1);
  EXPECT_EQ(p.pace, 3);
  EXPECT_EQ(p.engage, 12);
  EXPECT_FALSE(p.attack_adjacent);
  EXPECT_EQ(p.flee_below, 0.4);
  EXPECT_EQ(p.ring, 4);
  EXPECT_EQ(p.slack, 2);
  EXPECT_EQ(p.patience, 7);
}

TEST(SwarmParamsParse, AnEmptyEntryIsTheBuiltInDefault) {
  const Library lib = library_of("[swarm.plain]\n");
  SwarmParams expected;
  expected.name = "plain";
  EXPECT_EQ(lib.swarms.at(0), expected);
  // The partial weights table keeps the other defaults.
  const Library partial = library_of("[swarm.p]\nweights = { cohesion = 0.5 }\n");
  std::array<double, 4> w = SwarmParams{}.weights;
  w[static_cast<std::size_t>(SwarmRule::cohesion)] = 0.5;
  EXPECT_EQ(partial.swarms.at(0).weights, w);
}

TEST(SwarmParamsParse, ErrorsNameFileLineAndField) {
  struct Case {
    std::string text;
    std::string message;  // a part of the expected one-line message
  };
  const std::vector<Case> cases{
      {"[swarm.a]\nperceptoin = 3\n", "test.toml:2: [swarm.a]: field 'perceptoin': unknown field"},
      {"[swarm.a]\nperception = 5\n\nring = 0\n",
       "test.toml:4: [swarm.a]: field 'ring': range 1-20"},
      {"[swarm.a]\nperception = 0\n", "test.toml:2: [swarm.a]: field 'perception': range 1-30"},
      {"[swarm.a]\nweights = 3\n", "test.toml:2: [swarm.a]: field 'weights': a table expected"},
      {"[swarm.a]\nweights = { cohesion = \"lots\" }\n",
       "test.toml:2: [swarm.a]: field 'weights.cohesion': a number expected, got text"},
      {"[swarm.a]\nweights = { cohesoin = 1.0 }\n",
       "test.toml:2: [swarm.a]: field 'weights.cohesoin': unknown field"},
      {"[swarm.a]\nweights = { alignment = 11 }\n",
       "test.toml:2: [swarm.a]: field 'weights.alignment': a number from 0.0 to 10.0 expected, got "
       "11.0"},
      {"[swarm.a]\npriority = [\n  \"separation\",\n  \"flight\",\n  \"cohesion\",\n  "
       "\"alignment\",\n]\n",
       "test.toml:4: [swarm.a]: field 'priority': unknown rule 'flight' (rules: separation, "
       "alignment, cohesion, avoidance)"},
      {"[swarm.a]\npriority = [\"cohesion\", \"separation\", \"cohesion\", \"alignment\"]\n",
       "test.toml:2: [swarm.a]: field 'priority': rule 'cohesion' twice"},
      {"[swarm.a]\npriority = [\"cohesion\", \"separation\", \"alignment\"]\n",
       "test.toml:2: [swarm.a]: field 'priority': all four rules in priority order expected"},
      {"[swarm.a]\npriority = [\"cohesion\", 2, \"alignment\", \"avoidance\"]\n",
       "test.toml:2: [swarm.a]: field 'priority': text expected, got an integer"},
      {"[swarm.a]\nflock_with = \"all\"\n",
       "test.toml:2: [swarm.a]: field 'flock_with': 'kin' or 'any' expected, got 'all'"},
      {"[swarm.a]\nflee_below = 1.5\n",
       "test.toml:2: [swarm.a]: field 'flee_below': a chance from 0 to 1 expected"},
      {"[swarm.a]\nattack_adjacent = 1\n",
       "test.toml:2: [swarm.a]: field 'attack_adjacent': true or false expected"},
      {"[swarm.a]\nbudget = -1\n", "test.toml:2: [swarm.a]: field 'budget': a number from 0"},
      {"[swarm.a]\n[swarm.b]\n[swarm.a.x]\n", "[swarm.a]"},
  };
  for (const Case& c : cases) {
    try {
      library_of(c.text);
      ADD_FAILURE() << "no error for:\n" << c.text;
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(c.message), std::string::npos) << what << "\nexpected: " << c.message;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
}

TEST(SwarmParamsParse, ResolveNamesAnEntryOrTheDefault) {
  const Library lib = library_of("[swarm.wolves]\n[swarm.rats]\n");
  for (const Brain* b : {&swarm(), &ambush()}) {
    EXPECT_EQ(b->resolve(lib, ""), -1);
    for (const char* name : {"wolves", "rats"}) {
      const int i = b->resolve(lib, name);
      ASSERT_GE(i, 0);
      EXPECT_EQ(lib.swarms.at(static_cast<std::size_t>(i)).name, name);
    }
    try {
      b->resolve(lib, "bats");
      ADD_FAILURE() << "resolved an unknown entry";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("'bats'"), std::string::npos) << what;
      EXPECT_NE(what.find("wolves"), std::string::npos) << what;
      EXPECT_NE(what.find("rats"), std::string::npos) << what;
    }
  }
}

TEST(SwarmParamsParse, TheShippedEntriesLoadAndResolve) {
  Library lib;
  const std::string file = default_library_dir() + "/swarm.toml";
  load_library_text(lib, read_file(file), file);
  for (const char* name : {"wolves", "rats", "bats", "jackal_ambush"})
    EXPECT_GE(swarm().resolve(lib, name), 0) << name;
  for (const SwarmParams& p : lib.swarms)
    EXPECT_GE(p.perception, 2 * p.ring + p.slack) << p.name;
}

// ---- steering arithmetic -----------------------------------------------------------------

TEST(Allocate, GivesTheBudgetOutInPriorityOrder) {
  // Fits: the plain sum.
  const std::array<Steer, 2> small{Steer{0.5, 0}, Steer{0, 0.5}};
  EXPECT_EQ(allocate(small, 2.0), (Steer{0.5, 0.5}));
  // The first rule asks for more than the budget: it gets all of it, the second nothing.
  const std::array<Steer, 2> greedy{Steer{3, 0}, Steer{0, 1}};
  EXPECT_EQ(allocate(greedy, 2.0), (Steer{2, 0}));
  // The second is cut to what is left.
  const std::array<Steer, 3> cut{Steer{0, -1}, Steer{2, 0}, Steer{0, 5}};
  EXPECT_EQ(allocate(cut, 2.0), (Steer{1, -1}));
}

// Property: whatever the vectors, the result is never longer than the budget.
TEST(Allocate, NeverExceedsTheBudget) {
  Rng rng(5);
  for (int i = 0; i < 1000; ++i) {
    std::array<Steer, 4> v{};
    for (Steer& s : v)
      s = {rng.real(-3, 3), rng.real(-3, 3)};
    const double budget = rng.real(0, 5);
    EXPECT_LE(length(allocate(v, budget)), budget + 1e-9);
  }
}

// ---- the rules one at a time ---------------------------------------------------------------

// A table with only one rule switched on (no inertia, no wander, no crowding limit).
std::string only(const std::string& rule) {
  std::string weights;
  for (const char* r : {"separation", "alignment", "cohesion", "avoidance"})
    weights += std::string(weights.empty() ? "" : ", ") + r + (r == rule ? " = 1" : " = 0");
  return "[swarm.only]\nweights = { " + weights +
         " }\ninertia = 0\nwander = 0\ncrowding = 8\nmax_turn = 4\n";
}

// A member placed at `at`, its last step `heading`.
struct Placed {
  Placed(Point p, Point h = {}) : at(p), heading(h) {}
  Point at;
  Point heading;
};

// The first decision of the first of `members` in a walled room of `size`, under a table with
// only `rule` switched on.
Decision with_only(const std::string& rule, Size size, const std::vector<Placed>& members) {
  const Library lib = library_of(only(rule));
  World world = World::room(size.width, size.height);
  world.library = &lib;
  world.tactics = 0;
  for (const Placed& m : members)
    world.add(m.at, m.heading);
  return decide_first(swarm(), world);
}

TEST(SwarmRules, SeparationStepsAwayFromAnAdjacentFlockmate) {
  const Decision d = with_only("separation", {15, 15}, {{{7, 7}}, {{6, 7}}});  // one on its west
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_EQ(d.dir.x, 1);
}

TEST(SwarmRules, CohesionStepsTowardsTheFlock) {
  const Decision d = with_only("cohesion", {20, 15}, {{{3, 7}}, {{9, 6}}, {{9, 8}}});
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_EQ(d.dir, (Point{1, 0}));
}

TEST(SwarmRules, AlignmentTurnsItTheFlocksWay) {
  // It was going north; two of the others go east, one south-east.
  const Decision d =
      with_only("alignment", {20, 15},
                {{{5, 7}, {0, -1}}, {{8, 5}, {1, 0}}, {{8, 9}, {1, 0}}, {{3, 3}, {1, 1}}});
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_EQ(d.dir.x, 1);
}

TEST(SwarmRules, AvoidanceStepsAwayFromAWall) {
  const Decision d = with_only("avoidance", {10, 10}, {{{1, 5}}});  // against the west wall
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_EQ(d.dir, (Point{1, 0}));
}

// Separation says west (a flockmate adjacent on the east), cohesion says east (the flock is
// there); a budget that fits only one rule: the priority order decides.
TEST(SwarmRules, PriorityResolvesConflictingRules) {
  auto first_step = [](const std::string& priority) {
    const Library lib = library_of(
        "[swarm.p]\nweights = { separation = 1, alignment = 0, cohesion = 1, avoidance = 0 }\n"
        "budget = 1\ninertia = 0\nwander = 0\ncrowding = 8\nmax_turn = 4\npriority = " +
        priority + "\n");
    World world = World::room(24, 15);
    world.library = &lib;
    world.tactics = 0;
    world.add({8, 7});
    world.add({9, 7});
    world.add({15, 6});
    world.add({15, 7});
    world.add({15, 8});
    return decide_first(swarm(), world);
  };
  const Decision apart = first_step(R"(["separation", "cohesion", "alignment", "avoidance"])");
  ASSERT_EQ(apart.kind, DecisionKind::step);
  EXPECT_EQ(apart.dir.x, -1);
  const Decision together = first_step(R"(["cohesion", "separation", "alignment", "avoidance"])");
  ASSERT_EQ(together.kind, DecisionKind::step);
  EXPECT_EQ(together.dir.x, 1);
}

// ---- whole flocks --------------------------------------------------------------------------

// 200 turns of wandering with no player: the flock keeps together, nobody ever shares a cell
// (turn_with fails on that), and it does move about.
TEST(SwarmFlock, KeepsTogetherWhileWandering) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    World world = World::room(40, 30);
    add_block(world, {18, 13}, 3, 8);
    const Point start = world.pos[0];
    Rng rng(seed);
    double worst = 0;
    int farthest_travel = 0;
    for (int t = 0; t < 200 && !HasFatalFailure(); ++t) {
      world.turn_with(swarm(), rng);
      ASSERT_TRUE(world.all_distinct());
      worst = std::max(worst, world.spread());
      farthest_travel = std::max(farthest_travel, chebyshev(world.pos[0], start));
    }
    EXPECT_LE(worst, 12.0) << "seed " << seed;
    EXPECT_GE(world.steps.size(), 8u * 200u / 2) << "seed " << seed;
    EXPECT_GE(farthest_travel, 8) << "seed " << seed;
  }
}

// The control: without cohesion, alignment and the way back to a lost flock (seek) the same
// members drift apart past that bound, so the test above can fail.
TEST(SwarmFlock, WithoutCohesionTheSameMembersDriftApart) {
  const Library lib =
      library_of("[swarm.loose]\nweights = { cohesion = 0, alignment = 0 }\nseek = 0\n");
  double worst_mean = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    World world = World::room(40, 30);
    world.library = &lib;
    world.tactics = 0;
    add_block(world, {18, 13}, 3, 8);
    Rng rng(seed);
    double worst = 0;
    for (int t = 0; t < 200 && !HasFatalFailure(); ++t) {
      world.turn_with(swarm(), rng);
      worst = std::max(worst, world.spread());
    }
    worst_mean += worst / 6;
  }
  EXPECT_GT(worst_mean, 16.0);
}

// A flock heading for where it last saw the player, across a room with a pillar in the way:
// everyone gets past the pillar, and 90 turns later (drifting about that cluttered room) it is
// still one flock: every member linked to the others by flockmates it can see within its
// perception (8).
TEST(SwarmFlock, FlowsRoundAPillar) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    World world = World::room(60, 17);
    for (int y = 5; y <= 11; ++y)
      for (int x = 25; x <= 27; ++x)
        world.set({x, y}, '#');
    add_block(world, {5, 7}, 3, 8, {1, 0});
    for (Memory& m : world.memory) {
      m.has_target = true;
      m.target = {55, 8};
    }
    Rng rng(seed);
    int passed = -1;
    for (int t = 0; t < 120 && !HasFatalFailure(); ++t) {
      world.turn_with(swarm(), rng);
      const bool all_past =
          std::all_of(world.pos.begin(), world.pos.end(), [](Point p) { return p.x > 27; });
      if (all_past && passed < 0) passed = t;
    }
    EXPECT_GE(passed, 0) << "seed " << seed << ": somebody is stuck behind the pillar";
    EXPECT_LT(passed, 60) << "seed " << seed;
    EXPECT_TRUE(world.connected(8)) << "seed " << seed << ": the flock split";
    EXPECT_LE(world.spread(), 12.0) << "seed " << seed;
  }
}

// Members start packed in a 3 x 3 block. The hard rule: no step ends next to more than
// `crowding` (2) others unless it ends next to fewer than where it began. And they spread:
// far fewer neighbouring pairs than a flock without separation (the control).
TEST(SwarmFlock, SeparationKeepsMembersApart) {
  auto mean_pairs = [](const Library* lib, bool check_rule) {
    double sum = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      World world = World::room(40, 30);
      if (lib != nullptr) {
        world.library = lib;
        world.tactics = 0;
      }
      add_block(world, {18, 13}, 3, 9);
      Rng rng(seed);
      for (int t = 0; t < 120 && !::testing::Test::HasFatalFailure(); ++t) {
        world.turn_with(swarm(), rng);
        if (t >= 20) sum += world.adjacent_pairs();
      }
      if (check_rule) {
        for (const StepRecord& s : world.steps)
          EXPECT_TRUE(s.crowd_after <= 2 || s.crowd_after < s.crowd_before)
              << "member " << s.member << " stepped from " << s.crowd_before << " neighbours to "
              << s.crowd_after;
      }
    }
    return sum / (4 * 100);
  };
  const double with_separation = mean_pairs(nullptr, true);
  const Library none = library_of("[swarm.none]\nweights = { separation = 0 }\ncrowding = 8\n");
  const double without = mean_pairs(&none, false);
  EXPECT_LT(with_separation, 4.0);
  EXPECT_LT(with_separation * 2, without);
}

// Members scattered with headings every which way: alignment makes the headings converge
// (polarization well above the start and above a flock without alignment).
TEST(SwarmFlock, AlignmentMakesHeadingsConverge) {
  auto mean_polarization = [](const Library* lib, double* at_start) {
    double sum = 0;
    *at_start = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      World world = World::room(60, 60);
      if (lib != nullptr) {
        world.library = lib;
        world.tactics = 0;
      }
      Rng setup(seed + 100);
      for (int i = 0; i < 10; ++i) {
        const Point p{25 + 2 * (i % 4), 25 + 3 * (i / 4)};
        world.add(p, k_directions8[setup.below(8)]);
      }
      *at_start += world.polarization() / 6;
      Rng rng(seed);
      for (int t = 0; t < 40 && !::testing::Test::HasFatalFailure(); ++t) {
        world.turn_with(swarm(), rng);
        if (t >= 10) sum += world.polarization();
      }
    }
    return sum / (6 * 30);
  };
  double start = 0, start_control = 0;
  const double aligned = mean_polarization(nullptr, &start);
  const Library none = library_of("[swarm.none]\nweights = { alignment = 0 }\n");
  const double control = mean_polarization(&none, &start_control);
  EXPECT_GT(aligned, 0.7);
  EXPECT_GT(aligned, start + 0.2);
  EXPECT_GT(aligned, control + 0.1);
}

// The speed constraints. Drifting with pace 3 it moves only on turns divisible by 3. The
// turning limit (max_turn 1: 45 degrees) is soft, given up when no step within it makes
// progress, yet it makes sharp turns far rarer than with no limit (the control).
TEST(SwarmFlock, KeepsToItsPaceAndTurningLimit) {
  auto sharp_turns = [](const std::string& table, bool check_pace) {
    const Library lib = library_of(table);
    int sharp = 0, steps = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      World world = World::room(80, 80);
      world.library = &lib;
      world.tactics = 0;
      add_block(world, {38, 38}, 3, 6, {1, 0});
      Rng rng(seed);
      world.run(swarm(), rng, 90);
      for (const StepRecord& s : world.steps) {
        if (check_pace) {
          EXPECT_EQ(s.turn % 3, 0) << "member " << s.member << " moved off pace";
        }
        const double cosine = unit(s.dir).x * unit(s.heading).x + unit(s.dir).y * unit(s.heading).y;
        sharp += cosine < 0.7 ? 1 : 0;
        ++steps;
      }
    }
    EXPECT_GT(steps, 4 * 6 * 30 / 2);
    return static_cast<double>(sharp) / steps;
  };
  const double limited = sharp_turns("[swarm.slow]\npace = 3\nmax_turn = 1\ncrowding = 8\n", true);
  const double free = sharp_turns("[swarm.free]\nmax_turn = 4\n", false);
  EXPECT_LT(limited * 2, free);
}

TEST(SwarmFlock, IsDeterministicForASeed) {
  auto run = [](std::uint64_t seed) {
    World world = World::room(30, 20);
    add_block(world, {10, 8}, 3, 7);
    Rng rng(seed);
    world.run(swarm(), rng, 60);
    return world.pos;
  };
  EXPECT_EQ(run(3), run(3));
  EXPECT_NE(run(3), run(4));
}

// Every shipped entry, 150 turns in a room with a player walking about: no illegal step (the
// world checks) and no member lost far from the others for long.
TEST(SwarmFlock, ShippedEntriesBehave) {
  Library lib;
  const std::string file = default_library_dir() + "/swarm.toml";
  load_library_text(lib, read_file(file), file);
  for (const Brain* brain : {&swarm(), &ambush()})
    for (int t = 0; t < static_cast<int>(lib.swarms.size()); ++t) {
      World world = World::room(40, 30);
      world.library = &lib;
      world.tactics = t;
      add_block(world, {5, 5}, 3, 7);
      Rng rng(9);
      world.run(*brain, rng, 60);
      world.place_player({30, 20});
      world.run(*brain, rng, 90);
      EXPECT_TRUE(world.all_distinct());
    }
}

// decide() allocates nothing once warm (the game calls it for every awake monster every
// turn): flocking, engaging, stalking and charging, with views kept from turn to turn as the
// game keeps its buffers.
TEST(SwarmFlock, DecidingAllocatesNothing) {
  const Library lib = library_of("[swarm.pack]\nperception = 20\nengage = 20\n");
  for (const Brain* brain : {&swarm(), &ambush()})
    for (bool player : {false, true}) {
      World world = World::room(40, 30);
      world.library = &lib;
      world.tactics = 0;
      world.vision = 20;
      add_block(world, {5, 5}, 3, 6);
      if (player) world.place_player({25, 18});
      std::vector<FakeView> views(world.pos.size(), FakeView({"m"}));
      Rng rng(3);
      auto turn = [&] {
        for (std::size_t i = 0; i < world.pos.size(); ++i) {
          world.show(views[i], i);
          const Decision d = brain->decide(views[i], world.memory[i], rng);
          if (d.kind == DecisionKind::step) {
            world.pos[i] = world.pos[i] + d.dir;
            world.memory[i].heading = d.dir;
          }
        }
        ++world.turn;
      };
      for (int t = 0; t < 3; ++t)
        turn();  // warm-up: the views' buffers grow
      const test::AllocationCounter counter;
      for (int t = 0; t < 30; ++t)
        turn();
      EXPECT_EQ(counter.allocations(), 0) << brain->info().name << " player " << player;
    }
}

// ---- the enemy -----------------------------------------------------------------------------

TEST(SwarmEnemy, EngagesASeenPlayerAndBites) {
  World world = World::room(30, 20);
  world.place_player({20, 10});
  add_block(world, {6, 8}, 2, 4);  // 13 and 14 away
  world.vision = 20;
  const Library lib = library_of("[swarm.pack]\nengage = 20\n");
  world.library = &lib;
  world.tactics = 0;
  Rng rng(2);
  world.run(swarm(), rng, 25);
  for (Point p : world.pos)
    EXPECT_EQ(chebyshev(p, world.player), 1);
  EXPECT_GT(world.attacks, 4 * 5);
}

// A flock that never engages keeps away from him; the same flock with an engage distance
// closes in (the control).
TEST(SwarmEnemy, AFlockThatNeverEngagesAvoidsThePlayer) {
  auto distance_after = [](const std::string& table) {
    const Library lib = library_of(table);
    double sum = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      World world = World::room(40, 30);
      world.library = &lib;
      world.tactics = 0;
      world.place_player({20, 15});
      add_block(world, {15, 12}, 3, 6);
      Rng rng(seed);
      world.run(swarm(), rng, 15);
      sum += world.mean_distance_to_player() / 4;
    }
    return sum;
  };
  const double shy = distance_after("[swarm.shy]\nengage = 0\nattack_adjacent = false\n");
  const double bold = distance_after("[swarm.bold]\nengage = 10\n");
  EXPECT_GT(shy, 6.0);
  EXPECT_LT(bold, 2.0);
}

TEST(SwarmEnemy, AWoundedMemberLeavesTheFight) {
  const Library lib = library_of("[swarm.pack]\nflee_below = 0.5\n");
  World world = World::room(30, 20);
  world.library = &lib;
  world.tactics = 0;
  world.place_player({15, 10});
  world.add({17, 10});
  world.hp[0] = 3;  // below half
  Rng rng(4);
  world.run(swarm(), rng, 6);
  EXPECT_GE(chebyshev(world.pos[0], world.player), 5);
  EXPECT_EQ(world.attacks, 0);
}

TEST(SwarmEnemy, BitesANeighbourOnlyWhenToldTo) {
  for (bool bite : {true, false}) {
    const Library lib = library_of(std::string("[swarm.bats]\nengage = 0\nattack_adjacent = ") +
                                   (bite ? "true" : "false") + "\n");
    World world = World::room(10, 10);
    world.library = &lib;
    world.tactics = 0;
    world.place_player({5, 5});
    world.add({6, 5});
    const Decision d = decide_first(swarm(), world);
    EXPECT_EQ(d.kind == DecisionKind::attack, bite);
  }
}

// ---- ambush --------------------------------------------------------------------------------

// Members at different distances from a player standing in an open room; returns the turn on
// which each first stands next to him.
std::vector<int> arrival_turns(const Brain& brain, bool reversed, std::uint64_t seed,
                               int slack = 0) {
  const Library lib = library_of(
      "[swarm.pack]\nperception = 30\nring = 3\nslack = " + std::to_string(slack) + "\n");
  World world = World::room(31, 31);
  world.vision = 30;
  world.library = &lib;
  world.tactics = 0;
  world.place_player({15, 15});
  std::vector<Point> starts{{11, 15}, {22, 17}, {15, 5}, {28, 2}, {6, 27}};  // 4 .. 13 away
  if (reversed) std::reverse(starts.begin(), starts.end());
  for (Point p : starts)
    world.add(p);
  std::vector<int> arrived(world.pos.size(), -1);
  Rng rng(seed);
  for (int t = 0; t < 60 && !::testing::Test::HasFatalFailure(); ++t) {
    world.turn_with(brain, rng);
    for (std::size_t i = 0; i < world.pos.size(); ++i)
      if (arrived[i] < 0 && chebyshev(world.pos[i], world.player) == 1) arrived[i] = t;
  }
  return arrived;
}

// With slack 0 the pack closes in as a wave; with a slack of 20 nobody waits for the laggards
// and the ring alone gathers them: either way they arrive together.
TEST(Ambush, TheGroupArrivesOnTheSameTurn) {
  for (int slack : {0, 20})
    for (bool reversed : {false, true})
      for (std::uint64_t seed : {1u, 2u, 3u}) {
        const std::vector<int> arrived = arrival_turns(ambush(), reversed, seed, slack);
        ASSERT_TRUE(std::none_of(arrived.begin(), arrived.end(), [](int t) { return t < 0; }));
        const auto [first, last] = std::minmax_element(arrived.begin(), arrived.end());
        EXPECT_LE(*last - *first, 1)
            << "slack " << slack << " reversed " << reversed << " seed " << seed;
      }
}

// The control: plain chasers from the same places arrive one after another.
TEST(Ambush, PlainChasersArriveStaggered) {
  for (const char* name : {"chase", "swarm"}) {
    const std::vector<int> arrived = arrival_turns(builtin_brains().get(name), false, 1);
    const auto [first, last] = std::minmax_element(arrived.begin(), arrived.end());
    EXPECT_GE(*last - *first, 5) << name;
  }
}

TEST(Ambush, AMemberAheadOfTheLaggardsHolds) {
  World world = World::room(31, 31);
  world.vision = 30;
  const Library lib = library_of("[swarm.pack]\nperception = 30\n");
  world.library = &lib;
  world.tactics = 0;
  world.place_player({15, 15});
  world.add({15, 10});  // 5 away
  world.add({15, 25});  // 10 away
  EXPECT_EQ(decide_first(ambush(), world).kind, DecisionKind::wait);
  // Alone it advances.
  World alone = World::room(31, 31);
  alone.place_player({15, 15});
  alone.add({15, 10});
  const Decision d = decide_first(ambush(), alone);
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_EQ(d.dir.y, 1);
}

// A laggard that never comes (frozen far away): the others hold (they are ahead of it), then
// charge when their patience runs out.
TEST(Ambush, PatienceRunsOut) {
  const Library lib = library_of("[swarm.pack]\nperception = 30\nring = 3\npatience = 12\n");
  World world = World::room(31, 31);
  world.vision = 30;
  world.library = &lib;
  world.tactics = 0;
  world.place_player({15, 15});
  world.add({15, 10});  // 5 away
  world.add({21, 15});  // 6 away
  world.add({15, 28});  // 13 away, frozen
  world.frozen[2] = true;
  const std::vector<Point> start = world.pos;
  Rng rng(1);
  int first = -1;
  for (int t = 0; t < 40 && first < 0 && !HasFatalFailure(); ++t) {
    world.turn_with(ambush(), rng);
    if (t < 12) {
      EXPECT_EQ(world.pos, start) << "turn " << t;
    }
    if (chebyshev(world.pos[0], world.player) == 1 || chebyshev(world.pos[1], world.player) == 1)
      first = t;
  }
  // Charging from 5 cells out takes 4 steps.
  EXPECT_GE(first, 12);
  EXPECT_LE(first, 12 + 4);
}

}  // namespace
}  // namespace yendor::ai
