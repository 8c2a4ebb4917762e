#include "yendor/game/random_player.hpp"

#include <array>
#include <cstdlib>
#include <optional>
#include <span>
#include <vector>

namespace yendor::game {
namespace {

constexpr std::array<Point, 8> k_dirs{
    {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};

// What the bot looks at before choosing (computed without allocating).
struct Surroundings {
  Tile here = Tile::floor;
  int items_here = 0;
  bool unpaid_here = false;
  int closed_doors = 0;  // adjacent
  int open_doors = 0;    // adjacent, with nothing in the doorway
  bool lever_near = false;
  int hostile_adjacent = 0;
  int visible_monsters = 0;
  bool shopkeeper_visible = false;
};

bool is_type(const Content& content, const Item& item, ItemClass c) {
  return content.items[static_cast<std::size_t>(item.kind)].item_class == c;
}

Surroundings look_around(const Game& game) {
  const LevelState& level = game.level();
  const Actor& player = game.state().player;
  const Grid<Tile>& tiles = level.level.tiles;
  Surroundings s;
  s.here = tiles[player.pos];
  for (const Item& item : level.items) {
    if (item.pos != player.pos) continue;
    ++s.items_here;
    s.unpaid_here |= item.price > 0;
  }
  if (s.here == Tile::lever) s.lever_near = true;
  for (const Point d : k_dirs) {
    const Point p = player.pos + d;
    if (!tiles.in_bounds(p)) continue;
    const Tile t = tiles[p];
    if (t == Tile::door_closed || t == Tile::door_locked) ++s.closed_doors;
    if (t == Tile::door_open && level.occupant[p] == 0) ++s.open_doors;
    if (t == Tile::lever) s.lever_near = true;
  }
  for (const Actor& m : level.monsters) {
    if (m.hp <= 0 || !game.view().visible(m.pos)) continue;
    ++s.visible_monsters;
    if (m.peaceful) {
      const MonsterKind& kind = game.content().monsters[static_cast<std::size_t>(m.kind)];
      s.shopkeeper_visible |= kind.shopkeeper;
      continue;
    }
    if (std::abs(m.pos.x - player.pos.x) <= 1 && std::abs(m.pos.y - player.pos.y) <= 1)
      ++s.hostile_adjacent;
  }
  return s;
}

// A pack letter: usually of an item of class `c` when there is one, else any (or none).
char pick_letter(const Game& game, Rng& rng, std::optional<ItemClass> c) {
  const std::vector<Item>& pack = game.state().player.inventory;
  if (pack.empty()) return 'a';
  if (c && rng.chance(0.85)) {
    int matching = 0;
    for (const Item& item : pack)
      matching += is_type(game.content(), item, *c) ? 1 : 0;
    if (matching > 0) {
      int n = rng.range(0, matching - 1);
      for (const Item& item : pack)
        if (is_type(game.content(), item, *c) && n-- == 0) return item.letter;
    }
  }
  return pack[rng.below(static_cast<std::uint32_t>(pack.size()))].letter;
}

// The n-th (by index) direction toward which something matches, in k_dirs order.
template <typename Match>
Point nth_dir(const Game& game, int n, Match match) {
  const Point at = game.state().player.pos;
  for (const Point d : k_dirs)
    if (match(at + d) && n-- == 0) return d;
  return k_dirs[0];
}

Point throw_target(const Game& game, Rng& rng, const Surroundings& s) {
  const Point at = game.state().player.pos;
  if (s.visible_monsters > 0 && rng.chance(0.8)) {
    int n = rng.range(0, s.visible_monsters - 1);
    for (const Actor& m : game.level().monsters)
      if (m.hp > 0 && game.view().visible(m.pos) && n-- == 0) return m.pos;
  }
  for (int attempt = 0; attempt < 8; ++attempt) {
    const Point p{at.x + rng.range(-k_player_vision, k_player_vision),
                  at.y + rng.range(-k_player_vision, k_player_vision)};
    if (p != at && game.view().visible(p)) return p;
  }
  return at + k_dirs[rng.below(8)];
}

// An action of any type but quit, with random fields: exercises refusals and odd requests.
Action fuzz_action(const Game& game, Rng& rng) {
  Action a;
  a.type = static_cast<ActionType>(rng.below(static_cast<std::uint32_t>(ActionType::quit)));
  a.dir = k_dirs[rng.below(8)];
  a.item = rng.chance(0.8) ? pick_letter(game, rng, std::nullopt)
                           : static_cast<char>('a' + rng.below(26));
  a.count = rng.range(0, 5);
  a.choice = rng.range(0, 2);
  const Point at = game.state().player.pos;
  a.target = {at.x + rng.range(-12, 12), at.y + rng.range(-12, 12)};
  return a;
}

int sign(int v) {
  return (v > 0) - (v < 0);
}

}  // namespace

Action random_action(const Game& game, Rng& rng) {
  return random_action(game, rng, {});
}

Action random_action(const Game& game, Rng& rng, const RandomPlayerOptions& options) {
  const GameState& state = game.state();
  const Actor& player = state.player;
  const Surroundings s = look_around(game);
  const LevelState& level = game.level();

  Action a;
  if (state.info.pending_raises > 0 && rng.chance(0.5)) {
    a.type = ActionType::raise;
    a.choice = rng.range(0, 2);
    return a;
  }
  if (rng.chance(0.01)) return fuzz_action(game, rng);
  if (s.hostile_adjacent > 0 && rng.chance(0.6)) {
    a.type = ActionType::move;
    int n = rng.range(0, s.hostile_adjacent - 1);
    const Point at = player.pos;
    for (const Actor& m : level.monsters)
      if (m.hp > 0 && !m.peaceful && game.view().visible(m.pos) && std::abs(m.pos.x - at.x) <= 1 &&
          std::abs(m.pos.y - at.y) <= 1 && n-- == 0)
        a.dir = m.pos - at;
    return a;
  }
  // The down stairs in view: sometimes head for them (greedily), so games go deeper.
  const std::optional<Point> down = level.level.meta.stairs.down;
  if (options.descend && s.here == Tile::stairs_down && rng.chance(0.6)) {
    a.type = ActionType::descend;
    return a;
  }
  if (options.descend && down && *down != player.pos && game.view().visible(*down) &&
      rng.chance(0.4)) {
    a.type = ActionType::move;
    a.dir = {sign(down->x - player.pos.x), sign(down->y - player.pos.y)};
    return a;
  }

  // Weights of the actions that apply here.
  const bool hungry = state.info.nutrition < 300;
  const bool has_pack = !player.inventory.empty();
  const bool in_shop_view = s.shopkeeper_visible;
  std::array<std::uint32_t, k_action_type_count> w{};
  auto weight = [&w](ActionType t) -> std::uint32_t& { return w[static_cast<std::size_t>(t)]; };
  weight(ActionType::move) = 300;
  weight(ActionType::wait) = 12;
  weight(ActionType::rest) = 3;
  weight(ActionType::search) = 8;
  weight(ActionType::pick_up) = s.items_here > 0 ? (s.unpaid_here ? 20 : 150) : 1;
  weight(ActionType::drop) = has_pack ? 4 : 0;
  weight(ActionType::quaff) = has_pack ? 5 : 0;
  weight(ActionType::read) = has_pack ? 4 : 0;
  weight(ActionType::eat) = has_pack ? (hungry ? 200 : 3) : 0;
  weight(ActionType::wield) = has_pack ? 4 : 0;
  weight(ActionType::wear) = has_pack ? 4 : 0;
  weight(ActionType::take_off) = player.wielded != 0 || player.worn != 0 ? 2 : 0;
  weight(ActionType::throw_item) = has_pack ? (s.visible_monsters > 0 ? 12 : 3) : 0;
  weight(ActionType::open) = s.closed_doors > 0 ? 40 : 0;
  weight(ActionType::close) = s.open_doors > 0 ? 6 : 0;
  weight(ActionType::operate) = s.lever_near ? 40 : 0;
  weight(ActionType::descend) = 0;  // handled above
  weight(ActionType::ascend) = s.here == Tile::stairs_up ? 10 : 0;
  weight(ActionType::pray) = s.here == Tile::altar ? 40 : 0;
  weight(ActionType::drink) = s.here == Tile::fountain ? 40 : 0;
  weight(ActionType::buy) = s.unpaid_here ? (player.gold > 0 ? 60 : 5) : 0;
  weight(ActionType::sell) = in_shop_view && has_pack ? 8 : 0;
  a.type = static_cast<ActionType>(rng.weighted_index(std::span<const std::uint32_t>(w)));

  switch (a.type) {
    case ActionType::move:
      a.dir = k_dirs[rng.below(8)];
      break;
    case ActionType::rest:
      a.count = rng.range(0, 10);
      break;
    case ActionType::pick_up:
      a.item = s.items_here > 1 && rng.chance(0.3)
                   ? static_cast<char>('a' + rng.range(0, s.items_here - 1))
                   : char{0};
      break;
    case ActionType::drop:
      a.item = pick_letter(game, rng, std::nullopt);
      a.count = rng.chance(0.7) ? 0 : 1;
      break;
    case ActionType::quaff:
      a.item = pick_letter(game, rng, ItemClass::potion);
      break;
    case ActionType::read:
      a.item = pick_letter(game, rng, ItemClass::scroll);
      break;
    case ActionType::eat:
      a.item = pick_letter(game, rng, rng.chance(0.7) ? ItemClass::food : ItemClass::corpse);
      break;
    case ActionType::wield:
      a.item = pick_letter(game, rng, ItemClass::weapon);
      break;
    case ActionType::wear:
      a.item = pick_letter(game, rng, ItemClass::armour);
      break;
    case ActionType::take_off: {
      const ItemId id = player.worn != 0 && (player.wielded == 0 || rng.chance(0.5))
                            ? player.worn
                            : player.wielded;
      for (const Item& item : player.inventory)
        if (item.id == id) a.item = item.letter;
      break;
    }
    case ActionType::throw_item:
      a.item = pick_letter(game, rng, rng.chance(0.6) ? ItemClass::missile : ItemClass::weapon);
      a.target = throw_target(game, rng, s);
      break;
    case ActionType::open: {
      const Grid<Tile>& tiles = level.level.tiles;
      a.dir = nth_dir(game, rng.range(0, s.closed_doors - 1), [&tiles](Point p) {
        return tiles.in_bounds(p) &&
               (tiles[p] == Tile::door_closed || tiles[p] == Tile::door_locked);
      });
      break;
    }
    case ActionType::close: {
      const Grid<Tile>& tiles = level.level.tiles;
      a.dir = nth_dir(game, rng.range(0, s.open_doors - 1), [&level, &tiles](Point p) {
        return tiles.in_bounds(p) && tiles[p] == Tile::door_open && level.occupant[p] == 0;
      });
      break;
    }
    case ActionType::operate: {
      const Grid<Tile>& tiles = level.level.tiles;
      if (s.here != Tile::lever)
        a.dir = nth_dir(
            game, 0, [&tiles](Point p) { return tiles.in_bounds(p) && tiles[p] == Tile::lever; });
      break;
    }
    case ActionType::sell:
      a.item = pick_letter(game, rng, std::nullopt);
      break;
    default:
      break;
  }
  return a;
}

}  // namespace yendor::game
