// `vaults`: hand-made rooms from data/vaults/*.txt (thesis 3.2 "Vaults") laid into any
// generator's level: inside a large plain room (with a floor margin all round, so the room
// still joins everything it joined before), into solid rock beside the level (joined by short
// corridors dug from its entrances), or on open ground (with the ground open all round it).
// None of the three can cut the level apart, and a vault's inside is connected to each of its
// entrances (checked when its file is read), so the level stays connected.

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <span>

#include "yendor/core/data_dir.hpp"
#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/features/vault_library.hpp"

namespace yendor {

namespace {

constexpr double k_cells_per_rate_unit = 4000.0;  // one 80x50 level
constexpr int k_picks_per_vault = 8;              // vault choices tried for each vault wanted
// The pass's step budget: cells examined (fits checked, corridor searches) over all vaults.
constexpr std::int64_t k_base_budget = 1'000'000;
constexpr std::int64_t k_budget_per_cell = 8;

FeaturePassInfo make_info() {
  FeaturePassInfo info;
  info.name = "vaults";
  info.summary = "hand-made rooms with monsters, items and traps from data/vaults (thesis 3.2)";
  info.version = 1;
  info.source =
      "thesis-roguelike-analysis-2015 section 3.2 (Vaults); roguebasin-dev-faq "
      "\"How are dungeons generated?\" (rooms filled with traps, items and monsters)";
  info.description =
      "Lays hand-made vaults, read from DATA_DIR/vaults/*.txt (docs/vaults.md), into the level. "
      "The number wanted is rate x unique_rate x (map cells / 4000), that is `rate` vaults on "
      "an 80x50 level: the whole part always and the fraction by chance, at most `max`. Each "
      "vault is chosen by weight among those whose depth range holds the level's depth, shifted "
      "deeper by (difficulty - 1) / 10 (integer division), then turned (0, 90, 180 or 270 "
      "degrees) and mirrored as its file allows. placement=rooms puts it inside a plain room "
      "(kind `room`, all floor) that holds it with one cell of floor all round: its entrances "
      "open onto that floor and the room becomes kind `vault_hall`. placement=rock puts it into "
      "solid rock (the vault and a one-cell margin all diggable wall) and joins each entrance to "
      "the nearest traversable cell by the shortest corridor through rock of at most `reach` "
      "cells; an entrance no corridor reaches is walled up, a spot where none is reached is "
      "given up. placement=ground stands it on open ground (the vault and a one-cell margin "
      "all floor, rubble, herbs or shallow water, outside every room and recorded feature), as "
      "a building in a cave or a field; the margin stays open, so every way that led across "
      "the spot leads round it. placement=any tries the three in a random order. Rock and "
      "ground try `attempts` random spots each. A vault that fits nowhere is exchanged for "
      "another choice (not the same vault again), up to eight choices per vault wanted; levels "
      "with none of the three kinds of space (a perfect maze) get no vaults. Every vault is "
      "recorded as a room of kind `vault` (its floor: the map inside the wall ring), a feature "
      "`vault:NAME` at its top-left corner, a feature per marker (monster, boss, item, "
      "treasure, trap, or the file's own tags), its doors and its corridors; its cells become "
      "no_dig, so later passes and digging keep out. The thesis asks for a chance of high "
      "reward at the cost of higher danger: that is the vault files' job (treasure behind traps "
      "and guardians); the pass places them. All work is bounded by a step budget of 1,000,000 "
      "+ 8 cells per map cell.";
  info.schema
      .add_real("rate", 1.0, 0.0, 100.0,
                "vaults wanted per 4000 map cells (an 80x50 level), times unique_rate")
      .add_int("max", 20, 0, 10000, "most vaults on one level")
      .add_choice("placement", "any", {"any", "rooms", "rock", "ground"},
                  "where vaults go: inside plain rooms, into solid rock, on open ground, or any")
      .add_int("attempts", 200, 1, 100000,
               "random spots tried in rock and on ground for each vault chosen")
      .add_int("reach", 12, 1, 100,
               "longest corridor dug from a vault's entrance to the level (placement in rock)");
  return info;
}

struct Entrance {
  Point at;       // in the vault's cells
  Point outward;  // the direction out of the vault
};

class VaultPlacer {
 public:
  VaultPlacer(Level& level, Rng& rng, const ParamSet& params)
      : level_(level),
        rng_(rng),
        placement_(params.get_string("placement")),
        attempts_(params.get_int("attempts")),
        reach_(static_cast<int>(params.get_int("reach"))),
        budget_(k_base_budget + k_budget_per_cell * level.size().area()) {
    const auto& rooms = level.meta.rooms;
    used_.assign(rooms.size(), 0);
    for (std::size_t i = 0; i < rooms.size(); ++i)
      if (rooms[i].kind == "room" && rooms[i].rect.width >= 2 + k_vault_min_side &&
          rooms[i].rect.height >= 2 + k_vault_min_side)
        hosts_.push_back(i);
  }

