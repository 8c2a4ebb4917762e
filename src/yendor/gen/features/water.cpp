// `water`: rivers and lakes laid by drunkard's walks (thesis 3.2 "Waterways"), of water with
// shallow rims or of lava, through floor and rock alike. Where the liquid cuts a way, the
// shortest crossing becomes a ford or a bridge, so the level stays connected.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/features/placement.hpp"

namespace yendor {

namespace {

constexpr int k_max_auto_width = 9;
constexpr int k_max_rivers = 256;
constexpr std::int64_t k_min_lake = 9;
constexpr std::int64_t k_max_lake = 600;
constexpr int k_idle_lakes = 16;  // lakes in a row that found no room before giving up

FeaturePassInfo make_info() {
  FeaturePassInfo info;
  info.name = "water";
  info.summary = "rivers and lakes of water or lava by drunkard's walks, with fords and bridges";
  info.version = 1;
  info.source =
      "thesis-roguelike-analysis-2015 section 3.2 (Waterways) and 3.7 (Motif); roguebasin-dev-faq "
      "\"How do you make wilderness?\" (drunken-walked terrain, then connectivity restored)";
  info.description =
      "Lays liquid over `size` of the map's inner cells, rock and open ground alike, as the "
      "thesis's drunkard's walk. A river (kind=river) starts on the inner line along a random "
      "map edge and walks toward the opposite edge: each step goes straight along its heading "
      "with probability `bias`, otherwise one of the three directions that do not turn back "
      "(so it always ends, after at most 6 x the longer side + 16 steps), sweeping a rounded "
      "brush `width` cells wide. width=0 picks the width (1 to 9) at which one river of the "
      "expected length (the mean side / (bias + (1 - bias) / 3) steps) covers the share. Rivers "
      "are drawn until the liquid reaches its share, so the last one may overshoot it. A lake "
      "(kind=lake) is a blob grown from a random centre by a "
      "drunkard's walk that restarts at the centre whenever it strays beyond a radius of about "
      "0.75 x the square root of the lake's cells; lakes of 9 to 600 cells (a quarter of the "
      "share, times a random factor from 1/2 to 3/2) are made until the share is reached, the "
      "last one cut to what is missing. "
      "kind=mixed draws rivers for half the share, then lakes. Liquid replaces only rock, "
      "floor, corridor, rubble and herbs, never the border ring, no_dig cells, doors, stairs, "
      "other features or the rooms (with their walls) of shops, temples and vaults, and it takes "
      "at most half of the cells that were traversable and half of the floor, so stairs still "
      "find floor. Water: a liquid cell whose eight neighbours are all liquid is deep; a rim "
      "cell is shallow (wadable) where there was open ground and deep where there was rock, so "
      "water never opens new ground inside rock; the border ring counts as liquid here, so a "
      "river runs on beyond the map rather than ending in a ford. Lava (liquid=lava) has no rim: "
      "every cell is "
      "lava. Then every region of the level that the liquid split is joined again, each part "
      "to the nearest other part by the shortest way across the liquid (Boruvka's rounds): the "
      "crossing becomes a ford (shallow water) when it runs over former open ground only, "
      "otherwise a bridge, and always a bridge over lava; each crossing is recorded as a "
      "feature `ford` or `bridge` at its middle. Each river and lake is recorded as a region "
      "of kind `river` or `lake` (`lava` for both shapes of lava) with the cells it covered.";
  info.schema
      .add_choice("kind", "river", {"river", "lake", "mixed"},
                  "rivers from edge to edge, lakes, or rivers for half the size and lakes")
      .add_real("size", 0.08, 0.0, 0.5, "share of the map's inner cells covered by liquid")
      .add_real("bias", 0.5, 0.0, 1.0,
                "river: chance a step goes straight on (else any direction but back)")
      .add_int("width", 0, 0, 25, "river width in cells; 0 = what makes one river the size, 1 to 9")
      .add_choice("liquid", "water", {"water", "lava"},
                  "water (deep, with shallow rims on open ground) or lava (no rim)");
  return info;
}

// Tiles that liquid may replace: rock and plain open ground.
bool replaceable(Tile t) {
  return t == Tile::wall || t == Tile::floor || t == Tile::corridor || t == Tile::rubble ||
         t == Tile::herb;
}

// Paints liquid into a mask cell by cell, within the pass's limits, and tallies each shape.
class Painter {
 public:
  Painter(const Level& level, const Grid<std::uint8_t>& protect, const Grid<std::int32_t>& before,
          Grid<std::uint8_t>& liquid)
      : level_(level), protect_(protect), before_(before), liquid_(liquid) {
    std::int64_t open = 0, floor = 0;
    for (std::size_t i = 0; i < before.cell_count(); ++i) {
      open += before[i] >= 0 ? 1 : 0;
      floor += level.tiles[i] == Tile::floor ? 1 : 0;
    }
    open_left_ = open / 2;
    floor_left_ = floor / 2;
  }

