#include "yendor/gen/cyclic/grid_layout.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <utility>

#include "yendor/core/error.hpp"

namespace yendor::cyclic {

namespace {

// Direction index d follows k_directions4 (north, east, south, west); its grid_dir bit is 1 << d.
constexpr std::uint8_t bit_of(int d) {
  return static_cast<std::uint8_t>(1U << d);
}
constexpr int opposite(int d) {
  return (d + 2) & 3;
}
constexpr std::uint8_t k_all_sides = 0xF;

int direction_index(Point a, Point b) {
  for (int d = 0; d < 4; ++d)
    if (a + k_directions4[static_cast<std::size_t>(d)] == b) return d;
  return -1;
}

Point step(Point p, int d) {
  return p + k_directions4[static_cast<std::size_t>(d)];
}

std::string point_text(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

// Placement: how many free cells near the placed neighbours are scored, and how many of the
// best are tried (each try routes the node's links) before the attempt restarts.
constexpr std::size_t k_candidates = 40;
constexpr std::size_t k_tries = 4;
// How many links away (through unplaced places) a placed place still pulls a new node, and
// the score per step it ends up too far.
constexpr int k_anchor_hops = 8;
constexpr int k_anchor_weight = 4;
// How many cells longer a link may get to reach a lock's side opposite its other link.
constexpr std::size_t k_gate_detour = 2;
// Score of a candidate that takes a side another place still needs (or leaves too few for
// itself): only chosen when every candidate does.
constexpr int k_blocking = 1000;
// Straightening compares routes by length first, then by turns.
constexpr std::int64_t k_step_cost = std::int64_t{1} << 24;

struct PlaceState {
  int node = 0;
  bool start = false;
  bool lock = false;
  bool large = false;
  std::vector<int> links;     // indices into links_, in edge id order
  std::vector<int> partners;  // places joined by a `sees` edge (either way)
  std::vector<Point> cells;   // home first; empty while not placed
  int pending = 0;            // links not routed yet
};

struct LinkState {
  int edge = 0;
  int from = 0;  // place indices
  int to = 0;
  std::vector<Point> cells;  // the routed chain; empty while not routed
};

struct SeesEdge {
  int viewer = 0;  // place indices
  int seen = 0;
};

class Layouter {
 public:
  Layouter(const MissionGraph& graph, Size grid_size, Rng& rng, const LayoutOptions& options);
  std::optional<GridLayout> run();

 private:
  void read_graph(const MissionGraph& graph);
  void compute_order();

  void reset();
  bool place_all();
  bool place_node(int v, bool first_root);
  bool try_candidate(int v, Point c, std::vector<int>& routed);
  void undo_node(int v, const std::vector<int>& routed);
  std::vector<Point> collect_candidates(int v, bool first_root);
  void find_anchors(int v);
  int score_candidate(int v, Point c);

  bool route_link(int li);
  std::vector<Point> find_route(int li, bool strict, bool protect);
  void mark_reserved(int a, int b);
  void commit(int li, std::vector<Point> chain);
  void uncommit(int li);

  void straighten(int li);
  void grow_large_rooms();
  void realize_sees();
  void grow_lookout(const SeesEdge& s);
  void place_window(const SeesEdge& s);
  void set_joins();
  GridLayout result() const;

  // Small queries.
  int owner(Point p) const { return grid_[p].place >= 0 ? place_of_node_[grid_[p].place] : -1; }
  bool is_free(Point p) const { return grid_.in_bounds(p) && !grid_[p].used(); }
  bool placed(int pi) const { return !places_[pi].cells.empty(); }
  int other_end(int li, int pi) const {
    return links_[li].from == pi ? links_[li].to : links_[li].from;
  }
  int free_sides(int pi) const;
  int hub_extra_cells(int pi) const;
  std::vector<Point> free_neighbours(int pi) const;
  int distance_to(Point c, int pi) const;
  int link_side(int li, int pi) const;
  std::uint8_t side_mask(int pi, int li, bool strict) const;
  bool adjacent(int pa, int pb) const;
  void add_cell(int pi, Point c);
  std::uint32_t next_stamp();

  const LayoutOptions& options_;
  Rng& rng_;
  Grid<GridCell> grid_;
  std::vector<PlaceState> places_;  // in node id order
  std::vector<LinkState> links_;    // in edge id order
  std::vector<SeesEdge> sees_;      // in edge id order
  std::vector<int> place_of_node_;  // node id -> place index, -1 for other nodes
  std::vector<int> link_of_edge_;   // edge id -> link index, -1 for other edges
  std::vector<int> order_;          // placement order: breadth first from the start
  std::vector<bool> root_;          // order_[i] starts a new component
  // Placed places a few unplaced links away from the node being placed: (place, links).
  std::vector<std::pair<int, int>> anchors_;
  std::vector<int> hops_;        // per place, for find_anchors
  bool allow_stealing_ = false;  // routes may take the last free side of a waiting place

  // Search buffers, kept for the whole call; stamps make clearing free.
  std::uint32_t stamp_ = 0;
  std::vector<std::uint32_t> seen_;      // per grid cell (x4 for straightening states)
  std::vector<std::uint32_t> reserved_;  // per grid cell
  std::vector<int> parent_;
  std::vector<std::int64_t> cost_;
  std::vector<int> queue_;
  std::vector<std::pair<std::int64_t, int>> heap_;
};

Layouter::Layouter(const MissionGraph& graph, Size grid_size, Rng& rng,
                   const LayoutOptions& options)
    : options_(options), rng_(rng) {
  if (grid_size.width < 1 || grid_size.height < 1)
    throw InputError("layout_mission: grid size " + std::to_string(grid_size.width) + "x" +
                     std::to_string(grid_size.height) + " must be at least 1x1");
  if (options.attempts < 1)
    throw InputError("layout_mission: attempts must be at least 1, not " +
                     std::to_string(options.attempts));
  read_graph(graph);
  compute_order();
  grid_ = Grid<GridCell>(grid_size);
  const std::size_t n = grid_.cell_count();
  seen_.assign(n * 4, 0);
  reserved_.assign(n, 0);
  parent_.assign(n * 4, -1);
  cost_.assign(n * 4, 0);
  queue_.reserve(n);
}

void Layouter::read_graph(const MissionGraph& graph) {
  place_of_node_.assign(static_cast<std::size_t>(graph.next_node_id()) + 1, -1);
  link_of_edge_.assign(static_cast<std::size_t>(graph.next_edge_id()) + 1, -1);
  for (const MissionNode& node : graph.nodes()) {
    const std::string_view kind = kind_of(node.attrs);
    if (!is_place_kind(kind)) continue;
    place_of_node_[static_cast<std::size_t>(node.id)] = static_cast<int>(places_.size());
    PlaceState p;
    p.node = node.id;
    p.start = kind == "start";
    p.lock = kind == "lock";
    p.large = text_attr(node.attrs, "size") == "large";
    places_.push_back(std::move(p));
  }
  const auto place_end = [&](const MissionEdge& e, int node, std::string_view what) {
    const int pi = place_of_node_[static_cast<std::size_t>(node)];
    if (pi < 0) {
      const MissionNode* n = graph.find_node(node);
      throw InputError("layout_mission: " + std::string(what) + " edge " + std::to_string(e.id) +
                       " touches node " + std::to_string(node) + " of kind '" +
                       std::string(n != nullptr ? kind_of(n->attrs) : "") +
                       "', which is not a place");
    }
    return pi;
  };
  for (const MissionEdge& e : graph.edges()) {
    const std::string_view kind = kind_of(e.attrs);
    if (kind != "link" && kind != "sees") continue;
    const int a = place_end(e, e.from, kind), b = place_end(e, e.to, kind);
    if (a == b)
      throw InputError("layout_mission: " + std::string(kind) + " edge " + std::to_string(e.id) +
                       " joins node " + std::to_string(e.from) + " to itself");
    if (kind == "sees") {
      sees_.push_back({a, b});
      places_[static_cast<std::size_t>(a)].partners.push_back(b);
      places_[static_cast<std::size_t>(b)].partners.push_back(a);
      continue;
    }
    const int li = static_cast<int>(links_.size());
    link_of_edge_[static_cast<std::size_t>(e.id)] = li;
    links_.push_back({e.id, a, b, {}});
    places_[static_cast<std::size_t>(a)].links.push_back(li);
    places_[static_cast<std::size_t>(b)].links.push_back(li);
  }
  for (const PlaceState& p : places_)
    if (p.lock && p.links.size() != 2)
      throw InputError("layout_mission: lock node " + std::to_string(p.node) + " has " +
                       std::to_string(p.links.size()) + " links; a lock needs exactly 2");
}

// Breadth first over links from the start, so every node but a component's first has a placed
// neighbour when its turn comes. (Placing the cycles before the trees hanging off them was
// tried and fitted fewer missions: branches then find their parents walled in.)
void Layouter::compute_order() {
  std::vector<bool> queued(places_.size(), false);
  // The start leads; other places only start a component the start does not reach.
  std::vector<int> roots;
  for (std::size_t i = 0; i < places_.size(); ++i)
    roots.push_back(static_cast<int>(i));
  std::stable_partition(roots.begin(), roots.end(),
                        [&](int pi) { return places_[static_cast<std::size_t>(pi)].start; });
  for (int root : roots) {
    if (queued[static_cast<std::size_t>(root)]) continue;
    queued[static_cast<std::size_t>(root)] = true;
    std::size_t head = order_.size();
    order_.push_back(root);
    root_.push_back(true);
    for (; head < order_.size(); ++head) {
      const int v = order_[head];
      for (int li : places_[static_cast<std::size_t>(v)].links) {
        const int o = other_end(li, v);
        if (queued[static_cast<std::size_t>(o)]) continue;
        queued[static_cast<std::size_t>(o)] = true;
        order_.push_back(o);
        root_.push_back(false);
      }
    }
  }
}

std::optional<GridLayout> Layouter::run() {
  if (places_.empty()) return GridLayout{grid_, {}, {}};
  if (static_cast<std::int64_t>(places_.size()) > grid_.bounds().area()) return std::nullopt;
  for (int attempt = 0; attempt < options_.attempts; ++attempt) {
    reset();
    if (!place_all()) continue;
    if (options_.straighten)
      for (std::size_t li = 0; li < links_.size(); ++li)
        if (links_[li].cells.size() > 2) straighten(static_cast<int>(li));
    if (options_.grow_rooms) grow_large_rooms();
    realize_sees();
    set_joins();
    return result();
  }
  return std::nullopt;
}

void Layouter::reset() {
  grid_.fill(GridCell{});
  for (PlaceState& p : places_) {
    p.cells.clear();
    p.pending = static_cast<int>(p.links.size());
  }
  for (LinkState& l : links_)
    l.cells.clear();
}

bool Layouter::place_all() {
  for (std::size_t i = 0; i < order_.size(); ++i)
    if (!place_node(order_[i], i == 0 || root_[i])) {
      return false;
    }
  return true;
}

std::uint32_t Layouter::next_stamp() {
  if (++stamp_ == 0) {  // wrapped: clear once
    std::fill(seen_.begin(), seen_.end(), 0);
    std::fill(reserved_.begin(), reserved_.end(), 0);
    stamp_ = 1;
  }
  return stamp_;
}

// A place with four or more links grows at once into a line of n = links / 2 cells (a hub):
// 2n + 2 sides leave two spare, so passages can go round it. (With one cell for four links,
// any place or passage beside it walls a link out; this alone fits many more missions.)
int Layouter::hub_extra_cells(int pi) const {
  const PlaceState& p = places_[static_cast<std::size_t>(pi)];
  if (p.lock) return 0;
  return std::max(1, static_cast<int>(p.links.size()) / 2) - 1;
}

int Layouter::free_sides(int pi) const {
  return static_cast<int>(free_neighbours(pi).size());
}

std::vector<Point> Layouter::free_neighbours(int pi) const {
  std::vector<Point> out;
  for (Point c : places_[static_cast<std::size_t>(pi)].cells)
    for (int d = 0; d < 4; ++d) {
      const Point n = step(c, d);
      if (is_free(n) && std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    }
  return out;
}

// Grid steps from c to the nearest cell beside place pi (0: c is beside it).
int Layouter::distance_to(Point c, int pi) const {
  int best = std::numeric_limits<int>::max();
  for (Point p : places_[static_cast<std::size_t>(pi)].cells)
    best = std::min(best, manhattan(c, p) - 1);
  return std::max(best, 0);
}

// The side of place pi's cell that routed link li leaves or enters by.
int Layouter::link_side(int li, int pi) const {
  const std::vector<Point>& ch = links_[static_cast<std::size_t>(li)].cells;
  if (links_[static_cast<std::size_t>(li)].from == pi) return direction_index(ch[0], ch[1]);
  return direction_index(ch[ch.size() - 1], ch[ch.size() - 2]);
}

// Sides of place pi that link li may use: a lock's two links take different sides, and in
// the strict mode opposite ones (a gate).
std::uint8_t Layouter::side_mask(int pi, int li, bool strict) const {
  const PlaceState& p = places_[static_cast<std::size_t>(pi)];
  if (!p.lock) return k_all_sides;
  const int other = p.links[0] == li ? p.links[1] : p.links[0];
  if (links_[static_cast<std::size_t>(other)].cells.empty()) return k_all_sides;
  const int s = link_side(other, pi);
  if (strict) return bit_of(opposite(s));
  return static_cast<std::uint8_t>(k_all_sides & ~bit_of(s));
}

bool Layouter::adjacent(int pa, int pb) const {
  for (Point c : places_[static_cast<std::size_t>(pa)].cells)
    for (int d = 0; d < 4; ++d) {
      const Point n = step(c, d);
      if (grid_.in_bounds(n) && owner(n) == pb) return true;
    }
  return false;
}

void Layouter::add_cell(int pi, Point c) {
  grid_[c].place = places_[static_cast<std::size_t>(pi)].node;
  places_[static_cast<std::size_t>(pi)].cells.push_back(c);
}

// ---- placement ----

bool Layouter::place_node(int v, bool first_root) {
  const std::vector<Point> candidates = collect_candidates(v, first_root);
  if (candidates.empty()) return false;
  find_anchors(v);
  std::vector<std::pair<int, Point>> scored;
  scored.reserve(candidates.size());
  for (Point c : candidates)
    scored.emplace_back(score_candidate(v, c), c);
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // First without passages that wall in a side another place still needs, then with.
  std::vector<int> routed;
  for (const bool steal : {false, true}) {
    allow_stealing_ = steal;
    for (std::size_t i = 0; i < scored.size() && i < k_tries; ++i) {
      if (try_candidate(v, scored[i].second, routed)) return true;
      undo_node(v, routed);
    }
  }
  return false;
}

// Free cells near the placed neighbours of v (breadth first through free cells, so each is
// reachable from a neighbour), or for a component's first node a cell in the middle half.
std::vector<Point> Layouter::collect_candidates(int v, bool first_root) {
  std::vector<Point> out;
  const std::uint32_t stamp = next_stamp();
  queue_.clear();
  for (int li : places_[static_cast<std::size_t>(v)].links) {
    const int o = other_end(li, v);
    if (!placed(o)) continue;
    for (Point c : places_[static_cast<std::size_t>(o)].cells) {
      const std::size_t i = grid_.index_of(c);
      if (seen_[i] == stamp) continue;
      seen_[i] = stamp;
      queue_.push_back(static_cast<int>(i));
    }
  }
  const bool anchored = !queue_.empty();
  if (!anchored) {
    const int w = grid_.width(), h = grid_.height();
    Point c{w / 2, h / 2};
    if (first_root) c = {rng_.range(w / 4, (3 * w - 1) / 4), rng_.range(h / 4, (3 * h - 1) / 4)};
    seen_[grid_.index_of(c)] = stamp;
    queue_.push_back(static_cast<int>(grid_.index_of(c)));
  }
  for (std::size_t head = 0; head < queue_.size() && out.size() < k_candidates; ++head) {
    const Point u = grid_.point_of(static_cast<std::size_t>(queue_[head]));
    if (!anchored && is_free(u)) {
      out.push_back(u);
      if (first_root) break;
    }
    for (int d = 0; d < 4; ++d) {
      const Point n = step(u, d);
      if (!grid_.in_bounds(n)) continue;
      const std::size_t i = grid_.index_of(n);
      if (seen_[i] == stamp) continue;
      // Anchored searches only pass through free cells; a new component's search crosses
      // anything to find the free cell nearest the middle.
      if (anchored && !is_free(n)) continue;
      seen_[i] = stamp;
      queue_.push_back(static_cast<int>(i));
      if (anchored && out.size() < k_candidates) out.push_back(n);
    }
  }
  return out;
}

// The placed places within k_anchor_hops links of v through unplaced places, with the number
// of links on the shortest such way: a place k links away should end up at most k steps from
// v, which bends the two arms of a cycle towards each other before the cycle closes.
void Layouter::find_anchors(int v) {
  anchors_.clear();
  hops_.assign(places_.size(), -1);
  hops_[static_cast<std::size_t>(v)] = 0;
  queue_.clear();
  queue_.push_back(v);
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const int u = queue_[head];
    const int h = hops_[static_cast<std::size_t>(u)] + 1;
    for (int li : places_[static_cast<std::size_t>(u)].links) {
      const int o = other_end(li, u);
      if (hops_[static_cast<std::size_t>(o)] >= 0) continue;
      hops_[static_cast<std::size_t>(o)] = h;
      if (placed(o))
        anchors_.emplace_back(o, h);
      else if (h < k_anchor_hops)
        queue_.push_back(o);
    }
  }
}

// Lower is better: beside the placed link neighbours (for a lock with one link routed, the
// cell across from it), within reach of the anchors, near the seen/seeing places, and not
// taking the last free sides that this node or a neighbour still needs. Ties are
// broken at random.
int Layouter::score_candidate(int v, Point c) {
  const PlaceState& p = places_[static_cast<std::size_t>(v)];
  int score = 0;
  int unplaced_links = 0;
  for (int li : p.links) {
    const int o = other_end(li, v);
    if (!placed(o)) {
      ++unplaced_links;
      continue;
    }
    const PlaceState& q = places_[static_cast<std::size_t>(o)];
    int d = distance_to(c, o);
    if (q.lock) {
      const int other = q.links[0] == li ? q.links[1] : q.links[0];
      if (!links_[static_cast<std::size_t>(other)].cells.empty())
        d = manhattan(c, step(q.cells[0], opposite(link_side(other, o))));
    }
    score += 8 * d;
  }
  for (const auto& [o, hops] : anchors_)
    if (hops > 1) score += k_anchor_weight * std::max(0, distance_to(c, o) + 1 - hops);
  for (int o : p.partners)
    if (placed(o)) score += 2 * distance_to(c, o);
  int free_around = 0;
  for (int d = 0; d < 4; ++d) {
    const Point n = step(c, d);
    if (!grid_.in_bounds(n)) continue;
    if (is_free(n)) {
      ++free_around;
      continue;
    }
    const int o = owner(n);
    if (o < 0 || o == v) continue;
    bool linked = false;
    for (int li : p.links)
      linked = linked || other_end(li, v) == o;
    const PlaceState& q = places_[static_cast<std::size_t>(o)];
    if (!linked && q.pending > 0 && free_sides(o) <= q.pending) score += k_blocking;
  }
  const int sides = free_around + 2 * hub_extra_cells(v);  // each extra cell adds two sides
  if (unplaced_links > sides) score += k_blocking * (unplaced_links - sides);
  return score * 4 + static_cast<int>(rng_.below(4));
}

bool Layouter::try_candidate(int v, Point c, std::vector<int>& routed) {
  routed.clear();
  add_cell(v, c);
  PlaceState& p = places_[static_cast<std::size_t>(v)];
  for (int i = 0, extra = hub_extra_cells(v); i < extra; ++i) {
    std::vector<Point> options = free_neighbours(v);
    if (options.empty()) return false;
    add_cell(v, rng_.pick(options));
  }
  for (int li : p.links) {
    const int o = other_end(li, v);
    if (!placed(o) || !links_[static_cast<std::size_t>(li)].cells.empty()) continue;
    if (!route_link(li)) return false;
    routed.push_back(li);
  }
  return true;
}

void Layouter::undo_node(int v, const std::vector<int>& routed) {
  for (int li : routed)
    uncommit(li);
  PlaceState& p = places_[static_cast<std::size_t>(v)];
  for (Point c : p.cells)
    grid_[c].place = -1;
  p.cells.clear();
}

// ---- routing ----

bool Layouter::route_link(int li) {
  const LinkState& l = links_[static_cast<std::size_t>(li)];
  const bool strict_differs = side_mask(l.from, li, true) != side_mask(l.from, li, false) ||
                              side_mask(l.to, li, true) != side_mask(l.to, li, false);
  // A gate (a lock's links on opposite sides) is worth a short detour, not a long one.
  std::vector<Point> chain = find_route(li, true, true);
  if (strict_differs) {
    std::vector<Point> relaxed = find_route(li, false, true);
    if (!relaxed.empty() && (chain.empty() || chain.size() > relaxed.size() + k_gate_detour))
      chain = std::move(relaxed);
  }
  if (chain.empty() && allow_stealing_) chain = find_route(li, false, false);
  if (chain.empty()) return false;
  commit(li, std::move(chain));
  return true;
}

// Marks the free cells that are the last free sides of places still waiting for links
// (other than a and b), so passages avoid walling them in.
void Layouter::mark_reserved(int a, int b) {
  for (std::size_t pi = 0; pi < places_.size(); ++pi) {
    const PlaceState& p = places_[pi];
    if (p.pending == 0 || p.cells.empty() || static_cast<int>(pi) == a || static_cast<int>(pi) == b)
      continue;
    const std::vector<Point> sides = free_neighbours(static_cast<int>(pi));
    if (static_cast<int>(sides.size()) > p.pending) continue;
    for (Point s : sides)
      reserved_[grid_.index_of(s)] = stamp_;
  }
}

// Shortest chain from a cell of the link's `from` place to a cell of its `to` place through
// free cells, in breadth-first order with the four directions shuffled once per search.
std::vector<Point> Layouter::find_route(int li, bool strict, bool protect) {
  const LinkState& l = links_[static_cast<std::size_t>(li)];
  const int a = l.from, b = l.to;
  const std::uint8_t mask_a = side_mask(a, li, strict), mask_b = side_mask(b, li, strict);
  const std::uint32_t stamp = next_stamp();
  if (protect) mark_reserved(a, b);
  std::array<int, 4> dirs{0, 1, 2, 3};
  rng_.shuffle(std::span<int>(dirs));
  const auto passable = [&](Point n) {
    const std::size_t i = grid_.index_of(n);
    return !grid_[i].used() && seen_[i] != stamp && !(protect && reserved_[i] == stamp);
  };
  const auto chain_to = [&](Point last, Point end) {
    std::vector<Point> chain{end, last};
    int i = parent_[grid_.index_of(last)];
    for (;;) {
      const Point p = grid_.point_of(static_cast<std::size_t>(i));
      chain.push_back(p);
      if (owner(p) == a) break;
      i = parent_[static_cast<std::size_t>(i)];
    }
    std::reverse(chain.begin(), chain.end());
    return chain;
  };
  queue_.clear();
  for (Point c : places_[static_cast<std::size_t>(a)].cells)
    for (int d : dirs) {
      if (!(mask_a & bit_of(d)) || (grid_[c].exits & bit_of(d))) continue;
      const Point n = step(c, d);
      if (!grid_.in_bounds(n)) continue;
      if (owner(n) == b) {
        if (mask_b & bit_of(opposite(d))) return {c, n};
        continue;
      }
      if (!passable(n)) continue;
      const std::size_t i = grid_.index_of(n);
      seen_[i] = stamp;
      parent_[i] = static_cast<int>(grid_.index_of(c));
      queue_.push_back(static_cast<int>(i));
    }
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const Point u = grid_.point_of(static_cast<std::size_t>(queue_[head]));
    for (int d : dirs) {
      const Point n = step(u, d);
      if (!grid_.in_bounds(n)) continue;
      if (owner(n) == b) {
        if (mask_b & bit_of(opposite(d))) return chain_to(u, n);
        continue;
      }
      if (!passable(n)) continue;
      const std::size_t i = grid_.index_of(n);
      seen_[i] = stamp;
      parent_[i] = queue_[head];
      queue_.push_back(static_cast<int>(i));
    }
  }
  return {};
}

void Layouter::commit(int li, std::vector<Point> chain) {
  LinkState& l = links_[static_cast<std::size_t>(li)];
  for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
    const int d = direction_index(chain[i], chain[i + 1]);
    grid_[chain[i]].exits |= bit_of(d);
    grid_[chain[i + 1]].exits |= bit_of(opposite(d));
  }
  for (std::size_t i = 1; i + 1 < chain.size(); ++i)
    grid_[chain[i]].link = l.edge;
  l.cells = std::move(chain);
  --places_[static_cast<std::size_t>(l.from)].pending;
  --places_[static_cast<std::size_t>(l.to)].pending;
}

void Layouter::uncommit(int li) {
  LinkState& l = links_[static_cast<std::size_t>(li)];
  const std::vector<Point>& chain = l.cells;
  for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
    const int d = direction_index(chain[i], chain[i + 1]);
    grid_[chain[i]].exits &= static_cast<std::uint8_t>(~bit_of(d));
    grid_[chain[i + 1]].exits &= static_cast<std::uint8_t>(~bit_of(opposite(d)));
  }
  for (std::size_t i = 1; i + 1 < chain.size(); ++i) {
    grid_[chain[i]].link = -1;
    grid_[chain[i]].exits = 0;
  }
  l.cells.clear();
  ++places_[static_cast<std::size_t>(l.from)].pending;
  ++places_[static_cast<std::size_t>(l.to)].pending;
}

