// `town`: a whole level of buildings along streets (RogueBasin FAQ "How do you make a town?",
// thesis 3.2's towns, shops, temples and fountains). Buildings are rectangles of undiggable
// wall with one doorway onto a street; a fountain square sits in the middle, a ring lane runs
// inside the (optional) town wall, and the blocks between the streets are cut into lots.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "yendor/gen/registry.hpp"

namespace yendor {

namespace {

// A building is at least 5 cells on a side (walls included): a 3x3 floor, so that a counter or
// an altar never cuts it in two. Lots are 5 to 9 cells wide; rows of lots 5 to 9 deep.
constexpr int k_lot_min = 5;
constexpr int k_lot_max = 9;
// A lot left at the end of a row is widened up to this rather than left over.
constexpr int k_lot_stretch = 11;

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "town";
  info.summary = "a town level: streets, a fountain square, shops, a temple and houses (FAQ)";
  info.version = 1;
  info.source =
      "roguebasin-dev-faq \"How do you make a town?\" (and \"How do you make sure all your rooms "
      "and passages are reachable?\"); thesis-roguelike-analysis-2015 section 3.2 (temples, "
      "shops, towns, fountains) and 3.7 (seeds)";
  info.description =
      "The FAQ's town: an empty level filled with buildings, each a rectangle of undiggable "
      "wall (cell_flag::no_dig, like the map border) with one doorway on a side that faces a "
      "street. With wall=true the town is enclosed by an undiggable wall with a gate in the "
      "middle of each side, and a lane runs outside it. Inside, a lane runs along the edge of "
      "the town and a fountain square (`plaza` cells on a side, smaller when the map is small) "
      "sits in the middle, with cross streets `street_width` wide along its sides running the "
      "length of the town; on a map too small for buildings on both sides of the square, the "
      "square moves to one side. The blocks between these streets are cut further by streets "
      "`street_width` wide: layout=grid cuts them evenly, about `block` cells apart; "
      "layout=organic cuts at random places until no block is much longer than `block`. Each "
      "block is cut into lots in one or two rows along its long sides, so that every lot "
      "touches a street. The largest lot becomes the temple (a room of kind \"temple\" with an "
      "altar in the middle), the `shops` lots nearest the fountain become shops (kind \"shop\", "
      "an open doorway and a shop counter just inside it); when fewer lots exist, fewer shops "
      "are built and the shop rooms say how many. Of the other lots a `houses` share get houses "
      "(kind \"house\", closed doors, a `locked` share of them locked and tagged \"locked\" in "
      "the features); the rest stay gardens of trees. Streets are corridor tiles, the square "
      "and the buildings' insides floor, so the stairs land in a building or on the square. "
      "Regions record the streets and the plaza. The FAQ keeps a town the same on every visit "
      "by saving its seed: here the level depends only on the seed, the depth and the "
      "parameters, so the same seed gives the same town every time it is generated.";
  info.min_size = {20, 20};
  info.schema
      .add_choice("layout", "organic", {"grid", "organic"},
                  "street network: an even grid, or blocks cut at random places")
      .add_int("block", 14, k_lot_min, 1000, "typical block side between streets (cells)")
      .add_int("street_width", 2, 1, 5, "width of the streets (the lanes are 1 wide)")
      .add_int("plaza", 9, 1, 999, "side of the fountain square (smaller if the map is small)")
      .add_int("shops", 6, 0, 100000, "shops to build, nearest the fountain first")
      .add_real("houses", 0.8, 0.0, 1.0, "share of the remaining lots that get a house")
      .add_real("locked", 0.25, 0.0, 1.0, "share of houses whose door is locked")
      .add_bool("wall", true, "an undiggable town wall with four gates and a lane outside it");
  return info;
}

// One axis of the town's centre: the square and the bands of blocks on either side, as
// coordinates along the axis. A band is absent (begin > end) when there is no room for it.
struct Axis {
  int plaza_begin = 0, plaza_end = 0;  // inclusive
  int low_begin = 0, low_end = -1;     // the band before the square
  int high_begin = 0, high_end = -1;   // the band after it
};

// Splits [begin, end] into a band, a cross street, the square, a cross street and a band,
// keeping each band at least one lot deep: two bands if they fit, else one (on a side chosen
// by `high_side`), else the square takes the whole length.
Axis lay_out_axis(int begin, int end, int street, int wanted, bool high_side) {
  const int length = end - begin + 1;
  Axis a;
  if (const int p = std::min(wanted, length - 2 * street - 2 * k_lot_min); p >= 1) {
    const int low = (length - 2 * street - p) / 2;
    a.low_begin = begin;
    a.low_end = begin + low - 1;
    a.plaza_begin = a.low_end + street + 1;
    a.plaza_end = a.plaza_begin + p - 1;
    a.high_begin = a.plaza_end + street + 1;
    a.high_end = end;
  } else if (const int q = std::min(wanted, length - street - k_lot_min); q >= 1) {
    if (high_side) {
      a.plaza_begin = begin;
      a.plaza_end = begin + q - 1;
      a.high_begin = a.plaza_end + street + 1;
      a.high_end = end;
    } else {
      a.plaza_end = end;
      a.plaza_begin = end - q + 1;
      a.low_begin = begin;
      a.low_end = a.plaza_begin - street - 1;
    }
  } else {
    a.plaza_begin = begin;
    a.plaza_end = std::min(end, begin + wanted - 1);
  }
  return a;
}

struct Settings {
  bool organic;
  int block, street;
  int plaza;
  std::int64_t shops;
  double houses, locked;
  bool wall;
};

struct Lot {
  Rect rect;  // walls included
  Point door;
  Point inward;  // from the door into the building
};

class TownBuilder {
 public:
  TownBuilder(Level& level, Rng& rng, const Settings& s) : level_(level), rng_(rng), s_(s) {}

