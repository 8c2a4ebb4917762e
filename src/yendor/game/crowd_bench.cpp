#include "yendor/game/crowd_bench.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>

#include "yendor/ai/brain.hpp"
#include "yendor/core/cpu_clock.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/grid.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/core/sample_stats.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/fov/opacity_map.hpp"
#include "yendor/fov/visible_set.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/spawn.hpp"
#include "yendor/game/tracking.hpp"
#include "yendor/path/astar.hpp"
#include "yendor/path/bfs.hpp"
#include "yendor/path/cost_map.hpp"
#include "yendor/path/dijkstra_map.hpp"
#include "yendor/path/euclid.hpp"
#include "yendor/path/movement.hpp"

namespace yendor::game {
namespace {

// ---- the arena ----

// Its wall pieces and the actors come from separate streams: the map depends on the seed and
// the size only (the same for every method and actor count), and the first k actors of a
// crowd are the same whatever its size, so the crowds of one run are nested.
constexpr std::string_view k_arena_stream = "crowd-arena";
constexpr std::string_view k_actor_stream = "crowd-actors";
constexpr std::string_view k_monster_stream = "crowd-monsters";
// One wall piece per this many cells: about 12 % of the arena is wall.
constexpr std::int64_t k_cells_per_piece = 80;
constexpr int k_min_segment = 4;
constexpr int k_max_segment = 14;
// The player's surroundings stay open: within this distance of him nothing is built, so
// crowds can reach him from every side.
constexpr int k_open_around_player = 2;

bool inside_ring(const Level& level, Point p) {
  return p.x >= 1 && p.y >= 1 && p.x < level.width() - 1 && p.y < level.height() - 1;
}

void put_wall(Level& level, Point p, Point player) {
  if (inside_ring(level, p) && chebyshev(p, player) > k_open_around_player)
    level.tiles[p] = Tile::wall;
}

void put_segment(Level& level, Point from, Point dir, int length, Point player) {
  for (int i = 0; i < length; ++i)
    put_wall(level, from + dir * i, player);
}

// A pillar (1x1 to 2x2), a straight wall, or an L (two walls from one corner: a concave
// corner, where the euclid chase gets stuck).
void put_piece(Level& level, Rng& rng, Point player) {
  const Point at{rng.range(1, level.width() - 2), rng.range(1, level.height() - 2)};
  const auto length = [&rng] { return rng.range(k_min_segment, k_max_segment); };
  const auto sign = [&rng] { return rng.below(2) == 0 ? -1 : 1; };
  switch (rng.below(4)) {
    case 0: {
      const int w = rng.range(1, 2), h = rng.range(1, 2);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
          put_wall(level, at + Point{x, y}, player);
      return;
    }
    case 1:
      put_segment(level, at, dir::east, length(), player);
      return;
    case 2:
      put_segment(level, at, dir::south, length(), player);
      return;
    default:
      put_segment(level, at, Point{sign(), 0}, length(), player);
      put_segment(level, at, Point{0, sign()}, length(), player);
      return;
  }
}

// Floor cells the player cannot reach (pockets closed by the pieces) become wall. Reach is
// by the monsters' steps: 8 neighbours, diagonals round corners allowed (game/tracking).
void fill_pockets(Level& level, Point player) {
  Grid<std::uint8_t> reached(level.size(), 0);
  std::vector<Point> queue{player};
  reached[player] = 1;
  for (std::size_t head = 0; head < queue.size(); ++head)
    for (const Point d : k_directions8) {
      const Point p = queue[head] + d;
      if (!level.in_bounds(p) || reached[p] != 0 || level.tiles[p] != Tile::floor) continue;
      reached[p] = 1;
      queue.push_back(p);
    }
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      if (reached[{x, y}] == 0) level.tiles[{x, y}] = Tile::wall;
}

void check_side(int side) {
  if (side < k_crowd_min_side || side > k_crowd_max_side)
    throw InputError("crowd arena: each side must be from " + std::to_string(k_crowd_min_side) +
                     " to " + std::to_string(k_crowd_max_side) + "; got " + std::to_string(side));
}

std::string size_text(Size s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height);
}

// ---- the path-layer methods ----

enum class PathMethod : std::uint8_t { euclid, bfs, bfs_fov, astar, dijkstra };
constexpr std::array<std::string_view, 5> k_path_methods{"euclid", "bfs", "bfs_fov", "astar",
                                                         "dijkstra"};
// As monsters step in the game (game/tracking.cpp): 8 neighbours, round corners, unit cost.
constexpr path::Movement k_crowd_steps{path::Connectivity::eight, path::CornerCutting::allowed, 1,
                                       1};
// The thesis's optimised BFS searches only within the player's view of this radius (5.5).
constexpr int k_thesis_fov_radius = 9;

std::optional<PathMethod> path_method(std::string_view name) {
  for (std::size_t i = 0; i < k_path_methods.size(); ++i)
    if (k_path_methods[i] == name) return static_cast<PathMethod>(i);
  return std::nullopt;
}

// Actors of a path method: each decides a cell to step to from the static terrain (the
// searches ignore the other actors, as the thesis's did) and steps there when nobody stands
// on it; one next to the player stays (it would attack). Actors act in order, each seeing
// where the earlier ones went.
class PathCrowd final : public CrowdRun {
 public:
  PathCrowd(PathMethod method, const CrowdArena& arena, int sample)
      : method_(method),
        costs_(path::CostMap::from_tiles(arena.level.tiles)),
        player_(arena.player),
        positions_(arena.actors),
        occupied_(arena.level.size(), 0),
        sample_(sample) {
    occupied_[player_] = 1;
    for (const Point p : positions_)
      occupied_[p] = 1;
    if (method_ == PathMethod::bfs_fov) {
      opacity_ = fov::OpacityMap::from_tiles(arena.level.tiles);
      allowed_ = Grid<std::uint8_t>(arena.level.size(), 0);
    }
  }

