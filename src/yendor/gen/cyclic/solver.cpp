#include "yendor/gen/cyclic/solver.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::cyclic {
namespace {

constexpr std::size_t k_max_locks = 16;
constexpr std::size_t k_max_keys = 16;
constexpr std::size_t k_max_problems = 5;
constexpr std::uint32_t k_none = std::numeric_limits<std::uint32_t>::max();

// ---------------------------------------------------------------------------------------
// States: four 16-bit masks in one word beside the region.

constexpr int k_held = 0;        // key items in the inventory
constexpr int k_taken = 16;      // key items picked up (held or spent)
constexpr int k_open = 32;       // locks opened (uncertain locks: revealed)
constexpr int k_collapsed = 48;  // collapsing locks crossed once

struct State {
  std::uint64_t bits = 0;
  std::uint32_t region = 0;
  bool operator==(const State&) const = default;

  std::uint16_t mask(int field) const { return static_cast<std::uint16_t>(bits >> field); }
  bool has(int field, int i) const { return ((bits >> (field + i)) & 1u) != 0; }
  void set(int field, int i) { bits |= std::uint64_t{1} << (field + i); }
  void clear(int field, int i) { bits &= ~(std::uint64_t{1} << (field + i)); }
  void flip(int field, int i) { bits ^= std::uint64_t{1} << (field + i); }
  void set_mask(int field, std::uint16_t m) { bits |= std::uint64_t{m} << field; }
};

std::uint64_t hash_state(const State& s) {
  std::uint64_t h = s.bits ^ (std::uint64_t{s.region} * 0x9e3779b97f4a7c15ull);
  h ^= h >> 31;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 29;
  return h;
}

// Lowest set bit as an index; m must not be 0.
int lowest(std::uint32_t m) {
  return std::countr_zero(m);
}

// ---------------------------------------------------------------------------------------
// The rules, precomputed from a validated LockGraph.

struct LockRules {
  std::vector<int> sides;      // sorted, distinct
  std::uint16_t item_fit = 0;  // key items that fit (listed or of its class)
  std::uint16_t levers = 0;    // levers listed by the lock
};

struct Rules {
  const LockGraph* graph = nullptr;
  std::vector<LockRules> locks;
  std::uint16_t consumed = 0;                  // consumed key items
  std::vector<std::uint16_t> lever_locks;      // per key: locks the lever operates
  std::vector<std::uint16_t> reveals;          // per key: uncertain locks it reveals
  std::vector<std::uint16_t> region_keys;      // per region: keys lying or standing there
  std::vector<std::vector<int>> region_locks;  // per region: locks it is a side of
};

void require(bool ok, const std::string& message) {
  if (!ok) throw InputError("lock graph: " + message);
}

Rules make_rules(const LockGraph& g) {
  require(g.regions >= 1, "needs at least one region");
  require(g.start >= 0 && g.start < g.regions, "start region out of range");
  require(g.goal >= 0 && g.goal < g.regions, "goal region out of range");
  Rules rules;
  rules.graph = &g;
  const auto regions = static_cast<std::size_t>(g.regions);
  rules.region_keys.assign(regions, 0);
  rules.region_locks.assign(regions, {});
  rules.lever_locks.assign(g.keys.size(), 0);
  rules.reveals.assign(g.keys.size(), 0);
  for (std::size_t k = 0; k < g.keys.size(); ++k) {
    const SolverKey& key = g.keys[k];
    require(key.region >= 0 && key.region < g.regions,
            "key " + std::to_string(key.id) + ": region out of range");
    rules.region_keys[static_cast<std::size_t>(key.region)] |= static_cast<std::uint16_t>(1u << k);
    if (key.consumed && !key.fixed) rules.consumed |= static_cast<std::uint16_t>(1u << k);
  }
  rules.locks.resize(g.locks.size());
  for (std::size_t l = 0; l < g.locks.size(); ++l) {
    const SolverLock& lock = g.locks[l];
    const std::string name = "lock " + std::to_string(lock.id);
    LockRules& lr = rules.locks[l];
    lr.sides = lock.sides;
    std::sort(lr.sides.begin(), lr.sides.end());
    lr.sides.erase(std::unique(lr.sides.begin(), lr.sides.end()), lr.sides.end());
    require(!lr.sides.empty(), name + ": needs a side");
    for (int s : lr.sides)
      require(s >= 0 && s < g.regions, name + ": side out of range");
    require(lock.entry == -1 || std::binary_search(lr.sides.begin(), lr.sides.end(), lock.entry),
            name + ": entry is not one of its sides");
    require(lock.entry != -1 || lock.direction == LockDirection::two_way,
            name + ": a valve or asymmetrical lock needs an entry side");
    for (int k : lock.keys) {
      require(k >= 0 && static_cast<std::size_t>(k) < g.keys.size(),
              name + ": key index out of range");
      const auto bit = static_cast<std::uint16_t>(1u << k);
      if (g.keys[static_cast<std::size_t>(k)].fixed) {
        lr.levers |= bit;
        rules.lever_locks[static_cast<std::size_t>(k)] |= static_cast<std::uint16_t>(1u << l);
      } else {
        lr.item_fit |= bit;
      }
    }
    for (std::size_t k = 0; k < g.keys.size(); ++k) {
      const SolverKey& key = g.keys[k];
      if (!key.fixed && !key.particular && !key.key_class.empty() &&
          key.key_class == lock.key_class)
        lr.item_fit |= static_cast<std::uint16_t>(1u << k);
    }
    if (lock.type == LockType::uncertain)
      for (std::uint32_t m = lr.item_fit; m != 0; m &= m - 1)
        rules.reveals[static_cast<std::size_t>(lowest(m))] |= static_cast<std::uint16_t>(1u << l);
    for (int s : lr.sides)
      rules.region_locks[static_cast<std::size_t>(s)].push_back(static_cast<int>(l));
  }
  return rules;
}

State initial_state(const LockGraph& g) {
  State s;
  s.region = static_cast<std::uint32_t>(g.start);
  for (std::size_t l = 0; l < g.locks.size(); ++l) {
    const SolverLock& lock = g.locks[l];
    if (lock.type == LockType::conditional && lock.keys.empty() && lock.key_class.empty())
      s.set(k_open, static_cast<int>(l));
  }
  return s;
}

// ---------------------------------------------------------------------------------------
// Moves.

enum class MoveKind : std::uint8_t {
  take,         // take key item `key`
  lever,        // pull lever `key` (lock: the first lock it changed)
  open,         // open `lock` with `key`
  reveal,       // read `key`, revealing uncertain locks (lock: the first)
  cross,        // cross `lock` (key: the key protecting or carrying it, or -1)
  cross_lever,  // pull the timed gate's lever `key`, then cross `lock`
  cross_key,    // open the timed `lock` with `key`, then cross it
};

struct Move {
  MoveKind kind = MoveKind::cross;
  bool safe = true;
  std::int8_t lock = -1;
  std::int8_t key = -1;
};

struct Transition {
  State next;
  Move move;
};

int step_count(const Move& m) {
  return m.kind == MoveKind::cross_lever || m.kind == MoveKind::cross_key ? 2 : 1;
}

// One way to get through a lock from the current region (before choosing the far side).
struct Way {
  MoveKind kind = MoveKind::cross;
  bool safe = true;
  int key = -1;
  bool consume = false;
  bool reveal = false;
};

class MoveGenerator {
 public:
  explicit MoveGenerator(const Rules& rules) : rules_(rules), g_(*rules.graph) {}