  bool exhausted() const { return budget_ <= 0; }

  bool place(const Vault& vault, const Grid<std::uint8_t>& cells) {
    budget_ -= static_cast<std::int64_t>(cells.cell_count());  // the orientation made for it
    if (placement_ == "rooms") return in_room(vault, cells);
    if (placement_ == "rock") return in_rock(vault, cells);
    if (placement_ == "ground") return on_ground(vault, cells);
    using Method = bool (VaultPlacer::*)(const Vault&, const Grid<std::uint8_t>&);
    std::array<Method, 3> order{&VaultPlacer::in_room, &VaultPlacer::in_rock,
                                &VaultPlacer::on_ground};
    rng_.shuffle(std::span<Method>(order));
    for (const Method method : order)
      if ((this->*method)(vault, cells)) return true;
    return false;
  }

 private:
  // A random plain room whose inside (one cell in from its edge) holds the vault.
  bool in_room(const Vault& vault, const Grid<std::uint8_t>& cells) {
    budget_ -= std::ssize(hosts_);
    std::erase_if(hosts_, [&](std::size_t host) { return used_[host] != 0; });
    std::vector<std::size_t> fits;  // indices into meta.rooms
    for (const std::size_t host : hosts_) {
      const Rect inner = level_.meta.rooms[host].rect.expanded(-1);
      if (inner.width >= cells.width() && inner.height >= cells.height()) fits.push_back(host);
    }
    while (!fits.empty() && !exhausted()) {
      --budget_;
      const std::size_t f = rng_.below(static_cast<std::uint32_t>(fits.size()));
      const std::size_t host = fits[f];
      fits[f] = fits.back();
      fits.pop_back();
      // Used now, or changed since the generator made it (another pass, an overlapping room
      // that took a vault): either way never a host again.
      used_[host] = 1;
      const Rect room = level_.meta.rooms[host].rect;
      if (!plain_floor(room)) continue;
      const Rect inner = room.expanded(-1);
      const Point origin{rng_.range(inner.left(), inner.right() + 1 - cells.width()),
                         rng_.range(inner.top(), inner.bottom() + 1 - cells.height())};
      if (holds_feature({origin.x, origin.y, cells.width(), cells.height()})) continue;
      stamp(vault, cells, origin, {});
      level_.meta.rooms[host].kind = "vault_hall";
      return true;
    }
    return false;
  }

  // A random spot of solid rock (the vault and a margin of one cell) from which at least one
  // entrance reaches the level by a corridor of at most reach_ cells.
  bool in_rock(const Vault& vault, const Grid<std::uint8_t>& cells) {
    if (!fits_map(cells)) return false;
    const std::vector<Entrance> entrances = entrances_of(vault, cells);
    for (std::int64_t a = 0; a < attempts_ && !exhausted(); ++a, --budget_) {
      const Rect rect = random_spot(cells);
      if (!solid_rock(rect.expanded(1)) || holds_feature(rect.expanded(1))) continue;
      std::vector<std::vector<Point>> paths;
      std::vector<Point> walled_up;
      for (const Entrance& e : entrances) {
        const Point at = rect.origin() + e.at;
        std::vector<Point> path = corridor_from(at + e.outward, rect);
        if (path.empty())
          walled_up.push_back(at);
        else
          paths.push_back(std::move(path));
      }
      if (paths.empty()) continue;
      const int room = stamp(vault, cells, rect.origin(), walled_up);
      for (std::vector<Point>& path : paths) {
        for (const Point p : path)
          level_.tiles[p] = Tile::corridor;
        level_.meta.corridors.push_back({room, -1, std::move(path)});
      }
      return true;
    }
    return false;
  }

  // A random spot of open ground (the vault and a margin of one cell all plain passable
  // terrain, outside every room, with no recorded feature): the vault stands there like a
  // building, its entrances opening onto the margin, which stays open all round.
  bool on_ground(const Vault& vault, const Grid<std::uint8_t>& cells) {
    if (!fits_map(cells)) return false;
    for (std::int64_t a = 0; a < attempts_ && !exhausted(); ++a, --budget_) {
      const Rect rect = random_spot(cells);
      if (!open_ground(rect.expanded(1)) || meets_room(rect.expanded(1)) ||
          holds_feature(rect.expanded(1)))
        continue;
      stamp(vault, cells, rect.origin(), {});
      return true;
    }
    return false;
  }

