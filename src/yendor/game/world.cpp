#include "yendor/game/world.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace yendor::game {

const Actor* find_monster(const LevelState& level, ActorId id) {
  const auto& monsters = level.monsters;
  if (id < level.slots.of_id.size()) {
    const std::uint32_t slot = level.slots.of_id[id];
    if (slot < monsters.size() && monsters[slot].id == id) return &monsters[slot];
  }
  const auto it = std::lower_bound(monsters.begin(), monsters.end(), id,
                                   [](const Actor& a, ActorId v) { return a.id < v; });
  return it != monsters.end() && it->id == id ? &*it : nullptr;
}

namespace {

// Ids past this are not indexed (find_monster searches for them): the hint's memory stays
// bounded whatever ids a game (or a damaged save) holds.
constexpr ActorId k_max_indexed_id = ActorId{1} << 22;

}  // namespace

void index_monsters(LevelState& level) {
  auto& of_id = level.slots.of_id;
  ActorId top = 0;
  for (const Actor& m : level.monsters)
    if (m.id < k_max_indexed_id) top = std::max(top, m.id);
  of_id.assign(level.monsters.empty() ? 0 : std::size_t{top} + 1, 0);
  for (std::size_t i = 0; i < level.monsters.size(); ++i)
    if (const ActorId id = level.monsters[i].id; id < k_max_indexed_id)
      of_id[id] = static_cast<std::uint32_t>(i);
}

void prefetch_surroundings(const LevelState& level, Point p) {
  const Grid<Tile>& tiles = level.level.tiles;
  const int x0 = std::max(0, p.x - 2), x1 = std::min(tiles.width() - 1, p.x + 2);
  for (int y = std::max(0, p.y - 2); y <= std::min(tiles.height() - 1, p.y + 2); ++y) {
    const Tile* row = tiles.data() + static_cast<std::ptrdiff_t>(y) * tiles.width();
    __builtin_prefetch(row + x0);
    __builtin_prefetch(row + x1);
  }
  const Point reach{k_prefetch_reach, k_prefetch_reach};
  level.occupant.prefetch(p - reach, p + reach, 1);
}

void prefetch_neighbours(const LevelState& level, Point p) {
  const Point reach{k_prefetch_id_reach, k_prefetch_id_reach};
  level.occupant.prefetch_ids(p - reach, p + reach);
}

Actor* find_actor(Game& game, ActorId id) {
  if (id == k_player_id) return &game.state().player;
  // The level is the game's own: the const of find_monster is only the search's.
  return const_cast<Actor*>(find_monster(game.level(), id));
}

Actor* actor_at(Game& game, Point p) {
  const ActorId id = occupant_at(game.level(), p);
  return id == 0 ? nullptr : find_actor(game, id);
}

void move_actor(Game& game, Actor& actor, Point to) {
  LevelState& level = game.level();
  if (!level.occupant.in_bounds(to) || level.occupant[to] != 0)
    throw std::logic_error("move_actor: target cell taken or outside the map");
  if (level.occupant.in_bounds(actor.pos) && level.occupant[actor.pos] == actor.id)
    level.occupant.set(actor.pos, 0);
  actor.pos = to;
  level.occupant.set(to, actor.id);
}

Actor& add_monster(Game& game, LevelState& level, Actor monster) {
  if (!level.occupant.in_bounds(monster.pos) || level.occupant[monster.pos] != 0)
    throw std::logic_error("add_monster: cell taken or outside the map");
  monster.id = game.state().next_actor_id++;
  if (monster.memory.home == Point{}) monster.memory.home = monster.pos;  // what it guards
  monster.memory.last_hp = monster.hp;
  level.occupant.set(monster.pos, monster.id);
  level.monsters.push_back(std::move(monster));  // ids grow: the vector stays in id order
  if (const ActorId id = level.monsters.back().id; id < k_max_indexed_id) {
    if (level.slots.of_id.size() <= id) level.slots.of_id.resize(std::size_t{id} + 1, 0);
    level.slots.of_id[id] = static_cast<std::uint32_t>(level.monsters.size() - 1);
  }
  return level.monsters.back();
}

void remove_monster(Game& game, ActorId id) {
  LevelState& level = game.level();
  auto& monsters = level.monsters;
  const auto it =
      std::find_if(monsters.begin(), monsters.end(), [id](const Actor& a) { return a.id == id; });
  if (it == monsters.end()) return;
  if (level.occupant.in_bounds(it->pos) && level.occupant[it->pos] == id)
    level.occupant.set(it->pos, 0);
  monsters.erase(it);
  index_monsters(level);
}

void sweep_dead(Game& game) {
  LevelState& level = game.level();
  if (std::erase_if(level.monsters, [](const Actor& a) { return a.hp <= 0; }) > 0)
    index_monsters(level);
}

void set_tile(LevelState& level, Point p, Tile t) {
  level.level.tiles.at(p) = t;
  if (level.opacity.in_bounds(p)) level.opacity.set_opaque(p, !tile_info(t).transparent);
  ++level.epoch.value;
}

Item make_item(Game& game, int kind, int count) {
  GameState& s = game.state();
  Item item;
  item.id = s.next_item_id++;
  item.kind = kind;
  item.count = count;
  s.items_created += count;
  return item;
}