  void generate(const State& s, std::vector<Transition>& out) {
    out.clear();
    const auto r = static_cast<std::size_t>(s.region);
    const std::uint16_t held = s.mask(k_held);
    // Keys of this region: take items, pull levers.
    for (std::uint32_t m = rules_.region_keys[r]; m != 0; m &= m - 1) {
      const int k = lowest(m);
      if (g_.keys[static_cast<std::size_t>(k)].fixed) {
        pull_lever(s, k, out);
      } else if (!s.has(k_taken, k)) {
        State n = s;
        n.set(k_held, k);
        n.set(k_taken, k);
        out.push_back({n, {MoveKind::take, true, -1, static_cast<std::int8_t>(k)}});
      }
    }
    // Read scrolls that reveal something.
    for (std::uint32_t m = held; m != 0; m &= m - 1) {
      const int k = lowest(m);
      const auto shown =
          static_cast<std::uint16_t>(rules_.reveals[static_cast<std::size_t>(k)] & ~s.mask(k_open));
      if (shown == 0) continue;
      State n = s;
      n.set_mask(k_open, shown);
      if (consumed(k)) n.clear(k_held, k);
      out.push_back({n,
                     {MoveKind::reveal, true, static_cast<std::int8_t>(lowest(shown)),
                      static_cast<std::int8_t>(k)}});
    }
    for (int l : rules_.region_locks[r])
      lock_moves(s, l, out);
  }

