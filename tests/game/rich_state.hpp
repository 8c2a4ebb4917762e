#pragma once
// A hand-built GameState with a non-default value in every field (for the save tests: a
// round trip that forgot a field fails, because the field's default differs from here).
// Levels are made by build_level from real recipes of the test content, then changed: tiles
// dug, cells explored, monsters, items and traps everywhere.

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/game_fixture.hpp"
#include "support/game_test_content.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/state.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game::testing {

// Plays `steps` steps (fewer if the game ends) with the scripted random player.
inline void play_random_steps(Game& game, Rng& rng, int steps) {
  for (int i = 0; i < steps && !game.over(); ++i)
    game.step(random_action(game, rng));
}

// A new game of the test content.
inline Game new_test_game(std::uint64_t seed) {
  GameOptions options;
  options.seed = seed;
  options.name = "Tester";
  return Game(shared_test_content(), options);
}

inline std::vector<Point> floor_cells(const Level& level) {
  std::vector<Point> out;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      if (level.tiles[{x, y}] == Tile::floor) out.push_back({x, y});
  return out;
}

inline Item rich_item(const Content& c, ItemId id, const char* kind, char letter, Point pos) {
  Item i;
  i.id = id;
  i.kind = c.item_index(kind);
  i.count = 3;
  i.enchant = -2;
  i.letter = letter;
  i.pos = pos;
  i.key = 1;
  i.key_depth = 2;
  i.price = 45;
  return i;
}

inline Actor rich_actor(const Content& c, ActorId id, int kind, Point pos, ItemId& next_item) {
  Actor a;
  a.id = id;
  a.kind = kind;
  a.pos = pos;
  a.attr = {13, 7, 15};
  a.hp = 11;
  a.max_hp = 19;
  a.speed = 133;
  a.next_time = 98765 + id;
  a.xp = 42;
  a.level = 3;
  a.armour = 2;
  a.damage = {2, 7};
  for (std::size_t i = 0; i < a.status.size(); ++i)
    a.status[i] = static_cast<int>(i) + 1;
  a.memory.awake = true;
  a.memory.has_target = true;
  a.memory.target = {3, 4};
  a.memory.state = 5;
  a.memory.counter = -6;
  a.memory.scratch = {7, -8, 9, 1 << 30};
  a.memory.home = {5, 6};
  a.memory.heading = {-1, 1};
  a.memory.hunger = 77;
  a.memory.mood = -250;
  a.memory.emotion = {100, 200, 300, 400};
  a.memory.personality = {10, 20, 30, 40, 50};
  a.memory.blackboard = {1, 2, 3, 4, 5, 6, 7, -8};
  a.memory.genome = 3;
  a.memory.damage_dealt = 12;
  a.memory.turns_alive = 345;
  a.memory.last_seen_turn = 44;
  a.memory.last_hp = 9;
  a.memory.guarded = 2;
  a.gold = 17;
  a.inventory.push_back(rich_item(c, next_item++, "dagger", 'a', {1, 2}));
  a.inventory.push_back(rich_item(c, next_item++, "leather_armour", 'b', {1, 2}));
  a.inventory.back().count = 1;
  a.wielded = a.inventory[0].id;
  a.worn = a.inventory[1].id;
  a.peaceful = true;
  a.regen = 37;
  a.genes = Genes{1031, 962, 1044, 955};
  return a;
}

