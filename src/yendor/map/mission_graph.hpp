#pragma once
// An attributed graph: the mission graph of the cyclic generator (Dormans, "Cyclic
// Generation"), kept in a level's metadata so the game, `--graph` (DOT) and `--explain` read
// the structure the level was built from. Nodes and edges carry typed attributes (a ParamSet:
// bool, integer, real or text values by name); the attribute "kind" says what a node or edge
// is. The vocabulary the cyclic generator uses is in docs/cyclic.md:
//   node kinds  start, goal, room, lock (places: each gets a grid cell and a room), key,
//               treasure, monster, trap (contents: hang off a place by a `contains` edge)
//   edge kinds  link (walkable; oneway=true: only from -> to), contains (place -> content),
//               unlocks (key -> lock), sees (place -> place seen from it), path (abstract:
//               only while the grammar runs)
// Ids are never reused: a removed node's id stays unused, so ids also give creation order.

#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/param_value.hpp"

namespace yendor {

struct MissionNode {
  int id = 0;
  ParamSet attrs;
  bool operator==(const MissionNode&) const = default;
};

struct MissionEdge {
  int id = 0;
  int from = 0;
  int to = 0;
  ParamSet attrs;
  bool operator==(const MissionEdge&) const = default;
};

// The "kind" attribute as text ("" when missing or not text).
std::string_view kind_of(const ParamSet& attrs);
// Typed reads with a fallback when the attribute is missing or has another type.
std::int64_t int_attr(const ParamSet& attrs, std::string_view name, std::int64_t fallback = 0);
std::string_view text_attr(const ParamSet& attrs, std::string_view name,
                           std::string_view fallback = "");
bool bool_attr(const ParamSet& attrs, std::string_view name, bool fallback = false);

class MissionGraph {
 public:
  // Returns the new node's id (ids count up from 1).
  int add_node(ParamSet attrs);
  // Returns the new edge's id; std::invalid_argument when an end is not a node.
  int add_edge(int from, int to, ParamSet attrs);
  // Removes the node and every edge that touches it; no-op on an unknown id.
  void remove_node(int id);
  void remove_edge(int id);

  const MissionNode* find_node(int id) const;
  MissionNode* find_node(int id);
  const MissionEdge* find_edge(int id) const;
  MissionEdge* find_edge(int id);
  // Moves an edge's ends (both must be nodes).
  void reconnect_edge(int id, int from, int to);

  // In id order.
  const std::vector<MissionNode>& nodes() const { return nodes_; }
  const std::vector<MissionEdge>& edges() const { return edges_; }
  bool empty() const { return nodes_.empty(); }

  // Ids of edges leaving / entering a node, in id order; `kind` filters when not empty.
  std::vector<int> out_edges(int node, std::string_view kind = {}) const;
  std::vector<int> in_edges(int node, std::string_view kind = {}) const;
  // Nodes of a kind, in id order.
  std::vector<int> nodes_of_kind(std::string_view kind) const;

  int next_node_id() const { return next_node_; }
  int next_edge_id() const { return next_edge_; }

  bool operator==(const MissionGraph&) const = default;

 private:
  std::vector<MissionNode> nodes_;
  std::vector<MissionEdge> edges_;
  int next_node_ = 1;
  int next_edge_ = 1;
};

// Place nodes get a grid cell and a room: start, goal, room, lock.
bool is_place_kind(std::string_view kind);

}  // namespace yendor