 private:
  bool consumed(int k) const { return ((rules_.consumed >> k) & 1u) != 0; }

  // The held keys worth trying on a lock: one persistent key (all persistent ones act
  // alike) and every consumed one (which one is spent matters).
  std::vector<int>& usable_keys(const State& s, int l) {
    keys_.clear();
    const std::uint32_t fit = s.mask(k_held) & rules_.locks[static_cast<std::size_t>(l)].item_fit;
    const std::uint32_t persistent = fit & ~std::uint32_t{rules_.consumed};
    if (persistent != 0) keys_.push_back(lowest(persistent));
    for (std::uint32_t m = fit & rules_.consumed; m != 0; m &= m - 1)
      keys_.push_back(lowest(m));
    return keys_;
  }

  void pull_lever(const State& s, int k, std::vector<Transition>& out) const {
    State n = s;
    int first = -1;
    for (std::uint32_t m = rules_.lever_locks[static_cast<std::size_t>(k)]; m != 0; m &= m - 1) {
      const int l = lowest(m);
      const LockDuration d = g_.locks[static_cast<std::size_t>(l)].duration;
      if (d == LockDuration::permanent && !n.has(k_open, l)) {
        n.set(k_open, l);
      } else if (d == LockDuration::reversible) {
        n.flip(k_open, l);
      } else {
        continue;  // temporary: works only with a crossing; collapsing: levers do nothing
      }
      if (first < 0) first = l;
    }
    if (first >= 0)
      out.push_back(
          {n,
           {MoveKind::lever, true, static_cast<std::int8_t>(first), static_cast<std::int8_t>(k)}});
  }

  void lock_moves(const State& s, int l, std::vector<Transition>& out) {
    const SolverLock& lock = g_.locks[static_cast<std::size_t>(l)];
    const LockRules& lr = rules_.locks[static_cast<std::size_t>(l)];
    const int r = static_cast<int>(s.region);
    const bool from_entry = lock.entry == r;
    const bool may_open = lock.direction != LockDirection::asymmetrical || from_entry;
    const bool collapsing = lock.duration == LockDuration::collapsing;
    const bool temporary = lock.duration == LockDuration::temporary;
    const bool is_open = s.has(k_open, l);
    ways_.clear();

    if (s.has(k_collapsed, l)) {  // only an escape key gets the player across now
      for (int k : usable_keys(s, l))
        ways_.push_back({MoveKind::cross, true, k, consumed(k), false});
      cross_all(s, l, false, out);
      return;
    }
    // Opening a conditional lock for good (or until a lever closes it again).
    if (lock.type == LockType::conditional && !collapsing && !temporary && !is_open && may_open)
      for (int k : usable_keys(s, l)) {
        State n = s;
        n.set(k_open, l);
        if (consumed(k)) n.clear(k_held, k);
        out.push_back(
            {n, {MoveKind::open, true, static_cast<std::int8_t>(l), static_cast<std::int8_t>(k)}});
      }
    if (lock.direction == LockDirection::valve && !from_entry) return;

    const std::uint32_t lever_here = lr.levers & rules_.region_keys[static_cast<std::size_t>(r)];
    switch (lock.type) {
      case LockType::conditional:
        if (collapsing || is_open) {
          ways_.push_back({MoveKind::cross, true, -1, false, false});
        } else if (temporary && may_open) {
          if (lever_here != 0)
            ways_.push_back({MoveKind::cross_lever, true, lowest(lever_here), false, false});
          for (int k : usable_keys(s, l))
            ways_.push_back({MoveKind::cross_key, true, k, consumed(k), false});
        }
        break;
      case LockType::dangerous: {
        if (is_open) {
          ways_.push_back({MoveKind::cross, true, -1, false, false});
          break;
        }
        bool protected_for_free = false;  // a way that costs nothing: unprotected is no different
        if (temporary && may_open && lever_here != 0) {
          ways_.push_back({MoveKind::cross_lever, true, lowest(lever_here), false, false});
          protected_for_free = true;
        }
        if (may_open)
          for (int k : usable_keys(s, l)) {
            ways_.push_back({MoveKind::cross, true, k, consumed(k), false});
            if (!consumed(k)) protected_for_free = true;
          }
        if (!protected_for_free) ways_.push_back({MoveKind::cross, false, -1, false, false});
        break;
      }
      case LockType::uncertain:
        if (is_open)
          ways_.push_back({MoveKind::cross, true, -1, false, false});
        else
          ways_.push_back({MoveKind::cross, from_entry, -1, false, true});  // found by crossing
        break;
    }
    cross_all(s, l, collapsing, out);
  }