  void turn() override {
    prepare();
    const std::size_t n = positions_.size();
    std::size_t stride = 1, first = 0;
    const bool searches = method_ == PathMethod::bfs || method_ == PathMethod::astar;
    if (searches && sample_ > 0 && n > static_cast<std::size_t>(sample_)) {
      stride = (n + static_cast<std::size_t>(sample_) - 1) / static_cast<std::size_t>(sample_);
      first = turns_ % stride;
    }
    timed_ = 0;
    for (std::size_t i = first; i < n; i += stride) {
      ++timed_;
      act(positions_[i]);
    }
    ++turns_;
  }
  std::span<const Point> positions() override { return positions_; }
  int timed_actors() const override { return timed_; }

 private:
  // The per-turn work shared by every actor.
  void prepare() {
    if (method_ == PathMethod::dijkstra) {
      distance_.compute(costs_, player_, k_crowd_steps);
    } else if (method_ == PathMethod::bfs_fov) {
      static const fov::FovAlgorithm& sight = fov::builtin_fovs().get(fov::k_default_fov);
      sight.compute(opacity_, player_, fov::FovOptions{k_thesis_fov_radius}, view_);
      for (const Point p : in_view_)
        allowed_[p] = 0;
      in_view_.clear();
      view_.for_each([this](Point p) {
        allowed_[p] = 1;
        in_view_.push_back(p);
      });
    }
  }

  void act(Point& at) {
    const Point to = decide(at);
    if (to == at || chebyshev(to, at) != 1 || !costs_.passable(to) || occupied_[to] != 0) return;
    occupied_[at] = 0;
    occupied_[to] = 1;
    at = to;
  }

  // The first cell of a search's path, or `from` when there is none.
  Point first_step(Point from) const { return path_.empty() ? from : path_.front(); }

