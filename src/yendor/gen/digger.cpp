// `digger`: Mike Anderson's dungeon-building algorithm as the RogueBasin FAQ summarises it
// ("How are dungeons generated?"): one room in the middle of solid rock, then rooms and
// corridors grown one at a time off the walls of what is already dug, each only where it and
// its wall ring fit on untouched rock. Every feature hangs off exactly one earlier feature, so
// the level is a tree of features by construction; `loops` then knocks through a few walls
// between places that are far apart on foot.

#include <algorithm>
#include <cmath>

#include "yendor/core/error.hpp"
#include "yendor/gen/corridors.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {

namespace {

constexpr std::int64_t k_cells_per_auto_feature = 50;
constexpr std::int64_t k_auto_attempts_per_feature = 20;
constexpr std::int64_t k_loop_tries_per_loop = 20;
// Total cells the loops' distance floods may visit, per map cell (a step budget).
constexpr std::int64_t k_loop_visits_per_cell = 8;
// What a cell of the digger's claim map holds: untouched rock, a join (a door or opening
// between two features), or part of a feature's box.
constexpr std::uint8_t k_rock = 0;
constexpr std::uint8_t k_join = 1;
constexpr std::uint8_t k_box = 2;

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "digger";
  info.summary = "rooms and corridors dug one by one off existing walls (Anderson, RogueBasin FAQ)";
  info.version = 1;
  info.source =
      "roguebasin-dev-faq \"How are dungeons generated?\" (Mike Anderson's dungeon-building "
      "algorithm, steps 1-7 and the note on zigzag passages) and \"How do you make sure all your "
      "rooms and passages are reachable?\"; thesis-roguelike-analysis-2015 sections 3.1, 3.2, 3.7";
  info.description =
      "Fills the map with rock and digs one room in its middle (steps 1-2). Then, until "
      "max_features rooms and corridors exist, the attempts budget is spent or no wall is left "
      "to try: picks a random earlier room or corridor and a random cell of its wall that was "
      "not tried before (step 3: every wall cell is tried once), decides on a room "
      "(probability room_chance, sides room_min to room_max) or a corridor of corridor_min to "
      "corridor_max cells leading straight away from that wall (step 4), and digs it if the "
      "feature with its wall ring lies inside the map on untouched rock (steps 5-6). Step 5's "
      "\"reduce the passage/room length\" is read as: a feature that does not fit is tried "
      "again with its sides (beyond the minimum) halved, twice; it is never stretched or cut to "
      "run into another room, so nothing is joined twice and the level stays a tree. The wall "
      "cell between the two features becomes a door (`doors`, `open_doors`) or an opening when "
      "a room is involved, and an opening between two corridors. Zigzag passages follow the "
      "FAQ's note: after digging a corridor, with probability zigzag another corridor is dug "
      "from a side wall at its end, turning left or right, and so on; each leg is recorded as "
      "its own corridor. shapes=mixed makes some rooms crosses or circles (kinds \"cross\" and "
      "\"circle\"; a room's rect is its bounding box, which no other feature enters), and "
      "features attach only where a shape touches its box. Without loops, rooms and corridors "
      "form a tree joined by single cells, so every room is reachable by construction (the "
      "FAQ's algorithms that \"always make rooms that are linked\"). dead_ends (thesis 3.7): "
      "each corridor end or doorway that leads nowhere is kept with probability dead_ends, "
      "else its passage is filled back with rock up to the nearest junction. loops then knocks "
      "through up to loops x features single walls between two features more than "
      "loop_distance steps apart on foot (tagged \"loop\" in the features), as good diggers "
      "do to break up the tree. Corridors record from_room (-1 when they leave a corridor) and "
      "to_room (the first room dug off them, or -1).";
  info.min_size = {8, 8};
  info.schema.add_int("room_min", 3, 2, 1000, "smallest room side (floor cells)")
      .add_int("room_max", 9, 2, 1000, "largest room side (floor cells)")
      .add_int("corridor_min", 3, 1, 1000, "shortest corridor leg (cells)")
      .add_int("corridor_max", 8, 1, 1000, "longest corridor leg (cells)")
      .add_real("room_chance", 0.5, 0.0, 1.0,
                "probability that a new feature is a room rather than a corridor (step 4)")
      .add_real("zigzag", 0.3, 0.0, 1.0,
                "probability that a corridor turns at its end and goes on with another leg")
      .add_choice("shapes", "mixed", {"rect", "mixed"},
                  "room shapes: rectangles only, or also crosses and circles")
      .add_int("max_features", 0, 0, 100000000,
               "rooms and corridors to dig; 0 = one per 50 cells of map area")
      .add_int("attempts", 0, 0, 1000000000,
               "wall cells tried before giving up; 0 = 20 x max_features (a step budget)")
      .add_real("dead_ends", 0.2, 0.0, 1.0,
                "share of passages leading nowhere that are kept; the rest are filled in")
      .add_real("loops", 0.05, 0.0, 1.0,
                "walls knocked through after digging, per feature, to make the tree a network")
      .add_int("loop_distance", 20, 2, 1000,
               "a wall is knocked through only between cells more than this many steps apart");
  add_door_params(info.schema);
  return info;
}