  void run() {
    const Rect inside = level_.tiles.bounds().expanded(-1);
    mark_ring(level_.tiles.bounds());  // the map border
    Rect town = inside;
    if (s_.wall) {
      build_wall(inside);
      town = inside.expanded(-2);
    }
    level_.tiles.fill(town, Tile::tree);
    carve_ring(town, Tile::corridor);  // the lane along the town's edge
    const Rect inner = town.expanded(-1);
    lay_out_centre(inner);
    for (const Rect& r : regions_)
      cut_blocks(r);
    for (const Rect& b : blocks_)
      make_lots(b);
    raise_buildings();
    record_regions(town);
  }

 private:
  void mark_ring(const Rect& r) {
    for (int x = r.left(); x <= r.right(); ++x) {
      level_.flags[{x, r.top()}] |= cell_flag::no_dig;
      level_.flags[{x, r.bottom()}] |= cell_flag::no_dig;
    }
    for (int y = r.top(); y <= r.bottom(); ++y) {
      level_.flags[{r.left(), y}] |= cell_flag::no_dig;
      level_.flags[{r.right(), y}] |= cell_flag::no_dig;
    }
  }

  void carve_ring(const Rect& r, Tile t) {
    for (int x = r.left(); x <= r.right(); ++x) {
      level_.tiles[{x, r.top()}] = t;
      level_.tiles[{x, r.bottom()}] = t;
    }
    for (int y = r.top(); y <= r.bottom(); ++y) {
      level_.tiles[{r.left(), y}] = t;
      level_.tiles[{r.right(), y}] = t;
    }
  }

  // A lane just inside the border, the wall ring inside it (undiggable), and a gate (an open
  // door) in the middle of each side of the wall.
  void build_wall(const Rect& inside) {
    carve_ring(inside, Tile::corridor);
    const Rect wall = inside.expanded(-1);
    mark_ring(wall);
    const Point mid = wall.center();
    for (const Point gate : {Point{mid.x, wall.top()}, Point{mid.x, wall.bottom()},
                             Point{wall.left(), mid.y}, Point{wall.right(), mid.y}}) {
      level_.tiles[gate] = Tile::door_open;
      level_.meta.doors.push_back({gate, -1});
      level_.meta.features.push_back({gate, "gate"});
    }
  }

