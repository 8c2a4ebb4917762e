#include "yendor/map/mission_graph.hpp"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "yendor/core/rng.hpp"

namespace yendor {
namespace {

ParamSet kind(std::string k) {
  ParamSet a;
  a.set("kind", std::move(k));
  return a;
}

TEST(MissionGraph, IdsCountUpFromOne) {
  MissionGraph g;
  EXPECT_TRUE(g.empty());
  EXPECT_EQ(g.next_node_id(), 1);
  EXPECT_EQ(g.next_edge_id(), 1);
  EXPECT_EQ(g.add_node(kind("start")), 1);
  EXPECT_EQ(g.add_node(kind("goal")), 2);
  EXPECT_EQ(g.add_edge(1, 2, kind("link")), 1);
  EXPECT_EQ(g.add_edge(2, 2, kind("sees")), 2);  // a loop is an edge like any other
  EXPECT_FALSE(g.empty());
  EXPECT_EQ(g.next_node_id(), 3);
  EXPECT_EQ(g.next_edge_id(), 3);
  EXPECT_EQ(kind_of(g.find_node(2)->attrs), "goal");
  EXPECT_EQ(g.find_edge(1)->from, 1);
  EXPECT_EQ(g.find_edge(1)->to, 2);
}

TEST(MissionGraph, EdgesNeedNodesAtBothEnds) {
  MissionGraph g;
  const int a = g.add_node({});
  EXPECT_THROW(g.add_edge(a, 2, {}), std::invalid_argument);
  EXPECT_THROW(g.add_edge(0, a, {}), std::invalid_argument);
  EXPECT_THROW(g.add_edge(-1, -1, {}), std::invalid_argument);
  // A failed add gives out no id.
  EXPECT_EQ(g.next_edge_id(), 1);
  EXPECT_TRUE(g.edges().empty());
  const int e = g.add_edge(a, a, {});
  EXPECT_THROW(g.reconnect_edge(e, a, 7), std::invalid_argument);
  EXPECT_THROW(g.reconnect_edge(e + 1, a, a), std::invalid_argument);
  EXPECT_EQ(g.find_edge(e)->to, a);
}

TEST(MissionGraph, RemovingANodeRemovesItsEdges) {
  MissionGraph g;
  const int a = g.add_node(kind("room")), b = g.add_node(kind("room")), c = g.add_node(kind("key"));
  const int ab = g.add_edge(a, b, kind("link"));
  const int bc = g.add_edge(b, c, kind("contains"));
  const int ca = g.add_edge(c, a, kind("unlocks"));
  const int bb = g.add_edge(b, b, kind("sees"));
  g.remove_node(b);
  EXPECT_EQ(g.find_node(b), nullptr);
  EXPECT_EQ(g.find_edge(ab), nullptr);
  EXPECT_EQ(g.find_edge(bc), nullptr);
  EXPECT_EQ(g.find_edge(bb), nullptr);
  ASSERT_NE(g.find_edge(ca), nullptr);
  EXPECT_EQ(g.edges().size(), 1u);
  // Unknown ids: no-ops.
  const MissionGraph before = g;
  g.remove_node(b);
  g.remove_node(99);
  g.remove_edge(ab);
  g.remove_edge(-3);
  EXPECT_EQ(g, before);
}

TEST(MissionGraph, IdsAreNeverReused) {
  MissionGraph g;
  const int a = g.add_node({}), b = g.add_node({});
  const int e = g.add_edge(a, b, {});
  g.remove_node(b);
  g.remove_edge(e);
  EXPECT_EQ(g.add_node({}), 3);
  EXPECT_EQ(g.add_edge(a, a, {}), 2);
  g.remove_node(a);
  g.remove_node(3);
  EXPECT_TRUE(g.empty());
  EXPECT_EQ(g.add_node({}), 4);
}

TEST(MissionGraph, ReconnectMovesBothEnds) {
  MissionGraph g;
  const int a = g.add_node({}), b = g.add_node({}), c = g.add_node({});
  const int e = g.add_edge(a, b, kind("link"));
  g.reconnect_edge(e, c, a);
  EXPECT_EQ(g.find_edge(e)->from, c);
  EXPECT_EQ(g.find_edge(e)->to, a);
  EXPECT_EQ(g.out_edges(c), std::vector<int>{e});
  EXPECT_TRUE(g.out_edges(a).empty());
  EXPECT_EQ(g.in_edges(a), std::vector<int>{e});
  // The moved edge now goes with the node it touches.
  g.remove_node(c);
  EXPECT_EQ(g.find_edge(e), nullptr);
}

TEST(MissionGraph, EqualityComparesContentAndNextIds) {
  MissionGraph a, b;
  EXPECT_EQ(a, b);
  a.add_node(kind("room"));
  EXPECT_NE(a, b);
  b.add_node(kind("room"));
  EXPECT_EQ(a, b);
  MissionGraph c = a;
  c.find_node(1)->attrs.set("danger", std::int64_t{2});
  EXPECT_NE(a, c);
  // Same nodes, but one gave out an id it removed again: not the same graph.
  MissionGraph d = a;
  d.remove_node(d.add_node({}));
  EXPECT_EQ(d.nodes(), a.nodes());
  EXPECT_NE(d, a);
}

TEST(MissionGraph, AttributeReads) {
  ParamSet a;
  a.set("kind", std::string("lock"));
  a.set("n", std::int64_t{-4});
  a.set("flag", true);
  a.set("r", 1.5);
  EXPECT_EQ(kind_of(a), "lock");
  EXPECT_EQ(int_attr(a, "n"), -4);
  EXPECT_EQ(int_attr(a, "flag"), 1);  // a bool reads as 0 or 1
  EXPECT_EQ(int_attr(a, "r", 7), 7);  // a real is another type: the fallback
  EXPECT_EQ(int_attr(a, "kind", 3), 3);
  EXPECT_EQ(int_attr(a, "missing"), 0);
  EXPECT_EQ(text_attr(a, "kind"), "lock");
  EXPECT_EQ(text_attr(a, "n", "x"), "x");
  EXPECT_EQ(text_attr(a, "missing"), "");
  EXPECT_TRUE(bool_attr(a, "flag"));
  EXPECT_TRUE(bool_attr(a, "n"));  // a nonzero integer reads as true
  EXPECT_FALSE(bool_attr(a, "missing"));
  EXPECT_TRUE(bool_attr(a, "missing", true));
  EXPECT_TRUE(bool_attr(a, "kind", true));
  ParamSet no_kind;
  no_kind.set("kind", std::int64_t{1});
  EXPECT_EQ(kind_of(no_kind), "");
  EXPECT_EQ(kind_of(ParamSet{}), "");
}

TEST(MissionGraph, PlaceKinds) {
  for (const char* k : {"start", "goal", "room", "lock"})
    EXPECT_TRUE(is_place_kind(k)) << k;
  for (const char* k : {"key", "treasure", "monster", "trap", "level", "", "Room"})
    EXPECT_FALSE(is_place_kind(k)) << k;
}

// Random sequences of every operation against a plain model (maps by id): lookups, in/out
// edges with and without a kind, nodes of a kind, and the next ids always agree.
TEST(MissionGraph, AgreesWithAPlainModel) {
  const std::vector<std::string> kinds = {"link", "contains", "unlocks", "sees", ""};
  struct ModelEdge {
    int from, to;
    std::string kind;
  };
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    MissionGraph g;
    std::map<int, std::string> nodes;  // id -> kind
    std::map<int, ModelEdge> edges;
    int next_node = 1, next_edge = 1;
    const auto random_id = [&rng](int next) { return rng.range(-1, next); };
    for (int op = 0; op < 150; ++op) {
      const int what = rng.range(0, 9);
      if (what < 3) {
        const std::string& k = rng.pick(kinds);
        ASSERT_EQ(g.add_node(k.empty() ? ParamSet{} : kind(k)), next_node);
        nodes[next_node++] = k;
      } else if (what < 6) {
        const int from = random_id(next_node), to = random_id(next_node);
        const std::string& k = rng.pick(kinds);
        if (nodes.count(from) && nodes.count(to)) {
          ASSERT_EQ(g.add_edge(from, to, k.empty() ? ParamSet{} : kind(k)), next_edge);
          edges[next_edge++] = {from, to, k};
        } else {
          EXPECT_THROW(g.add_edge(from, to, {}), std::invalid_argument);
        }
      } else if (what == 6) {
        const int id = random_id(next_node);
        g.remove_node(id);
        nodes.erase(id);
        std::erase_if(edges,
                      [id](const auto& e) { return e.second.from == id || e.second.to == id; });
      } else if (what == 7) {
        const int id = random_id(next_edge);
        g.remove_edge(id);
        edges.erase(id);
      } else {
        const int id = random_id(next_edge), from = random_id(next_node), to = random_id(next_node);
        if (edges.count(id) && nodes.count(from) && nodes.count(to)) {
          g.reconnect_edge(id, from, to);
          edges[id].from = from;
          edges[id].to = to;
        } else {
          EXPECT_THROW(g.reconnect_edge(id, from, to), std::invalid_argument);
        }
      }
    }
    SCOPED_TRACE("seed " + std::to_string(seed));
    EXPECT_EQ(g.next_node_id(), next_node);
    EXPECT_EQ(g.next_edge_id(), next_edge);
    ASSERT_EQ(g.nodes().size(), nodes.size());
    ASSERT_EQ(g.edges().size(), edges.size());
    EXPECT_EQ(g.empty(), nodes.empty());
    for (int id = -1; id <= next_node; ++id) {
      ASSERT_EQ(g.find_node(id) != nullptr, nodes.count(id) == 1) << id;
      for (const std::string& k : kinds) {
        std::vector<int> out, in;
        for (const auto& [eid, e] : edges) {
          const bool match = k.empty() || e.kind == k;
          if (e.from == id && match) out.push_back(eid);
          if (e.to == id && match) in.push_back(eid);
        }
        EXPECT_EQ(g.out_edges(id, k), out) << id << " " << k;
        EXPECT_EQ(g.in_edges(id, k), in) << id << " " << k;
      }
    }
    for (int id = -1; id <= next_edge; ++id) {
      const MissionEdge* e = g.find_edge(id);
      ASSERT_EQ(e != nullptr, edges.count(id) == 1) << id;
      if (e != nullptr) {
        EXPECT_EQ(e->from, edges[id].from);
        EXPECT_EQ(e->to, edges[id].to);
        EXPECT_EQ(kind_of(e->attrs), edges[id].kind);
      }
    }
    for (const std::string& k : kinds) {
      if (k.empty()) continue;
      std::vector<int> of_kind;
      for (const auto& [id, nk] : nodes)
        if (nk == k) of_kind.push_back(id);
      EXPECT_EQ(g.nodes_of_kind(k), of_kind) << k;
    }
  }
}

}  // namespace
}  // namespace yendor