enum class Shape : std::uint8_t { rect, cross, circle };
enum class Kind : std::uint8_t { room, corridor, either };

// try_attach's failures.
constexpr int k_taken = -1;
constexpr int k_no_fit = -2;

// A feature's floor: a shape inside its box. The box belongs to the feature alone: nothing
// else is dug inside it or on the ring around it.
struct Outline {
  Shape shape = Shape::rect;
  Rect box;
  // Box-relative columns where the shape reaches the box's top and bottom edges, and rows where
  // it reaches the left and right edges: exits and entries lie there, so a join always touches
  // the floor from outside the box. For a cross they are its two bars.
  int col_lo = 0, col_hi = 0, row_lo = 0, row_hi = 0;

  bool contains(int lx, int ly) const {
    switch (shape) {
      case Shape::rect:
        return true;
      case Shape::cross:
        return (lx >= col_lo && lx <= col_hi) || (ly >= row_lo && ly <= row_hi);
      case Shape::circle: {
        const int r = (box.width - 1) / 2;
        const int dx = lx - r, dy = ly - r;
        return dx * dx + dy * dy <= r * r + r;
      }
    }
    return true;
  }
};

Outline rect_outline(int width, int height) {
  return {Shape::rect, {0, 0, width, height}, 0, width - 1, 0, height - 1};
}

struct Feature {
  Outline outline;
  bool is_room = false;
  int record = 0;  // index into meta.rooms or meta.corridors (until dead ends are filled)
};

// A feature's exits still worth trying: exits_[first, first + live). Kept apart from the
// features, small, because the attempt loop reads it at random.
struct ExitRange {
  std::uint32_t first = 0;
  std::uint32_t live = 0;
};

struct Exit {
  Point from;  // a floor cell on the box's edge
  Point dir;   // outward: from + dir is the wall cell
};

struct Settings {
  int room_min, room_max, corridor_min, corridor_max;
  double room_chance, zigzag;
  bool mixed_shapes;
  std::int64_t max_features, attempts;
  double dead_ends, loops;
  int loop_distance;
  double doors, open_doors;
};

class Digger {
 public:
  Digger(Level& level, Rng& rng, const Settings& s)
      : level_(level),
        rng_(rng),
        s_(s),
        width_(level.width()),
        interior_(level.tiles.bounds().expanded(-1)),
        claim_(level.tiles.cell_count(), k_rock),
        probe_depth_(std::min(s.room_min, s.corridor_min) + 1) {}