// ---- space-level transformations ----

// Re-routes a passage with the fewest turns among the shortest chains (Dijkstra over cell and
// heading); its old chain stays available, so a link never gets longer or bendier. A lock end
// keeps a gate (opposite sides) when it had one.
void Layouter::straighten(int li) {
  const LinkState& l = links_[static_cast<std::size_t>(li)];
  const int a = l.from, b = l.to;
  const std::vector<Point> old = l.cells;
  std::int64_t old_cost = k_step_cost * static_cast<std::int64_t>(old.size() - 1);
  for (std::size_t i = 1; i + 1 < old.size(); ++i)
    if (direction_index(old[i - 1], old[i]) != direction_index(old[i], old[i + 1])) ++old_cost;
  const auto keep_mask = [&](int pi) {
    const std::uint8_t strict = side_mask(pi, li, true);
    return strict != k_all_sides && (strict & bit_of(link_side(li, pi))) ? strict
                                                                         : side_mask(pi, li, false);
  };
  const std::uint8_t mask_a = keep_mask(a), mask_b = keep_mask(b);
  uncommit(li);

  const std::uint32_t stamp = next_stamp();
  heap_.clear();
  const auto greater = [](const auto& x, const auto& y) { return x.first > y.first; };
  const auto relax = [&](int state, std::int64_t cost, int parent) {
    const auto s = static_cast<std::size_t>(state);
    if (seen_[s] == stamp && cost_[s] <= cost) return;
    seen_[s] = stamp;
    cost_[s] = cost;
    parent_[s] = parent;
    heap_.emplace_back(cost, state);
    std::push_heap(heap_.begin(), heap_.end(), greater);
  };
  std::int64_t best = old_cost + 1;
  int best_state = -1;  // the last passage state; -2 - cell index for a direct step
  Point best_end{};
  for (Point c : places_[static_cast<std::size_t>(a)].cells)
    for (int d = 0; d < 4; ++d) {
      if (!(mask_a & bit_of(d)) || (grid_[c].exits & bit_of(d))) continue;
      const Point n = step(c, d);
      if (!grid_.in_bounds(n)) continue;
      if (owner(n) == b) {
        if ((mask_b & bit_of(opposite(d))) && k_step_cost < best) {
          best = k_step_cost;
          best_state = -2 - static_cast<int>(grid_.index_of(c));
          best_end = n;
        }
        continue;
      }
      if (is_free(n) && k_step_cost < best)
        relax(static_cast<int>(grid_.index_of(n)) * 4 + d, k_step_cost,
              -2 - static_cast<int>(grid_.index_of(c)));
    }
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), greater);
    const auto [cost, state] = heap_.back();
    heap_.pop_back();
    if (cost >= best) break;
    if (cost_[static_cast<std::size_t>(state)] != cost) continue;
    const Point u = grid_.point_of(static_cast<std::size_t>(state / 4));
    const int heading = state % 4;
    for (int d = 0; d < 4; ++d) {
      const Point n = step(u, d);
      if (!grid_.in_bounds(n)) continue;
      const std::int64_t next = cost + k_step_cost + (d != heading ? 1 : 0);
      if (next >= best) continue;
      if (owner(n) == b) {
        if (mask_b & bit_of(opposite(d))) {
          best = next;
          best_state = state;
          best_end = n;
        }
        continue;
      }
      if (is_free(n)) relax(static_cast<int>(grid_.index_of(n)) * 4 + d, next, state);
    }
  }
  if (best_state == -1) {  // nothing better: the old chain is still free
    commit(li, old);
    return;
  }
  std::vector<Point> chain{best_end};
  int s = best_state;
  while (s >= 0) {
    chain.push_back(grid_.point_of(static_cast<std::size_t>(s / 4)));
    s = parent_[static_cast<std::size_t>(s)];
  }
  chain.push_back(grid_.point_of(static_cast<std::size_t>(-2 - s)));
  std::reverse(chain.begin(), chain.end());
  commit(li, std::move(chain));
}