  // Every way in ways_ to every other side of lock l.
  void cross_all(const State& s, int l, bool collapses, std::vector<Transition>& out) const {
    for (const Way& w : ways_)
      for (int side : rules_.locks[static_cast<std::size_t>(l)].sides) {
        if (side == static_cast<int>(s.region)) continue;
        State n = s;
        n.region = static_cast<std::uint32_t>(side);
        if (w.consume) n.clear(k_held, w.key);
        if (w.reveal) n.set(k_open, l);
        if (collapses) {
          n.set(k_collapsed, l);
          n.clear(k_open, l);
        }
        out.push_back(
            {n, {w.kind, w.safe, static_cast<std::int8_t>(l), static_cast<std::int8_t>(w.key)}});
      }
  }

  const Rules& rules_;
  const LockGraph& g_;
  std::vector<int> keys_;
  std::vector<Way> ways_;
};

// ---------------------------------------------------------------------------------------
// The any-play state graph, built breadth-first; states are numbered in discovery order.

struct Edge {
  std::uint32_t to = 0;
  Move move;
};

struct StateGraph {
  std::vector<State> states;
  std::vector<std::uint32_t> edge_begin;  // edges of state i: [edge_begin[i], edge_begin[i+1])
  std::vector<Edge> edges;
  std::vector<std::uint32_t> parent;  // BFS tree: the state each was discovered from
  std::vector<std::uint32_t> parent_edge;
  bool complete = false;
};

// Open addressing with linear probing; slots hold state index + 1 (0: empty).
class StateIndex {
 public:
  // The index of s among `states`, appending it when new.
  std::pair<std::uint32_t, bool> insert(const State& s, std::vector<State>& states) {
    if ((states.size() + 1) * 2 > slots_.size()) grow(states);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash_state(s) & mask;; i = (i + 1) & mask) {
      const std::uint32_t slot = slots_[i];
      if (slot == 0) {
        states.push_back(s);
        slots_[i] = static_cast<std::uint32_t>(states.size());
        return {static_cast<std::uint32_t>(states.size() - 1), true};
      }
      if (states[slot - 1] == s) return {slot - 1, false};
    }
  }

 private:
  void grow(const std::vector<State>& states) {
    slots_.assign(std::max<std::size_t>(64, slots_.size() * 2), 0);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t j = 0; j < states.size(); ++j) {
      std::size_t i = hash_state(states[j]) & mask;
      while (slots_[i] != 0)
        i = (i + 1) & mask;
      slots_[i] = static_cast<std::uint32_t>(j + 1);
    }
  }

  std::vector<std::uint32_t> slots_;
};

StateGraph build_graph(const Rules& rules, std::size_t max_states) {
  StateGraph graph;
  StateIndex index;
  MoveGenerator generator(rules);
  std::vector<Transition> moves;
  index.insert(initial_state(*rules.graph), graph.states);
  graph.parent.push_back(k_none);
  graph.parent_edge.push_back(k_none);
  for (std::size_t i = 0; i < graph.states.size(); ++i) {
    graph.edge_begin.push_back(static_cast<std::uint32_t>(graph.edges.size()));
    generator.generate(graph.states[i], moves);
    for (const Transition& t : moves) {
      const auto [to, added] = index.insert(t.next, graph.states);
      if (added) {
        if (graph.states.size() > max_states) {
          graph.states.pop_back();
          return graph;  // incomplete
        }
        graph.parent.push_back(static_cast<std::uint32_t>(i));
        graph.parent_edge.push_back(static_cast<std::uint32_t>(graph.edges.size()));
      }
      graph.edges.push_back({to, t.move});
    }
  }
  graph.edge_begin.push_back(static_cast<std::uint32_t>(graph.edges.size()));
  graph.complete = true;
  return graph;
}

