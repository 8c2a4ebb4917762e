// `fountains`: fountains in the middle of plain rooms, or in open floor on levels without rooms
// (thesis 3.2 "Fountains"). A fountain is passable, so it never blocks a way.

#include <algorithm>
#include <vector>

#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/features/placement.hpp"

namespace yendor {

namespace {

constexpr int k_min_side = 3;
constexpr int k_open_side = 3;  // the open square around a fountain in open ground
// Levels without rooms get one chance of a fountain per this many floor cells: the `rooms`
// generator's floor area per room, so both kinds of level get about as many.
constexpr std::int64_t k_floor_per_chance = 180;

FeaturePassInfo make_info() {
  FeaturePassInfo info;
  info.name = "fountains";
  info.summary = "fountains in the middle of rooms, or in open floor on levels without rooms";
  info.version = 1;
  info.source = "thesis-roguelike-analysis-2015 section 3.2 (Fountains) and 3.7 (Unique features)";
  info.description =
      "Considers the rooms of kind `room`, at least 3x3, with nothing protected in them or their "
      "wall ring (no_dig cells, shops, temples, vaults) and floor or herbs on the "
      "centre cell (the upper-left of the middle four on even sides), in random order; each "
      "gets a fountain tile on that centre cell with probability rate "
      "x unique_rate (at most 1), until `max` fountains. A level whose generator recorded no "
      "rooms (caves, mazes; the shops, temples and vaults of passes do not count) gets one such "
      "chance per 180 cells of unprotected floor or herbs (at most `max` chances, the `rooms` "
      "generator's floor per room), and each success picks uniformly among the 3x3 squares of "
      "unprotected floor or herbs; the fountain goes in the square's centre unless an earlier "
      "fountain is in the square. "
      "Each fountain is recorded as a feature `fountain`. What drinking does (the thesis lists "
      "thirst, attribute changes, mutations) is for the game to decide. A fountain is passable, "
      "so it never blocks a way.";
  info.schema
      .add_real("rate", 0.15, 0.0, 1.0,
                "chance that a plain room gets a fountain, times unique_rate")
      .add_int("max", 4, 0, 1000, "most fountains on one level");
  return info;
}

class FountainsPass final : public FeaturePass {
 public:
  const FeaturePassInfo& info() const override { return info_; }

  void apply(Level& level, const ParamSet& params, const FeatureContext& context,
             Rng& rng) const override {
    const double chance = placement::unique_feature_chance(params, context);
    const auto max = params.get_int("max");
    if (chance <= 0.0 || max <= 0) return;
    const Grid<std::uint8_t> protect = placement::protected_cells(level);

    if (!placement::has_rooms(level)) {
      std::int64_t floor = 0;
      for (std::size_t i = 0; i < level.tiles.cell_count(); ++i)
        floor += protect[i] == 0 && placement::is_room_floor(level.tiles[i]) ? 1 : 0;
      const std::int64_t wanted =
          placement::successes(std::min(max, floor / k_floor_per_chance), chance, rng);
      for (Point centre : placement::sample_open_squares(level, protect, k_open_side, wanted, rng))
        if (!fountain_near(level, centre)) place(level, centre);
      return;
    }

    const auto candidates = placement::shuffled_centre_rooms(level, protect, k_min_side, rng);
    placement::make_in_rooms(candidates, chance, max, rng, [&](std::size_t i) {
      place(level, level.meta.rooms[i].rect.center());
      return true;
    });
  }

 private:
  static bool fountain_near(const Level& level, Point centre) {
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (level.tiles[centre + Point{dx, dy}] == Tile::fountain) return true;
    return false;
  }

  static void place(Level& level, Point p) {
    level.tiles[p] = Tile::fountain;
    level.meta.features.push_back({p, "fountain"});
  }

  FeaturePassInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<FeaturePass> make_fountains_pass() {
  return std::make_unique<FountainsPass>();
}

}  // namespace yendor