  Point decide(Point from) {
    switch (method_) {
      case PathMethod::euclid: {
        const auto step = path::euclid_step(
            from, player_, [this](Point p) { return costs_.passable(p) && occupied_[p] == 0; });
        return step ? *step : from;
      }
      case PathMethod::bfs:
        bfs_.find_path(costs_, from, player_, k_crowd_steps, path_);
        return first_step(from);
      case PathMethod::bfs_fov:
        if (allowed_[from] == 0) return from;  // out of the player's view: no search
        bfs_.find_path(costs_, from, player_, k_crowd_steps, path_, &allowed_);
        return first_step(from);
      case PathMethod::astar:
        astar_.find_path(costs_, from, player_, k_crowd_steps, path_);
        return first_step(from);
      case PathMethod::dijkstra:
        return downhill(from);
    }
    return from;
  }

  // The free neighbour lowest on the shared map, when lower than `from` (ties: the first in
  // k_directions8 order).
  Point downhill(Point from) const {
    path::Distance best = distance_.at(from);
    Point to = from;
    for (const Point d : k_directions8) {
      const Point p = from + d;
      const path::Distance v = distance_.at(p);
      if (v < best && occupied_[p] == 0) {
        best = v;
        to = p;
      }
    }
    return to;
  }

  PathMethod method_;
  path::CostMap costs_;
  Point player_;
  std::vector<Point> positions_;
  Grid<std::uint8_t> occupied_;  // actors and the player
  int sample_ = 0;
  int timed_ = 0;
  std::size_t turns_ = 0;
  // Working space, kept between turns.
  std::vector<Point> path_;
  path::BreadthFirstSearch bfs_;
  path::AStar astar_;
  path::DijkstraMap distance_;
  fov::OpacityMap opacity_;
  fov::VisibleSet view_;
  Grid<std::uint8_t> allowed_;  // bfs_fov: the player's view, 1 = may search
  std::vector<Point> in_view_;  // the cells set in allowed_
};

// ---- the brains, through the engine ----

// The player cannot die during a run: he has a million hit points, topped up whenever half
// are gone (archers in thousands could shoot that many in a long run), far from int overflow
// when a brain scales them (hp × 1000 for a per-mille share).
constexpr int k_player_hp = 1000000;
constexpr int k_player_food = 1000000000;

int kind_index(const Content& content, const std::string& id) {
  const int kind = content.monster_index(id);
  if (kind >= 0) return kind;
  std::string known;
  for (const MonsterKind& k : content.monsters)
    known += (known.empty() ? "" : ", ") + k.id;
  throw InputError("crowd bench: no monster kind '" + id + "' (kinds: " + known + ")");
}

// A one-level game on the arena, as tests/support/game_fixture.hpp builds one from a picture:
// the player stands still and cannot die; every actor is a monster of `kind`, its attributes
// rolled as spawning rolls them (spawn.hpp), awake, at home where it starts, and of normal
// speed whatever its kind's, so a player's turn is every monster acting once.
GameState crowd_state(const CrowdArena& arena, const Content& content, int kind,
                      std::uint64_t seed) {
  GameState s;
  s.seed = seed;
  s.levels = 1;
  s.depth = 1;
  s.combat_rng = Rng::for_stream(seed, stream::combat);
  s.ai_rng = Rng::for_stream(seed, stream::ai);
  s.world_rng = Rng::for_stream(seed, "world");
  s.player = make_player(content, "Bench");
  s.player.id = k_player_id;
  s.player.pos = arena.player;
  s.player.hp = s.player.max_hp = k_player_hp;
  s.info.name = "Bench";
  s.info.nutrition = k_player_food;
  LevelState level;
  level.depth = 1;
  level.recipe.depth = 1;
  level.recipe.size = arena.level.size();
  level.level = arena.level;
  Rng rolls = Rng::for_stream(seed, k_monster_stream);
  level.monsters.reserve(arena.actors.size());
  for (const Point p : arena.actors) {
    Actor m = roll_monster(content, kind, 1, rolls);
    m.id = s.next_actor_id++;
    m.pos = p;
    m.speed = k_normal_speed;
    m.peaceful = false;
    m.memory.awake = true;
    m.memory.home = p;
    level.monsters.push_back(std::move(m));
  }
  s.dungeon.push_back(std::move(level));
  return s;
}

class BrainCrowd final : public CrowdRun {
 public:
  BrainCrowd(const ai::Brain& brain, const CrowdArena& arena, const Content& content,
             const CrowdGameOptions& options) {
    auto copy = std::make_shared<Content>(content);
    const int kind = kind_index(*copy, options.kind);
    MonsterKind& k = copy->monsters[static_cast<std::size_t>(kind)];
    k.brain = brain.info().name;
    k.tactics.clear();
    k.tactics_index = brain.resolve(copy->ai, "");
    GameState state = crowd_state(arena, *copy, kind, options.seed);
    game_ = std::make_unique<Game>(std::move(copy), std::move(state));
    // The shared maps a level builds once (the chase and safety maps around the player, the
    // zone graph of far paths) are built now, so that no timed turn pays for them.
    Tracking& maps = game_->tracking();
    maps.chase_distance(*game_, arena.player);
    if (!arena.actors.empty()) maps.far_step(*game_, arena.actors.front(), arena.player);
    refresh();
  }

