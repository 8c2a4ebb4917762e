// Monster individuals and the population of a newly made level (docs/rules.md, "Spawning").
#include "yendor/game/spawn.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/grid.hpp"
#include "yendor/game/instancing.hpp"
#include "yendor/game/monster_genetics.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"
#include "yendor/map/locks.hpp"

namespace yendor::game {
namespace {

// Random monster groups keep at least this far (Chebyshev) from the up stairs, where the
// player arrives on a new level, so nobody is attacked on the first turn.
constexpr int k_arrival_clearance = 6;
// Members of a group stand within this many steps of its leader.
constexpr int k_group_radius = 3;
// A vault's `boss` marker with no boss kind for the depth takes an ordinary kind from at
// least this many levels deeper.
constexpr int k_guardian_depth_bonus = 3;
// The share of random groups that start awake (wandering); all others sleep.
constexpr double k_awake_group_chance = 0.25;
// Random traps keep off the cells next to the up stairs.
constexpr int k_trap_clearance = 1;
// The share of a kept shop's free floor that holds stock (as the shops pass stocks its own).
constexpr double k_shop_stock_chance = 0.5;
// Random picks of a cell before giving up on one placement.
constexpr int k_cell_attempts = 40;
// The final boss stands among the cells at least this share of the farthest walking
// distance from the up stairs.
constexpr double k_boss_far_share = 0.9;

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Plain floor and corridor: where random monsters, items and traps go (never stairs, doors,
// levers, ledges, bridges, water or shop counters).
bool is_spawn_tile(Tile t) {
  return t == Tile::floor || t == Tile::corridor;
}

// Which item classes a shop of a theme (gen/features/shops.cpp) sells.
struct ClassFilter {
  std::array<bool, static_cast<std::size_t>(ItemClass::count)> allowed{};
  static ClassFilter all() {
    ClassFilter f;
    f.allowed.fill(true);
    return f;
  }
  static ClassFilter only(std::initializer_list<ItemClass> classes) {
    ClassFilter f;
    for (ItemClass c : classes)
      f.allowed[static_cast<std::size_t>(c)] = true;
    return f;
  }
  bool operator()(ItemClass c) const { return allowed[static_cast<std::size_t>(c)]; }
};

ClassFilter filter_for_theme(std::string_view theme) {
  if (theme == "armor") return ClassFilter::only({ItemClass::armour});
  if (theme == "weapons") return ClassFilter::only({ItemClass::weapon, ItemClass::missile});
  if (theme == "magic") return ClassFilter::only({ItemClass::potion, ItemClass::scroll});
  if (theme == "food") return ClassFilter::only({ItemClass::food});
  return ClassFilter::all();
}

// A legend entry's item_class ("" = any).
ClassFilter filter_for_legend(const LegendEntry& entry) {
  if (entry.item_class.empty()) return ClassFilter::all();
  if (const auto c = item_class_from_string(entry.item_class)) return ClassFilter::only({*c});
  return ClassFilter::all();
}

// Kinds never generated as loot: keys belong to locks, gold and corpses come from monsters.
bool is_loot_class(ItemClass c) {
  return c != ItemClass::key && c != ItemClass::gold && c != ItemClass::corpse;
}

// An item kind for `depth` by frequency among loot kinds that pass `filter` and whose depth
// range holds it; else among those that start at or above it; else any. -1: none.
int pick_item_kind(const Content& content, int depth, const ClassFilter& filter, Rng& rng) {
  std::vector<int> kinds;
  std::vector<std::uint32_t> weights;
  for (int pass = 0; pass < 3 && kinds.empty(); ++pass) {
    for (std::size_t i = 0; i < content.items.size(); ++i) {
      const ItemKind& k = content.items[i];
      if (k.frequency <= 0 || !is_loot_class(k.item_class) || !filter(k.item_class)) continue;
      const bool fits = pass == 0   ? k.depth.contains(depth)
                        : pass == 1 ? k.depth.lo <= depth
                                    : true;
      if (!fits) continue;
      kinds.push_back(static_cast<int>(i));
      weights.push_back(static_cast<std::uint32_t>(k.frequency));
    }
  }
  if (kinds.empty()) return -1;
  return kinds[rng.weighted_index(weights)];
}

// How many units a loot item comes in: missiles in bundles, everything else alone.
int loot_count(const ItemKind& kind, Rng& rng) {
  return kind.item_class == ItemClass::missile && kind.stackable ? rng.range(2, 6) : 1;
}

int first_kind_of_class(const Content& content, ItemClass c) {
  for (std::size_t i = 0; i < content.items.size(); ++i)
    if (content.items[i].item_class == c) return static_cast<int>(i);
  return -1;
}

// Breadth-first walking distances (8 neighbours) over `passable` cells from `from`; -1 where
// unreachable. Stops beyond `max_distance` (< 0: no limit).
template <typename Passable>
Grid<int> walk_distances(Size size, Point from, int max_distance, Passable&& passable) {
  Grid<int> dist(size, -1);
  if (!dist.in_bounds(from)) return dist;
  std::vector<Point> queue{from};
  dist[from] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Point p = queue[head];
    const int d = dist[p];
    if (max_distance >= 0 && d >= max_distance) continue;
    for (Point step : k_directions8) {
      const Point q = p + step;
      if (!dist.in_bounds(q) || dist[q] >= 0 || !passable(q)) continue;
      dist[q] = d + 1;
      queue.push_back(q);
    }
  }
  return dist;
}

class Spawner {
 public:
  Spawner(Game& game, LevelState& level)
      : game_(game),
        content_(game.content()),
        state_(game.state()),
        level_(level),
        depth_(level.depth),
        rules_(difficulty_rules(game.state().setup.difficulty)),
        rng_(Rng::for_stream(game.state().seed, stream::spawn,
                             static_cast<std::uint64_t>(level.depth))),
        pools_(gene_pools(game.state(), game.content().monsters.size())) {
    up_ = level.level.meta.stairs.up;
    collect_cells();
  }

