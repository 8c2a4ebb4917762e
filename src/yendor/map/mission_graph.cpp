#include "yendor/map/mission_graph.hpp"

#include <algorithm>
#include <stdexcept>

namespace yendor {

std::string_view kind_of(const ParamSet& attrs) {
  return text_attr(attrs, "kind");
}

std::int64_t int_attr(const ParamSet& attrs, std::string_view name, std::int64_t fallback) {
  const ParamValue* v = attrs.find(name);
  if (v == nullptr) return fallback;
  if (const auto* i = std::get_if<std::int64_t>(v)) return *i;
  if (const auto* b = std::get_if<bool>(v)) return *b ? 1 : 0;
  return fallback;
}

std::string_view text_attr(const ParamSet& attrs, std::string_view name,
                           std::string_view fallback) {
  const ParamValue* v = attrs.find(name);
  if (v == nullptr) return fallback;
  if (const auto* s = std::get_if<std::string>(v)) return *s;
  return fallback;
}

bool bool_attr(const ParamSet& attrs, std::string_view name, bool fallback) {
  const ParamValue* v = attrs.find(name);
  if (v == nullptr) return fallback;
  if (const auto* b = std::get_if<bool>(v)) return *b;
  if (const auto* i = std::get_if<std::int64_t>(v)) return *i != 0;
  return fallback;
}

namespace {
template <typename Vec>
auto find_by_id(Vec& items, int id) -> decltype(&items.front()) {
  const auto it = std::lower_bound(items.begin(), items.end(), id,
                                   [](const auto& item, int key) { return item.id < key; });
  return it != items.end() && it->id == id ? &*it : nullptr;
}
}  // namespace

int MissionGraph::add_node(ParamSet attrs) {
  const int id = next_node_++;
  nodes_.push_back(MissionNode{id, std::move(attrs)});
  return id;
}

int MissionGraph::add_edge(int from, int to, ParamSet attrs) {
  if (find_node(from) == nullptr || find_node(to) == nullptr)
    throw std::invalid_argument("MissionGraph::add_edge: an end is not a node");
  const int id = next_edge_++;
  edges_.push_back(MissionEdge{id, from, to, std::move(attrs)});
  return id;
}

void MissionGraph::remove_node(int id) {
  std::erase_if(edges_, [id](const MissionEdge& e) { return e.from == id || e.to == id; });
  std::erase_if(nodes_, [id](const MissionNode& n) { return n.id == id; });
}

void MissionGraph::remove_edge(int id) {
  std::erase_if(edges_, [id](const MissionEdge& e) { return e.id == id; });
}

const MissionNode* MissionGraph::find_node(int id) const {
  return find_by_id(nodes_, id);
}
MissionNode* MissionGraph::find_node(int id) {
  return find_by_id(nodes_, id);
}
const MissionEdge* MissionGraph::find_edge(int id) const {
  return find_by_id(edges_, id);
}
MissionEdge* MissionGraph::find_edge(int id) {
  return find_by_id(edges_, id);
}

void MissionGraph::reconnect_edge(int id, int from, int to) {
  MissionEdge* e = find_edge(id);
  if (e == nullptr || find_node(from) == nullptr || find_node(to) == nullptr)
    throw std::invalid_argument("MissionGraph::reconnect_edge: unknown edge or node");
  e->from = from;
  e->to = to;
}

std::vector<int> MissionGraph::out_edges(int node, std::string_view kind) const {
  std::vector<int> out;
  for (const MissionEdge& e : edges_)
    if (e.from == node && (kind.empty() || kind_of(e.attrs) == kind)) out.push_back(e.id);
  return out;
}

std::vector<int> MissionGraph::in_edges(int node, std::string_view kind) const {
  std::vector<int> out;
  for (const MissionEdge& e : edges_)
    if (e.to == node && (kind.empty() || kind_of(e.attrs) == kind)) out.push_back(e.id);
  return out;
}

std::vector<int> MissionGraph::nodes_of_kind(std::string_view kind) const {
  std::vector<int> out;
  for (const MissionNode& n : nodes_)
    if (kind_of(n.attrs) == kind) out.push_back(n.id);
  return out;
}

bool is_place_kind(std::string_view kind) {
  return kind == "start" || kind == "goal" || kind == "room" || kind == "lock";
}

}  // namespace yendor