  // The vault with a margin of one cell fits inside the map (the margin may be the border).
  bool fits_map(const Grid<std::uint8_t>& cells) const {
    return level_.width() >= cells.width() + 2 && level_.height() >= cells.height() + 2;
  }
  Rect random_spot(const Grid<std::uint8_t>& cells) {
    const int w = cells.width(), h = cells.height();
    return {rng_.range(1, level_.width() - 1 - w), rng_.range(1, level_.height() - 1 - h), w, h};
  }

  static std::vector<Entrance> entrances_of(const Vault& vault, const Grid<std::uint8_t>& cells) {
    std::vector<Entrance> out;
    const int w = cells.width(), h = cells.height();
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (vault.glyph(cells[Point{x, y}]).entrance)
          out.push_back({{x, y},
                         x == 0       ? dir::west
                         : x == w - 1 ? dir::east
                         : y == 0     ? dir::north
                                      : dir::south});
    return out;
  }

  bool plain_floor(const Rect& r) {
    if (!level_.tiles.bounds().expanded(-1).contains(r)) return false;
    budget_ -= r.area();
    for (int y = r.top(); y <= r.bottom(); ++y)
      for (int x = r.left(); x <= r.right(); ++x)
        if (level_.tiles[Point{x, y}] != Tile::floor ||
            (level_.flags[Point{x, y}] & cell_flag::no_dig) != 0)
          return false;
    return true;
  }

  bool solid_rock(const Rect& r) {
    for (int y = r.top(); y <= r.bottom(); ++y)
      for (int x = r.left(); x <= r.right(); ++x) {
        --budget_;
        if (level_.tiles[Point{x, y}] != Tile::wall ||
            (level_.flags[Point{x, y}] & cell_flag::no_dig) != 0)
          return false;
      }
    return true;
  }

  bool open_ground(const Rect& r) {
    if (!level_.tiles.bounds().expanded(-1).contains(r)) return false;
    for (int y = r.top(); y <= r.bottom(); ++y)
      for (int x = r.left(); x <= r.right(); ++x) {
        --budget_;
        const Tile t = level_.tiles[Point{x, y}];
        if ((t != Tile::floor && t != Tile::rubble && t != Tile::herb &&
             t != Tile::water_shallow) ||
            (level_.flags[Point{x, y}] & cell_flag::no_dig) != 0)
          return false;
      }
    return true;
  }

  // What the generator or an earlier pass recorded there: the vault would make it untrue.
  bool holds_feature(const Rect& r) {
    const auto& features = level_.meta.features;
    budget_ -= std::ssize(features);
    return std::any_of(features.begin(), features.end(),
                       [&](const Feature& f) { return r.contains(f.pos); });
  }
  bool meets_room(const Rect& r) {
    const auto& rooms = level_.meta.rooms;
    budget_ -= std::ssize(rooms);
    return std::any_of(rooms.begin(), rooms.end(),
                       [&](const Room& room) { return room.rect.intersects(r); });
  }

  bool diggable(Point p, const Rect& keep_out) const {
    return p.x >= 1 && p.y >= 1 && p.x < level_.width() - 1 && p.y < level_.height() - 1 &&
           !keep_out.contains(p) && level_.tiles[p] == Tile::wall &&
           (level_.flags[p] & cell_flag::no_dig) == 0;
  }

  bool beside_open(Point p, const Rect& keep_out) const {
    for (const Point d : k_directions4) {
      const Point q = p + d;
      if (level_.in_bounds(q) && !keep_out.contains(q) && is_traversable(level_.tiles[q]))
        return true;
    }
    return false;
  }

  // The shortest run of rock cells from `start` (just outside an entrance) to one beside a
  // traversable cell, at most reach_ cells long, in walking order; empty when there is none.
  // Breadth first inside a window of reach_ cells around `start`, whose marks are kept between
  // searches and cleared cell by cell.
  std::vector<Point> corridor_from(Point start, const Rect& keep_out) {
    const int side = 2 * reach_ + 1;
    const Point corner = start - Point{reach_, reach_};
    window_.resize(static_cast<std::size_t>(side) * static_cast<std::size_t>(side), 0);
    const auto slot = [&](Point p) {
      return static_cast<std::size_t>(p.y - corner.y) * static_cast<std::size_t>(side) +
             static_cast<std::size_t>(p.x - corner.x);
    };
    constexpr std::uint8_t k_start = 5;  // other marks: 1 + the direction that led here
    std::vector<Point>& queue = queue_;
    queue.clear();
    std::optional<Point> found;
    if (diggable(start, keep_out)) {
      queue.push_back(start);
      window_[slot(start)] = k_start;
    }
    int length = 1;
    std::size_t layer_end = queue.size();
    for (std::size_t head = 0; head < queue.size(); ++head) {
      if (head == layer_end) {
        ++length;
        layer_end = queue.size();
      }
      const Point p = queue[head];
      --budget_;
      if (beside_open(p, keep_out)) {
        found = p;
        break;
      }
      if (length == reach_) continue;
      for (std::size_t d = 0; d < k_directions4.size(); ++d) {
        const Point q = p + k_directions4[d];
        if (!diggable(q, keep_out) || window_[slot(q)] != 0) continue;
        window_[slot(q)] = static_cast<std::uint8_t>(1 + d);
        queue.push_back(q);
      }
    }
    std::vector<Point> path;
    if (found) {
      for (Point p = *found; window_[slot(p)] != k_start;)
        path.push_back(p = p - k_directions4[window_[slot(p)] - 1u]);
      path.insert(path.begin(), *found);
      std::reverse(path.begin(), path.end());
    }
    for (const Point p : queue)
      window_[slot(p)] = 0;
    return path;
  }