  void run() {
    dig_first_room();
    std::vector<int> active;
    activate(0, active);
    for (std::int64_t attempt = 0;
         std::ssize(features_) < s_.max_features && attempt < s_.attempts && !active.empty();
         ++attempt) {
      const std::size_t slot = rng_.below(static_cast<std::uint32_t>(active.size()));
      const int parent = active[slot];
      const ExitRange& range = exit_ranges_[static_cast<std::size_t>(parent)];
      const std::uint32_t k = range.first + rng_.below(range.live);
      const Exit exit = decode(exits_[k]);
      const int made = try_attach(parent, exit, Kind::either);
      // Each exit is tried once: used, or given up.
      ExitRange& left = exit_ranges_[static_cast<std::size_t>(parent)];  // carving reallocates
      exits_[k] = exits_[left.first + --left.live];
      if (left.live == 0) {
        active[slot] = active.back();
        active.pop_back();
      }
      if (made < 0) continue;
      activate(made, active);
      if (!features_[static_cast<std::size_t>(made)].is_room)
        attempt = extend_passage(made, exit.dir, attempt, active);
    }
    fill_dead_ends();
    add_loops();
  }

 private:
  // Features with exits left are candidates for parents.
  void activate(int f, std::vector<int>& active) const {
    if (exit_ranges_[static_cast<std::size_t>(f)].live > 0) active.push_back(f);
  }

  std::ptrdiff_t cell(Point p) const { return std::ptrdiff_t{p.y} * width_ + p.x; }
  std::ptrdiff_t offset(Point d) const { return std::ptrdiff_t{d.y} * width_ + d.x; }
  std::uint8_t& claim(Point p) { return claim_[static_cast<std::size_t>(cell(p))]; }

  // Rectangles, or (shapes=mixed) sometimes a cross or a circle when the box is big enough for
  // the shape to show.
  Outline shaped(int w, int h) {
    Outline o = rect_outline(w, h);
    if (!s_.mixed_shapes || std::min(w, h) < 5) return o;
    const double roll = rng_.unit();
    if (roll < 0.2) {
      const int bar_w = rng_.range(std::max(1, w / 3), w - 2);
      const int bar_h = rng_.range(std::max(1, h / 3), h - 2);
      o.shape = Shape::cross;
      o.col_lo = (w - bar_w) / 2;
      o.col_hi = o.col_lo + bar_w - 1;
      o.row_lo = (h - bar_h) / 2;
      o.row_hi = o.row_lo + bar_h - 1;
    } else if (roll < 0.35) {
      const int d = std::min(w, h) - (std::min(w, h) % 2 == 0 ? 1 : 0);
      const int r = (d - 1) / 2;
      const int reach = static_cast<int>(std::sqrt(static_cast<double>(r)));
      o = {Shape::circle, {0, 0, d, d}, r - reach, r + reach, r - reach, r + reach};
    }
    return o;
  }

  void dig_first_room() {
    const int w =
        rng_.range(std::min(s_.room_min, interior_.width), std::min(s_.room_max, interior_.width));
    const int h = rng_.range(std::min(s_.room_min, interior_.height),
                             std::min(s_.room_max, interior_.height));
    Outline o = shaped(w, h);
    o.box.x = (level_.width() - o.box.width) / 2;
    o.box.y = (level_.height() - o.box.height) / 2;
    carve(o, true, -1, Point{}, Point{});
  }

  // An exit in 32 bits: y in bits 16-29, x in bits 2-15 (sides are at most 10000 < 2^14) and the
  // direction's index in k_directions4 (north, east, south, west) in bits 0-1.
  static_assert(k_max_level_side <= (1 << 14));
  static std::uint32_t encode(Point from, std::uint32_t dir_index) {
    return static_cast<std::uint32_t>(from.y) << 16 | static_cast<std::uint32_t>(from.x) << 2 |
           dir_index;
  }
  static Exit decode(std::uint32_t code) {
    return {{static_cast<int>(code >> 2 & 0x3fff), static_cast<int>(code >> 16)},
            k_directions4[code & 3]};
  }