  void turn() override {
    game_->step(Action{});
    Actor& player = game_->state().player;
    if (player.hp < k_player_hp / 2) player.hp = k_player_hp;
    if (game_->over()) throw std::logic_error("crowd bench: the player died");
    refreshed_ = false;
  }
  std::span<const Point> positions() override {
    refresh();
    return positions_;
  }
  int timed_actors() const override {
    refresh();
    return living_;
  }
  const Game* game() const override { return game_.get(); }

 private:
  // Reads the living monsters' cells once after each turn (outside the timing).
  void refresh() const {
    if (refreshed_) return;
    positions_.clear();
    for (const Actor& m : game_->level().monsters)
      if (m.hp > 0) positions_.push_back(m.pos);
    living_ = static_cast<int>(positions_.size());
    refreshed_ = true;
  }

  std::unique_ptr<Game> game_;
  mutable std::vector<Point> positions_;
  mutable int living_ = 0;
  mutable bool refreshed_ = false;
};

void check_options(const CrowdBenchOptions& o) {
  if (o.reps < 1 || o.reps > k_crowd_max_reps)
    throw InputError("crowd bench: repetitions must be from 1 to " +
                     std::to_string(k_crowd_max_reps) + "; got " + std::to_string(o.reps));
  if (o.warmup < 0 || o.warmup > k_crowd_max_reps)
    throw InputError("crowd bench: warm-up turns must be from 0 to " +
                     std::to_string(k_crowd_max_reps) + "; got " + std::to_string(o.warmup));
  if (o.sample < 0)
    throw InputError("crowd bench: the search sample must be 0 (all) or more; got " +
                     std::to_string(o.sample));
  if (o.plans.empty()) throw InputError("crowd bench: no map size to run");
  for (const CrowdBenchPlan& plan : o.plans)
    if (plan.actors.empty())
      throw InputError("crowd bench: no actor count for " + size_text(plan.size));
}

bool is_brain(std::string_view method) {
  return !path_method(method).has_value();
}

}  // namespace