  void run() {
    place_features();
    place_missing_keys();
    keep_unkept_shops();
    if (depth_ == state_.levels) place_final_boss();
    const DepthBand& band = band_for(content_, depth_);
    const int rolled = rng_.range(band.monsters.lo, band.monsters.hi);
    const int groups = (rolled * rules_.group_percent + 99) / 100;
    for (int i = 0; i < groups; ++i)
      place_group();
    const int items = rng_.range(band.items.lo, band.items.hi);
    for (int i = 0; i < items; ++i)
      place_random_item();
    const int traps = rng_.range(band.traps.lo, band.traps.hi);
    for (int i = 0; i < traps; ++i)
      place_random_trap();
  }

 private:
  // Spawn cells outside shops; the subset far from the up stairs for monster groups.
  void collect_cells() {
    const Level& l = level_.level;
    std::vector<Rect> shops;
    for (const Room& room : l.meta.rooms)
      if (room.kind == "shop") shops.push_back(room.rect);
    for (int y = 0; y < l.height(); ++y)
      for (int x = 0; x < l.width(); ++x) {
        const Point p{x, y};
        if (!is_spawn_tile(l.tiles[p])) continue;
        if (std::any_of(shops.begin(), shops.end(), [p](const Rect& r) { return r.contains(p); }))
          continue;
        cells_.push_back(p);
        if (!up_ || chebyshev(p, *up_) > k_arrival_clearance) far_cells_.push_back(p);
      }
    if (far_cells_.empty()) far_cells_ = cells_;  // a tiny level: anywhere will do
  }

  bool has_trap(Point p) const {
    return std::any_of(level_.traps.begin(), level_.traps.end(),
                       [p](const Trap& t) { return t.pos == p; });
  }