// States from which some play reaches the goal region: a backward search over the edges.
std::vector<char> can_reach_goal(const StateGraph& graph, int goal) {
  const std::size_t n = graph.states.size();
  std::vector<std::uint32_t> in_begin(n + 1, 0);
  for (const Edge& e : graph.edges)
    ++in_begin[e.to + 1];
  for (std::size_t i = 0; i < n; ++i)
    in_begin[i + 1] += in_begin[i];
  std::vector<std::uint32_t> sources(graph.edges.size());
  std::vector<std::uint32_t> fill(in_begin.begin(), in_begin.end() - 1);
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t e = graph.edge_begin[i]; e < graph.edge_begin[i + 1]; ++e)
      sources[fill[graph.edges[e].to]++] = i;
  std::vector<char> reach(n, 0);
  std::vector<std::uint32_t> queue;
  for (std::uint32_t i = 0; i < n; ++i)
    if (graph.states[i].region == static_cast<std::uint32_t>(goal)) {
      reach[i] = 1;
      queue.push_back(i);
    }
  for (std::size_t q = 0; q < queue.size(); ++q)
    for (std::uint32_t e = in_begin[queue[q]]; e < in_begin[queue[q] + 1]; ++e)
      if (!reach[sources[e]]) {
        reach[sources[e]] = 1;
        queue.push_back(sources[e]);
      }
  return reach;
}

// Fewest steps over safe edges (weights 1 or 2: a bucket queue, processed in order).
struct SafeSearch {
  std::vector<std::uint32_t> dist;  // k_none: not safely reachable
  std::vector<std::uint32_t> parent_edge;
  std::vector<std::uint32_t> parent;
  std::uint32_t goal_state = k_none;  // the first goal state settled
};

SafeSearch search_safe(const StateGraph& graph, int goal) {
  const std::size_t n = graph.states.size();
  SafeSearch out{std::vector<std::uint32_t>(n, k_none), std::vector<std::uint32_t>(n, k_none),
                 std::vector<std::uint32_t>(n, k_none), k_none};
  std::vector<std::vector<std::uint32_t>> buckets(1, {0});
  out.dist[0] = 0;
  for (std::size_t d = 0; d < buckets.size(); ++d)
    for (std::size_t q = 0; q < buckets[d].size(); ++q) {
      const std::uint32_t i = buckets[d][q];
      if (out.dist[i] != d) continue;  // settled earlier at a smaller distance
      if (out.goal_state == k_none && graph.states[i].region == static_cast<std::uint32_t>(goal))
        out.goal_state = i;
      for (std::uint32_t e = graph.edge_begin[i]; e < graph.edge_begin[i + 1]; ++e) {
        const Edge& edge = graph.edges[e];
        if (!edge.move.safe) continue;
        const auto nd =
            static_cast<std::uint32_t>(d + static_cast<std::size_t>(step_count(edge.move)));
        if (nd >= out.dist[edge.to]) continue;
        out.dist[edge.to] = nd;
        out.parent[edge.to] = i;
        out.parent_edge[edge.to] = e;
        if (buckets.size() <= nd) buckets.resize(nd + 1);
        buckets[nd].push_back(edge.to);
      }
    }
  return out;
}

// ---------------------------------------------------------------------------------------
// Explanations.

std::string lock_name(const LockGraph& g, int l) {
  const SolverLock& lock = g.locks[static_cast<std::size_t>(l)];
  std::string adjective;
  if (lock.duration == LockDuration::collapsing)
    adjective = "collapsing ";
  else if (lock.direction == LockDirection::valve)
    adjective = "one-way ";
  else if (lock.duration == LockDuration::temporary)
    adjective = "timed ";
  else if (lock.duration == LockDuration::reversible)
    adjective = "reversible ";
  else if (lock.type == LockType::dangerous)
    adjective = "dangerous ";
  else if (lock.type == LockType::uncertain)
    adjective = "secret ";
  return (adjective.empty() ? "" : "the ") + adjective + "lock " + std::to_string(lock.id);
}

std::string key_name(const LockGraph& g, int k) {
  const SolverKey& key = g.keys[static_cast<std::size_t>(k)];
  std::string out = "key " + std::to_string(key.id);
  if (!key.kind.empty()) out += " (" + key.kind + ")";
  return out;
}

LockType graph_lock_type(const LockGraph& g, int l) {
  return g.locks[static_cast<std::size_t>(l)].type;
}

std::string region_name(int r) {
  return "region " + std::to_string(r);
}

