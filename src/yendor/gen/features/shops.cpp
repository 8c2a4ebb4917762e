// `shops`: plain rooms become shops (thesis 3.2 "Shops"): a counter along the back wall with
// the shopkeeper behind it, stock on the floor in front, and a theme.

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/features/placement.hpp"

namespace yendor {

namespace {

const std::array<std::string, 5> k_themes{"general", "armor", "weapons", "magic", "food"};
constexpr int k_min_side = 3;
constexpr double k_stock_chance = 0.5;

FeaturePassInfo make_info() {
  FeaturePassInfo info;
  info.name = "shops";
  info.summary = "plain rooms become themed shops with a counter, a shopkeeper and stock";
  info.version = 1;
  info.source =
      "thesis-roguelike-analysis-2015 section 3.2 (Shops) and 3.7 (Unique features); "
      "roguebasin-dev-faq \"How do you make a town?\" (a shop behind one doorway)";
  info.description =
      "Considers the rooms of kind `room`, at least 3x3, with nothing protected in them or their "
      "wall ring (no_dig cells, shops, temples, vaults), every cell floor, herbs or "
      "trees, and at least one entrance (a traversable cell of the wall ring, corners left "
      "out): those with exactly one entrance first, as the thesis's shop behind a doorway, the "
      "rest after them, each group in random order. Each becomes a shop with probability rate "
      "x unique_rate (at most 1), until `max` shops. Trees in a shop are cut down to floor (the "
      "room stays open to its entrances). The back wall is the one opposite the first entrance "
      "in scan order. The row just inside the back wall is the shopkeeper's: a feature "
      "`shopkeeper` at its middle, with the theme as a feature `shop:THEME` on the same cell "
      "(general, armor, weapons, magic or food; `theme` picks one or random). The next row is "
      "the counter: shop_counter tiles along all of it but its two end cells, which stay open "
      "as the way behind. Every floor cell in front of the counter that is not beside an "
      "entrance holds a `shop_item` feature (stock) with probability 1/2. The counter is laid "
      "only after a flood over the room and its wall ring shows that every group of connected "
      "cells stays connected without it, so it never blocks a way; a room that fails is left "
      "as it was. The room's kind becomes `shop`. Levels that record no rooms (caves, mazes) "
      "get no shops: a shop is a room with a door, and carving one would change the generator's "
      "layout.";
  info.schema
      .add_real("rate", 0.1, 0.0, 1.0, "chance that a plain room becomes a shop, times unique_rate")
      .add_int("max", 2, 0, 1000, "most shops on one level")
      .add_choice("theme", "random", {"random", "general", "armor", "weapons", "magic", "food"},
                  "what every shop on the level sells; random: each its own");
  return info;
}

class ShopsPass final : public FeaturePass {
 public:
  const FeaturePassInfo& info() const override { return info_; }

  void apply(Level& level, const ParamSet& params, const FeatureContext& context,
             Rng& rng) const override {
    const double chance = placement::unique_feature_chance(params, context);
    const auto max = params.get_int("max");
    const std::string& theme = params.get_string("theme");
    if (chance <= 0.0 || max <= 0) return;

    const Grid<std::uint8_t> protect = placement::protected_cells(level);
    std::vector<std::size_t> single, other;
    for (std::size_t i = 0; i < level.meta.rooms.size(); ++i) {
      const Room& room = level.meta.rooms[i];
      if (!placement::is_free_room(protect, room, k_min_side) || !shop_ground(level, room.rect))
        continue;
      const std::size_t ways = placement::entrances(level, room.rect).size();
      if (ways > 0) (ways == 1 ? single : other).push_back(i);
    }
    rng.shuffle(single);
    rng.shuffle(other);
    single.insert(single.end(), other.begin(), other.end());

    placement::make_in_rooms(single, chance, max, rng, [&](std::size_t i) {
      const std::string& shop_theme =
          theme == "random" ? k_themes[rng.below(static_cast<std::uint32_t>(k_themes.size()))]
                            : theme;
      return make_shop(level, i, shop_theme, rng);
    });
  }

 private:
  // Every cell floor, herbs or trees (which the shopkeeper cuts down).
  static bool shop_ground(const Level& level, const Rect& r) {
    for (int y = r.top(); y <= r.bottom(); ++y)
      for (int x = r.left(); x <= r.right(); ++x) {
        const Tile t = level.tiles[Point{x, y}];
        if (!placement::is_room_floor(t) && t != Tile::tree) return false;
      }
    return true;
  }

  static bool make_shop(Level& level, std::size_t room_index, const std::string& theme, Rng& rng) {
    const Rect r = level.meta.rooms[room_index].rect;
    const std::vector<Point> doors = placement::entrances(level, r);
    // `back`: the direction from the room's middle toward its back wall, away from the first
    // entrance. The room has one, so cutting its trees leaves it open to the level.
    const Point first = doors.front();
    const Point back = first.y < r.top()      ? dir::south
                       : first.y > r.bottom() ? dir::north
                       : first.x < r.left()   ? dir::east
                                              : dir::west;
    std::vector<Point> trees;
    for (int y = r.top(); y <= r.bottom(); ++y)
      for (int x = r.left(); x <= r.right(); ++x)
        if (level.tiles[Point{x, y}] == Tile::tree) {
          trees.push_back({x, y});
          level.tiles[Point{x, y}] = Tile::floor;
        }
    // Walk the room in local coordinates: `u` along the back wall, `v` away from it.
    const bool vertical = back.y != 0;  // the back wall is the top or bottom one
    const int length = vertical ? r.width : r.height;
    const int depth = vertical ? r.height : r.width;
    const auto cell = [&](int u, int v) {
      if (vertical) return Point{r.left() + u, back.y < 0 ? r.top() + v : r.bottom() - v};
      return Point{back.x < 0 ? r.left() + v : r.right() - v, r.top() + u};
    };
    std::vector<Point> counter;
    for (int u = 1; u < length - 1; ++u)
      counter.push_back(cell(u, 1));
    if (!placement::blocking_keeps_connectivity(level, r, counter)) {
      for (Point p : trees)
        level.tiles[p] = Tile::tree;
      return false;
    }

    for (Point p : counter)
      level.tiles[p] = Tile::shop_counter;
    const Point keeper = cell(length / 2, 0);
    auto& features = level.meta.features;
    features.push_back({keeper, "shopkeeper"});
    features.push_back({keeper, "shop:" + theme});
    for (int v = 2; v < depth; ++v)
      for (int u = 0; u < length; ++u) {
        const Point p = cell(u, v);
        const bool by_door =
            std::any_of(doors.begin(), doors.end(), [&](Point e) { return manhattan(e, p) == 1; });
        if (!by_door && rng.chance(k_stock_chance)) features.push_back({p, "shop_item"});
      }
    level.meta.rooms[room_index].kind = "shop";
    return true;
  }

  FeaturePassInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<FeaturePass> make_shops_pass() {
  return std::make_unique<ShopsPass>();
}

}  // namespace yendor
