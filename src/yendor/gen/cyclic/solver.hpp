#pragma once
// The solvability proof of a level with locks and keys (issue 4, "Solvability"). A level is
// cut into regions: connected parts of its traversable cells with every lock cell removed.
// Locks join regions; keys lie in regions. The solver searches the state space
//   (region the player stands in) x (keys held) x (keys taken) x (locks open) x (locks collapsed)
// and proves:
//  1. reachable: the goal region (down stairs) is reachable from the start region (up stairs)
//     by safe play: conditional locks only with their keys, dangerous locks (lava) only with
//     their key or once opened, uncertain locks (secret doors) only once revealed;
//  2. no stranding: from every state that *any* play can reach (also crossing lava without
//     the potion, finding secret doors by searching, using a non-particular consumed key on
//     the wrong lock, dropping down a ledge, crossing a bridge that collapses, toggling a
//     reversible lever back) the goal is still reachable (by any play);
//  3. the main path is safe: every lock crossed by the shortest safe solution is marked safe;
//  4. every key can be reached before its lock is needed: each key is taken (or its lever's
//     region reached) in some safely reachable state.
// A failure says why in one line per problem (at most 5), e.g. "crossing the collapsing
// lock 3 from region 5 strands the player in region 7; the goal (region 9) can no longer be
// reached". The stranding reported is the first transition, in breadth-first order of the
// any-play search, from a state that can still reach the goal to one that cannot. The search
// is budgeted; running out of budget is a failure too ("unproven").
//
// Rules of play (what each attribute means to the solver):
//  * taking a key item: in its region, once; held afterwards. Levers (fixed) are used in
//    their region and never held; a lever works only where it stands.
//  * a conditional lock with no keys and an empty key_class needs no key: it is open from the
//    start (drops, keyless doors); crossing it is governed by direction and duration only.
//    Keyless dangerous and uncertain locks are NOT open: see below.
//  * opening a conditional lock from side r (r must be `entry` when asymmetrical): needs a
//    held particular key of the lock or a held key of its class (non-particular), or a lever
//    of the lock used. A consumed key leaves the inventory. Permanent: open for good;
//    reversible: each pull of a lever toggles it (a key opens it for good); temporary: open
//    only for the crossing that follows, from the lever's region (a lever beside the gate)
//    or with a held key, and never otherwise (a timed gate with levers on one side only is a
//    valve).
//  * crossing a lock from side r to side s: valves only from `entry`; collapsing locks once
//    (then collapsed for good; a collapsing lock needs no opening: the bridge stands until
//    crossed); dangerous locks: safe with a held key (a consumed key is used up by the
//    crossing; asymmetrical: only from `entry`) or once a lever opened them (a bridge); any
//    play may cross without.
//  * keys of a collapsing lock (a scroll of teleportation) are its escape: after the
//    collapse, a held one crosses it again, in either direction (consumed if consumed).
//  * uncertain locks: passable once revealed (a held scroll of magic mapping reveals every
//    unrevealed uncertain lock it fits, consuming it; the secret is also revealed by crossing
//    from the side it is not secret from, i.e. from `entry` if set); any play may search them
//    out (crossing reveals them).
//  * safe play may do everything except crossing a dangerous lock unprotected and crossing an
//    unrevealed uncertain lock from its secret side; those are any play only. Valves,
//    collapsing bridges, spending keys and pulling levers are all safe moves: whether they
//    can strand the player is what proof 2 checks.
//  * a key fits a lock when the lock lists it, or when the key is non-particular and its class
//    equals the lock's key_class. Levers operate the locks that list them.
//
// States pack the four key/lock masks into one 64-bit word beside the region, so a graph with
// more than 16 locks or 16 keys is reported unsolvable ("too many locks: 17 > 16"). The
// any-play state graph is built once by breadth-first search; proof 2 is a backward search
// from the goal states over it; the solution is the fewest-steps path over its safe edges.

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/map/level.hpp"

namespace yendor::cyclic {

struct SolverLock {
  int id = 0;  // the LockInfo id (or any id in hand-built graphs)
  LockType type = LockType::conditional;
  LockDuration duration = LockDuration::permanent;
  LockDirection direction = LockDirection::two_way;
  bool safe = true;
  std::vector<int> sides{};  // regions it joins (>= 1; with one, it joins nothing)
  int entry = -1;            // region: valve / asymmetrical side; also where a secret door is plain
  std::vector<int> keys{};   // indices into LockGraph::keys of particular keys and levers
  std::string key_class{};   // non-particular keys of this class open it
};

struct SolverKey {
  int id = 0;             // the KeyInfo id
  int region = 0;         // where it lies
  bool fixed = false;     // a lever
  bool consumed = false;  // used up when used
  bool particular = true;
  std::string key_class{};  // non-particular: the class it opens
  std::string kind{};       // "key", "lever", ... (for explanations)
};

struct LockGraph {
  int regions = 0;
  int start = 0;                             // region of the up stairs
  int goal = 0;                              // region of the down stairs
  std::vector<SolverLock> locks{};           // at most 16
  std::vector<SolverKey> keys{};             // at most 16
  std::vector<std::int64_t> region_cells{};  // cells per region (from a level)
  std::vector<Point> region_anchor{};        // a cell of each region (from a level)
};

// Regions, locks and keys of a level (meta.locks, meta.keys, meta.stairs). Regions are
// label_regions of the tiles with every lock cell and every ledge treated as wall, numbered
// in scan order of their first cell (region_anchor is that cell). A lock's sides are the
// regions orthogonally adjacent to any of its cells (a band several cells thick touches the
// regions on both of its faces); its keys are the keys it lists plus those listing it. A lock
// with a lock-free way around it (a shortcut on a cycle) has one side: it separates nothing,
// and only its keys matter (a consumed key can still be spent on it).
// Throws GenerationError when the metadata does not fit the tiles (a key outside every
// region, a lock touching no region, an unknown key or lock id, missing stairs, a valve or
// asymmetrical lock without an entry on one of its sides).
LockGraph lock_graph_from_level(const Level& level);

struct SolveStep {
  enum class Action { move, take_key, use_lever, open_lock, cross_lock, reveal };
  Action action = Action::move;
  int region = -1;  // where the player is after the step
  int key = -1;     // index into keys (cross_lock: the key protecting or carrying the crossing)
  int lock = -1;    // index into locks (use_lever / reveal: the first lock it changed)
  bool operator==(const SolveStep&) const = default;
};

struct SolverOptions {
  std::size_t max_states = 200000;  // >= 1
};

struct SolveResult {
  bool solvable = false;                // all four proofs hold
  std::vector<std::string> problems{};  // why not, one line each
  // The shortest safe solution (fewest steps). Region changes happen only by cross_lock
  // (Action::move is never emitted); a timed gate's crossing is two steps (use_lever or
  // open_lock, then cross_lock).
  std::vector<SolveStep> solution{};
  std::vector<int>
      main_path_locks{};   // indices of locks the solution crosses, first crossing first
  std::size_t states = 0;  // states explored (any play)
  bool exhausted_budget = false;
};

// Throws InputError on a malformed graph (a region, key or side out of range, a lock with
// no side, an entry that is not a side, a valve or asymmetrical lock without
// an entry) or max_states == 0.
SolveResult solve(const LockGraph& graph, const SolverOptions& options = {});

// Convenience: lock_graph_from_level + solve.
SolveResult solve_level(const Level& level, const SolverOptions& options = {});

}  // namespace yendor::cyclic