// "crossing the collapsing lock 3 from region 5 strands the player in region 7"
std::string describe_stranding(const LockGraph& g, const State& from, const Edge& edge,
                               const State& to) {
  const Move& m = edge.move;
  const std::string here = region_name(static_cast<int>(from.region));
  const std::string there = region_name(static_cast<int>(to.region));
  std::string what;
  switch (m.kind) {
    case MoveKind::take:
      what = "taking " + key_name(g, m.key) + " in " + here + " strands the player";
      break;
    case MoveKind::lever:
      what = "pulling " + key_name(g, m.key) + " (it operates " + lock_name(g, m.lock) + ") in " +
             here + " strands the player";
      break;
    case MoveKind::open:
      what = "opening " + lock_name(g, m.lock) + " with " + key_name(g, m.key) + " in " + here +
             " strands the player";
      break;
    case MoveKind::reveal:
      what = "reading " + key_name(g, m.key) + " in " + here + " strands the player";
      break;
    case MoveKind::cross:
      what = "crossing " + lock_name(g, m.lock) +
             (m.key >= 0 ? " with " + key_name(g, m.key) : "") + " from " + here +
             " strands the player in " + there;
      break;
    case MoveKind::cross_lever:
      what = "pulling " + key_name(g, m.key) + " and crossing " + lock_name(g, m.lock) + " from " +
             here + " strands the player in " + there;
      break;
    case MoveKind::cross_key:
      what = "opening " + lock_name(g, m.lock) + " with " + key_name(g, m.key) +
             " and crossing it from " + here + " strands the player in " + there;
      break;
  }
  return what + "; the goal (" + region_name(g.goal) + ") can no longer be reached";
}

void add_steps(const LockGraph&, const Move& m, int from, int to, std::vector<SolveStep>& out) {
  using A = SolveStep::Action;
  switch (m.kind) {
    case MoveKind::take:
      out.push_back({A::take_key, from, m.key, -1});
      break;
    case MoveKind::lever:
      out.push_back({A::use_lever, from, m.key, m.lock});
      break;
    case MoveKind::open:
      out.push_back({A::open_lock, from, m.key, m.lock});
      break;
    case MoveKind::reveal:
      out.push_back({A::reveal, from, m.key, m.lock});
      break;
    case MoveKind::cross:
      out.push_back({A::cross_lock, to, m.key, m.lock});
      break;
    case MoveKind::cross_lever:
      out.push_back({A::use_lever, from, m.key, m.lock});
      out.push_back({A::cross_lock, to, -1, m.lock});
      break;
    case MoveKind::cross_key:
      out.push_back({A::open_lock, from, m.key, m.lock});
      out.push_back({A::cross_lock, to, -1, m.lock});
      break;
  }
}

void add_problem(SolveResult& result, std::string problem) {
  if (result.problems.size() < k_max_problems) result.problems.push_back(std::move(problem));
}

// Proof 1 failed: say whether risky play gets there, and across which locks.
std::string unreachable_problem(const LockGraph& g, const StateGraph& graph,
                                const std::vector<char>& reach) {
  std::string out = "the goal (" + region_name(g.goal) + ") cannot be reached from the start (" +
                    region_name(g.start) + ")";
  if (!reach[0]) return out + ", not even by risky play";
  std::uint32_t goal_state = k_none;  // first in breadth-first order
  for (std::uint32_t i = 0; i < graph.states.size() && goal_state == k_none; ++i)
    if (graph.states[i].region == static_cast<std::uint32_t>(g.goal)) goal_state = i;
  std::vector<int> risky;
  for (std::uint32_t i = goal_state; i != 0 && i != k_none; i = graph.parent[i]) {
    const Move& m = graph.edges[graph.parent_edge[i]].move;
    if (!m.safe) risky.push_back(m.lock);
  }
  std::reverse(risky.begin(), risky.end());
  risky.erase(std::unique(risky.begin(), risky.end()), risky.end());
  out += " by safe play; risky play can, ";
  for (std::size_t i = 0; i < risky.size(); ++i) {
    const bool secret = graph_lock_type(g, risky[i]) == LockType::uncertain;
    out += std::string(i == 0 ? "" : ", ") + (secret ? "searching out " : "crossing ") +
           lock_name(g, risky[i]) + (secret ? "" : " unprotected");
  }
  return out;
}

}  // namespace