  // Writes the vault with its top-left corner at `origin` and records it; returns its room id.
  int stamp(const Vault& vault, const Grid<std::uint8_t>& cells, Point origin,
            const std::vector<Point>& walled_up) {
    LevelMeta& meta = level_.meta;
    const int room = static_cast<int>(meta.rooms.size());
    const Rect rect{origin.x, origin.y, cells.width(), cells.height()};
    meta.rooms.push_back({room, rect.expanded(-1), "vault"});
    meta.features.push_back({origin, "vault:" + vault.name});
    for (int y = 0; y < rect.height; ++y)
      for (int x = 0; x < rect.width; ++x) {
        const VaultGlyph& g = vault.glyph(cells[Point{x, y}]);
        const Point p = origin + Point{x, y};
        Tile tile = g.tile;
        if (g.entrance)
          tile = std::find(walled_up.begin(), walled_up.end(), p) != walled_up.end()
                     ? Tile::wall
                     : vault.entrance_tile;
        level_.tiles[p] = tile;
        level_.flags[p] |= cell_flag::no_dig;
        if (!g.tag.empty()) meta.features.push_back({p, g.tag});
        if (tile_info(tile).door) meta.doors.push_back({p, room});
      }
    return room;
  }

  Level& level_;
  Rng& rng_;
  std::string placement_;
  std::int64_t attempts_;
  int reach_;
  std::int64_t budget_;
  std::vector<std::size_t> hosts_;  // rooms that may hold a vault, by index into meta.rooms
  std::vector<char> used_;          // per room of the generator: tried as a host already
  std::vector<std::uint8_t> window_;
  std::vector<Point> queue_;
};

class VaultsPass final : public FeaturePass {
 public:
  const FeaturePassInfo& info() const override { return info_; }

  void apply(Level& level, const ParamSet& params, const FeatureContext& context,
             Rng& rng) const override {
    const double expected = params.get_real("rate") * context.unique_rate *
                            static_cast<double>(level.size().area()) / k_cells_per_rate_unit;
    const std::int64_t max = params.get_int("max");
    if (!(expected > 0.0) || max == 0) return;

    const std::string data_dir =
        context.data_dir.empty() ? default_data_dir() : std::string(context.data_dir);
    const std::shared_ptr<const VaultLibrary> library = cached_vault_library(data_dir);
    const int depth = level.meta.depth + std::max(0, context.difficulty - 1) / 10;
    std::vector<const Vault*> eligible;
    std::vector<std::uint32_t> weights;
    for (const Vault& v : library->vaults())
      if (v.allows_depth(depth)) {
        eligible.push_back(&v);
        weights.push_back(v.weight);
      }
    if (eligible.empty()) return;

    std::int64_t count = max;
    if (expected < static_cast<double>(max)) {
      const double whole = std::floor(expected);
      count = static_cast<std::int64_t>(whole) + (rng.chance(expected - whole) ? 1 : 0);
    }
    VaultPlacer placer(level, rng, params);
    for (std::int64_t i = 0; i < count && !placer.exhausted(); ++i) {
      // A vault that found no place is not chosen again for this one.
      std::vector<std::uint32_t> left = weights;
      for (int pick = 0; pick < k_picks_per_vault && !placer.exhausted(); ++pick) {
        const std::size_t chosen = rng.weighted_index(left);
        const Vault& vault = *eligible[chosen];
        VaultOrientation orientation;
        if (vault.rotate) orientation.quarter_turns = static_cast<int>(rng.below(4));
        if (vault.mirror) orientation.mirrored = rng.chance(0.5);
        if (placer.place(vault, orient_vault_cells(vault.cells, orientation))) break;
        left[chosen] = 0;
        if (std::all_of(left.begin(), left.end(), [](std::uint32_t w) { return w == 0; })) break;
      }
    }
  }

 private:
  FeaturePassInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<FeaturePass> make_vaults_pass() {
  return std::make_unique<VaultsPass>();
}

}  // namespace yendor
