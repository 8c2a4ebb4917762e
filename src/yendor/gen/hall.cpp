// `dd`: a Desktop Dungeons-like hall (desktop-dungeons-ai-pcg-platform section 2.1): one open
// floor with clumps of wall scattered over it, the terrain of the `dd` ruleset's 20x20 dungeon.

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {

namespace {

// One clump per this many cells of the map when `clumps` is 0 (16 on the 20x20 dungeon).
constexpr std::int64_t k_cells_per_auto_clump = 25;
constexpr std::int64_t k_chamber_cells = 9;

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "dd";
  info.summary = "a Desktop Dungeons hall: open floor with clumps of wall (DD platform 2.1)";
  info.version = 1;
  info.source = "desktop-dungeons-ai-pcg-platform section 2.1";
  info.description =
      "The map inside its outer ring of wall starts as floor. Each of `clumps` "
      "clumps starts on a random cell and walks `clump_min` to `clump_max` random orthogonal "
      "steps, turning every cell it visits to wall, so the hall gets short walls, pillars and "
      "nooks like the Desktop Dungeons levels. Floor that "
      "the clumps cut off from the largest open area is filled in, so the level is connected. "
      "The `dd` ruleset makes its dungeon with it by default: the inside of a 22x22 map is "
      "its 20x20 grid (docs/dd.md).";
  info.min_size = {5, 5};
  info.schema
      .add_int("clumps", 0, 0, 10000, "wall clumps; 0 = one per 25 cells inside the outer ring")
      .add_int("clump_min", 3, 1, 400, "fewest steps a clump walks")
      .add_int("clump_max", 10, 1, 400, "most steps a clump walks");
  return info;
}

constexpr std::array<Point, 4> k_steps = {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}};

class HallGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void check(const ParamSet& params, Size /*size*/) const override {
    if (params.get_int("clump_min") > params.get_int("clump_max"))
      throw InputError("dd: clump_min must not be above clump_max");
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    const Size size = level.size();
    const Rect inner{1, 1, size.width - 2, size.height - 2};
    for (int y = inner.y; y < inner.y + inner.height; ++y)
      for (int x = inner.x; x < inner.x + inner.width; ++x)
        level.tiles[Point{x, y}] = Tile::floor;
    std::int64_t clumps = params.get_int("clumps");
    if (clumps == 0)
      clumps = std::max<std::int64_t>(
          1, std::int64_t{inner.width} * inner.height / k_cells_per_auto_clump);
    const int lo = static_cast<int>(params.get_int("clump_min"));
    const int hi = static_cast<int>(params.get_int("clump_max"));
    for (std::int64_t c = 0; c < clumps; ++c) {
      Point p{inner.x + rng.range(0, inner.width - 1), inner.y + rng.range(0, inner.height - 1)};
      const int steps = rng.range(lo, hi);
      for (int s = 0; s < steps; ++s) {
        level.tiles[p] = Tile::wall;
        const Point next = p + k_steps[rng.below(4)];
        if (inner.contains(next)) p = next;
      }
    }
    keep_largest_area(level);
  }

 private:
  // Fills every floor area but the largest (the first in scan order on a tie). When even that
  // is smaller than a 3x3 chamber (clumps cover nearly everything), the map keeps only a
  // chamber carved at its centre, so there is always room for the stairs.
  static void keep_largest_area(Level& level) {
    const RegionLabels regions = label_regions(level.tiles);
    const auto largest = static_cast<std::int32_t>(
        std::max_element(regions.sizes.begin(), regions.sizes.end()) - regions.sizes.begin());
    const bool chamber = regions.sizes.empty() || regions.sizes[largest] < k_chamber_cells;
    for (std::size_t i = 0; i < level.tiles.cells().size(); ++i)
      if (regions.labels[i] >= 0 && (chamber || regions.labels[i] != largest))
        level.tiles[i] = Tile::wall;
    if (!chamber) return;
    const Point c{level.width() / 2, level.height() / 2};
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        level.tiles[c + Point{dx, dy}] = Tile::floor;
  }

  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_hall_generator() {
  return std::make_unique<HallGenerator>();
}

}  // namespace yendor