  // Every cell of the box's edge where the shape touches it, with the way out. Exits already
  // hemmed in (by the parent, say) are left out at once.
  void add_exits(const Outline& o) {
    const Rect& b = o.box;
    const auto add = [&](int x, int y, std::uint32_t dir_index) {
      const Point d = k_directions4[dir_index];
      if (entry_is_free(Point{x, y} + d, d)) exits_.push_back(encode({x, y}, dir_index));
    };
    for (int x = b.x + o.col_lo; x <= b.x + o.col_hi; ++x) {
      add(x, b.top(), 0);
      add(x, b.bottom(), 2);
    }
    for (int y = b.y + o.row_lo; y <= b.y + o.row_hi; ++y) {
      add(b.right(), y, 1);
      add(b.left(), y, 3);
    }
  }

  // A uniformly random cell of the box's edge where the shape touches it, and the way out.
  Exit random_exit(const Outline& o) {
    const int cols = o.col_hi - o.col_lo + 1, rows = o.row_hi - o.row_lo + 1;
    int k = static_cast<int>(rng_.below(static_cast<std::uint32_t>(2 * cols + 2 * rows)));
    const Rect& b = o.box;
    if (k < cols) return {{b.x + o.col_lo + k, b.top()}, dir::north};
    k -= cols;
    if (k < cols) return {{b.x + o.col_lo + k, b.bottom()}, dir::south};
    k -= cols;
    if (k < rows) return {{b.left(), b.y + o.row_lo + k}, dir::west};
    k -= rows;
    return {{b.right(), b.y + o.row_lo + k}, dir::east};
  }

  // Steps 4-6: a room or corridor (Kind::either: a room with probability room_chance) entered
  // through the wall cell beyond `exit`, dug if it fits. Returns the new feature's index,
  // k_taken when the cells around the entry are already taken (for any feature), or k_no_fit.
  int try_attach(int parent, Exit exit, Kind kind) {
    const Point join = exit.from + exit.dir;
    const Point d = exit.dir;
    const Point entry = join + d;
    if (!entry_is_free(join, d)) return k_taken;
    const bool room = kind == Kind::room || (kind == Kind::either && rng_.chance(s_.room_chance));
    // Step 5's "reduce the passage/room length": a shape that does not fit is tried again
    // with its sides (beyond the minimum) halved, twice.
    int w = room ? rng_.range(s_.room_min, s_.room_max) : 1;
    int h =
        room ? rng_.range(s_.room_min, s_.room_max) : rng_.range(s_.corridor_min, s_.corridor_max);
    const int w_min = room ? s_.room_min : 1, h_min = room ? s_.room_min : s_.corridor_min;
    for (int shrink = 0; shrink < 3; ++shrink) {
      // Corridors lead straight away from the join: their length runs along d.
      Outline o = room ? shaped(w, h) : d.x != 0 ? rect_outline(h, 1) : rect_outline(1, h);
      // Enter through a random cell of the side facing the join.
      const bool vertical = d.x == 0;
      const int t = vertical ? rng_.range(o.col_lo, o.col_hi) : rng_.range(o.row_lo, o.row_hi);
      Rect& b = o.box;
      if (vertical) {
        b.x = entry.x - t;
        b.y = d.y > 0 ? entry.y : entry.y - (b.height - 1);
      } else {
        b.y = entry.y - t;
        b.x = d.x > 0 ? entry.x : entry.x - (b.width - 1);
      }
      if (fits(b)) return carve(o, room, parent, join, d);
      if (w == w_min && h == h_min) break;
      w = w_min + (w - w_min) / 2;
      h = h_min + (h - h_min) / 2;
    }
    return k_no_fit;
  }

  // The cells every feature entered through `join` needs on untouched rock: a strip three
  // cells wide from the join straight into the rock, as deep as the smallest feature with its
  // far wall. A cheap test that turns down most attempts on a crowded map before a shape is
  // drawn and its box scanned; failing it, an exit fails for good (the rock only fills up).
  bool entry_is_free(Point join, Point d) const {
    if (!interior_.contains(join + d * (probe_depth_ - 1))) return false;  // the join is too
    const std::ptrdiff_t along = offset(d), side = offset({d.y, d.x});
    const std::uint8_t* at = claim_.data() + cell(join);
    for (int k = 0; k <= probe_depth_; ++k, at += along)
      if ((at[0] | at[side] | at[-side]) != 0) return false;
    return true;
  }