// Large rooms take one or two free neighbour cells, preferring cells beside places they see
// or are seen from.
void Layouter::grow_large_rooms() {
  for (std::size_t pi = 0; pi < places_.size(); ++pi) {
    const PlaceState& p = places_[pi];
    if (!p.large || p.lock) continue;
    const int extra = 1 + static_cast<int>(rng_.below(2));
    for (int i = 0; i < extra; ++i) {
      std::vector<Point> options = free_neighbours(static_cast<int>(pi));
      if (options.empty()) break;
      std::vector<Point> preferred;
      for (Point c : options)
        for (int o : p.partners)
          if (distance_to(c, o) == 0 && !adjacent(static_cast<int>(pi), o)) preferred.push_back(c);
      add_cell(static_cast<int>(pi), rng_.pick(preferred.empty() ? options : preferred));
    }
  }
}

// For each `sees` edge: when the two places are not neighbours, a free cell beside both joins
// the viewer (a balcony; the seen place when the viewer is a lock); then a window goes on a
// side of the seen place.
void Layouter::realize_sees() {
  for (const SeesEdge& s : sees_) {
    if (!adjacent(s.viewer, s.seen)) {
      const int taker = !places_[static_cast<std::size_t>(s.viewer)].lock ? s.viewer
                        : !places_[static_cast<std::size_t>(s.seen)].lock ? s.seen
                                                                          : -1;
      if (taker >= 0) {
        const int other = taker == s.viewer ? s.seen : s.viewer;
        std::vector<Point> both;
        for (Point c : free_neighbours(taker))
          if (distance_to(c, other) == 0) both.push_back(c);
        if (!both.empty()) add_cell(taker, rng_.pick(both));
      }
    }
    if (!adjacent(s.viewer, s.seen)) grow_lookout(s);
    place_window(s);
  }
}

