#pragma once
// The crowd benchmark of thesis 5.5 (`yendor bench ai`, bench/ai_bench.cpp, the experiments
// of issue 9): N actors chase a player who stands still on an arena, and one turn (every
// actor acting once) is timed. Methods:
// - the path layer's ways of chasing, each actor on its own (thesis 4.1, 5.4): euclid (a
//   greedy step along the straight line), bfs (a breadth-first search from every actor to
//   the player over the whole level: the thesis's worst case, unlimited sight), bfs_fov (only
//   actors in the player's radius-9 view search, and only within that view: the thesis's
//   optimisation), astar (one A* per actor), dijkstra (one Dijkstra map from the player per
//   turn, shared; every actor steps downhill);
// - every registered brain (ai::builtin_brains()) through the real engine: a Game on the
//   arena with N monsters of one kind whose brain is set to it, all awake; a turn is one
//   Game::step of the player waiting.
// Set-up is deterministic from a seed; only the timings vary (std::chrono::steady_clock and
// thread_cpu_ms: they never feed the simulation).

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/game/content.hpp"
#include "yendor/map/level.hpp"

namespace yendor::game {

class Game;

// The level and the starting cells of a run: open floor inside a wall ring, with pillars,
// wall segments and L-shaped walls scattered at random so paths are not straight lines (and
// the euclid chase meets concave corners), every floor cell connected.
struct CrowdArena {
  Level level;
  Point player{};
  std::vector<Point> actors;  // distinct floor cells, none within 1 of the player
};

struct CrowdArenaOptions {
  Size size{200, 200};
  int actors = 200;
  std::uint64_t seed = 1;
  // 0: actors anywhere on the arena (the thesis's set-up); > 0: within this Chebyshev
  // distance of the player (a crowd that is all engaged).
  int radius = 0;
};

inline constexpr int k_crowd_min_side = 8;
inline constexpr int k_crowd_max_side = 4096;

// Deterministic from the options. InputError for a side outside
// [k_crowd_min_side, k_crowd_max_side], actors < 1, a negative radius, or more actors than
// there are free cells.
CrowdArena make_crowd_arena(const CrowdArenaOptions& options);

// The path-layer methods, in the order `all` runs them.
std::span<const std::string_view> crowd_path_methods();
// Every method: the path methods, then the brains' names in registry order.
std::vector<std::string> crowd_methods();
// InputError naming the known methods unless `method` is one.
void check_crowd_method(std::string_view method);

// What the brain runs need besides the arena.
struct CrowdGameOptions {
  // The monster kind every actor is (its brain replaced by the method's, tactics the brain's
  // default); InputError if `content` has no such kind.
  std::string kind = "goblin";
  std::uint64_t seed = 1;  // the game's streams (combat, ai, world) and the monsters' rolls
};

// One method driving a crowd on an arena, turn by turn.
class CrowdRun {
 public:
  virtual ~CrowdRun() = default;
  // Every actor acts once (or, for sampled searches, the sampled actors).
  virtual void turn() = 0;
  // The actors' cells now, in a fixed order (the arena's for path methods, the monsters' id
  // order for brains). A brain run lists only living monsters.
  virtual std::span<const Point> positions() = 0;
  // How many actors the last turn's work stands for: all of them, or the sample that searched
  // (then a turn's time is scaled by actors / timed_actors).
  virtual int timed_actors() const = 0;
  // The game of a brain run (to inspect its monsters); nullptr for the path methods.
  virtual const Game* game() const { return nullptr; }
};

// A run of `method` on `arena`. `sample` caps the actors that search in one turn for bfs and
// astar (0: all; the sample rotates each turn, the others stand still); brain runs need
// `content` (may be null otherwise). InputError for an unknown method or kind.
std::unique_ptr<CrowdRun> make_crowd_run(std::string_view method, const CrowdArena& arena,
                                         int sample, const Content* content,
                                         const CrowdGameOptions& game_options = {});

// One timed turn.
struct CrowdTurn {
  double ms = 0;         // per turn, scaled to every actor when the searches were sampled
  double cpu_ms = 0;     // the same in this thread's processor time (thread_cpu_ms)
  int timed_actors = 0;  // actors whose work was timed
  int moved = 0;         // actors that changed cell
};

// Runs `warmup` turns untimed (buffers grow, the game's shared maps are built), then `reps`
// timed turns.
std::vector<CrowdTurn> time_crowd_turns(CrowdRun& run, int reps, int warmup = 1);

// The protocol: for each map size, each method and each actor count, a fresh arena and run,
// then `reps` timed turns.
struct CrowdBenchPlan {
  Size size{200, 200};
  std::vector<int> actors;
};

// Timed turns a run may take: the player's hit points must outlast them.
inline constexpr int k_crowd_max_reps = 1000;

struct CrowdBenchOptions {
  std::vector<std::string> methods;  // empty: every method
  std::vector<CrowdBenchPlan> plans;
  int reps = 20;
  int warmup = 1;
  std::uint64_t seed = 1;
  int sample = 200;  // see make_crowd_run
  int radius = 0;    // see CrowdArenaOptions
  std::string kind = "goblin";
};

struct CrowdSample {
  std::string method;
  Size map{};
  int actors = 0;
  int rep = 0;  // 1..reps
  CrowdTurn turn;
};

// The protocol of thesis 5.5 as plans: 10..200 actors in steps of 10 on 200x200, then 1,000
// and 10,000 on 1000x1000.
std::vector<CrowdBenchPlan> thesis_crowd_plans();

// Checks everything (methods, sizes, counts, kind) before running any of it, then calls
// `sample` for every timed turn as it comes. InputError on a bad option.
void run_crowd_bench(const CrowdBenchOptions& options, const Content* content,
                     const std::function<void(const CrowdSample&)>& sample);

// Per (method, map, actors), in the order first seen.
struct CrowdSummary {
  std::string method;
  Size map{};
  int actors = 0;
  int reps = 0;
  double mean_ms = 0;
  double median_ms = 0;
  double min_ms = 0;
  double max_ms = 0;
  int timed_actors = 0;    // the least over the reps
  double mean_cpu_ms = 0;  // processor time: what the turn costs whatever the machine's load
  double median_cpu_ms = 0;
};
std::vector<CrowdSummary> summarize_crowd(std::span<const CrowdSample> samples);

}  // namespace yendor::game