  // The box inside the map's interior and the box with its ring on untouched rock.
  bool fits(const Rect& box) const { return interior_.contains(box) && all_rock(box.expanded(1)); }

  bool all_rock(const Rect& r) const {
    const std::uint8_t* row = claim_.data() + cell(r.origin());
    for (int y = 0; y < r.height; ++y, row += width_) {
      std::uint8_t any = 0;  // no early exit inside a row: the OR vectorises
      for (int x = 0; x < r.width; ++x)
        any |= row[x];
      if (any != 0) return false;
    }
    return true;
  }

  int carve(const Outline& o, bool room, int parent, Point join, Point d) {
    const int index = static_cast<int>(features_.size());
    const Tile floor = room ? Tile::floor : Tile::corridor;
    const Rect& b = o.box;
    for (int y = 0; y < b.height; ++y) {
      const std::ptrdiff_t start = cell({b.x, b.y + y});
      std::fill_n(claim_.begin() + start, b.width, k_box);
      Tile* row = level_.tiles.data() + start;
      if (o.shape == Shape::rect) {
        std::fill_n(row, b.width, floor);
        continue;
      }
      for (int x = 0; x < b.width; ++x)
        if (o.contains(x, y)) row[x] = floor;
    }
    auto& meta = level_.meta;
    Feature f{o, room, 0};
    const Feature* up = parent >= 0 ? &features_[static_cast<std::size_t>(parent)] : nullptr;
    if (room) {
      f.record = static_cast<int>(meta.rooms.size());
      const char* kind = o.shape == Shape::cross    ? "cross"
                         : o.shape == Shape::circle ? "circle"
                                                    : "room";
      meta.rooms.push_back({f.record, b, kind});
      if (up != nullptr && !up->is_room) {
        Corridor& c = meta.corridors[static_cast<std::size_t>(up->record)];
        if (c.to_room < 0) c.to_room = f.record;
      }
    } else {
      f.record = static_cast<int>(meta.corridors.size());
      Corridor c{up != nullptr && up->is_room ? up->record : -1, -1, {}};
      const int length = std::max(b.width, b.height);
      c.cells.reserve(static_cast<std::size_t>(length));
      for (Point p = join + d; b.contains(p); p += d)
        c.cells.push_back(p);
      meta.corridors.push_back(std::move(c));
    }
    if (up != nullptr) {
      const int room_id = room ? f.record : up->is_room ? up->record : -1;
      open_join(join, room_id);
    }
    const auto first = static_cast<std::uint32_t>(exits_.size());
    add_exits(o);
    exit_ranges_.push_back({first, static_cast<std::uint32_t>(exits_.size()) - first});
    features_.push_back(f);
    return index;
  }

  // The wall cell between two features: a door (or an opening) when a room is involved, an
  // opening between two corridors.
  void open_join(Point p, int room_id) {
    claim(p) = k_join;
    if (room_id >= 0 && rng_.chance(s_.doors)) {
      level_.tiles[p] = rng_.chance(s_.open_doors) ? Tile::door_open : Tile::door_closed;
      level_.meta.doors.push_back({p, room_id});
    } else {
      level_.tiles[p] = Tile::corridor;
    }
  }