  bool paint(Point p) {
    if (!level_.in_bounds(p)) return false;
    const std::size_t i = level_.tiles.index_of(p);
    if (liquid_[i] != 0 || protect_[i] != 0 || !replaceable(level_.tiles[i])) return false;
    const bool open = before_[i] >= 0, floor = level_.tiles[i] == Tile::floor;
    if ((open && open_left_ <= 0) || (floor && floor_left_ <= 0)) return false;
    open_left_ -= open ? 1 : 0;
    floor_left_ -= floor ? 1 : 0;
    liquid_[i] = 1;
    ++total_;
    ++shape_cells_;
    shape_min_ = {std::min(shape_min_.x, p.x), std::min(shape_min_.y, p.y)};
    shape_max_ = {std::max(shape_max_.x, p.x), std::max(shape_max_.y, p.y)};
    return true;
  }

  void begin_shape() {
    shape_cells_ = 0;
    shape_min_ = {level_.width(), level_.height()};
    shape_max_ = {-1, -1};
  }
  // Records the shape as a region when it covered anything; false when it did not.
  bool end_shape(std::vector<Region>& regions, const std::string& kind) {
    if (shape_cells_ == 0) return false;
    regions.push_back({static_cast<int>(regions.size()), kind,
                       Rect::from_corners(shape_min_, shape_max_), shape_cells_});
    return true;
  }

  std::int64_t total() const { return total_; }

 private:
  const Level& level_;
  const Grid<std::uint8_t>& protect_;
  const Grid<std::int32_t>& before_;
  Grid<std::uint8_t>& liquid_;
  std::int64_t open_left_ = 0, floor_left_ = 0, total_ = 0, shape_cells_ = 0;
  Point shape_min_, shape_max_;
};

// The cells a brush `width` cells across covers around its centre: a rounded square.
std::vector<Point> brush_offsets(int width) {
  const int lo = -(width - 1) / 2, hi = width / 2;
  const double mid = (lo + hi) / 2.0, radius = width / 2.0;
  std::vector<Point> out;
  for (int dy = lo; dy <= hi; ++dy)
    for (int dx = lo; dx <= hi; ++dx)
      if ((dx - mid) * (dx - mid) + (dy - mid) * (dy - mid) <= radius * radius + 0.5)
        out.push_back({dx, dy});
  return out;
}

bool inside(Point p, Size size) {
  return p.x >= 1 && p.y >= 1 && p.x <= size.width - 2 && p.y <= size.height - 2;
}

// A biased drunkard's walk from the inner line along one edge to the one along the opposite.
void draw_river(Painter& painter, Rng& rng, const std::vector<Point>& brush, double bias,
                Size size) {
  const int w = size.width, h = size.height;
  const Point heading = k_directions4[rng.below(4)];
  const Point turn_a{-heading.y, heading.x}, turn_b{heading.y, -heading.x};
  Point pos;
  if (heading == dir::south)
    pos = {rng.range(1, w - 2), 1};
  else if (heading == dir::north)
    pos = {rng.range(1, w - 2), h - 2};
  else if (heading == dir::east)
    pos = {1, rng.range(1, h - 2)};
  else
    pos = {w - 2, rng.range(1, h - 2)};
  const auto arrived = [&](Point p) {
    return (heading == dir::south && p.y == h - 2) || (heading == dir::north && p.y == 1) ||
           (heading == dir::east && p.x == w - 2) || (heading == dir::west && p.x == 1);
  };
  // Without bias a step goes on with chance 1/3, so 3 x the span is the expected length.
  const std::int64_t budget = 6 * std::int64_t{std::max(w, h)} + 16;
  for (std::int64_t s = 0; s < budget; ++s) {
    for (Point o : brush)
      painter.paint(pos + o);
    if (arrived(pos)) break;
    Point step = heading;
    if (!rng.chance(bias)) {
      const std::uint32_t k = rng.below(3);
      step = k == 0 ? heading : (k == 1 ? turn_a : turn_b);
    }
    if (inside(pos + step, size)) pos += step;
  }
}

// A blob of about `cells` cells: a drunkard's walk that returns to the centre when it strays.
void draw_lake(Painter& painter, Rng& rng, std::int64_t cells, Size size) {
  const Point centre{rng.range(1, size.width - 2), rng.range(1, size.height - 2)};
  const std::int64_t radius2 = cells * 11 / 20 + 2;  // a disc of about 1.7 x the cells
  Point pos = centre;
  std::int64_t added = 0;
  const std::int64_t budget = 40 * cells + 100;
  for (std::int64_t s = 0; s < budget && added < cells; ++s) {
    added += painter.paint(pos) ? 1 : 0;
    const Point next = pos + k_directions4[rng.below(4)];
    pos = inside(next, size) && distance_squared(next, centre) <= radius2 ? next : centre;
  }
}

class WaterPass final : public FeaturePass {
 public:
  const FeaturePassInfo& info() const override { return info_; }