// A made level at `depth` from a recipe of the test content, changed since it was made.
inline LevelState rich_level(const Content& c, GameState& s, LevelRecipe recipe, bool touched) {
  LevelState ls;
  ls.depth = recipe.depth;
  ls.recipe = std::move(recipe);
  ls.level = build_level(ls.recipe);
  trim_level_meta(ls.level.meta);  // as make_level leaves it
  const std::vector<Point> floor = floor_cells(ls.level);
  if (!touched) return ls;
  // Dig a little and explore a lot, as play does.
  int dug = 0;
  for (Point p : floor)
    for (Point d : k_directions4)
      if (dug < 12 && ls.level.in_bounds(p + d) && ls.level.tiles[p + d] == Tile::wall) {
        ls.level.tiles[p + d] = Tile::rubble;
        ++dug;
      }
  for (std::size_t i = 0; i < floor.size() / 2; ++i)
    ls.level.flags[floor[i]] |= cell_flag::explored;
  ls.level.flags[floor.back()] |= 0x8000;  // a bit no layer uses yet survives too
  const int kinds = static_cast<int>(c.monsters.size());
  for (int i = 0; i < 3; ++i) {
    Actor m = rich_actor(c, s.next_actor_id++, (ls.depth + i) % kinds,
                         floor[floor.size() / 2 + static_cast<std::size_t>(i)], s.next_item_id);
    ls.monsters.push_back(m);
  }
  for (int i = 0; i < 4; ++i)
    ls.items.push_back(rich_item(c, s.next_item_id++, i % 2 ? "potion_healing" : "dart", 0,
                                 floor[floor.size() / 3 + static_cast<std::size_t>(i)]));
  for (int i = 0; i < 3; ++i) {
    Trap t;
    t.pos = floor[floor.size() / 4 + static_cast<std::size_t>(i)];
    t.kind = static_cast<TrapKind>((i + 1) % static_cast<int>(TrapKind::count));
    t.hidden = i != 1;
    ls.traps.push_back(t);
  }
  ls.lock_open = {1, 0, 1};
  ls.closing = {PendingClose{2, 7777}, PendingClose{0, 8888}};
  ls.left_at = 5000 + ls.depth;
  const std::vector<Point> seen(floor.begin(), floor.begin() + 9);
  ls.scent = path::ScentMap(ls.level.size());
  ls.scent.lay(floor[4], 77, seen);
  ls.deaths = {RecentDeath{floor[5], 1, 4000}, RecentDeath{floor[6], 0, 4010}};
  return ls;
}

// Five levels: 1 and 2 made and left, 3 unmade, 4 the player's, 5 unmade.
inline GameState rich_state(const Content& c) {
  GameState s;
  s.seed = 0x5eed1234abcdULL;
  s.levels = 5;
  s.setup = {Difficulty::hard, "caves", {64, 40}};
  s.depth = 4;
  s.time = 123456;
  s.outcome = Outcome::died;
  s.next_actor_id = 20;
  s.next_item_id = 40;
  s.items_created = 55;
  s.items_destroyed = 7;
  s.unique_spawned = {"orc_warlord", "someone"};
  s.messages = {"The goblin hits you.", "", "tab\tand \xc3\xbc and newline\n"};
  s.combat_rng = Rng(11);
  s.ai_rng = Rng(12);
  s.ai_rng.next_u64();
  s.world_rng = Rng(13);

  LevelRecipe first = level_recipe(c, s.seed, 1);
  first.generator = "bsp";
  s.dungeon.push_back(rich_level(c, s, first, true));
  // Level 2 has a non-default value in every field, its recipe included.
  LevelRecipe second = level_recipe(c, s.seed, 2);
  second.generator = "rooms";
  second.params.set("room_max", std::int64_t{8});
  second.motif = "cavern";
  second.unique_rate = 0.5;
  second.difficulty = 3;
  second.features = {parse_feature_request("fountains:rate=0.5"), parse_feature_request("vaults")};
  s.dungeon.push_back(rich_level(c, s, second, true));
  LevelState unmade;
  unmade.depth = 0;
  s.dungeon.push_back(unmade);
  LevelRecipe fourth = level_recipe(c, s.seed, 4);
  fourth.generator = "caves";
  s.dungeon.push_back(rich_level(c, s, fourth, true));
  s.dungeon.back().left_at = -1;
  s.dungeon.push_back(unmade);

  ItemId next_item = s.next_item_id;
  s.player = rich_actor(c, k_player_id, -1, floor_cells(s.dungeon[3].level).front(), next_item);
  s.player.inventory.push_back(rich_item(c, next_item++, "key", 'c', {1, 2}));
  s.next_item_id = next_item;
  s.info.name = "Rich Tester";
  s.info.pending_raises = 2;
  s.info.nutrition = 1234;
  s.info.kills = 9;
  s.info.deepest = 4;
  s.info.turns = 4321;
  s.info.cause = "killed by a goblin on level 4";
  s.info.last_prayer = 4242;
  rebuild_caches(s);
  return s;
}

// One rich state per test program, made once (making its levels runs the generators).
inline const GameState& shared_rich_state() {
  static const GameState s = rich_state(*shared_test_content());
  return s;
}

}  // namespace yendor::game::testing
