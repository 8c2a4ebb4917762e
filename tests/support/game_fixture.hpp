#pragma once
// Builds a one-level game from an ASCII picture, for rule tests that must not depend on the
// generators or the dungeon recipe. Tiles use the txt symbols ('#' wall, '.' floor, '+'
// door, '>' stairs...); '@' is the player on floor; a letter that is a monster glyph of the
// test content ('r' rat, 'g' goblin, 'o' orc, 'a' goblin archer, 'z' skeleton, 'O' the
// boss) puts a monster with its kind's lowest attributes on floor.
// Also the small helpers the rule tests share (a move action, counting events, a tile).

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/game_test_content.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::game::testing {

// A monster of `kind` with the lowest value of each range (deterministic tests).
inline Actor test_monster(const Content& content, int kind, Point pos) {
  const MonsterKind& k = content.monsters.at(static_cast<std::size_t>(kind));
  Actor m;
  m.kind = kind;
  m.pos = pos;
  m.attr = {k.str.lo, k.dex.lo, k.con.lo};
  m.max_hp = m.hp = max_hp_for(m.attr, 1);
  m.speed = k.speed.lo;
  m.xp = k.base_xp;
  m.armour = k.armour;
  m.damage = k.damage;
  m.memory.awake = true;
  return m;
}

// The state of a one-level game drawn by `rows` (the player must appear once). The level's
// recipe is empty: it is never regenerated. Caches are built by the Game constructor.
inline GameState ascii_state(const std::vector<std::string>& rows, const Content& content,
                             std::uint64_t seed = 1) {
  GameState s;
  s.seed = seed;
  s.levels = 1;
  s.depth = 1;
  s.combat_rng = Rng::for_stream(seed, "combat");
  s.ai_rng = Rng::for_stream(seed, "ai");
  s.world_rng = Rng::for_stream(seed, "world");
  s.player = make_player(content, "Tester");
  LevelState level;
  level.depth = 1;
  level.recipe.depth = 1;
  level.level = Level(Size{static_cast<int>(rows.at(0).size()), static_cast<int>(rows.size())});
  bool player = false;
  std::vector<Actor> monsters;
  for (int y = 0; y < level.level.height(); ++y)
    for (int x = 0; x < level.level.width(); ++x) {
      const char c = rows[static_cast<std::size_t>(y)].at(static_cast<std::size_t>(x));
      Tile t = Tile::floor;
      if (c == '@') {
        s.player.pos = {x, y};
        player = true;
      } else if (const auto tile = tile_from_symbol(c)) {
        t = *tile;
      } else {
        int kind = -1;
        for (std::size_t i = 0; i < content.monsters.size(); ++i)
          if (content.monsters[i].glyph == c) kind = static_cast<int>(i);
        if (kind < 0) throw std::invalid_argument(std::string("ascii_state: unknown symbol ") + c);
        monsters.push_back(test_monster(content, kind, {x, y}));
      }
      level.level.tiles[{x, y}] = t;
    }
  if (!player) throw std::invalid_argument("ascii_state: no '@'");
  for (Actor& m : monsters) {
    m.id = s.next_actor_id++;
    level.monsters.push_back(m);
  }
  s.player.id = k_player_id;
  s.dungeon.push_back(std::move(level));
  return s;
}

inline Game ascii_game(const std::vector<std::string>& rows, std::uint64_t seed = 1) {
  return Game(shared_test_content(), ascii_state(rows, *shared_test_content(), seed));
}

// The action that steps (or attacks, or opens) one cell in direction `d`.
inline Action move(Point d) {
  return Action{ActionType::move, d, 0, {}, 0, 0};
}

// How many of `events` are of `kind`.
inline int count(const std::vector<Event>& events, EventKind kind) {
  int n = 0;
  for (const Event& e : events)
    n += e.kind == kind ? 1 : 0;
  return n;
}

// The tile at `p` on the current level.
inline Tile tile(Game& game, Point p) {
  return game.level().level.tiles[p];
}

}  // namespace yendor::game::testing