  // Thesis 3.7's dead-end rate. A dead end is a corridor or doorway cell with at most one
  // open neighbour. Each dead end found after digging is kept with probability dead_ends;
  // otherwise its passage is filled back with rock, cell by cell, up to the first cell that
  // still has two open neighbours (a junction, a bend into a room). Room floor stays.
  void fill_dead_ends() {
    if (s_.dead_ends >= 1.0) return;
    auto& tiles = level_.tiles;
    const auto fillable = [&](Point p) {
      return tiles[p] == Tile::corridor || tile_info(tiles[p]).door;
    };
    const auto open_neighbours = [&](Point p) {
      int n = 0;
      for (const Point d : k_directions4)
        n += is_traversable(tiles[p + d]) ? 1 : 0;
      return n;
    };
    // Corridor and door cells are never on the border, so their neighbours exist. Every dead
    // end is a corridor's first or last cell (joins and rooms lead on).
    std::vector<Point> tips;
    for (const Corridor& c : level_.meta.corridors)
      for (const Point p : {c.cells.front(), c.cells.back()})
        if (open_neighbours(p) <= 1) tips.push_back(p);
    bool any = false;
    for (Point p : tips) {
      if (!fillable(p) || open_neighbours(p) > 1 || rng_.chance(s_.dead_ends)) continue;
      any = true;
      while (true) {
        tiles[p] = Tile::wall;
        Point next = p;
        for (const Point d : k_directions4)
          if (is_traversable(tiles[p + d])) next = p + d;
        if (next == p || !fillable(next) || open_neighbours(next) > 1) break;
        p = next;
      }
    }
    if (!any) return;
    // Records keep what is still open.
    auto& corridors = level_.meta.corridors;
    for (Corridor& c : corridors)
      std::erase_if(c.cells, [&](Point p) { return tiles[p] != Tile::corridor; });
    std::erase_if(corridors, [](const Corridor& c) { return c.cells.empty(); });
    std::erase_if(level_.meta.doors, [&](const Door& d) { return !tile_info(tiles[d.pos]).door; });
  }

  // The FAQ's zigzag note: from a side wall at the end of the passage just dug, dig another
  // leg, and so on while the zigzag roll says so. Each leg is one attempt of the budget.
  std::int64_t extend_passage(int leg, Point d, std::int64_t attempt, std::vector<int>& active) {
    while (std::ssize(features_) < s_.max_features && attempt + 1 < s_.attempts &&
           rng_.chance(s_.zigzag)) {
      ++attempt;
      const Rect& b = features_[static_cast<std::size_t>(leg)].outline.box;
      const Point end = d.x > 0   ? Point{b.right(), b.y}
                        : d.x < 0 ? Point{b.left(), b.y}
                        : d.y > 0 ? Point{b.x, b.bottom()}
                                  : Point{b.x, b.top()};
      const Point left{d.y, -d.x};
      const Point first = rng_.chance(0.5) ? left : left * -1;
      int made = try_attach(leg, {end, first}, Kind::corridor);
      Point turned = first;
      if (made < 0) {
        turned = first * -1;
        made = try_attach(leg, {end, turned}, Kind::corridor);
      }
      if (made < 0) break;
      activate(made, active);
      leg = made;
      d = turned;
    }
    return attempt;
  }

  // Knocks through single walls between two features that are far apart on foot: a random
  // exit of a random feature whose wall cell has another feature's floor just beyond it.
  void add_loops() {
    const auto wanted =
        static_cast<std::int64_t>(std::lround(s_.loops * static_cast<double>(features_.size())));
    if (wanted <= 0) return;
    visited_.assign(level_.tiles.cell_count(), 0);
    visit_budget_ = k_loop_visits_per_cell * level_.size().area();
    std::int64_t made = 0;
    for (std::int64_t tries = 0;
         made < wanted && tries < k_loop_tries_per_loop * wanted && visit_budget_ > 0; ++tries) {
      const auto f = rng_.below(static_cast<std::uint32_t>(features_.size()));
      const Exit exit = random_exit(features_[f].outline);
      if (!is_traversable(level_.tiles[exit.from])) continue;  // a filled dead end
      const Point wall = exit.from + exit.dir;
      const Point beyond = wall + exit.dir;
      // Just beyond the wall, outside the feature's box (and its ring), another feature's floor
      // (not a circle's or cross's corner, not a join).
      if (!interior_.contains(wall) || claim(wall) != k_rock || !level_.in_bounds(beyond)) continue;
      if (claim(beyond) != k_box || !is_traversable(level_.tiles[beyond])) continue;
      const Feature& a = features_[f];
      // A door records its room: a corridor and a room are joined from the room's side.
      if (!a.is_room && level_.tiles[beyond] == Tile::floor) continue;
      const Point side{exit.dir.y, exit.dir.x};
      if (is_traversable(level_.tiles[wall + side]) || is_traversable(level_.tiles[wall - side]))
        continue;
      if (walk_within(exit.from, beyond, s_.loop_distance)) continue;
      open_join(wall, a.is_room ? a.record : -1);
      level_.meta.features.push_back({wall, "loop"});
      ++made;
    }
  }