SolveResult solve(const LockGraph& graph, const SolverOptions& options) {
  if (options.max_states == 0) throw InputError("solver: max_states must be at least 1");
  SolveResult result;
  if (graph.locks.size() > k_max_locks) {
    add_problem(result, "too many locks: " + std::to_string(graph.locks.size()) + " > " +
                            std::to_string(k_max_locks));
  }
  if (graph.keys.size() > k_max_keys) {
    add_problem(result, "too many keys: " + std::to_string(graph.keys.size()) + " > " +
                            std::to_string(k_max_keys));
  }
  if (!result.problems.empty()) return result;
  const Rules rules = make_rules(graph);

  const StateGraph states = build_graph(rules, options.max_states);
  result.states = states.states.size();
  if (!states.complete) {
    result.exhausted_budget = true;
    add_problem(result, "unproven: the search ran out of its budget of " +
                            std::to_string(options.max_states) + " states");
    return result;
  }

  // Proof 1 and the solution.
  const SafeSearch safe = search_safe(states, graph.goal);
  const std::vector<char> reach = can_reach_goal(states, graph.goal);
  if (safe.goal_state == k_none) {
    add_problem(result, unreachable_problem(graph, states, reach));
  } else {
    std::vector<std::uint32_t> path;
    for (std::uint32_t i = safe.goal_state; i != 0; i = safe.parent[i])
      path.push_back(i);
    std::reverse(path.begin(), path.end());
    for (std::uint32_t i : path) {
      const Edge& e = states.edges[safe.parent_edge[i]];
      add_steps(graph, e.move, static_cast<int>(states.states[safe.parent[i]].region),
                static_cast<int>(states.states[i].region), result.solution);
    }
    for (const SolveStep& step : result.solution)
      if (step.action == SolveStep::Action::cross_lock &&
          std::find(result.main_path_locks.begin(), result.main_path_locks.end(), step.lock) ==
              result.main_path_locks.end())
        result.main_path_locks.push_back(step.lock);
  }

  // Proof 2: the first transition (breadth-first order) from a state that can reach the goal
  // to one that cannot. Reported only when the start itself can reach it (else proof 1 said
  // everything there is to say).
  if (reach[0]) {
    bool found = false;
    for (std::uint32_t i = 0; i < states.states.size() && !found; ++i) {
      if (!reach[i]) continue;
      for (std::uint32_t e = states.edge_begin[i]; e < states.edge_begin[i + 1]; ++e) {
        const Edge& edge = states.edges[e];
        if (reach[edge.to]) continue;
        add_problem(result,
                    describe_stranding(graph, states.states[i], edge, states.states[edge.to]));
        found = true;
        break;
      }
    }
  }

  // Proof 3: every lock on the main path is marked safe.
  for (int l : result.main_path_locks)
    if (!graph.locks[static_cast<std::size_t>(l)].safe)
      add_problem(result, lock_name(graph, l) + " is on the main path but not marked safe");

  // Proof 4: every key taken, every lever's region reached, in some safely reachable state.
  std::uint16_t taken = 0;
  std::vector<char> region_reached(static_cast<std::size_t>(graph.regions), 0);
  for (std::size_t i = 0; i < states.states.size(); ++i)
    if (safe.dist[i] != k_none) {
      taken |= states.states[i].mask(k_taken);
      region_reached[states.states[i].region] = 1;
    }
  for (std::size_t k = 0; k < graph.keys.size(); ++k) {
    const SolverKey& key = graph.keys[k];
    const bool ok = key.fixed ? region_reached[static_cast<std::size_t>(key.region)] != 0
                              : ((taken >> k) & 1u) != 0;
    if (!ok)
      add_problem(result, key_name(graph, static_cast<int>(k)) + " in " + region_name(key.region) +
                              " cannot be reached by safe play");
  }
  result.solvable = result.problems.empty();
  return result;
}

// ---------------------------------------------------------------------------------------
// From a level.

namespace {

std::string where(Point p) {
  return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
}

[[noreturn]] void inconsistent(const std::string& message) {
  throw GenerationError("solver: " + message);
}

}  // namespace