  // A random cell of `from` that passes `ok`, by a few random draws. nullopt: none found.
  template <typename Ok>
  std::optional<Point> random_cell(const std::vector<Point>& from, Ok&& ok) {
    if (from.empty()) return std::nullopt;
    for (int attempt = 0; attempt < k_cell_attempts; ++attempt) {
      const Point p = from[rng_.below(static_cast<std::uint32_t>(from.size()))];
      if (ok(p)) return p;
    }
    return std::nullopt;
  }

  // A new individual of `kind`, its genes inherited from the survivors of its kind.
  Actor roll(int kind, int depth) {
    const Genes genes = inherit_genes(pools_[static_cast<std::size_t>(kind)], rng_);
    return roll_monster(content_, kind, depth, rng_, genes);
  }

  // Puts a rolled monster on the level: asleep unless `awake`, its first turn a random part
  // of its delay away so that monsters made together do not act in lockstep.
  void add(Actor monster, Point p, bool awake) {
    monster.pos = p;
    monster.memory.awake = awake;
    const auto delay = static_cast<std::uint32_t>(action_delay(monster));
    monster.next_time = state_.time + rng_.below(delay);
    const MonsterKind& kind = content_.monsters[static_cast<std::size_t>(monster.kind)];
    if (kind.unique) state_.unique_spawned.push_back(kind.id);
    add_monster(game_, level_, std::move(monster));
  }

  bool can_place_monster(int kind, Point p) const {
    if (!level_.level.in_bounds(p) || level_.occupant[p] != 0) return false;
    const Tile t = level_.level.tiles[p];
    if (t == Tile::stairs_up || t == Tile::stairs_down) return false;
    Actor probe;
    probe.kind = kind;
    return can_stand(game_, level_, probe, p);
  }

  void put_item(int kind, Point p, int count, int enchant = 0, int price = 0) {
    Item item = make_item(game_, kind, count);
    item.enchant = enchant;
    item.price = price;
    place_item(game_, level_, std::move(item), p);
  }

  bool item_cell(Point p) const {
    if (!level_.level.in_bounds(p)) return false;
    const Tile t = level_.level.tiles[p];
    return tile_info(t).passable && t != Tile::stairs_up && t != Tile::stairs_down;
  }

  // ---- legend markers ----
  void place_features() {
    for (const Feature& f : level_.level.meta.features) {
      const LegendEntry* entry = content_.legend_for(f.tag);
      if (entry == nullptr) continue;
      const std::string& spawn = entry->spawn;
      const int depth = depth_ + entry->depth_bonus;
      if (spawn == "monster") {
        marker_monster(f.pos, pick_monster_kind(content_, depth, state_.unique_spawned, rng_),
                       depth);
      } else if (spawn == "boss") {
        marker_boss(f.pos, *entry);
      } else if (spawn == "item") {
        marker_item(f.pos, depth, filter_for_legend(*entry), false);
      } else if (spawn == "treasure") {
        marker_item(f.pos, depth, filter_for_legend(*entry), true);
      } else if (spawn == "trap") {
        if (item_cell(f.pos) && !has_trap(f.pos)) add_trap(f.pos);
      } else if (spawn == "gold") {
        marker_gold(f.pos);
      } else if (spawn == "key") {
        marker_key(f.tag);
      } else if (spawn == "shopkeeper") {
        marker_shopkeeper(f.pos);
      } else if (spawn == "shop_item") {
        marker_shop_item(f.pos, *entry);
      }
      // "priest", "nothing" and anything else: nothing is placed.
    }
  }

  void marker_monster(Point p, int kind, int depth) {
    if (kind < 0 || !can_place_monster(kind, p)) return;
    add(roll(kind, depth), p, false);
  }