  void apply(Level& level, const ParamSet& params, const FeatureContext&, Rng& rng) const override {
    const std::string& kind = params.get_string("kind");
    const double size = params.get_real("size");
    const double bias = params.get_real("bias");
    const bool lava = params.get_string("liquid") == "lava";
    const Size map = level.size();
    if (map.width < 3 || map.height < 3 || size <= 0.0) return;

    const Grid<std::uint8_t> protect = placement::protected_cells(level);
    const RegionLabels before = label_regions(level.tiles);
    Grid<std::uint8_t> liquid(map, 0);
    Painter painter(level, protect, before.labels, liquid);
    auto& regions = level.meta.regions;
    const std::int64_t area = std::int64_t{map.width - 2} * (map.height - 2);
    const std::int64_t target = std::llround(size * static_cast<double>(area));

    if (kind != "lake") {
      const double share = kind == "mixed" ? size / 2 : size;
      const std::int64_t river_target = std::llround(share * static_cast<double>(area));
      int width = static_cast<int>(params.get_int("width"));
      if (width == 0) {
        // The width at which one river of the expected length covers the share: a step goes
        // on with probability bias + (1 - bias) / 3, across the mean of the two sides.
        const double span = (map.width + map.height) / 2.0 - 2.0;
        const double steps = span / (bias + (1.0 - bias) / 3.0);
        width = std::clamp(static_cast<int>(std::lround(static_cast<double>(river_target) / steps)),
                           1, k_max_auto_width);
      }
      const std::vector<Point> brush = brush_offsets(width);
      for (int i = 0; i < k_max_rivers && painter.total() < river_target; ++i) {
        painter.begin_shape();
        draw_river(painter, rng, brush, bias, map);
        if (!painter.end_shape(regions, lava ? "lava" : "river")) break;  // no room left
      }
    }
    if (kind != "river") {
      const std::int64_t typical =
          std::clamp((target - painter.total()) / 4, k_min_lake, k_max_lake);
      // At most as many lakes as would fill the share at their smallest, and a few more.
      const std::int64_t max_lakes = 2 * target / typical + 8;
      int idle = 0;
      for (std::int64_t i = 0; i < max_lakes && painter.total() < target && idle < k_idle_lakes;
           ++i) {
        const std::int64_t cells =
            std::min(typical / 2 + rng.below(static_cast<std::uint32_t>(typical + 1)),
                     target - painter.total());
        painter.begin_shape();
        draw_lake(painter, rng, cells, map);
        idle = painter.end_shape(regions, lava ? "lava" : "lake") ? 0 : idle + 1;
      }
    }

    fill(level, liquid, before.labels, lava);
    placement::reconnect(level, before.labels, liquid, [&](std::span<const std::uint32_t> path) {
      const bool ford = !lava && std::all_of(path.begin(), path.end(), [&](std::uint32_t i) {
        return before.labels[i] >= 0;
      });
      for (std::uint32_t i : path)
        level.tiles[i] = ford ? Tile::water_shallow : Tile::bridge;
      level.meta.features.push_back(
          {level.tiles.point_of(path[path.size() / 2]), ford ? "ford" : "bridge"});
    });
  }

 private:
  // Turns the mask into terrain: lava everywhere, or deep water with shallow rims on ground
  // that was open (rims in rock stay deep, so no new ground opens inside rock). The border ring
  // counts as liquid here: a river runs on beyond the map rather than ending in a ford.
  static void fill(Level& level, const Grid<std::uint8_t>& liquid, const Grid<std::int32_t>& before,
                   bool lava) {
    const int w = level.width(), h = level.height();
    const auto wet = [&](int x, int y) {
      return x == 0 || y == 0 || x == w - 1 || y == h - 1 || liquid[Point{x, y}] != 0;
    };
    for (int y = 1; y < h - 1; ++y)
      for (int x = 1; x < w - 1; ++x) {
        const Point p{x, y};
        if (liquid[p] == 0) continue;
        if (lava) {
          level.tiles[p] = Tile::lava;
          continue;
        }
        const bool interior = wet(x - 1, y - 1) && wet(x, y - 1) && wet(x + 1, y - 1) &&
                              wet(x - 1, y) && wet(x + 1, y) && wet(x - 1, y + 1) &&
                              wet(x, y + 1) && wet(x + 1, y + 1);
        level.tiles[p] = interior || before[p] < 0 ? Tile::water_deep : Tile::water_shallow;
      }
  }

  FeaturePassInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<FeaturePass> make_water_pass() {
  return std::make_unique<WaterPass>();
}

}  // namespace yendor