LockGraph lock_graph_from_level(const Level& level) {
  const LevelMeta& meta = level.meta;
  Grid<Tile> tiles = level.tiles;
  for (const LockInfo& lock : meta.locks)
    for (Point p : lock.cells) {
      if (!tiles.in_bounds(p))
        inconsistent("lock " + std::to_string(lock.id) + ": cell " + where(p) +
                     " is outside the level");
      tiles[p] = Tile::wall;
    }
  for (Tile& t : tiles.cells())
    if (t == Tile::ledge) t = Tile::wall;
  const RegionLabels labels = label_regions(tiles);

  LockGraph g;
  g.regions = static_cast<int>(labels.sizes.size());
  g.region_cells = labels.sizes;
  g.region_anchor.assign(labels.sizes.size(), Point{});
  {
    std::size_t next = 0;  // labels are numbered in scan order of their first cell
    for (std::size_t i = 0; i < labels.labels.cell_count() && next < labels.sizes.size(); ++i)
      if (labels.labels[i] == static_cast<std::int32_t>(next))
        g.region_anchor[next++] = labels.labels.point_of(i);
  }
  const auto region_at = [&](Point p) {
    return labels.labels.in_bounds(p) ? static_cast<int>(labels.labels[p]) : -1;
  };

  const auto stairs_region = [&](const std::optional<Point>& p, const char* what) {
    if (!p) inconsistent(std::string("the level has no ") + what + " stairs");
    const int r = region_at(*p);
    if (r < 0)
      inconsistent(std::string("the ") + what + " stairs at " + where(*p) + " are in no region");
    return r;
  };
  g.start = stairs_region(meta.stairs.up, "up");
  g.goal = stairs_region(meta.stairs.down, "down");

  std::map<int, int> key_index;  // KeyInfo id -> index
  for (const KeyInfo& key : meta.keys) {
    if (!key_index.emplace(key.id, static_cast<int>(g.keys.size())).second)
      inconsistent("key id " + std::to_string(key.id) + " is used twice");
    SolverKey sk;
    sk.id = key.id;
    sk.region = region_at(key.pos);
    if (sk.region < 0)
      inconsistent("key " + std::to_string(key.id) + " (" + key.kind + ") at " + where(key.pos) +
                   " is in no region");
    sk.fixed = key.fixed;
    sk.consumed = key.consumed;
    sk.particular = key.particular;
    sk.key_class = key.key_class;
    sk.kind = key.kind;
    g.keys.push_back(std::move(sk));
  }

  std::map<int, int> lock_ids;
  for (const LockInfo& lock : meta.locks) {
    const std::string name = "lock " + std::to_string(lock.id);
    if (!lock_ids.emplace(lock.id, 0).second)
      inconsistent("lock id " + std::to_string(lock.id) + " is used twice");
    SolverLock sl;
    sl.id = lock.id;
    sl.type = lock.type;
    sl.duration = lock.duration;
    sl.direction = lock.direction;
    sl.safe = lock.safe;
    sl.key_class = lock.key_class;
    // Every region touching any of its cells: lock cells are wall in `labels`, so a thick
    // band's inner cells add nothing and its faces add the regions on both sides.
    for (Point p : lock.cells)
      for (Point d : k_directions4) {
        const int r = region_at(p + d);
        if (r >= 0) sl.sides.push_back(r);
      }
    std::sort(sl.sides.begin(), sl.sides.end());
    sl.sides.erase(std::unique(sl.sides.begin(), sl.sides.end()), sl.sides.end());
    // One side is fine: a lock-free way around it (a shortcut on a cycle) joins its sides.
    if (sl.sides.empty()) inconsistent(name + " (" + lock.kind + ") touches no region");
    if (lock.entry) {
      sl.entry = region_at(*lock.entry);
      if (!std::binary_search(sl.sides.begin(), sl.sides.end(), sl.entry))
        inconsistent(name + ": its entry " + where(*lock.entry) + " is not on one of its sides");
    } else if (lock.direction != LockDirection::two_way) {
      inconsistent(name + ": a " + std::string(to_string(lock.direction)) + " lock needs an entry");
    }
    for (int id : lock.keys) {
      const auto it = key_index.find(id);
      if (it == key_index.end()) inconsistent(name + " lists unknown key " + std::to_string(id));
      sl.keys.push_back(it->second);
    }
    for (std::size_t k = 0; k < meta.keys.size(); ++k) {
      const auto& locks = meta.keys[k].locks;
      if (std::find(locks.begin(), locks.end(), lock.id) != locks.end())
        sl.keys.push_back(static_cast<int>(k));
    }
    std::sort(sl.keys.begin(), sl.keys.end());
    sl.keys.erase(std::unique(sl.keys.begin(), sl.keys.end()), sl.keys.end());
    g.locks.push_back(std::move(sl));
  }
  for (const KeyInfo& key : meta.keys)
    for (int id : key.locks)
      if (!lock_ids.count(id))
        inconsistent("key " + std::to_string(key.id) + " lists unknown lock " + std::to_string(id));
  return g;
}

SolveResult solve_level(const Level& level, const SolverOptions& options) {
  return solve(lock_graph_from_level(level), options);
}

}  // namespace yendor::cyclic