  // A vault's boss: a boss kind (not unique) for the depth, else an ordinary kind from
  // deeper down.
  void marker_boss(Point p, const LegendEntry& entry) {
    const int depth = depth_ + entry.depth_bonus;
    std::vector<int> kinds;
    std::vector<std::uint32_t> weights;
    for (std::size_t i = 0; i < content_.monsters.size(); ++i) {
      const MonsterKind& k = content_.monsters[i];
      if (!k.boss || k.unique || k.shopkeeper || !k.depth.contains(depth)) continue;
      kinds.push_back(static_cast<int>(i));
      weights.push_back(static_cast<std::uint32_t>(std::max(k.frequency, 1)));
    }
    if (!kinds.empty()) {
      marker_monster(p, kinds[rng_.weighted_index(weights)], depth);
      return;
    }
    const int deeper = depth_ + std::max(entry.depth_bonus, k_guardian_depth_bonus);
    marker_monster(p, pick_monster_kind(content_, deeper, state_.unique_spawned, rng_), deeper);
  }

  // Treasure is better loot: the dearer of two picks, weapons and armour enchanted +1.
  void marker_item(Point p, int depth, const ClassFilter& filter, bool treasure) {
    if (!item_cell(p)) return;
    int kind = pick_item_kind(content_, depth, filter, rng_);
    if (kind < 0) return;
    int enchant = 0;
    if (treasure) {
      const int other = pick_item_kind(content_, depth, filter, rng_);
      if (content_.items[static_cast<std::size_t>(other)].price >
          content_.items[static_cast<std::size_t>(kind)].price)
        kind = other;
      const ItemClass c = content_.items[static_cast<std::size_t>(kind)].item_class;
      if (c == ItemClass::weapon || c == ItemClass::armour) enchant = 1;
    }
    put_item(kind, p, loot_count(content_.items[static_cast<std::size_t>(kind)], rng_), enchant);
  }

  // A pile of 5..15 gold pieces per level of depth.
  void marker_gold(Point p) {
    const int gold = first_kind_of_class(content_, ItemClass::gold);
    if (gold < 0 || !item_cell(p)) return;
    put_item(gold, p, rng_.range(5 * depth_, 15 * depth_));
  }