// When the seen place has no used neighbour cell to put a window towards, a place linked to
// the viewer (not a lock) takes a free cell beside the seen place: a lookout one room away.
void Layouter::grow_lookout(const SeesEdge& s) {
  const PlaceState& seen = places_[static_cast<std::size_t>(s.seen)];
  for (Point c : seen.cells)
    for (int d = 0; d < 4; ++d) {
      const Point x = step(c, d);
      if (grid_.in_bounds(x) && grid_[x].used() && owner(x) != s.seen &&
          !(grid_[c].exits & bit_of(d)))
        return;  // a window can go there
    }
  for (Point f : free_neighbours(s.seen))
    for (int d = 0; d < 4; ++d) {
      const Point x = step(f, d);
      if (!grid_.in_bounds(x)) continue;
      const int o = owner(x);
      if (o < 0 || o == s.seen || places_[static_cast<std::size_t>(o)].lock) continue;
      for (int li : places_[static_cast<std::size_t>(s.viewer)].links)
        if (other_end(li, s.viewer) == o) {
          add_cell(o, f);
          return;
        }
    }
}

// The window goes on a side of the seen place that is not an opening, towards (best first):
// the viewer's own cell; a passage of one of the viewer's links or a place linked to the
// viewer; else the used cell nearest the viewer. Lock cells are a last resort (gates keep
// their two sides for the gate). When every side of the seen place is an opening, a border
// or free, the edge gets no window.
void Layouter::place_window(const SeesEdge& s) {
  const PlaceState& viewer = places_[static_cast<std::size_t>(s.viewer)];
  const Point home = viewer.cells[0];
  const auto near_viewer = [&](Point x) {
    const int o = owner(x);
    if (o == s.viewer) return 0;
    if (o >= 0) {
      for (int li : viewer.links)
        if (other_end(li, s.viewer) == o) return 1;
    } else {
      const int li = link_of_edge_[static_cast<std::size_t>(grid_[x].link)];
      if (links_[static_cast<std::size_t>(li)].from == s.viewer ||
          links_[static_cast<std::size_t>(li)].to == s.viewer)
        return 1;
    }
    return 2 + manhattan(x, home);
  };
  int best = std::numeric_limits<int>::max();
  Point best_cell{}, best_other{};
  for (Point c : places_[static_cast<std::size_t>(s.seen)].cells)
    for (int d = 0; d < 4; ++d) {
      const Point x = step(c, d);
      if (!grid_.in_bounds(x) || !grid_[x].used() || owner(x) == s.seen) continue;
      if (grid_[c].exits & bit_of(d)) continue;
      const int o = owner(x);
      const int rank =
          near_viewer(x) + (o >= 0 && places_[static_cast<std::size_t>(o)].lock ? 1'000'000 : 0);
      if (rank < best) {
        best = rank;
        best_cell = c;
        best_other = x;
      }
    }
  if (best == std::numeric_limits<int>::max()) return;
  const int d = direction_index(best_cell, best_other);
  grid_[best_cell].windows |= bit_of(d);
  grid_[best_other].windows |= bit_of(opposite(d));
}