CrowdArena make_crowd_arena(const CrowdArenaOptions& o) {
  check_side(o.size.width);
  check_side(o.size.height);
  if (o.actors < 1)
    throw InputError("crowd arena: at least one actor; got " + std::to_string(o.actors));
  if (o.radius < 0)
    throw InputError("crowd arena: the radius must be 0 (anywhere) or more; got " +
                     std::to_string(o.radius));
  CrowdArena arena;
  arena.level = Level(o.size, Tile::wall);
  arena.level.tiles.fill(Rect{1, 1, o.size.width - 2, o.size.height - 2}, Tile::floor);
  arena.player = {o.size.width / 2, o.size.height / 2};
  Rng rng = Rng::for_stream(o.seed, k_arena_stream);
  const std::int64_t pieces = std::max<std::int64_t>(1, o.size.area() / k_cells_per_piece);
  for (std::int64_t i = 0; i < pieces; ++i)
    put_piece(arena.level, rng, arena.player);
  fill_pockets(arena.level, arena.player);

  std::vector<Point> free;
  for (int y = 0; y < o.size.height; ++y)
    for (int x = 0; x < o.size.width; ++x) {
      const Point p{x, y};
      const int d = chebyshev(p, arena.player);
      if (arena.level.tiles[p] == Tile::floor && d >= 2 && (o.radius == 0 || d <= o.radius))
        free.push_back(p);
    }
  if (free.size() < static_cast<std::size_t>(o.actors))
    throw InputError("crowd arena: " + size_text(o.size) +
                     (o.radius > 0 ? " within radius " + std::to_string(o.radius) : "") +
                     " has room for " + std::to_string(free.size()) + " actors; asked for " +
                     std::to_string(o.actors));
  // A partial Fisher-Yates shuffle: the first k picks do not depend on the count.
  Rng place = Rng::for_stream(o.seed, k_actor_stream);
  const auto n = static_cast<std::uint32_t>(free.size());
  arena.actors.reserve(static_cast<std::size_t>(o.actors));
  for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(o.actors); ++i) {
    std::swap(free[i], free[i + place.below(n - i)]);
    arena.actors.push_back(free[i]);
  }
  return arena;
}

std::span<const std::string_view> crowd_path_methods() {
  return k_path_methods;
}

std::vector<std::string> crowd_methods() {
  std::vector<std::string> out(k_path_methods.begin(), k_path_methods.end());
  for (const ai::Brain* b : ai::builtin_brains().all())
    out.push_back(b->info().name);
  return out;
}

void check_crowd_method(std::string_view method) {
  const std::vector<std::string> known = crowd_methods();
  if (std::find(known.begin(), known.end(), method) != known.end()) return;
  std::string list;
  for (const std::string& m : known)
    list += (list.empty() ? "" : ", ") + m;
  throw InputError("unknown method '" + std::string(method) + "' (methods: " + list + ")");
}

std::unique_ptr<CrowdRun> make_crowd_run(std::string_view method, const CrowdArena& arena,
                                         int sample, const Content* content,
                                         const CrowdGameOptions& game_options) {
  check_crowd_method(method);
  if (const auto m = path_method(method)) return std::make_unique<PathCrowd>(*m, arena, sample);
  if (content == nullptr)
    throw InputError("crowd bench: the brain '" + std::string(method) + "' needs game content");
  return std::make_unique<BrainCrowd>(ai::builtin_brains().get(method), arena, *content,
                                      game_options);
}

std::vector<CrowdTurn> time_crowd_turns(CrowdRun& run, int reps, int warmup) {
  using Clock = std::chrono::steady_clock;
  for (int i = 0; i < warmup; ++i)
    run.turn();
  std::vector<CrowdTurn> out;
  std::vector<Point> before;
  for (int r = 0; r < reps; ++r) {
    const std::span<const Point> start = run.positions();
    before.assign(start.begin(), start.end());
    const double cpu0 = thread_cpu_ms();
    const Clock::time_point t0 = Clock::now();
    run.turn();
    const Clock::time_point t1 = Clock::now();
    const double cpu1 = thread_cpu_ms();
    const std::span<const Point> end = run.positions();
    CrowdTurn t;
    t.ms = ms_between(t0, t1);
    t.cpu_ms = cpu1 - cpu0;
    t.timed_actors = run.timed_actors();
    const std::size_t both = std::min(before.size(), end.size());
    for (std::size_t i = 0; i < both; ++i)
      t.moved += before[i] != end[i] ? 1 : 0;
    if (t.timed_actors > 0 && static_cast<std::size_t>(t.timed_actors) < before.size())
      for (double* v : {&t.ms, &t.cpu_ms})
        *v *= static_cast<double>(before.size()) / t.timed_actors;
    out.push_back(t);
  }
  return out;
}