  // True when `to` is at most `limit` orthogonal steps from `from` over traversable cells.
  bool walk_within(Point from, Point to, int limit) {
    const auto& tiles = level_.tiles;
    const std::size_t start = tiles.index_of(from), goal = tiles.index_of(to);
    const auto w = static_cast<std::size_t>(level_.width());
    queue_.clear();
    queue_.push_back(static_cast<std::uint32_t>(start));
    visited_[start] = 1;
    bool found = false;
    std::size_t layer_end = 1;
    for (std::size_t i = 0, depth = 0; i < queue_.size() && !found; ++i) {
      if (i == layer_end) {
        if (++depth >= static_cast<std::size_t>(limit)) break;
        layer_end = queue_.size();
      }
      const std::size_t c = queue_[i];
      // Flooded cells are traversable, hence inside the border: all four neighbours exist.
      for (const std::size_t n : {c - w, c + 1, c + w, c - 1}) {
        if (visited_[n] != 0 || !is_traversable(tiles[n])) continue;
        found = found || n == goal;
        visited_[n] = 1;
        queue_.push_back(static_cast<std::uint32_t>(n));
      }
    }
    visit_budget_ -= std::ssize(queue_);
    for (const std::uint32_t c : queue_)
      visited_[c] = 0;
    return found;
  }

  Level& level_;
  Rng& rng_;
  const Settings& s_;
  std::ptrdiff_t width_;
  Rect interior_;
  std::vector<std::uint8_t> claim_;  // k_rock, k_join or k_box for every cell
  std::vector<Feature> features_;
  std::vector<ExitRange> exit_ranges_;  // one per feature
  std::vector<std::uint32_t> exits_;    // see add_exits
  // How deep into the rock entry_is_free looks: the smallest feature's depth and its far wall.
  int probe_depth_;
  std::vector<std::uint8_t> visited_;
  std::vector<std::uint32_t> queue_;
  std::int64_t visit_budget_ = 0;
};

class DiggerGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void check(const ParamSet& params, Size size) const override {
    check_not_above("digger", params, "room_min", "room_max");
    check_not_above("digger", params, "corridor_min", "corridor_max");
    check_room_fits("digger", params.get_int("room_min"), size);
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    Settings s{static_cast<int>(params.get_int("room_min")),
               static_cast<int>(params.get_int("room_max")),
               static_cast<int>(params.get_int("corridor_min")),
               static_cast<int>(params.get_int("corridor_max")),
               params.get_real("room_chance"),
               params.get_real("zigzag"),
               params.get_string("shapes") == "mixed",
               params.get_int("max_features"),
               params.get_int("attempts"),
               params.get_real("dead_ends"),
               params.get_real("loops"),
               static_cast<int>(params.get_int("loop_distance")),
               params.get_real("doors"),
               params.get_real("open_doors")};
    if (s.max_features == 0)
      s.max_features = std::max<std::int64_t>(1, level.size().area() / k_cells_per_auto_feature);
    if (s.attempts == 0) s.attempts = k_auto_attempts_per_feature * s.max_features;
    Digger(level, rng, s).run();
  }

 private:
  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_digger_generator() {
  return std::make_unique<DiggerGenerator>();
}

}  // namespace yendor
