#include "yendor/gen/cyclic/graph_grammar.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <span>
#include <utility>

namespace yendor::cyclic {

const Recipe* Grammar::find_recipe(std::string_view name) const {
  for (const Recipe& r : recipes)
    if (r.name == name) return &r;
  return nullptr;
}

const Rule* Grammar::find_rule(std::string_view name) const {
  for (const Rule& r : rules)
    if (r.name == name) return &r;
  return nullptr;
}

std::vector<std::string> Grammar::rule_sets() const {
  std::vector<std::string> out;
  for (const Rule& r : rules)
    out.insert(out.end(), r.sets.begin(), r.sets.end());
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

namespace {

std::string location_prefix(const SourceLocation& loc) {
  if (loc.file.empty()) return "";
  return loc.file + ":" + std::to_string(loc.line) + ": ";
}

std::string rule_prefix(const Rule& rule) {
  return location_prefix(rule.location) + "rule '" + rule.name + "': ";
}

[[noreturn]] void rule_error(const Rule& rule, const std::string& msg) {
  throw GrammarError(rule_prefix(rule) + msg);
}

// A uniform integer in [lo, hi] over the whole int64 range, exact (rejection
// sampling).
std::int64_t draw_int(Rng& rng, std::int64_t lo, std::int64_t hi) {
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  std::uint64_t offset = 0;
  if (span < 0xffffffffULL) {
    offset = rng.below(static_cast<std::uint32_t>(span + 1));
  } else if (span == std::numeric_limits<std::uint64_t>::max()) {
    offset = rng.next_u64();
  } else {
    const std::uint64_t n = span + 1;
    const std::uint64_t reject_from =
        std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % n;
    do {
      offset = rng.next_u64();
    } while (offset >= reject_from);
    offset %= n;
  }
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + offset);
}

// What find_matches needs to know about a graph, built in O(nodes + edges):
// node positions by id, adjacency in compressed rows (edge positions per node
// position), node positions grouped by kind. run_recipe keeps one and rebuilds
// it in place after each application.
class GraphIndex {
 public:
  void build(const MissionGraph& graph) {
    graph_ = &graph;
    const auto& nodes = graph.nodes();
    const auto& edges = graph.edges();
    const int n = static_cast<int>(nodes.size());
    pos_of_id_.assign(static_cast<std::size_t>(graph.next_node_id()), -1);
    kinds_.resize(nodes.size());
    for (int p = 0; p < n; ++p) {
      pos_of_id_[static_cast<std::size_t>(nodes[static_cast<std::size_t>(p)].id)] = p;
      kinds_[static_cast<std::size_t>(p)] = kind_of(nodes[static_cast<std::size_t>(p)].attrs);
    }
    fill_rows(edges, true, out_start_, out_edges_);
    fill_rows(edges, false, in_start_, in_edges_);
    by_kind_.resize(nodes.size());
    for (int p = 0; p < n; ++p)
      by_kind_[static_cast<std::size_t>(p)] = p;
    std::sort(by_kind_.begin(), by_kind_.end(), [this](int a, int b) {
      const std::string_view ka = kinds_[static_cast<std::size_t>(a)];
      const std::string_view kb = kinds_[static_cast<std::size_t>(b)];
      return ka != kb ? ka < kb : a < b;
    });
  }

  const MissionGraph& graph() const { return *graph_; }
  int node_count() const { return static_cast<int>(kinds_.size()); }
  int edge_count() const { return static_cast<int>(graph_->edges().size()); }
  const MissionNode& node(int pos) const { return graph_->nodes()[static_cast<std::size_t>(pos)]; }
  const MissionEdge& edge(int pos) const { return graph_->edges()[static_cast<std::size_t>(pos)]; }
  int pos_of(int node_id) const { return pos_of_id_[static_cast<std::size_t>(node_id)]; }

  // Node positions of a kind, in id order.
  std::span<const int> of_kind(std::string_view kind) const {
    const auto [lo, hi] = std::equal_range(by_kind_.begin(), by_kind_.end(), kind, Less{&kinds_});
    return {lo, hi};
  }
  std::span<const int> out(int pos) const { return row(out_start_, out_edges_, pos); }
  std::span<const int> in(int pos) const { return row(in_start_, in_edges_, pos); }

 private:
  struct Less {
    const std::vector<std::string_view>* kinds;
    bool operator()(int p, std::string_view k) const {
      return (*kinds)[static_cast<std::size_t>(p)] < k;
    }
    bool operator()(std::string_view k, int p) const {
      return k < (*kinds)[static_cast<std::size_t>(p)];
    }
  };

  void fill_rows(const std::vector<MissionEdge>& edges, bool outgoing, std::vector<int>& start,
                 std::vector<int>& items) const {
    start.assign(kinds_.size() + 1, 0);
    for (const MissionEdge& e : edges)
      ++start[static_cast<std::size_t>(end_pos(e, outgoing)) + 1];
    for (std::size_t i = 1; i < start.size(); ++i)
      start[i] += start[i - 1];
    items.resize(edges.size());
    std::vector<int>& cursor = cursor_;
    cursor.assign(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < edges.size(); ++i)
      items[static_cast<std::size_t>(
          cursor[static_cast<std::size_t>(end_pos(edges[i], outgoing))]++)] = static_cast<int>(i);
  }
  int end_pos(const MissionEdge& e, bool outgoing) const {
    return pos_of(outgoing ? e.from : e.to);
  }
  static std::span<const int> row(const std::vector<int>& start, const std::vector<int>& items,
                                  int pos) {
    const auto b = static_cast<std::size_t>(start[static_cast<std::size_t>(pos)]);
    const auto e = static_cast<std::size_t>(start[static_cast<std::size_t>(pos) + 1]);
    return std::span<const int>(items).subspan(b, e - b);
  }

  const MissionGraph* graph_ = nullptr;
  std::vector<int> pos_of_id_;
  std::vector<std::string_view> kinds_;
  std::vector<int> by_kind_;
  std::vector<int> out_start_, out_edges_, in_start_, in_edges_;
  mutable std::vector<int> cursor_;
};

std::int64_t count_kind(const MissionGraph& graph, const GraphIndex* index, std::string_view kind) {
  if (index != nullptr) return static_cast<std::int64_t>(index->of_kind(kind).size());
  std::int64_t n = 0;
  for (const MissionNode& node : graph.nodes())
    if (kind_of(node.attrs) == kind) ++n;
  return n;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// What rule expressions read: the variables, count.KIND, the matched nodes and
// edges (by graph id, one per lhs entry; -1 for absent edges) and, where
// allowed, the RNG.
class MatchScope final : public ExprScope {
 public:
  MatchScope(const MissionGraph& graph, const Rule* rule, std::span<const int> nodes,
             std::span<const int> edges, const ParamSet& vars, const GraphIndex* index, Rng* rng)
      : graph_(graph),
        rule_(rule),
        nodes_(nodes),
        edges_(edges),
        vars_(vars),
        index_(index),
        rng_(rng) {}

  std::optional<ParamValue> lookup(std::string_view object, std::string_view attr) const override {
    if (object.empty()) {
      const ParamValue* v = vars_.find(attr);
      if (v == nullptr) return std::nullopt;
      return *v;
    }
    if (object == "count") return count_kind(graph_, index_, attr);
    if (rule_ == nullptr)
      throw ExprError("'" + std::string(object) + "." + std::string(attr) +
                      "': only variables, count.KIND and rand() can be read here");
    int number = 0;
    const auto [ptr, ec] = std::from_chars(object.data(), object.data() + object.size(), number);
    if (all_digits(object) && ec == std::errc{}) return node_attr(number, attr);
    return edge_attr(object, attr);
  }

  std::int64_t random_int(std::int64_t lo, std::int64_t hi) const override {
    if (rng_ == nullptr)
      throw ExprError("rand() can be used only on the right-hand side and in recipe steps");
    return draw_int(*rng_, lo, hi);
  }

 private:
  std::optional<ParamValue> node_attr(int number, std::string_view attr) const {
    for (std::size_t i = 0; i < rule_->lhs_nodes.size(); ++i) {
      if (rule_->lhs_nodes[i].number != number) continue;
      if (attr == "id") return std::int64_t{nodes_[i]};
      const ParamValue* v = graph_.find_node(nodes_[i])->attrs.find(attr);
      if (v == nullptr) return std::nullopt;
      return *v;
    }
    throw ExprError("node " + std::to_string(number) + " is not on the rule's left-hand side");
  }

  std::optional<ParamValue> edge_attr(std::string_view object, std::string_view attr) const {
    for (std::size_t i = 0; i < rule_->lhs_edges.size(); ++i) {
      if (rule_->lhs_edges[i].alias != object) continue;
      if (rule_->lhs_edges[i].absent || edges_[i] < 0)
        throw ExprError("edge '" + std::string(object) +
                        "' is an absent edge: it has no attributes");
      if (attr == "id") return std::int64_t{edges_[i]};
      const ParamValue* v = graph_.find_edge(edges_[i])->attrs.find(attr);
      if (v == nullptr) return std::nullopt;
      return *v;
    }
    throw ExprError("the rule has no node or edge named '" + std::string(object) + "'");
  }

  const MissionGraph& graph_;
  const Rule* rule_;
  std::span<const int> nodes_;
  std::span<const int> edges_;
  const ParamSet& vars_;
  const GraphIndex* index_;
  Rng* rng_;
};

bool test_holds(const AttrTest& test, const ParamSet& attrs) {
  const ParamValue* v = attrs.find(test.attr);
  switch (test.op) {
    case AttrTest::Op::present:
      return v != nullptr;
    case AttrTest::Op::absent:
      return v == nullptr;
    case AttrTest::Op::equals:
      return v != nullptr && !test.values.empty() && values_equal(*v, test.values.front());
    case AttrTest::Op::not_equals:
      return v == nullptr || test.values.empty() || !values_equal(*v, test.values.front());
    case AttrTest::Op::one_of:
      return v != nullptr && std::any_of(test.values.begin(), test.values.end(),
                                         [v](const ParamValue& x) { return values_equal(*v, x); });
  }
  return false;
}

bool tests_hold(const std::vector<AttrTest>& tests, const ParamSet& attrs) {
  return std::all_of(tests.begin(), tests.end(),
                     [&attrs](const AttrTest& t) { return test_holds(t, attrs); });
}

// The kinds a pattern node can have, when its tests pin them (kind == "x" or
// kind in [...]).
const AttrTest* kind_test(const PatternNode& node) {
  for (const AttrTest& t : node.tests) {
    if (t.attr != "kind") continue;
    if (t.op != AttrTest::Op::equals && t.op != AttrTest::Op::one_of) continue;
    if (std::all_of(t.values.begin(), t.values.end(),
                    [](const ParamValue& v) { return std::holds_alternative<std::string>(v); }))
      return &t;
  }
  return nullptr;
}

// Backtracking subgraph matcher for one rule. The plan places the pattern nodes
// one by one: a node joined to an already placed node by a pattern edge is
// reached through that node's adjacency (extend), otherwise drawn from its
// kind's nodes (seed), most constrained first; pattern edges between placed
// nodes and negative edges are checked as soon as both ends are placed, so dead
// branches are cut early.
// One step of a matcher's plan.
struct PlanStep {
  enum class Type { seed, extend, edge, negative };
  Type type = Type::seed;
  int node = -1;                // lhs node index placed by seed / extend
  int edge = -1;                // lhs edge index
  bool anchor_is_from = false;  // extend: the placed end is the pattern edge's `from`
};

// A matcher's working space, kept across calls by run_recipe (no allocation once warm).
struct MatchBuffers {
  std::vector<PlanStep> plan;
  std::vector<int> from, to;  // lhs node index of each lhs edge's ends
  std::vector<int> node_pos, edge_pos;
  std::vector<char> used_node, used_edge;
  std::vector<int> node_ids, edge_ids;
  std::vector<int> all_positions;
  std::vector<std::size_t> sizes;
  std::vector<char> placed, handled;
};

class Matcher {
 public:
  Matcher(const GraphIndex& index, const Rule& rule, const ParamSet& vars, std::size_t limit,
          std::vector<Match>& out, MatchBuffers& buffers)
      : index_(index),
        rule_(rule),
        vars_(vars),
        limit_(limit),
        out_(out),
        plan_(buffers.plan),
        from_(buffers.from),
        to_(buffers.to),
        node_pos_(buffers.node_pos),
        edge_pos_(buffers.edge_pos),
        used_node_(buffers.used_node),
        used_edge_(buffers.used_edge),
        node_ids_(buffers.node_ids),
        edge_ids_(buffers.edge_ids),
        all_positions_(buffers.all_positions),
        sizes_(buffers.sizes),
        placed_(buffers.placed),
        handled_(buffers.handled) {}

  void run() {
    if (limit_ == 0) return;
    make_plan();
    const std::size_t first = out_.size();
    node_pos_.assign(rule_.lhs_nodes.size(), -1);
    edge_pos_.assign(rule_.lhs_edges.size(), -1);
    used_node_.assign(static_cast<std::size_t>(index_.node_count()), 0);
    used_edge_.assign(static_cast<std::size_t>(index_.edge_count()), 0);
    node_ids_.resize(rule_.lhs_nodes.size());
    edge_ids_.resize(rule_.lhs_edges.size());
    search(0);
    std::sort(out_.begin() + static_cast<std::ptrdiff_t>(first), out_.end(),
              [](const Match& a, const Match& b) {
                return std::tie(a.nodes, a.edges) < std::tie(b.nodes, b.edges);
              });
  }

 private:
  using Step = PlanStep;

  int lhs_index(int number) const {
    for (std::size_t i = 0; i < rule_.lhs_nodes.size(); ++i)
      if (rule_.lhs_nodes[i].number == number) return static_cast<int>(i);
    return -1;
  }

  std::size_t estimate(int node) const {
    const AttrTest* t = kind_test(rule_.lhs_nodes[static_cast<std::size_t>(node)]);
    if (t == nullptr) return static_cast<std::size_t>(index_.node_count());
    std::size_t n = 0;
    for (const ParamValue& v : t->values)
      n += index_.of_kind(std::get<std::string>(v)).size();
    return n;
  }

  void make_plan() {
    const std::size_t n = rule_.lhs_nodes.size();
    const std::size_t m = rule_.lhs_edges.size();
    for (std::size_t i = 0; i < n; ++i)
      if (lhs_index(rule_.lhs_nodes[i].number) != static_cast<int>(i))
        rule_error(rule_, "left-hand node number " + std::to_string(rule_.lhs_nodes[i].number) +
                              " is used twice");
    from_.resize(m);
    to_.resize(m);
    for (std::size_t e = 0; e < m; ++e) {
      from_[e] = lhs_index(rule_.lhs_edges[e].from);
      to_[e] = lhs_index(rule_.lhs_edges[e].to);
      if (from_[e] < 0 || to_[e] < 0)
        rule_error(rule_, "a left-hand edge names node " +
                              std::to_string(from_[e] < 0 ? rule_.lhs_edges[e].from
                                                          : rule_.lhs_edges[e].to) +
                              ", which the left-hand side does not have");
    }
    std::vector<std::size_t>& sizes = sizes_;
    sizes.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i)
      sizes[i] = estimate(static_cast<int>(i));
    std::vector<char>& placed = placed_;
    std::vector<char>& handled = handled_;
    placed.assign(n, 0);
    handled.assign(m, 0);
    plan_.clear();
    for (std::size_t round = 0; round < n; ++round) {
      int best = -1;
      int best_links = -1;
      for (std::size_t i = 0; i < n; ++i) {
        if (placed[i]) continue;
        int links = 0;
        for (std::size_t e = 0; e < m; ++e) {
          if (rule_.lhs_edges[e].absent || from_[e] == to_[e]) continue;
          const bool joins =
              (from_[e] == static_cast<int>(i) && placed[static_cast<std::size_t>(to_[e])]) ||
              (to_[e] == static_cast<int>(i) && placed[static_cast<std::size_t>(from_[e])]);
          links += joins ? 1 : 0;
        }
        // Joined to a placed node first (by most joins), then the fewest candidates.
        bool better = false;
        if (best < 0) {
          better = true;
        } else if ((links > 0) != (best_links > 0)) {
          better = links > 0;
        } else if (links != best_links) {
          better = links > best_links;
        } else {
          better = sizes[i] < sizes[static_cast<std::size_t>(best)];
        }
        if (better) {
          best = static_cast<int>(i);
          best_links = links;
        }
      }
      Step step;
      step.node = best;
      if (best_links > 0) {
        for (std::size_t e = 0; e < m && step.edge < 0; ++e) {
          if (rule_.lhs_edges[e].absent || from_[e] == to_[e]) continue;
          if (from_[e] == best && placed[static_cast<std::size_t>(to_[e])]) {
            step.edge = static_cast<int>(e);
            step.anchor_is_from = false;
          } else if (to_[e] == best && placed[static_cast<std::size_t>(from_[e])]) {
            step.edge = static_cast<int>(e);
            step.anchor_is_from = true;
          }
        }
        step.type = Step::Type::extend;
        handled[static_cast<std::size_t>(step.edge)] = 1;
      }
      plan_.push_back(step);
      placed[static_cast<std::size_t>(best)] = 1;
      for (std::size_t e = 0; e < m; ++e) {
        if (handled[e] || !placed[static_cast<std::size_t>(from_[e])] ||
            !placed[static_cast<std::size_t>(to_[e])])
          continue;
        handled[e] = 1;
        Step check;
        check.type = rule_.lhs_edges[e].absent ? Step::Type::negative : Step::Type::edge;
        check.edge = static_cast<int>(e);
        plan_.push_back(check);
      }
    }
  }

  bool full() const { return out_.size() >= limit_; }

  bool node_fits(int node, int pos) const {
    return !used_node_[static_cast<std::size_t>(pos)] &&
           tests_hold(rule_.lhs_nodes[static_cast<std::size_t>(node)].tests,
                      index_.node(pos).attrs);
  }
  bool edge_fits(int edge, int pos) const {
    return tests_hold(rule_.lhs_edges[static_cast<std::size_t>(edge)].tests,
                      index_.edge(pos).attrs);
  }

  void place_node(int node, int pos) {
    node_pos_[static_cast<std::size_t>(node)] = pos;
    used_node_[static_cast<std::size_t>(pos)] = 1;
  }
  void unplace_node(int node) {
    used_node_[static_cast<std::size_t>(node_pos_[static_cast<std::size_t>(node)])] = 0;
    node_pos_[static_cast<std::size_t>(node)] = -1;
  }

  void seed(std::size_t step_index, int node, std::span<const int> positions) {
    for (int pos : positions) {
      if (full()) return;
      if (!node_fits(node, pos)) continue;
      place_node(node, pos);
      search(step_index + 1);
      unplace_node(node);
    }
  }

  // Edges at `anchor` in one direction (outgoing: anchor is the graph edge's
  // from).
  void extend(std::size_t step_index, const Step& step, int anchor, bool outgoing) {
    for (int g : outgoing ? index_.out(anchor) : index_.in(anchor)) {
      if (full()) return;
      if (used_edge_[static_cast<std::size_t>(g)] || !edge_fits(step.edge, g)) continue;
      const MissionEdge& edge = index_.edge(g);
      const int other = index_.pos_of(outgoing ? edge.to : edge.from);
      if (!node_fits(step.node, other)) continue;
      place_node(step.node, other);
      edge_pos_[static_cast<std::size_t>(step.edge)] = g;
      used_edge_[static_cast<std::size_t>(g)] = 1;
      search(step_index + 1);
      used_edge_[static_cast<std::size_t>(g)] = 0;
      edge_pos_[static_cast<std::size_t>(step.edge)] = -1;
      unplace_node(step.node);
    }
  }

  // Graph edges a -> b passing the pattern edge's tests (and unused, unless
  // `any_use`).
  template <typename F>
  void each_edge_between(int edge, int a, int b, F&& f) const {
    for (int g : index_.out(a))
      if (index_.pos_of(index_.edge(g).to) == b && edge_fits(edge, g)) f(g);
  }

  void search(std::size_t step_index) {
    if (full()) return;
    if (step_index == plan_.size()) {
      accept();
      return;
    }
    const Step& step = plan_[step_index];
    switch (step.type) {
      case Step::Type::seed: {
        const AttrTest* t = kind_test(rule_.lhs_nodes[static_cast<std::size_t>(step.node)]);
        if (t == nullptr) {
          all_positions_.resize(static_cast<std::size_t>(index_.node_count()));
          for (int p = 0; p < index_.node_count(); ++p)
            all_positions_[static_cast<std::size_t>(p)] = p;
          seed(step_index, step.node, all_positions_);
        } else {
          for (std::size_t k = 0; k < t->values.size(); ++k) {
            const bool repeated =
                std::find(t->values.begin(), t->values.begin() + static_cast<std::ptrdiff_t>(k),
                          t->values[k]) != t->values.begin() + static_cast<std::ptrdiff_t>(k);
            if (!repeated)
              seed(step_index, step.node, index_.of_kind(std::get<std::string>(t->values[k])));
          }
        }
        return;
      }
      case Step::Type::extend: {
        const PatternEdge& pe = rule_.lhs_edges[static_cast<std::size_t>(step.edge)];
        const int anchor_node = step.anchor_is_from ? from_[static_cast<std::size_t>(step.edge)]
                                                    : to_[static_cast<std::size_t>(step.edge)];
        const int anchor = node_pos_[static_cast<std::size_t>(anchor_node)];
        extend(step_index, step, anchor, step.anchor_is_from);
        if (pe.any_direction) extend(step_index, step, anchor, !step.anchor_is_from);
        return;
      }
      case Step::Type::edge:
      case Step::Type::negative: {
        const auto e = static_cast<std::size_t>(step.edge);
        const PatternEdge& pe = rule_.lhs_edges[e];
        const int a = node_pos_[static_cast<std::size_t>(from_[e])];
        const int b = node_pos_[static_cast<std::size_t>(to_[e])];
        if (step.type == Step::Type::negative) {
          bool exists = false;
          each_edge_between(step.edge, a, b, [&exists](int) { exists = true; });
          if (pe.any_direction && a != b)
            each_edge_between(step.edge, b, a, [&exists](int) { exists = true; });
          if (!exists) search(step_index + 1);
          return;
        }
        auto take = [&](int g) {
          if (full() || used_edge_[static_cast<std::size_t>(g)]) return;
          edge_pos_[e] = g;
          used_edge_[static_cast<std::size_t>(g)] = 1;
          search(step_index + 1);
          used_edge_[static_cast<std::size_t>(g)] = 0;
          edge_pos_[e] = -1;
        };
        each_edge_between(step.edge, a, b, take);
        if (pe.any_direction && a != b) each_edge_between(step.edge, b, a, take);
        return;
      }
    }
  }

  void accept() {
    for (std::size_t i = 0; i < node_pos_.size(); ++i)
      node_ids_[i] = index_.node(node_pos_[i]).id;
    for (std::size_t e = 0; e < edge_pos_.size(); ++e)
      edge_ids_[e] = edge_pos_[e] < 0 ? -1 : index_.edge(edge_pos_[e]).id;
    const MatchScope scope(index_.graph(), &rule_, node_ids_, edge_ids_, vars_, &index_, nullptr);
    try {
      if (!rule_.where.evaluate_bool(scope)) return;
    } catch (const ExprError& e) {
      rule_error(rule_, "field 'where': " + std::string(e.what()));
    }
    out_.push_back(Match{&rule_, node_ids_, edge_ids_});
  }

  const GraphIndex& index_;
  const Rule& rule_;
  const ParamSet& vars_;
  std::size_t limit_;
  std::vector<Match>& out_;
  std::vector<PlanStep>& plan_;
  std::vector<int>& from_;
  std::vector<int>& to_;
  std::vector<int>& node_pos_;
  std::vector<int>& edge_pos_;
  std::vector<char>& used_node_;
  std::vector<char>& used_edge_;
  std::vector<int>& node_ids_;
  std::vector<int>& edge_ids_;
  std::vector<int>& all_positions_;
  std::vector<std::size_t>& sizes_;
  std::vector<char>& placed_;
  std::vector<char>& handled_;
};

void find_with_index(const GraphIndex& index, const Rule& rule, const ParamSet& vars,
                     std::size_t limit, std::vector<Match>& out, MatchBuffers& buffers) {
  Matcher(index, rule, vars, limit, out, buffers).run();
}

// Checks that a match still fits the graph (ids exist, edge ends agree).
void check_match(const MissionGraph& graph, const Match& match) {
  if (match.rule == nullptr) throw GrammarError("apply_match: the match has no rule");
  const Rule& rule = *match.rule;
  const auto stale = [&rule]() {
    rule_error(rule, "the match does not fit the graph (made for another graph?)");
  };
  if (match.nodes.size() != rule.lhs_nodes.size() || match.edges.size() != rule.lhs_edges.size())
    stale();
  for (int id : match.nodes)
    if (graph.find_node(id) == nullptr) stale();
  for (std::size_t e = 0; e < rule.lhs_edges.size(); ++e) {
    const PatternEdge& pe = rule.lhs_edges[e];
    if (pe.absent) continue;
    const MissionEdge* g = graph.find_edge(match.edges[e]);
    if (g == nullptr) stale();
    int from = -1;
    int to = -1;
    for (std::size_t i = 0; i < rule.lhs_nodes.size(); ++i) {
      if (rule.lhs_nodes[i].number == pe.from) from = match.nodes[i];
      if (rule.lhs_nodes[i].number == pe.to) to = match.nodes[i];
    }
    const bool forward = g->from == from && g->to == to;
    const bool backward = pe.any_direction && g->from == to && g->to == from;
    if (!forward && !backward) stale();
  }
}

double weight_of(const MissionGraph& graph, const Match& match, const ParamSet& vars,
                 const GraphIndex* index) {
  const Rule& rule = *match.rule;
  const MatchScope scope(graph, &rule, match.nodes, match.edges, vars, index, nullptr);
  double w = 0;
  try {
    w = rule.weight.evaluate_real(scope);
  } catch (const ExprError& e) {
    rule_error(rule, "field 'weight': " + std::string(e.what()));
  }
  if (!(w >= 0) || !std::isfinite(w))
    rule_error(rule, "field 'weight': '" + rule.weight.text() + "' gives " +
                         to_string(ParamValue{w}) + "; weights must be 0 or more");
  return w;
}

// One attribute computed on the right-hand side; nullopt: erase it.
struct Computed {
  const std::string* attr = nullptr;
  std::optional<ParamValue> value;
};

std::vector<Computed> compute(const std::vector<AttrAssign>& assigns, const MatchScope& scope,
                              const Rule& rule, const std::string& where) {
  std::vector<Computed> out;
  out.reserve(assigns.size());
  for (const AttrAssign& a : assigns) {
    Computed c;
    c.attr = &a.attr;
    switch (a.mode) {
      case AttrAssign::Mode::literal:
        c.value = a.literal;
        break;
      case AttrAssign::Mode::erase:
        break;
      case AttrAssign::Mode::expression:
        try {
          c.value = a.expr.evaluate(scope);  // absent (a copied missing attribute): not set
        } catch (const ExprError& e) {
          rule_error(rule, where + ", attribute '" + a.attr + "': " + e.what());
        }
        break;
    }
    out.push_back(std::move(c));
  }
  return out;
}

void write(ParamSet& attrs, const std::vector<Computed>& values) {
  for (const Computed& c : values) {
    if (c.value)
      attrs.set(*c.attr, *c.value);
    else
      attrs.erase(*c.attr);
  }
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items)
    out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

std::vector<Match> find_matches(const MissionGraph& graph, const Rule& rule, const ParamSet& vars,
                                std::size_t limit) {
  GraphIndex index;
  index.build(graph);
  std::vector<Match> out;
  MatchBuffers buffers;
  find_with_index(index, rule, vars, limit, out, buffers);
  return out;
}

double match_weight(const MissionGraph& graph, const Match& match, const ParamSet& vars) {
  check_match(graph, match);
  return weight_of(graph, match, vars, nullptr);
}

std::vector<int> apply_match(MissionGraph& graph, const Match& match, const ParamSet& vars,
                             Rng& rng) {
  check_match(graph, match);
  const Rule& rule = *match.rule;

  // 1. Every right-hand value, against the graph as matched.
  std::vector<std::vector<Computed>> node_values;
  std::vector<std::vector<Computed>> edge_values;
  {
    const MatchScope scope(graph, &rule, match.nodes, match.edges, vars, nullptr, &rng);
    for (const ResultNode& rn : rule.rhs_nodes)
      node_values.push_back(
          compute(rn.assigns, scope, rule, "result node " + std::to_string(rn.number)));
    for (const ResultEdge& re : rule.rhs_edges)
      edge_values.push_back(
          compute(re.assigns, scope, rule,
                  "result edge " + std::to_string(re.from) + "->" + std::to_string(re.to)));
  }

  const auto lhs_index = [&rule](int number) {
    for (std::size_t i = 0; i < rule.lhs_nodes.size(); ++i)
      if (rule.lhs_nodes[i].number == number) return static_cast<int>(i);
    return -1;
  };

  // 2. Right-hand node numbers to graph ids: kept nodes keep theirs, new nodes
  // are added.
  std::vector<int> rhs_ids(rule.rhs_nodes.size());
  std::vector<int> added;
  for (std::size_t r = 0; r < rule.rhs_nodes.size(); ++r) {
    const int l = lhs_index(rule.rhs_nodes[r].number);
    if (l >= 0) {
      rhs_ids[r] = match.nodes[static_cast<std::size_t>(l)];
      write(graph.find_node(rhs_ids[r])->attrs, node_values[r]);
    } else {
      ParamSet attrs;
      write(attrs, node_values[r]);
      rhs_ids[r] = graph.add_node(std::move(attrs));
      added.push_back(rhs_ids[r]);
    }
  }
  const auto result_id = [&](int number) {
    for (std::size_t r = 0; r < rule.rhs_nodes.size(); ++r)
      if (rule.rhs_nodes[r].number == number) return rhs_ids[r];
    rule_error(rule, "a result edge names node " + std::to_string(number) +
                         (lhs_index(number) >= 0 ? ", which the rule removes"
                                                 : ", which the rule does not have"));
  };

  // 3. Edges: kept ones move and change, new ones are added.
  std::vector<char> kept(rule.lhs_edges.size(), 0);
  for (std::size_t r = 0; r < rule.rhs_edges.size(); ++r) {
    const ResultEdge& re = rule.rhs_edges[r];
    if (re.same.empty()) {
      ParamSet attrs;
      write(attrs, edge_values[r]);
      graph.add_edge(result_id(re.from), result_id(re.to), std::move(attrs));
      continue;
    }
    std::size_t l = 0;
    while (l < rule.lhs_edges.size() &&
           (rule.lhs_edges[l].alias != re.same || rule.lhs_edges[l].absent))
      ++l;
    if (l == rule.lhs_edges.size())
      rule_error(rule, "result edge 'same = " + re.same + "' names no left-hand edge");
    if (kept[l]) rule_error(rule, "two result edges keep the left-hand edge '" + re.same + "'");
    kept[l] = 1;
    const int id = match.edges[l];
    MissionEdge* edge = graph.find_edge(id);
    if (re.from != 0 || re.to != 0) {
      int from = result_id(re.from);
      int to = result_id(re.to);
      // Ends are relative to the pattern: an any_direction edge matched
      // backwards stays so.
      const int lhs_from = match.nodes[static_cast<std::size_t>(lhs_index(rule.lhs_edges[l].from))];
      if (edge->from != lhs_from) std::swap(from, to);
      graph.reconnect_edge(id, from, to);
    }
    write(graph.find_edge(id)->attrs, edge_values[r]);
  }

  // 4. Removals: left-hand edges not kept, left-hand nodes not on the right
  // (with their edges).
  for (std::size_t l = 0; l < rule.lhs_edges.size(); ++l)
    if (!rule.lhs_edges[l].absent && !kept[l]) graph.remove_edge(match.edges[l]);
  for (std::size_t l = 0; l < rule.lhs_nodes.size(); ++l) {
    const bool stays =
        std::any_of(rule.rhs_nodes.begin(), rule.rhs_nodes.end(),
                    [&](const ResultNode& rn) { return rn.number == rule.lhs_nodes[l].number; });
    if (!stays) graph.remove_node(match.nodes[l]);
  }
  return added;
}

void run_recipe(MissionGraph& graph, const Grammar& grammar, const Recipe& recipe,
                const ParamSet& vars, Rng& rng, RecipeTrace* trace, int max_applications) {
  GraphIndex index;
  MatchBuffers buffers;
  std::vector<Match> matches;
  std::vector<Match> candidates;
  std::vector<double> weights;
  for (std::size_t s = 0; s < recipe.steps.size(); ++s) {
    const RecipeStep& step = recipe.steps[s];
    const std::string prefix =
        location_prefix(step.location.file.empty() ? recipe.location : step.location) + "recipe '" +
        recipe.name + "': step " + std::to_string(s + 1) +
        (step.description.empty() ? "" : " ('" + step.description + "')") + ": ";
    std::vector<const Rule*> rules;
    for (const Rule& rule : grammar.rules) {
      const bool in_step = std::any_of(rule.sets.begin(), rule.sets.end(), [&](const auto& set) {
        return std::find(step.sets.begin(), step.sets.end(), set) != step.sets.end();
      });
      if (in_step) rules.push_back(&rule);
    }

    std::int64_t wanted = max_applications;
    if (!step.until_done) {
      const MatchScope scope(graph, nullptr, {}, {}, vars, nullptr, &rng);
      try {
        wanted = step.times.evaluate_int(scope);
      } catch (const ExprError& e) {
        throw GrammarError(prefix + "field 'times': " + e.what());
      }
      if (wanted < 0)
        throw GrammarError(prefix + "field 'times': '" + step.times.text() + "' gives " +
                           std::to_string(wanted) + ", which is negative");
      if (wanted > max_applications)
        throw GrammarError(prefix + "field 'times': '" + step.times.text() + "' gives " +
                           std::to_string(wanted) + ", more than the budget of " +
                           std::to_string(max_applications) + " applications");
    }

    RecipeTrace::StepTrace step_trace;
    step_trace.description = step.description;
    std::int64_t done = 0;
    // Collects every match of every rule of the step with a positive weight.
    const auto collect = [&]() {
      index.build(graph);
      candidates.clear();
      weights.clear();
      for (const Rule* rule : rules) {
        matches.clear();
        find_with_index(index, *rule, vars, 100000, matches, buffers);
        for (Match& m : matches) {
          const double w = weight_of(graph, m, vars, &index);
          if (w <= 0) continue;
          weights.push_back(w);
          candidates.push_back(std::move(m));
        }
      }
      return !candidates.empty();
    };
    while (done < wanted && collect()) {
      const std::size_t pick = rng.weighted_index(std::span<const double>(weights));
      apply_match(graph, candidates[pick], vars, rng);
      step_trace.applied.push_back(candidates[pick].rule->name);
      ++done;
    }
    if (step.until_done && done == wanted && collect())
      throw GrammarError(prefix + "rules still match after " + std::to_string(max_applications) +
                         " applications (a step that never ends?)");
    if (step.required && (step.until_done ? done == 0 : done < wanted))
      throw GrammarError(prefix + "no rule of the sets [" + join(step.sets) + "] matches after " +
                         std::to_string(done) + " of " + std::to_string(wanted) + " applications");
    if (trace != nullptr) trace->steps.push_back(std::move(step_trace));
  }
}

}  // namespace yendor::cyclic
