// `bsp`: binary space partitioning (thesis sections 3.5 and 5.5). The map is split
// recursively into a tree, a room is made in every leaf, then siblings are joined level by
// level up the tree (steps 6-8 of 3.5), so every room is reachable by construction.

#include <algorithm>

#include "yendor/core/error.hpp"
#include "yendor/gen/corridors.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {

namespace {

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "bsp";
  info.summary = "binary space partition tree, a room per leaf, siblings joined (thesis 3.5)";
  info.version = 1;
  info.source = "thesis-roguelike-analysis-2015 sections 3.5 and 5.5";
  info.description =
      "Splits the map rectangle recursively, horizontally or vertically, up to `depth` times "
      "or until a part would be narrower than `min_leaf` (steps 1-4 of 3.5). Each leaf gets a "
      "room between room_min and the leaf's size less its wall ring (step 5). Then each pair of "
      "sibling subtrees is joined, deepest first (steps 6-8): descending each subtree toward the "
      "other, always into the child nearer to it, picks a room on the side facing its sibling, "
      "and the two rooms are joined by a corridor. "
      "hv_ratio weighs horizontal against vertical cuts (1.0 = equal, as in the thesis's "
      "figure 3.4); the cut falls between split_range and 1 - split_range of the side. The "
      "tree is kept in the level metadata (partitions).";
  info.min_size = {8, 8};
  info.schema.add_int("depth", 8, 1, 24, "maximum number of recursive splits")
      .add_int("min_leaf", 8, 4, 10000, "smallest leaf side a split may leave")
      .add_real("hv_ratio", 1.0, 0.01, 100.0,
                "weight of horizontal against vertical cuts (1.0 = equal)")
      .add_real("split_range", 0.3, 0.05, 0.5,
                "a cut falls between this share and 1 minus it of the side")
      .add_int("room_min", 3, 2, 9998, "smallest room side (floor cells)")
      .add_int("room_max", 0, 0, 9998, "largest room side; 0 = as large as the leaf allows");
  add_corridor_params(info.schema);
  add_door_params(info.schema);
  return info;
}

class BspGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void check(const ParamSet& params, Size size) const override {
    const auto room_min = params.get_int("room_min");
    const auto room_max = params.get_int("room_max");
    const auto min_leaf = params.get_int("min_leaf");
    if (room_max != 0 && room_max < room_min)
      throw InputError("bsp: room_max (" + std::to_string(room_max) + ") is less than room_min (" +
                       std::to_string(room_min) + ")");
    if (min_leaf < room_min + 2)
      throw InputError("bsp: min_leaf (" + std::to_string(min_leaf) +
                       ") must be at least room_min + 2 (" + std::to_string(room_min + 2) + ")");
    check_room_fits("bsp", room_min, size);
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    const Settings s{static_cast<int>(params.get_int("depth")),
                     static_cast<int>(params.get_int("min_leaf")),
                     params.get_real("hv_ratio"),
                     params.get_real("split_range"),
                     static_cast<int>(params.get_int("room_min")),
                     static_cast<int>(params.get_int("room_max"))};
    auto& nodes = level.meta.partitions;
    split(nodes, level.tiles.bounds(), s, rng);
    make_rooms(level, s, rng);
    connect_siblings(level, corridor_style_from(params.get_string("corridor")), rng);
    place_doors(level, rng, params.get_real("doors"), params.get_real("open_doors"));
  }

 private:
  struct Settings {
    int depth;
    int min_leaf;
    double hv_ratio;
    double split_range;
    int room_min;
    int room_max;
  };

  // Breadth-first splitting: node ids grow level by level, so a node's children always come
  // after it and walking the ids backwards visits the deepest pairs first.
  static void split(std::vector<PartitionNode>& nodes, Rect root, const Settings& s, Rng& rng) {
    nodes.push_back({root, -1, -1, -1, 0, 0, -1});
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const PartitionNode node = nodes[i];
      if (node.depth >= s.depth) continue;
      const bool can_h = node.rect.height >= 2 * s.min_leaf;  // horizontal cut line
      const bool can_v = node.rect.width >= 2 * s.min_leaf;
      if (!can_h && !can_v) continue;
      const bool horizontal = can_h && (!can_v || rng.chance(s.hv_ratio / (1.0 + s.hv_ratio)));
      const int side = horizontal ? node.rect.height : node.rect.width;
      const int lo = std::max(s.min_leaf, static_cast<int>(side * s.split_range));
      const int hi = std::min(side - s.min_leaf, side - static_cast<int>(side * s.split_range));
      const int cut = lo <= hi ? rng.range(lo, hi) : side / 2;
      const Rect& r = node.rect;
      const Rect a = horizontal ? Rect{r.x, r.y, r.width, cut} : Rect{r.x, r.y, cut, r.height};
      const Rect b = horizontal ? Rect{r.x, r.y + cut, r.width, r.height - cut}
                                : Rect{r.x + cut, r.y, r.width - cut, r.height};
      const int id = static_cast<int>(i);
      nodes[i].first = static_cast<int>(nodes.size());
      nodes[i].second = nodes[i].first + 1;
      nodes[i].split = horizontal ? 'h' : 'v';
      nodes.push_back({a, id, -1, -1, node.depth + 1, 0, -1});
      nodes.push_back({b, id, -1, -1, node.depth + 1, 0, -1});
    }
  }

  // A room inside every leaf, leaving the leaf's outer ring as wall so that neighbouring
  // rooms are at least two walls apart.
  static void make_rooms(Level& level, const Settings& s, Rng& rng) {
    for (PartitionNode& node : level.meta.partitions) {
      if (node.first != -1) continue;
      const Rect inner = node.rect.expanded(-1);
      const int cap_w = s.room_max > 0 ? std::min(s.room_max, inner.width) : inner.width;
      const int cap_h = s.room_max > 0 ? std::min(s.room_max, inner.height) : inner.height;
      const int w = rng.range(std::min(s.room_min, cap_w), cap_w);
      const int h = rng.range(std::min(s.room_min, cap_h), cap_h);
      const Rect room{rng.range(inner.x, inner.x + inner.width - w),
                      rng.range(inner.y, inner.y + inner.height - h), w, h};
      level.tiles.fill(room, Tile::floor);
      node.room = static_cast<int>(level.meta.rooms.size());
      level.meta.rooms.push_back({node.room, room, "room"});
    }
  }

  // A room of subtree `node` near `target`: descends into the child whose rectangle is
  // nearer to the target at each level (O(depth), no search of the whole subtree).
  static int room_toward(const Level& level, int node, Point target) {
    const auto& nodes = level.meta.partitions;
    const auto gap = [&](int id) {
      const Rect& r = nodes[static_cast<std::size_t>(id)].rect;
      const std::int64_t dx = std::max({r.left() - target.x, 0, target.x - r.right()});
      const std::int64_t dy = std::max({r.top() - target.y, 0, target.y - r.bottom()});
      return dx * dx + dy * dy;
    };
    while (nodes[static_cast<std::size_t>(node)].first != -1) {
      const PartitionNode& n = nodes[static_cast<std::size_t>(node)];
      node = gap(n.second) < gap(n.first) ? n.second : n.first;
    }
    return nodes[static_cast<std::size_t>(node)].room;
  }

  static void connect_siblings(Level& level, CorridorStyle style, Rng& rng) {
    const auto& nodes = level.meta.partitions;
    for (std::size_t i = nodes.size(); i-- > 0;) {
      const PartitionNode node = nodes[i];
      if (node.first == -1) continue;
      const Point other_centre = nodes[static_cast<std::size_t>(node.second)].rect.center();
      const int a = room_toward(level, node.first, other_centre);
      const Point a_centre = level.meta.rooms[static_cast<std::size_t>(a)].rect.center();
      const int b = room_toward(level, node.second, a_centre);
      const Point b_centre = level.meta.rooms[static_cast<std::size_t>(b)].rect.center();
      carve_corridor(level, a_centre, b_centre, style, rng, a, b);
    }
  }

  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_bsp_generator() {
  return std::make_unique<BspGenerator>();
}

}  // namespace yendor
