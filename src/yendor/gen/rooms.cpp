// `rooms`: the thesis's basic iteration (sections 3.1 and 5.3): random non-overlapping
// rectangular rooms joined by corridors, with the connection strategies section 3.1 lists.

#include <algorithm>
#include <cmath>

#include "yendor/core/error.hpp"
#include "yendor/gen/corridors.hpp"
#include "yendor/gen/delaunay.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/gen/spanning_tree.hpp"

namespace yendor {

namespace {

constexpr std::int64_t k_cells_per_auto_room = 180;

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "rooms";
  info.summary = "random non-overlapping rooms joined by corridors (thesis 3.1, 5.3)";
  info.version = 1;
  info.source = "thesis-roguelike-analysis-2015 sections 3.1 and 5.3";
  info.description =
      "Places rectangular rooms at random where they do not overlap (at least one wall cell "
      "apart), then joins them with corridors. connect=previous joins each room to the one "
      "placed before it (the thesis prototype); nearest joins each room to the nearest room "
      "placed before it; mst builds the minimum spanning tree over room centres; delaunay "
      "triangulates the centres, keeps the minimum spanning tree and adds back a `loops` share "
      "of the other triangulation edges. Corridors run centre to centre and only dig rock, so "
      "they may cross other rooms, as in the thesis. Doorways get doors; dead_ends adds "
      "corridors that lead nowhere.";
  info.min_size = {8, 8};
  info.schema.add_int("room_min", 4, 2, 500, "smallest room side (floor cells)")
      .add_int("room_max", 10, 2, 500, "largest room side (floor cells)")
      .add_int("max_rooms", 0, 0, 100000, "rooms to place; 0 = one per 180 cells of map area")
      .add_int("attempts", 0, 0, 10000000,
               "placement tries before giving up; 0 = 10 x max_rooms (a step budget)")
      .add_choice("connect", "delaunay", {"previous", "nearest", "mst", "delaunay"},
                  "how rooms are joined (thesis 3.1)")
      .add_real("loops", 0.15, 0.0, 1.0,
                "connect=delaunay: share of non-tree triangulation edges added back as corridors");
  add_corridor_params(info.schema);
  info.schema.add_real("dead_ends", 0.1, 0.0, 4.0, "corridors leading nowhere, per room");
  add_door_params(info.schema);
  return info;
}

class RoomsGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void check(const ParamSet& params, Size size) const override {
    check_not_above("rooms", params, "room_min", "room_max");
    check_room_fits("rooms", params.get_int("room_min"), size);
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    const int room_min = static_cast<int>(params.get_int("room_min"));
    const int room_max = static_cast<int>(params.get_int("room_max"));
    std::int64_t max_rooms = params.get_int("max_rooms");
    if (max_rooms == 0)
      max_rooms = std::max<std::int64_t>(1, level.size().area() / k_cells_per_auto_room);
    std::int64_t attempts = params.get_int("attempts");
    if (attempts == 0) attempts = 10 * max_rooms;

    place_rooms(level, rng, room_min, room_max, max_rooms, attempts);
    connect_rooms(level, rng, params);
    add_dead_ends(level, rng, params.get_real("dead_ends"), room_max + 4);
    place_doors(level, rng, params.get_real("doors"), params.get_real("open_doors"));
  }

 private:
  static void place_rooms(Level& level, Rng& rng, int room_min, int room_max,
                          std::int64_t max_rooms, std::int64_t attempts) {
    // Sides are capped so that a room with its wall ring always fits the map: the first
    // attempt on an empty map therefore always succeeds and every level has a room.
    const int max_w = std::min(room_max, level.width() - 2);
    const int max_h = std::min(room_max, level.height() - 2);
    auto& rooms = level.meta.rooms;
    for (std::int64_t a = 0; a < attempts && std::ssize(rooms) < max_rooms; ++a) {
      const int w = rng.range(room_min, max_w);
      const int h = rng.range(room_min, max_h);
      const Rect r{rng.range(1, level.width() - 1 - w), rng.range(1, level.height() - 1 - h), w, h};
      if (!all_rock(level, r.expanded(1))) continue;
      level.tiles.fill(r, Tile::floor);
      rooms.push_back({static_cast<int>(rooms.size()), r, "room"});
    }
  }

  static bool all_rock(const Level& level, const Rect& r) {
    for (int y = r.top(); y <= r.bottom(); ++y) {
      const auto row = level.tiles.row(y).subspan(static_cast<std::size_t>(r.left()),
                                                  static_cast<std::size_t>(r.width));
      if (std::any_of(row.begin(), row.end(), [](Tile t) { return t != Tile::wall; })) return false;
    }
    return true;
  }

  static void connect_rooms(Level& level, Rng& rng, const ParamSet& params) {
    const auto& rooms = level.meta.rooms;
    const std::string& connect = params.get_string("connect");
    const CorridorStyle style = corridor_style_from(params.get_string("corridor"));
    std::vector<Point> centres;
    centres.reserve(rooms.size());
    for (const Room& r : rooms)
      centres.push_back(r.rect.center());

    std::vector<Edge> edges;
    if (connect == "previous") {
      for (int i = 1; i < std::ssize(rooms); ++i)
        edges.push_back({i - 1, i});
    } else if (connect == "nearest") {
      for (int i = 1; i < std::ssize(rooms); ++i) {
        int best = 0;
        for (int j = 1; j < i; ++j)
          if (distance_squared(centres[i], centres[j]) <
              distance_squared(centres[i], centres[best]))
            best = j;
        edges.push_back({best, i});
      }
    } else {
      const std::vector<Edge> triangulation = delaunay_edges(centres);
      edges = minimum_spanning_tree(centres, triangulation);
      if (connect == "delaunay") {
        std::vector<Edge> tree = edges;
        std::sort(tree.begin(), tree.end());
        std::vector<Edge> extra;
        for (const Edge& e : triangulation)
          if (!std::binary_search(tree.begin(), tree.end(), e)) extra.push_back(e);
        rng.shuffle(extra);
        const auto keep = static_cast<std::size_t>(
            std::lround(params.get_real("loops") * static_cast<double>(extra.size())));
        edges.insert(edges.end(), extra.begin(), extra.begin() + static_cast<std::ptrdiff_t>(keep));
      }
    }
    for (const Edge& e : edges)
      carve_corridor(level, centres[static_cast<std::size_t>(e.a)],
                     centres[static_cast<std::size_t>(e.b)], style, rng, e.a, e.b);
  }

  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_rooms_generator() {
  return std::make_unique<RoomsGenerator>();
}

}  // namespace yendor