  // The fountain square in the middle, cross streets along its sides the whole length of the
  // town, and the (up to eight) regions of blocks around it.
  void lay_out_centre(const Rect& inner) {
    const Axis ax =
        lay_out_axis(inner.left(), inner.right(), s_.street, s_.plaza, rng_.chance(0.5));
    const Axis ay =
        lay_out_axis(inner.top(), inner.bottom(), s_.street, s_.plaza, rng_.chance(0.5));
    plaza_ = Rect::from_corners({ax.plaza_begin, ay.plaza_begin}, {ax.plaza_end, ay.plaza_end});
    level_.tiles.fill(plaza_, Tile::floor);
    fountain_ = plaza_.center();
    level_.tiles[fountain_] = Tile::fountain;
    level_.meta.features.push_back({fountain_, "fountain"});
    const auto street_x = [&](int x0, int x1) {
      if (x0 <= x1) level_.tiles.fill(Rect{x0, inner.y, x1 - x0 + 1, inner.height}, Tile::corridor);
    };
    const auto street_y = [&](int y0, int y1) {
      if (y0 <= y1) level_.tiles.fill(Rect{inner.x, y0, inner.width, y1 - y0 + 1}, Tile::corridor);
    };
    if (ax.low_begin <= ax.low_end) street_x(ax.low_end + 1, ax.plaza_begin - 1);
    if (ax.high_begin <= ax.high_end) street_x(ax.plaza_end + 1, ax.high_begin - 1);
    if (ay.low_begin <= ay.low_end) street_y(ay.low_end + 1, ay.plaza_begin - 1);
    if (ay.high_begin <= ay.high_end) street_y(ay.plaza_end + 1, ay.high_begin - 1);
    const int xs[3][2] = {
        {ax.low_begin, ax.low_end}, {ax.plaza_begin, ax.plaza_end}, {ax.high_begin, ax.high_end}};
    const int ys[3][2] = {
        {ay.low_begin, ay.low_end}, {ay.plaza_begin, ay.plaza_end}, {ay.high_begin, ay.high_end}};
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) {
        if (i == 1 && j == 1) continue;  // the square
        if (xs[i][0] > xs[i][1] || ys[j][0] > ys[j][1]) continue;
        regions_.push_back(Rect::from_corners({xs[i][0], ys[j][0]}, {xs[i][1], ys[j][1]}));
      }
  }

  // Cuts a region into blocks with streets between them (explicit stack, no recursion).
  void cut_blocks(const Rect& region) {
    if (!s_.organic) {
      // The whole region is street but for the blocks.
      level_.tiles.fill(region, Tile::corridor);
      for (const auto& [x0, x1] : even_pieces(region.left(), region.right()))
        for (const auto& [y0, y1] : even_pieces(region.top(), region.bottom())) {
          blocks_.push_back(Rect::from_corners({x0, y0}, {x1, y1}));
          level_.tiles.fill(blocks_.back(), Tile::tree);
        }
      return;
    }
    std::vector<Rect> stack{region};
    while (!stack.empty()) {
      const Rect r = stack.back();
      stack.pop_back();
      const bool across = r.width >= r.height;  // cut the longer side
      const int side = across ? r.width : r.height;
      const int room = side - 2 * k_lot_min - s_.street;  // cut positions that leave two blocks
      const bool wants = side > s_.block + s_.block / 2 || (side > s_.block && rng_.chance(0.5));
      if (room < 0 || !wants) {
        blocks_.push_back(r);
        continue;
      }
      const int cut = k_lot_min + rng_.range(0, room);  // the street's first cell, from r's start
      if (across) {
        level_.tiles.fill(Rect{r.x + cut, r.y, s_.street, r.height}, Tile::corridor);
        stack.push_back(Rect{r.x, r.y, cut, r.height});
        stack.push_back(Rect{r.x + cut + s_.street, r.y, r.width - cut - s_.street, r.height});
      } else {
        level_.tiles.fill(Rect{r.x, r.y + cut, r.width, s_.street}, Tile::corridor);
        stack.push_back(Rect{r.x, r.y, r.width, cut});
        stack.push_back(Rect{r.x, r.y + cut + s_.street, r.width, r.height - cut - s_.street});
      }
    }
  }