void Layouter::set_joins() {
  for (const PlaceState& p : places_)
    for (Point c : p.cells)
      for (int d = 0; d < 4; ++d) {
        const Point n = step(c, d);
        if (grid_.in_bounds(n) && grid_[n].place == p.node) grid_[c].joins |= bit_of(d);
      }
}

GridLayout Layouter::result() const {
  GridLayout out{grid_, {}, {}};
  out.places.reserve(places_.size());
  for (const PlaceState& p : places_)
    out.places.emplace_back(p.node, p.cells);
  out.links.reserve(links_.size());
  for (const LinkState& l : links_)
    out.links.push_back({l.edge, l.cells});
  return out;
}

}  // namespace

std::uint8_t direction_bit(Point a, Point b) {
  const int d = direction_index(a, b);
  if (d < 0)
    throw InputError("direction_bit: " + point_text(a) + " and " + point_text(b) +
                     " are not orthogonal neighbours");
  return bit_of(d);
}

const std::vector<Point>* GridLayout::cells_of(int node) const {
  const auto it = std::lower_bound(places.begin(), places.end(), node,
                                   [](const auto& entry, int id) { return entry.first < id; });
  return it != places.end() && it->first == node ? &it->second : nullptr;
}

std::optional<GridLayout> layout_mission(const MissionGraph& graph, Size grid_size, Rng& rng,
                                         const LayoutOptions& options) {
  return Layouter(graph, grid_size, rng, options).run();
}

}  // namespace yendor::cyclic