bool stacks_with(const Content& content, const Item& a, const Item& b) {
  return a.kind == b.kind && content.items[static_cast<std::size_t>(a.kind)].stackable &&
         a.enchant == b.enchant && a.key == b.key && a.key_depth == b.key_depth &&
         a.price == b.price;
}

void place_item(Game& game, LevelState& level, Item item, Point p) {
  item.pos = p;
  item.letter = 0;
  for (Item& other : level.items) {
    if (other.pos == p && stacks_with(game.content(), other, item)) {
      other.count += item.count;
      return;
    }
  }
  // Keep id order: an item dropped again keeps its old (smaller) id.
  const auto it = std::lower_bound(level.items.begin(), level.items.end(), item.id,
                                   [](const Item& i, ItemId v) { return i.id < v; });
  level.items.insert(it, std::move(item));
}

void destroy_units(Game& game, int count) {
  game.state().items_destroyed += count;
}

std::vector<std::size_t> items_at(const LevelState& level, Point p) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < level.items.size(); ++i)
    if (level.items[i].pos == p) out.push_back(i);
  return out;
}

const Trap* trap_at(const LevelState& level, Point p) {
  for (const Trap& t : level.traps)
    if (t.pos == p) return &t;
  return nullptr;
}

Trap* trap_at(LevelState& level, Point p) {
  for (Trap& t : level.traps)
    if (t.pos == p) return &t;
  return nullptr;
}

std::string trap_name(TrapKind kind) {
  switch (kind) {
    case TrapKind::dart:
      return "dart trap";
    case TrapKind::pit:
      return "pit";
    case TrapKind::teleport:
      return "teleportation trap";
    case TrapKind::alarm:
      return "alarm trap";
    case TrapKind::poison_needle:
      return "poison needle trap";
    case TrapKind::fire:
      return "fire trap";
    case TrapKind::count:
      break;
  }
  return "trap";
}

const MonsterKind* monster_kind(const Game& game, const Actor& actor) {
  if (actor.kind < 0) return nullptr;
  return &game.content().monsters[static_cast<std::size_t>(actor.kind)];
}

std::string actor_name(const Game& game, const Actor& actor, bool capital) {
  std::string name;
  if (const MonsterKind* kind = monster_kind(game, actor))
    name = (kind->unique ? "" : "the ") + kind->name;
  else
    name = "you";
  if (capital && !name.empty() && name[0] >= 'a' && name[0] <= 'z')
    name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

std::string item_name(const Content& content, const Item& item, bool definite) {
  const ItemKind& kind = content.items[static_cast<std::size_t>(item.kind)];
  std::string base = item.count > 1 ? std::to_string(item.count) + " " +
                                          (kind.plural.empty() ? kind.name + "s" : kind.plural)
                                    : kind.name;
  if (item.enchant != 0)
    base = (item.enchant > 0 ? "+" : "") + std::to_string(item.enchant) + " " + base;
  if (item.count > 1) return base;
  if (definite) return "the " + base;
  const char c = base.empty() ? 'x' : base[0];
  const bool vowel = c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
  return (vowel ? "an " : "a ") + base;
}

void emit(Game& game, Event event) {
  if (game.probing()) return;  // Game::accepts: a refusal is only its return value
  if (!event.text.empty()) {
    game.state().messages.push_back(event.text);
  }
  game.events().push_back(std::move(event));
}

int refuse(Game& game, std::string text) {
  const Actor& player = game.state().player;
  emit(game, Event{EventKind::refused, k_player_id, 0, player.pos, 0, std::move(text)});
  return 0;
}

int refuse(Game& game, const char* text) {
  return game.probing() ? 0 : refuse(game, std::string(text));
}

int refuse(Game& game, const Actor& actor, std::string text) {
  if (actor.id == k_player_id)
    emit(game, Event{EventKind::refused, actor.id, 0, actor.pos, 0, std::move(text)});
  return 0;
}

int refuse(Game& game, const Actor& actor, const char* text) {
  return game.probing() || actor.id != k_player_id ? 0 : refuse(game, actor, std::string(text));
}

void message(Game& game, std::string text) {
  emit(game, Event{EventKind::message, 0, 0, {}, 0, std::move(text)});
}

int effective_speed(const Actor& actor) {
  int speed = actor.speed;
  const bool haste = actor.status[static_cast<std::size_t>(Status::haste)] > 0;
  const bool slow = actor.status[static_cast<std::size_t>(Status::slow)] > 0;
  if (haste && !slow) speed *= 2;
  if (slow && !haste) speed /= 2;
  return std::max(speed, 1);
}

std::int64_t action_delay(const Actor& actor, int cost) {
  const std::int64_t delay = std::int64_t{cost} * k_turn_ticks / effective_speed(actor);
  return std::max<std::int64_t>(delay, 1);
}

void rebuild_caches(GameState& state) {
  for (LevelState& level : state.dungeon) {
    if (level.depth == 0) continue;
    level.opacity = fov::OpacityMap::from_tiles(level.level.tiles);
    level.occupant = Occupancy(level.level.size());
    const auto put = [&level](Point p, ActorId id) {
      if (!level.occupant.in_bounds(p)) throw std::out_of_range("rebuild_caches: actor outside");
      level.occupant.set(p, id);
    };
    for (const Actor& m : level.monsters)
      put(m.pos, m.id);
    if (level.depth == state.depth) put(state.player.pos, k_player_id);
    index_monsters(level);
  }
}

}  // namespace yendor::game