std::vector<CrowdBenchPlan> thesis_crowd_plans() {
  CrowdBenchPlan small{{200, 200}, {}};
  for (int n = 10; n <= 200; n += 10)
    small.actors.push_back(n);
  return {small, CrowdBenchPlan{{1000, 1000}, {1000, 10000}}};
}

void run_crowd_bench(const CrowdBenchOptions& o, const Content* content,
                     const std::function<void(const CrowdSample&)>& sample) {
  check_options(o);
  const std::vector<std::string> methods = o.methods.empty() ? crowd_methods() : o.methods;
  bool brains = false;
  for (const std::string& m : methods) {
    check_crowd_method(m);
    brains |= is_brain(m);
  }
  if (brains) {
    if (content == nullptr) throw InputError("crowd bench: the brains need game content");
    kind_index(*content, o.kind);
  }
  // Every arena once at its largest crowd (the smaller ones are its first actors).
  for (const CrowdBenchPlan& plan : o.plans) {
    const int most = *std::max_element(plan.actors.begin(), plan.actors.end());
    for (const int n : plan.actors)
      if (n < 1)
        throw InputError("crowd bench: actor counts must be positive; got " + std::to_string(n));
    make_crowd_arena({plan.size, most, o.seed, o.radius});
  }
  const CrowdGameOptions game_options{o.kind, o.seed};
  for (const CrowdBenchPlan& plan : o.plans)
    for (const std::string& method : methods)
      for (const int n : plan.actors) {
        const CrowdArena arena = make_crowd_arena({plan.size, n, o.seed, o.radius});
        const auto run = make_crowd_run(method, arena, o.sample, content, game_options);
        const std::vector<CrowdTurn> turns = time_crowd_turns(*run, o.reps, o.warmup);
        for (std::size_t r = 0; r < turns.size(); ++r)
          sample({method, plan.size, n, static_cast<int>(r) + 1, turns[r]});
      }
}

std::vector<CrowdSummary> summarize_crowd(std::span<const CrowdSample> samples) {
  std::vector<CrowdSummary> out;
  std::vector<std::vector<double>> times, cpu_times;
  for (const CrowdSample& s : samples) {
    std::size_t i = 0;
    while (i < out.size() &&
           !(out[i].method == s.method && out[i].map == s.map && out[i].actors == s.actors))
      ++i;
    if (i == out.size()) {
      CrowdSummary fresh;
      fresh.method = s.method;
      fresh.map = s.map;
      fresh.actors = s.actors;
      fresh.timed_actors = std::numeric_limits<int>::max();
      out.push_back(fresh);
      times.emplace_back();
      cpu_times.emplace_back();
    }
    times[i].push_back(s.turn.ms);
    cpu_times[i].push_back(s.turn.cpu_ms);
    out[i].timed_actors = std::min(out[i].timed_actors, s.turn.timed_actors);
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    const SampleStats t = sample_stats(std::move(times[i]));
    const SampleStats cpu = sample_stats(std::move(cpu_times[i]));
    CrowdSummary& s = out[i];
    s.reps = t.count;
    s.mean_ms = t.mean;
    s.median_ms = t.median;
    s.min_ms = t.min;
    s.max_ms = t.max;
    s.mean_cpu_ms = cpu.mean;
    s.median_cpu_ms = cpu.median;
  }
  return out;
}

}  // namespace yendor::game
