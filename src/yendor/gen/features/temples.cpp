// `temples`: a plain room, or an open square of floor on levels without rooms, becomes a temple
// (thesis 3.2 "Temples"): an altar in its middle and a priest beside it.

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/features/placement.hpp"

namespace yendor {

namespace {

const std::array<std::string, 3> k_alignments{"lawful", "neutral", "chaotic"};
constexpr int k_min_side = 3;
constexpr int k_open_side = 5;  // the open square a temple takes on a level without rooms

FeaturePassInfo make_info() {
  FeaturePassInfo info;
  info.name = "temples";
  info.summary = "a room (or an open 5x5 of floor) becomes a temple with an altar and a priest";
  info.version = 1;
  info.source = "thesis-roguelike-analysis-2015 section 3.2 (Temples) and 3.7 (Unique features)";
  info.description =
      "Considers the rooms of kind `room`, at least 3x3, with nothing protected in them or their "
      "wall ring (no_dig cells, shops, temples, vaults) and floor or herbs on the "
      "centre cell (the upper-left of the middle four on even sides), in random order; each "
      "becomes a temple with probability rate x unique_rate (at most 1), until `max` temples. "
      "The altar tile goes on that centre cell, with a feature "
      "`temple:ALIGNMENT` there (lawful, neutral or chaotic, at random: the divinity whose "
      "events it hosts); the priest the thesis mentions is a feature `priest` on a random floor "
      "cell of the eight around the altar (on the altar when none is floor). The room's kind "
      "becomes `temple`. An altar is passable, so nothing is blocked. A level whose generator "
      "recorded no rooms (caves, mazes; the shops, temples and vaults of passes do not count) "
      "gets its temples in open ground instead: `max` draws, each succeeding with the same "
      "probability, each success picking uniformly among the 5x5 squares of unprotected floor "
      "or herbs; a temple is laid in the square's centre unless the square overlaps an earlier "
      "temple, and is recorded as a room of kind `temple` whose rect is the square (open "
      "ground, not walled).";
  info.schema
      .add_real("rate", 0.1, 0.0, 1.0,
                "chance that a plain room becomes a temple, times unique_rate")
      .add_int("max", 1, 0, 1000, "most temples on one level");
  return info;
}

class TemplesPass final : public FeaturePass {
 public:
  const FeaturePassInfo& info() const override { return info_; }

  void apply(Level& level, const ParamSet& params, const FeatureContext& context,
             Rng& rng) const override {
    const double chance = placement::unique_feature_chance(params, context);
    const auto max = params.get_int("max");
    if (chance <= 0.0 || max <= 0) return;
    const Grid<std::uint8_t> protect = placement::protected_cells(level);

    if (!placement::has_rooms(level)) {
      const std::int64_t wanted = placement::successes(max, chance, rng);
      for (Point centre :
           placement::sample_open_squares(level, protect, k_open_side, wanted, rng)) {
        const Rect square{centre.x - k_open_side / 2, centre.y - k_open_side / 2, k_open_side,
                          k_open_side};
        // Temples apart: a square overlapping an earlier one is skipped.
        const auto& rooms = level.meta.rooms;
        if (std::any_of(rooms.begin(), rooms.end(),
                        [&](const Room& t) { return t.rect.intersects(square); }))
          continue;
        level.meta.rooms.push_back({static_cast<int>(level.meta.rooms.size()), square, "temple"});
        consecrate(level, square, rng);
      }
      return;
    }

    const auto candidates = placement::shuffled_centre_rooms(level, protect, k_min_side, rng);
    placement::make_in_rooms(candidates, chance, max, rng, [&](std::size_t i) {
      level.meta.rooms[i].kind = "temple";
      consecrate(level, level.meta.rooms[i].rect, rng);
      return true;
    });
  }

 private:
  // The altar in the middle of `r`, the priest beside it.
  static void consecrate(Level& level, const Rect& r, Rng& rng) {
    const Point altar = r.center();
    level.tiles[altar] = Tile::altar;
    auto& features = level.meta.features;
    features.push_back(
        {altar,
         "temple:" + k_alignments[rng.below(static_cast<std::uint32_t>(k_alignments.size()))]});
    std::vector<Point> around;
    for (Point d : k_directions8)
      if (r.contains(altar + d) && placement::is_room_floor(level.tiles[altar + d]))
        around.push_back(altar + d);
    features.push_back({around.empty() ? altar : rng.pick(around), "priest"});
  }

  FeaturePassInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<FeaturePass> make_temples_pass() {
  return std::make_unique<TemplesPass>();
}

}  // namespace yendor