  void marker_key(std::string_view tag) {
    const auto colon = tag.find(':');
    if (colon == std::string_view::npos) return;
    int id = -1;
    const std::string_view digits = tag.substr(colon + 1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (ec != std::errc{} || end != digits.data() + digits.size()) return;
    for (const KeyInfo& key : level_.level.meta.keys)
      if (key.id == id) place_key(key);
  }

  // A key of the level's lock records as the game object it stands for: "key" an Item of the
  // key kind opening its locks; potions and scrolls their item; levers are tiles already.
  void place_key(const KeyInfo& key) {
    if (key.fixed || contains_id(placed_keys_, key.id)) return;
    placed_keys_.push_back(key.id);
    if (key.kind == "key") {
      int kind = content_.item_index("key");
      if (kind < 0) kind = first_kind_of_class(content_, ItemClass::key);
      if (kind < 0)
        throw InputError("content: no item kind of class key for the keys of cyclic levels");
      Item item = make_item(game_, kind, 1);
      item.key = key.id;
      item.key_depth = depth_;
      place_item(game_, level_, std::move(item), key.pos);
    } else if (key.kind == "potion_fire_resistance" || key.kind == "scroll_magic_mapping" ||
               key.kind == "scroll_teleportation") {
      const int kind = content_.item_index(key.kind);
      if (kind < 0)
        throw InputError("content: no item kind '" + key.kind + "' for the keys of cyclic levels");
      put_item(kind, key.pos, 1);
    }
    // lever, bridge_lever (fixed) and kinds this version does not know: nothing to place.
  }

  static bool contains_id(const std::vector<int>& v, int id) {
    return std::find(v.begin(), v.end(), id) != v.end();
  }

  // Keys are never left out, whatever the legend says of "key" tags.
  void place_missing_keys() {
    for (const KeyInfo& key : level_.level.meta.keys)
      place_key(key);
  }

  void marker_shopkeeper(Point p) {
    const int kind = shopkeeper_kind();
    if (kind < 0 || !can_stand_free(kind, p)) return;
    Actor keeper = roll(kind, depth_);
    keeper.peaceful = true;
    add(std::move(keeper), p, true);
  }

  // Shopkeepers stand behind their counter, maybe on a cell that is not plain floor.
  bool can_stand_free(int kind, Point p) const {
    if (!level_.level.in_bounds(p) || level_.occupant[p] != 0) return false;
    Actor probe;
    probe.kind = kind;
    return can_stand(game_, level_, probe, p);
  }

  // Stock of the shop room around `p`, of the shop's theme unless the legend names a class.
  void marker_shop_item(Point p, const LegendEntry& entry) {
    if (!item_cell(p)) return;
    ClassFilter filter = filter_for_legend(entry);
    if (entry.item_class.empty()) filter = filter_for_theme(shop_theme(p));
    const int kind = pick_item_kind(content_, depth_, filter, rng_);
    if (kind < 0) return;
    const int price = std::max(content_.items[static_cast<std::size_t>(kind)].price, 1);
    put_item(kind, p, 1, 0, price);
  }

  std::string_view shop_theme(Point p) const {
    const LevelMeta& meta = level_.level.meta;
    for (const Room& room : meta.rooms) {
      if (room.kind != "shop" || !room.rect.contains(p)) continue;
      for (const Feature& f : meta.features)
        if (f.tag.rfind("shop:", 0) == 0 && room.rect.contains(f.pos))
          return std::string_view(f.tag).substr(5);
    }
    return "general";
  }

  // Shop rooms without a `shopkeeper` marker (the town's shops): a keeper behind the
  // counter, seen from the door, and stock on about half of the other free floor.
  void keep_unkept_shops() {
    const LevelMeta& meta = level_.level.meta;
    const int keeper_kind = shopkeeper_kind();
    if (keeper_kind < 0) return;
    for (std::size_t r = 0; r < meta.rooms.size(); ++r) {
      const Room& room = meta.rooms[r];
      if (room.kind != "shop" || has_keeper(room.rect)) continue;
      std::vector<Point> doors;
      for (const Door& d : meta.doors)
        if (d.room == static_cast<int>(r)) doors.push_back(d.pos);
      const auto keeper = keeper_cell(room.rect, doors);
      if (!keeper) continue;
      Actor m = roll(keeper_kind, depth_);
      m.peaceful = true;
      add(std::move(m), *keeper, true);
      const ClassFilter general = ClassFilter::all();
      for (int y = room.rect.top(); y <= room.rect.bottom(); ++y)
        for (int x = room.rect.left(); x <= room.rect.right(); ++x) {
          const Point p{x, y};
          if (level_.level.tiles[p] != Tile::floor || level_.occupant[p] != 0) continue;
          if (std::any_of(doors.begin(), doors.end(),
                          [p](Point d) { return chebyshev(d, p) <= 1; }))
            continue;
          if (!items_at(level_, p).empty() || !rng_.chance(k_shop_stock_chance)) continue;
          const int kind = pick_item_kind(content_, depth_, general, rng_);
          if (kind < 0) continue;
          put_item(kind, p, 1, 0,
                   std::max(content_.items[static_cast<std::size_t>(kind)].price, 1));
        }
    }
  }

  int shopkeeper_kind() const {
    for (std::size_t i = 0; i < content_.monsters.size(); ++i)
      if (content_.monsters[i].shopkeeper) return static_cast<int>(i);
    return -1;
  }

  bool has_keeper(const Rect& room) const {
    return std::any_of(level_.monsters.begin(), level_.monsters.end(), [&room](const Actor& m) {
      return m.peaceful && room.expanded(1).contains(m.pos);
    });
  }

  // Behind the counter as seen from the door (the town puts it two steps in); without a
  // counter, the free floor cell farthest from the doors.
  std::optional<Point> keeper_cell(const Rect& room, const std::vector<Point>& doors) const {
    const auto sign = [](int v) { return (v > 0) - (v < 0); };
    for (int y = room.top(); y <= room.bottom(); ++y)
      for (int x = room.left(); x <= room.right(); ++x) {
        const Point counter{x, y};
        if (level_.level.tiles[counter] != Tile::shop_counter) continue;
        for (Point d : doors) {
          const Point behind = counter + Point{sign(counter.x - d.x), sign(counter.y - d.y)};
          if (room.contains(behind) && can_stand_free(shopkeeper_kind(), behind)) return behind;
        }
      }
    std::optional<Point> best;
    int best_distance = -1;
    for (int y = room.top(); y <= room.bottom(); ++y)
      for (int x = room.left(); x <= room.right(); ++x) {
        const Point p{x, y};
        if (level_.level.tiles[p] != Tile::floor || level_.occupant[p] != 0) continue;
        int distance = 1 << 20;
        for (Point d : doors)
          distance = std::min(distance, chebyshev(d, p));
        if (distance > best_distance) {
          best_distance = distance;
          best = p;
        }
      }
    return best;
  }

  void add_trap(Point p) {
    Trap trap;
    trap.pos = p;
    trap.kind = static_cast<TrapKind>(rng_.below(static_cast<std::uint32_t>(TrapKind::count)));
    trap.hidden = true;
    level_.traps.push_back(trap);
  }

  // ---- the band's random population ----
  void place_group() {
    const int depth = std::max(1, depth_ + rules_.monster_depth_shift);
    const int kind = pick_monster_kind(content_, depth, state_.unique_spawned, rng_);
    if (kind < 0) return;
    const MonsterKind& k = content_.monsters[static_cast<std::size_t>(kind)];
    const int size = k.unique ? 1 : rng_.range(std::max(k.group.lo, 1), std::max(k.group.hi, 1));
    const auto leader =
        random_cell(far_cells_, [this, kind](Point p) { return can_place_monster(kind, p); });
    if (!leader) return;
    const bool awake = rng_.chance(k_awake_group_chance);
    add(roll(kind, depth), *leader, awake);
    if (size <= 1) return;
    // The others on the nearest free cells within a few steps of the leader.
    const Grid<int> dist =
        walk_distances(level_.level.size(), *leader, k_group_radius,
                       [this](Point q) { return tile_info(level_.level.tiles[q]).passable; });
    std::vector<Point> near;
    for (int d = 1; d <= k_group_radius; ++d)
      for (int y = leader->y - d; y <= leader->y + d; ++y)
        for (int x = leader->x - d; x <= leader->x + d; ++x) {
          const Point q{x, y};
          if (!dist.in_bounds(q) || dist[q] != d) continue;
          if (up_ && chebyshev(q, *up_) <= k_arrival_clearance) continue;
          if (is_spawn_tile(level_.level.tiles[q]) && can_place_monster(kind, q)) near.push_back(q);
        }
    for (int i = 1; i < size && static_cast<std::size_t>(i - 1) < near.size(); ++i)
      add(roll(kind, depth), near[static_cast<std::size_t>(i - 1)], awake);
  }

  void place_random_item() {
    const int kind = pick_item_kind(content_, depth_, ClassFilter::all(), rng_);
    if (kind < 0) return;
    const auto p = random_cell(cells_, [](Point) { return true; });
    if (!p) return;
    put_item(kind, *p, loot_count(content_.items[static_cast<std::size_t>(kind)], rng_));
  }

  void place_random_trap() {
    const auto p = random_cell(cells_, [this](Point q) {
      if (has_trap(q) || level_.occupant[q] != 0 || !items_at(level_, q).empty()) return false;
      return !up_ || chebyshev(q, *up_) > k_trap_clearance;
    });
    if (p) add_trap(*p);
  }

  // The dungeon's boss, asleep in its lair: far from the up stairs in walking distance
  // (every lock counted open), among the farthest free spawn cells.
  void place_final_boss() {
    const int kind = content_.monster_index(content_.dungeon.boss);
    if (kind < 0)
      throw InputError("dungeon recipe: boss '" + content_.dungeon.boss +
                       "' is not a monster kind");
    if (contains(state_.unique_spawned, content_.dungeon.boss)) return;
    std::vector<Point> candidates;
    if (up_) {
      const Grid<Tile> open = tiles_with_locks_open(level_.level);
      const Grid<int> dist = walk_distances(level_.level.size(), *up_, -1,
                                            [&open](Point q) { return is_traversable(open[q]); });
      int farthest = 0;
      for (Point p : cells_)
        if (can_place_monster(kind, p)) farthest = std::max(farthest, dist[p]);
      const auto threshold = static_cast<int>(farthest * k_boss_far_share);
      for (Point p : cells_)
        if (dist[p] >= threshold && dist[p] > 0 && can_place_monster(kind, p))
          candidates.push_back(p);
    }
    if (candidates.empty())
      for (Point p : cells_)
        if (can_place_monster(kind, p)) candidates.push_back(p);
    if (candidates.empty()) return;
    const Point p = candidates[rng_.below(static_cast<std::uint32_t>(candidates.size()))];
    add(roll(kind, depth_), p, false);
  }

  Game& game_;
  const Content& content_;
  GameState& state_;
  LevelState& level_;
  int depth_;
  DifficultyRules rules_;  // the random groups only: vaults, shops and bosses are the level's
  Rng rng_;
  std::optional<Point> up_;
  std::vector<Point> cells_;
  std::vector<Point> far_cells_;
  std::vector<int> placed_keys_;
  std::vector<std::vector<GeneParent>> pools_;  // per kind: the survivors before this level
};

}  // namespace

const DepthBand& band_for(const Content& content, int depth) {
  for (const DepthBand& band : content.dungeon.bands)
    if (band.depths.contains(depth)) return band;
  throw InputError("dungeon recipe: no depth band covers depth " + std::to_string(depth));
}

int monster_xp(const MonsterKind& kind, const Attributes& rolled, int speed, const Genes& genes) {
  // Everything times 10 so speed/10 stays exact; the middles times 2 so they stay integers;
  // the genes' sum against 3000 (their normal).
  const std::int64_t score = 10 * (std::int64_t{rolled.str} + rolled.dex + rolled.con) + speed;
  const std::int64_t middle2 = 10 * (std::int64_t{kind.str.lo} + kind.str.hi + kind.dex.lo +
                                     kind.dex.hi + kind.con.lo + kind.con.hi) +
                               kind.speed.lo + kind.speed.hi;
  const std::int64_t genes3 = std::int64_t{genes.health} + genes.attack + genes.defence;
  const std::int64_t normal3 = 3 * std::int64_t{k_gene_base};
  if (middle2 <= 0 || score <= 0 || genes3 <= 0) return std::max(kind.base_xp, 1);
  // round(base * score / (middle2 / 2) * genes3 / normal3), half up.
  const std::int64_t den = 2 * middle2 * normal3;
  const std::int64_t xp =
      (4 * std::int64_t{kind.base_xp} * score * genes3 + middle2 * normal3) / den;
  return static_cast<int>(std::clamp<std::int64_t>(xp, 1, 1'000'000'000));
}

std::int32_t initial_mood(const std::array<std::int32_t, ai::k_trait_count>& personality) {
  const std::int32_t e = personality[static_cast<std::size_t>(ai::Trait::extraversion)];
  const std::int32_t n = personality[static_cast<std::size_t>(ai::Trait::neuroticism)];
  return std::clamp((e - n) / 2, -1000, 1000);
}

Actor roll_monster(const Content& content, int kind, int depth, Rng& rng) {
  return roll_monster(content, kind, depth, rng, Genes{});
}

Actor roll_monster(const Content& content, int kind, int depth, Rng& rng, const Genes& genes) {
  const MonsterKind& k = content.monsters.at(static_cast<std::size_t>(kind));
  const RolledInstance roll = roll_instance(content, kind, genes, rng);
  Actor m;
  m.kind = kind;
  m.genes = genes;
  m.attr = roll.rolled;
  if (k.race >= 0 && static_cast<std::size_t>(k.race) < content.races.size()) {
    const Attributes& bonus = content.races[static_cast<std::size_t>(k.race)].attribute_bonus;
    m.attr.str += bonus.str;
    m.attr.dex += bonus.dex;
    m.attr.con += bonus.con;
  }
  m.max_hp = m.hp = instance_max_hp(content, k, roll, genes);
  m.speed = instance_speed(roll, genes);
  m.xp = monster_xp(k, roll.rolled, m.speed, genes);
  m.level = depth;
  m.armour = k.armour;
  m.damage = k.damage;
  m.gold = k.gold.hi > k.gold.lo ? rng.range(k.gold.lo, k.gold.hi) : std::max(k.gold.lo, 0);
  m.memory.awake = false;
  m.memory.personality = roll.personality;
  m.memory.mood = initial_mood(roll.personality);
  return m;
}

int pick_monster_kind(const Content& content, int depth,
                      const std::vector<std::string>& unique_spawned, Rng& rng) {
  std::vector<int> kinds;
  std::vector<std::uint32_t> weights;
  const auto eligible = [&](const MonsterKind& k) {
    return !k.boss && !k.shopkeeper && k.frequency > 0 &&
           !(k.unique && contains(unique_spawned, k.id));
  };
  for (std::size_t i = 0; i < content.monsters.size(); ++i) {
    const MonsterKind& k = content.monsters[i];
    if (!eligible(k) || !k.depth.contains(depth)) continue;
    kinds.push_back(static_cast<int>(i));
    weights.push_back(static_cast<std::uint32_t>(k.frequency));
  }
  if (kinds.empty()) {
    // Deeper than any kind goes: the kinds that start deepest (but not below `depth`).
    int deepest = 0;
    for (const MonsterKind& k : content.monsters)
      if (eligible(k) && k.depth.lo <= depth) deepest = std::max(deepest, k.depth.lo);
    for (std::size_t i = 0; i < content.monsters.size(); ++i) {
      const MonsterKind& k = content.monsters[i];
      if (!eligible(k) || k.depth.lo != deepest) continue;
      kinds.push_back(static_cast<int>(i));
      weights.push_back(static_cast<std::uint32_t>(k.frequency));
    }
  }
  if (kinds.empty()) return -1;
  return kinds[rng.weighted_index(weights)];
}

void populate_level(Game& game, LevelState& level) {
  Spawner(game, level).run();
}

std::optional<Point> nearest_free_cell(const Game& game, const LevelState& level,
                                       const Actor& actor, Point from) {
  if (!level.level.in_bounds(from)) return std::nullopt;
  const auto free = [&](Point p) { return level.occupant[p] == 0; };
  if (can_stand(game, level, actor, from) && free(from)) return from;
  // Walk outward over cells the actor can stand on (and from the start cell, whatever it is).
  Grid<std::uint8_t> seen(level.level.size(), 0);
  std::vector<Point> queue{from};
  seen[from] = 1;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    for (Point step : k_directions8) {
      const Point q = queue[head] + step;
      if (!seen.in_bounds(q) || seen[q] != 0) continue;
      seen[q] = 1;
      if (!can_stand(game, level, actor, q)) continue;
      if (free(q)) return q;
      queue.push_back(q);
    }
  }
  return std::nullopt;
}

}  // namespace yendor::game