  // layout=grid: [begin, end] in as many pieces about `block` long as fit, with a street
  // between each two.
  std::vector<std::pair<int, int>> even_pieces(int begin, int end) const {
    const int length = end - begin + 1;
    const int n = std::max(1, (length + s_.street) / (s_.block + s_.street));
    const int cells = length - (n - 1) * s_.street;
    std::vector<std::pair<int, int>> out;
    int at = begin;
    for (int i = 0; i < n; ++i) {
      const int size = cells / n + (i < cells % n ? 1 : 0);
      out.emplace_back(at, at + size - 1);
      at += size + s_.street;
    }
    return out;
  }

  // Lots in one row along each long side of the block (two rows when it is deep enough); what
  // is left in the middle stays garden. Every lot touches the block's edge, hence a street.
  void make_lots(const Rect& b) {
    if (std::min(b.width, b.height) < k_lot_min) return;
    const bool along_x = b.width >= b.height;
    const int depth = along_x ? b.height : b.width;
    if (depth >= 2 * k_lot_min) {
      const int first = rng_.range(k_lot_min, std::min(k_lot_max, depth - k_lot_min));
      const int second = rng_.range(k_lot_min, std::min(k_lot_max, depth - first));
      lot_row(b, along_x, 0, first);
      lot_row(b, along_x, depth - second, second);
    } else {
      lot_row(b, along_x, 0, depth);
    }
  }

  // A row of lots `depth` deep starting `offset` cells into the block across its long side.
  void lot_row(const Rect& b, bool along_x, int offset, int depth) {
    const int begin = along_x ? b.left() : b.top();
    const int end = along_x ? b.right() : b.bottom();
    for (int at = begin; end - at + 1 >= k_lot_min;) {
      const int left = end - at + 1;
      int width = std::min(rng_.range(k_lot_min, k_lot_max), left);
      if (left - width < k_lot_min && left <= k_lot_stretch) width = left;
      const Rect lot =
          along_x ? Rect{at, b.y + offset, width, depth} : Rect{b.x + offset, at, depth, width};
      lots_.push_back({lot, {}, {}});
      at += width + (rng_.chance(0.25) ? 1 : 0);
    }
  }

  // Picks each lot's doorway (a wall cell, not a corner, with a street just outside), then
  // assigns the temple, the shops and the houses and builds them.
  void raise_buildings() {
    std::vector<Lot> lots;
    for (Lot& lot : lots_)
      if (choose_door(lot)) lots.push_back(lot);
    if (lots.empty()) return;
    // The temple: the largest lot, the one nearer the fountain on a tie.
    const auto distance = [&](const Lot& l) { return manhattan(l.rect.center(), fountain_); };
    const auto temple = std::max_element(lots.begin(), lots.end(), [&](const Lot& a, const Lot& b) {
      if (a.rect.area() != b.rect.area()) return a.rect.area() < b.rect.area();
      return distance(a) > distance(b);
    });
    std::iter_swap(lots.begin(), temple);
    // Shops: the lots nearest the fountain (stable, so ties keep scan order).
    std::stable_sort(lots.begin() + 1, lots.end(),
                     [&](const Lot& a, const Lot& b) { return distance(a) < distance(b); });
    build(lots[0], "temple");
    std::size_t i = 1;
    for (std::int64_t n = 0; n < s_.shops && i < lots.size(); ++n, ++i)
      build(lots[i], "shop");
    for (; i < lots.size(); ++i)
      if (rng_.chance(s_.houses)) build(lots[i], "house");
  }

