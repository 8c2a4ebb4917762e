// `vegetation`: trees or herbs grown over floor by a cellular automaton (thesis 3.2
// "Vegetation", after ADOM's herbs). Trees are impassable: any tree that closed the only way
// through is cut down again, so the level stays connected.

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/features/placement.hpp"

namespace yendor {

namespace {

// A floor cell next to n plants sprouts with probability min(1, n / 3) each generation.
constexpr double k_neighbours_for_certain_growth = 3.0;

FeaturePassInfo make_info() {
  FeaturePassInfo info;
  info.name = "vegetation";
  info.summary = "trees or herbs grown over floor by a cellular automaton (ADOM's herbs)";
  info.version = 1;
  info.source =
      "thesis-roguelike-analysis-2015 section 3.2 (Vegetation: \"growth based on cellular "
      "automata (as seen in ADOM's herbs)\") and 3.7 (Motif)";
  info.description =
      "Covers about `density` of the plain floor (not corridors, doors, stairs, no_dig cells, "
      "or the rooms of shops, temples and vaults) with plants. The target is density x the "
      "floor cells, rounded. Seeds: each floor cell is planted with probability target / "
      "(floor cells x (generations + 1)), so generations=0 is a plain random scatter. Then "
      "`generations` rounds of a growth automaton, all cells at once from the previous round's "
      "state: a floor cell with n plants among its eight neighbours sprouts with probability "
      "min(1, n/3), so plants spread in clumps and fill the gaps between them. Growth stops at "
      "the target: in the round that would pass it, a random subset of the sprouts (the "
      "target's worth) is kept. The target is therefore an upper bound, reached unless the "
      "clumps run out of room. kind=herbs turns the plants into herbs, which are passable and "
      "change nothing else. kind=trees turns them into trees, which block movement and sight; "
      "then every region of the level that the trees split is joined again, each part to the "
      "nearest other part by the shortest way through trees (Boruvka's rounds), and those "
      "trees are cut back to floor. So trees never close the only way anywhere, and exactly "
      "the trees on those shortest ways are missing from the grown pattern.";
  info.schema
      .add_choice("kind", "herbs", {"trees", "herbs"},
                  "herbs (passable decoration) or trees (impassable, opaque)")
      .add_real("density", 0.1, 0.0, 0.6, "share of the plain floor to cover")
      .add_int("generations", 3, 0, 20,
               "growth rounds of the automaton after the seeds (0 = scattered seeds only)");
  return info;
}

class VegetationPass final : public FeaturePass {
 public:
  const FeaturePassInfo& info() const override { return info_; }

  void apply(Level& level, const ParamSet& params, const FeatureContext&, Rng& rng) const override {
    const bool trees = params.get_string("kind") == "trees";
    const double density = params.get_real("density");
    const auto generations = params.get_int("generations");

    const Grid<std::uint8_t> protect = placement::protected_cells(level);
    const std::size_t cells = level.tiles.cell_count();
    // Plain floor away from protected cells; never on the border, so all neighbours exist.
    const auto eligible = [&](std::size_t i) {
      return level.tiles[i] == Tile::floor && protect[i] == 0;
    };
    std::int64_t floor = 0;
    for (std::size_t i = 0; i < cells; ++i)
      floor += eligible(i) ? 1 : 0;
    const std::int64_t target = std::llround(density * static_cast<double>(floor));
    if (target <= 0) return;

    Grid<std::uint8_t> plant(level.size(), 0);
    std::int64_t planted = 0;
    const double seed_chance = static_cast<double>(target) /
                               (static_cast<double>(floor) * static_cast<double>(generations + 1));
    for (std::size_t i = 0; i < cells && planted < target; ++i)
      if (eligible(i) && rng.chance(seed_chance)) {
        plant[i] = 1;
        ++planted;
      }

    const auto w = static_cast<std::ptrdiff_t>(level.width());
    const std::array<std::ptrdiff_t, 8> around{-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
    std::vector<std::uint32_t> sprouts;
    for (std::int64_t g = 0; g < generations && planted < target; ++g) {
      sprouts.clear();
      for (std::size_t i = 0; i < cells; ++i) {
        if (plant[i] != 0 || !eligible(i)) continue;
        int n = 0;
        for (std::ptrdiff_t d : around)
          n += plant[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + d)];
        if (n > 0 && rng.chance(n / k_neighbours_for_certain_growth))
          sprouts.push_back(static_cast<std::uint32_t>(i));
      }
      const auto room = static_cast<std::size_t>(target - planted);
      if (sprouts.size() > room) {
        rng.shuffle(sprouts);
        sprouts.resize(room);
      }
      for (std::uint32_t i : sprouts)
        plant[i] = 1;
      planted += static_cast<std::int64_t>(sprouts.size());
    }

    if (!trees) {
      for (std::size_t i = 0; i < cells; ++i)
        if (plant[i] != 0) level.tiles[i] = Tile::herb;
      return;
    }
    const RegionLabels before = label_regions(level.tiles);
    for (std::size_t i = 0; i < cells; ++i)
      if (plant[i] != 0) level.tiles[i] = Tile::tree;
    placement::reconnect(level, before.labels, plant, [&](std::span<const std::uint32_t> path) {
      for (std::uint32_t i : path)
        level.tiles[i] = Tile::floor;
    });
  }

 private:
  FeaturePassInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<FeaturePass> make_vegetation_pass() {
  return std::make_unique<VegetationPass>();
}

}  // namespace yendor
