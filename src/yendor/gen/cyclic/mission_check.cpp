#include "yendor/gen/cyclic/mission_check.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace yendor::cyclic {

namespace {

bool is_content_kind(std::string_view kind) {
  return kind == "key" || kind == "treasure" || kind == "monster" || kind == "trap";
}

bool listed(const std::vector<std::string_view>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string node_text(const MissionNode& n) {
  return std::string(kind_of(n.attrs).empty() ? "node" : kind_of(n.attrs)) + " " +
         std::to_string(n.id);
}

// Edges by node, built once (the graph's own queries scan every edge per call).
struct Incidence {
  std::unordered_map<int, std::size_t> index;  // node id -> position in nodes()
  std::vector<std::vector<const MissionEdge*>> out;
  std::vector<std::vector<const MissionEdge*>> in;

  explicit Incidence(const MissionGraph& g) : out(g.nodes().size()), in(g.nodes().size()) {
    for (std::size_t i = 0; i < g.nodes().size(); ++i)
      index.emplace(g.nodes()[i].id, i);
    for (const MissionEdge& e : g.edges()) {
      if (const auto it = index.find(e.from); it != index.end()) out[it->second].push_back(&e);
      if (const auto it = index.find(e.to); it != index.end()) in[it->second].push_back(&e);
    }
  }
  static int count(const std::vector<const MissionEdge*>& edges, std::string_view kind) {
    return static_cast<int>(std::count_if(edges.begin(), edges.end(), [&](const MissionEdge* e) {
      return kind_of(e->attrs) == kind;
    }));
  }
};

void check_lock(const MissionGraph& g, const Incidence& inc, std::size_t i,
                const std::set<std::string>& key_classes, std::vector<std::string>& problems) {
  const MissionNode& n = g.nodes()[i];
  const std::string name = node_text(n);
  const int in_links = Incidence::count(inc.in[i], "link");
  const int out_links = Incidence::count(inc.out[i], "link");
  if (in_links != 1 || out_links != 1)
    problems.push_back(name + " has " + std::to_string(in_links) + " incoming and " +
                       std::to_string(out_links) + " outgoing links (a lock has one of each)");
  const std::string_view realize = text_attr(n.attrs, "realize");
  if (!listed(lock_realizations(), realize))
    problems.push_back(name + " has realize '" + std::string(realize) +
                       "', not a lock realization");
  const std::string_view type = text_attr(n.attrs, "type");
  if (!lock_type_from_string(type))
    problems.push_back(name + " has type '" + std::string(type) + "', not a lock type");
  const std::string_view duration = text_attr(n.attrs, "duration");
  if (!lock_duration_from_string(duration))
    problems.push_back(name + " has duration '" + std::string(duration) + "', not a lock duration");
  const std::string_view direction = text_attr(n.attrs, "direction");
  if (!lock_direction_from_string(direction))
    problems.push_back(name + " has direction '" + std::string(direction) +
                       "', not a lock direction");
  if (const ParamValue* safe = n.attrs.find("safe");
      safe != nullptr && !std::holds_alternative<bool>(*safe))
    problems.push_back(name + " has a `safe` that is not true or false");
  // A conditional lock needs something that opens it, except the ones crossed without a key.
  const bool keyless = realize == "drop" || realize == "collapsing_bridge";
  const std::string_view key_class = text_attr(n.attrs, "class");
  if (type == "conditional" && !keyless && Incidence::count(inc.in[i], "unlocks") == 0 &&
      (key_class.empty() || key_classes.count(std::string(key_class)) == 0))
    problems.push_back(name + " is conditional and no key unlocks it");
  if (realize == "drop" && direction != "valve")
    problems.push_back(name + " is a drop but its direction is not valve");
}

void check_content(const MissionGraph& g, const Incidence& inc, std::size_t i,
                   std::vector<std::string>& problems) {
  const MissionNode& n = g.nodes()[i];
  const std::string name = node_text(n);
  const int holders = Incidence::count(inc.in[i], "contains");
  if (holders != 1)
    problems.push_back(name + " is contained in " + std::to_string(holders) +
                       " places (contents hang off exactly one)");
  if (kind_of(n.attrs) != "key") return;
  const std::string_view item = text_attr(n.attrs, "item");
  if (!listed(key_kinds(), item))
    problems.push_back(name + " has item '" + std::string(item) + "', not a key kind");
  if (Incidence::count(inc.out[i], "unlocks") == 0) problems.push_back(name + " unlocks nothing");
}

void check_edge(const MissionGraph& g, const MissionEdge& e, std::vector<std::string>& problems) {
  const MissionNode* from = g.find_node(e.from);
  const MissionNode* to = g.find_node(e.to);
  const std::string_view kind = kind_of(e.attrs);
  const std::string name = std::string(kind.empty() ? "edge" : kind) + " edge " +
                           std::to_string(e.id) + " (" + std::to_string(e.from) + " -> " +
                           std::to_string(e.to) + ")";
  if (from == nullptr || to == nullptr) {
    problems.push_back(name + " has an end that is not a node");
    return;
  }
  const std::string_view fk = kind_of(from->attrs);
  const std::string_view tk = kind_of(to->attrs);
  if (kind == "link" || kind == "sees") {
    if (!is_place_kind(fk) || !is_place_kind(tk))
      problems.push_back(name + " does not join two places");
  } else if (kind == "contains") {
    if (!is_place_kind(fk) || !is_content_kind(tk))
      problems.push_back(name + " does not go from a place to a content");
  } else if (kind == "unlocks") {
    if (fk != "key" || tk != "lock") problems.push_back(name + " does not go from a key to a lock");
  } else if (kind == "path") {
    problems.push_back(name + " is left (paths are expanded before the graph is finished)");
  } else {
    problems.push_back(name + " has an unknown kind");
  }
}

// Places connected when every link is taken both ways (explicit stack).
void check_connected(const MissionGraph& g, const Incidence& inc,
                     std::vector<std::string>& problems) {
  std::vector<char> seen(g.nodes().size(), 0);
  std::vector<std::size_t> stack;
  for (std::size_t i = 0; i < g.nodes().size() && stack.empty(); ++i)
    if (is_place_kind(kind_of(g.nodes()[i].attrs))) {
      seen[i] = 1;
      stack.push_back(i);
    }
  while (!stack.empty()) {
    const std::size_t i = stack.back();
    stack.pop_back();
    const auto visit = [&](int id) {
      const auto it = inc.index.find(id);
      if (it == inc.index.end() || seen[it->second]) return;
      if (!is_place_kind(kind_of(g.nodes()[it->second].attrs))) return;
      seen[it->second] = 1;
      stack.push_back(it->second);
    };
    for (const MissionEdge* e : inc.out[i])
      if (kind_of(e->attrs) == "link") visit(e->to);
    for (const MissionEdge* e : inc.in[i])
      if (kind_of(e->attrs) == "link") visit(e->from);
  }
  for (std::size_t i = 0; i < g.nodes().size(); ++i)
    if (!seen[i] && is_place_kind(kind_of(g.nodes()[i].attrs)))
      problems.push_back(node_text(g.nodes()[i]) + " cannot be reached from the other places");
}

// Each cycle: one entrance, one goal, a parent that exists.
void check_cycles(const MissionGraph& g, std::vector<std::string>& problems) {
  std::map<std::int64_t, int> entrances;
  std::map<std::int64_t, int> goals;
  for (const MissionNode& n : g.nodes()) {
    if (n.attrs.contains("entrance_of") &&
        !entrances.emplace(int_attr(n.attrs, "entrance_of", -1), n.id).second)
      problems.push_back(node_text(n) + " is a second entrance of cycle " +
                         std::to_string(int_attr(n.attrs, "entrance_of", -1)));
    if (n.attrs.contains("goal_of") &&
        !goals.emplace(int_attr(n.attrs, "goal_of", -1), n.id).second)
      problems.push_back(node_text(n) + " is a second goal of cycle " +
                         std::to_string(int_attr(n.attrs, "goal_of", -1)));
  }
  for (const auto& [cycle, node] : entrances)
    if (goals.count(cycle) == 0)
      problems.push_back("cycle " + std::to_string(cycle) + " has an entrance but no goal");
  for (const auto& [cycle, node] : goals)
    if (entrances.count(cycle) == 0)
      problems.push_back("cycle " + std::to_string(cycle) + " has a goal but no entrance");
  for (const MissionNode& n : g.nodes())
    if (n.attrs.contains("parent_cycle") &&
        entrances.count(int_attr(n.attrs, "parent_cycle", -1)) == 0)
      problems.push_back(node_text(n) + " names parent cycle " +
                         std::to_string(int_attr(n.attrs, "parent_cycle", -1)) +
                         ", which has no entrance");
}

}  // namespace

std::vector<std::string> mission_problems(const MissionGraph& graph) {
  std::vector<std::string> problems;
  const Incidence inc(graph);
  const auto starts = graph.nodes_of_kind("start");
  const auto goals = graph.nodes_of_kind("goal");
  if (starts.size() != 1)
    problems.push_back("the graph has " + std::to_string(starts.size()) +
                       " start nodes (exactly one is needed)");
  if (goals.size() != 1)
    problems.push_back("the graph has " + std::to_string(goals.size()) +
                       " goal nodes (exactly one is needed)");
  std::set<std::string> key_classes;  // classes some key of the graph opens
  for (const MissionNode& n : graph.nodes())
    if (kind_of(n.attrs) == "key" && !text_attr(n.attrs, "class").empty())
      key_classes.insert(std::string(text_attr(n.attrs, "class")));
  for (std::size_t i = 0; i < graph.nodes().size(); ++i) {
    const MissionNode& n = graph.nodes()[i];
    const std::string_view kind = kind_of(n.attrs);
    if (kind == "lock")
      check_lock(graph, inc, i, key_classes, problems);
    else if (is_content_kind(kind))
      check_content(graph, inc, i, problems);
    else if (!is_place_kind(kind))
      problems.push_back(node_text(n) + " has a kind that a finished graph does not hold");
  }
  for (const MissionEdge& e : graph.edges())
    check_edge(graph, e, problems);
  check_connected(graph, inc, problems);
  check_cycles(graph, problems);
  return problems;
}

std::vector<CycleInfo> mission_cycles(const MissionGraph& graph) {
  std::vector<CycleInfo> cycles;
  std::map<std::int64_t, std::size_t> by_mark;  // entrance_of value -> index in cycles
  for (const MissionNode& n : graph.nodes()) {
    if (!n.attrs.contains("entrance_of")) continue;
    const std::int64_t mark = int_attr(n.attrs, "entrance_of", -1);
    if (by_mark.count(mark) > 0) continue;
    CycleInfo c;
    c.id = static_cast<int>(cycles.size()) + 1;
    c.entrance = n.id;
    c.pattern = std::string(text_attr(n.attrs, "pattern"));
    by_mark.emplace(mark, cycles.size());
    cycles.push_back(std::move(c));
  }
  for (const MissionNode& n : graph.nodes()) {
    const auto at = [&](std::string_view attr) -> CycleInfo* {
      if (!n.attrs.contains(attr)) return nullptr;
      const auto it = by_mark.find(int_attr(n.attrs, attr, -1));
      return it == by_mark.end() ? nullptr : &cycles[it->second];
    };
    if (CycleInfo* c = at("goal_of"); c != nullptr && c->goal < 0) c->goal = n.id;
    if (CycleInfo* c = at("entrance_of"); c != nullptr && c->entrance == n.id)
      if (CycleInfo* p = at("parent_cycle")) c->parent = p->id;
    if (CycleInfo* c = at("cycle"); c != nullptr) {
      const std::string_view kind = kind_of(n.attrs);
      if (kind != "room" && kind != "lock") continue;
      const std::string_view path = text_attr(n.attrs, "path");
      if (path == "a") ++c->a_length;
      if (path == "b") ++c->b_length;
    }
  }
  return cycles;
}

}  // namespace yendor::cyclic