  // Visits the lot's doorway candidates in a fixed order: wall cells, corners excluded, with a
  // street just outside. `visit(door, inward)` returns true to stop.
  template <typename Visit>
  void for_each_doorway(const Rect& r, Visit visit) const {
    const auto street = [&](Point p, Point inward) {
      const Point outside = p - inward;
      return level_.tiles.in_bounds(outside) && level_.tiles[outside] == Tile::corridor;
    };
    for (int x = r.left() + 1; x < r.right(); ++x) {
      if (street({x, r.top()}, dir::south) && visit(Point{x, r.top()}, dir::south)) return;
      if (street({x, r.bottom()}, dir::north) && visit(Point{x, r.bottom()}, dir::north)) return;
    }
    for (int y = r.top() + 1; y < r.bottom(); ++y) {
      if (street({r.left(), y}, dir::east) && visit(Point{r.left(), y}, dir::east)) return;
      if (street({r.right(), y}, dir::west) && visit(Point{r.right(), y}, dir::west)) return;
    }
  }

  // A uniformly random doorway candidate (counted, then found again: no allocation per lot).
  bool choose_door(Lot& lot) {
    std::uint32_t options = 0;
    for_each_doorway(lot.rect, [&](Point, Point) {
      ++options;
      return false;
    });
    if (options == 0) return false;
    std::uint32_t k = rng_.below(options);
    for_each_doorway(lot.rect, [&](Point door, Point inward) {
      if (k-- != 0) return false;
      lot.door = door;
      lot.inward = inward;
      return true;
    });
    return true;
  }

  void build(const Lot& lot, const char* kind) {
    const Rect floor = lot.rect.expanded(-1);
    carve_ring(lot.rect, Tile::wall);
    mark_ring(lot.rect);
    level_.tiles.fill(floor, Tile::floor);
    const int id = static_cast<int>(level_.meta.rooms.size());
    level_.meta.rooms.push_back({id, floor, kind});
    const std::string k = kind;
    Tile door = Tile::door_closed;
    if (k == "temple") {
      door = Tile::door_open;
      // The floor is at least 3x3, so its centre is never next to the door: one blocked cell
      // in a rectangle at least 2 wide each way never cuts it in two.
      level_.tiles[floor.center()] = Tile::altar;
      level_.meta.features.push_back({floor.center(), "altar"});
    } else if (k == "shop") {
      door = Tile::door_open;
      // The counter faces the customer one step inside; the cell just inside stays free.
      const Point counter = lot.door + lot.inward * 2;
      level_.tiles[counter] = Tile::shop_counter;
      level_.meta.features.push_back({counter, "shop_counter"});
    } else if (rng_.chance(s_.locked)) {
      door = Tile::door_locked;
      level_.meta.features.push_back({lot.door, "locked"});
    }
    level_.tiles[lot.door] = door;
    level_.meta.doors.push_back({lot.door, id});
  }

  void record_regions(const Rect& town) {
    std::int64_t streets = 0;
    for (int y = town.top(); y <= town.bottom(); ++y)
      for (const Tile t : level_.tiles.row(y).subspan(static_cast<std::size_t>(town.x),
                                                      static_cast<std::size_t>(town.width)))
        streets += t == Tile::corridor ? 1 : 0;
    level_.meta.regions.push_back({0, "streets", town, streets});
    level_.meta.regions.push_back({1, "plaza", plaza_, plaza_.area()});
  }

  Level& level_;
  Rng& rng_;
  const Settings& s_;
  Rect plaza_;
  Point fountain_;
  std::vector<Rect> regions_;
  std::vector<Rect> blocks_;
  std::vector<Lot> lots_;
};

class TownGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    const Settings s{params.get_string("layout") == "organic",
                     static_cast<int>(params.get_int("block")),
                     static_cast<int>(params.get_int("street_width")),
                     static_cast<int>(params.get_int("plaza")),
                     params.get_int("shops"),
                     params.get_real("houses"),
                     params.get_real("locked"),
                     params.get_bool("wall")};
    TownBuilder(level, rng, s).run();
  }

 private:
  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_town_generator() {
  return std::make_unique<TownGenerator>();
}

}  // namespace yendor
