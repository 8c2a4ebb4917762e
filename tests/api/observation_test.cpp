// The observation against an oracle that recomputes every layer from the game state over the
// whole map at every step (with its own memory of terrain last seen), and what it must never
// show: unexplored cells, secret doors, monsters out of view.
#include <gtest/gtest.h>

#include <vector>

#include "api/env_test_support.hpp"
#include "yendor/api/env.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::api {
namespace {

// Whole-map recomputation; `memory` holds terrain last seen per depth.
Observation oracle(const game::Game& game, std::vector<std::vector<std::uint8_t>>& memory) {
  const game::GameState& s = game.state();
  const game::LevelState& level = game.level();
  const Size size = level.level.size();
  const auto n = static_cast<std::size_t>(size.width * size.height);
  if (memory.size() < static_cast<std::size_t>(s.depth))
    memory.resize(static_cast<std::size_t>(s.depth));
  auto& seen = memory[static_cast<std::size_t>(s.depth - 1)];
  if (seen.size() != n) seen.assign(n, 0);
  Observation o;
  o.size = size;
  o.visible.assign(n, 0);
  o.monsters.assign(n, 0);
  o.items.assign(n, 0);
  o.traps.assign(n, 0);
  o.glyphs.assign(n, ' ');
  const bool telepathy = game::status_turns(s.player, game::Status::telepathy) > 0;
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const Point p{x, y};
      const auto i = static_cast<std::size_t>(y * size.width + x);
      if (!game.view().visible(p)) continue;
      o.visible[i] = 1;
      const Tile t = level.level.tiles[p] == Tile::door_secret ? Tile::wall : level.level.tiles[p];
      seen[i] = static_cast<std::uint8_t>(1 + static_cast<int>(t));
    }
  o.terrain = seen;
  for (const game::Actor& m : level.monsters) {
    const auto i = static_cast<std::size_t>(m.pos.y * size.width + m.pos.x);
    if (m.hp > 0 && (o.visible[i] != 0 || telepathy))
      o.monsters[i] = static_cast<std::int16_t>(2 + m.kind);
  }
  o.monsters[static_cast<std::size_t>(s.player.pos.y * size.width + s.player.pos.x)] = 1;
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const auto i = static_cast<std::size_t>(y * size.width + x);
      if (o.visible[i] == 0) continue;
      const std::vector<std::size_t> here = game::items_at(level, {x, y});
      if (!here.empty()) o.items[i] = static_cast<std::int16_t>(1 + level.items[here.back()].kind);
    }
  for (const game::Trap& t : level.traps)
    if (!t.hidden && (level.level.flags[t.pos] & cell_flag::explored) != 0)
      o.traps[static_cast<std::size_t>(t.pos.y * size.width + t.pos.x)] =
          static_cast<std::uint8_t>(1 + static_cast<int>(t.kind));
  const game::Content& c = game.content();
  for (std::size_t i = 0; i < n; ++i) {
    char g = ' ';
    if (o.monsters[i] == 1)
      g = '@';
    else if (o.monsters[i] > 1)
      g = c.monsters[static_cast<std::size_t>(o.monsters[i] - 2)].glyph;
    else if (o.items[i] > 0)
      g = c.items[static_cast<std::size_t>(o.items[i] - 1)].glyph;
    else if (o.traps[i] > 0)
      g = '^';
    else if (o.terrain[i] > 0)
      g = static_cast<char>(tile_info(static_cast<Tile>(o.terrain[i] - 1)).glyph);
    o.glyphs[i] = static_cast<std::uint8_t>(g);
  }
  return o;
}

void expect_layers_equal(const Observation& got, const Observation& want,
                         const std::string& where) {
  ASSERT_EQ(got.size, want.size) << where;
  EXPECT_EQ(got.terrain, want.terrain) << where;
  EXPECT_EQ(got.visible, want.visible) << where;
  EXPECT_EQ(got.monsters, want.monsters) << where;
  EXPECT_EQ(got.items, want.items) << where;
  EXPECT_EQ(got.traps, want.traps) << where;
  EXPECT_EQ(got.glyphs, want.glyphs) << where;
}

void check_against_oracle(const std::shared_ptr<const game::Content>& content, std::uint64_t seed,
                          int steps) {
  Env env(content);
  env.reset(seed);
  std::vector<std::vector<std::uint8_t>> memory;
  Rng rng = Rng::for_stream(seed, "observer");
  for (int step = 0; step < steps; ++step) {
    if (env.done()) {
      env.reset(seed + 1000 + static_cast<std::uint64_t>(step));
      memory.clear();
    }
    expect_layers_equal(env.observation(), oracle(env.game(), memory),
                        "seed " + std::to_string(seed) + " step " + std::to_string(step));
    if (::testing::Test::HasFailure()) return;
    env.step(testing::random_legal_action(env, rng));
  }
}

TEST(Observation, MatchesAWholeMapRecomputationOnTestContent) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    check_against_oracle(game::testing::shared_test_content(), seed, 500);
}

TEST(Observation, MatchesAWholeMapRecomputationOnShippedContent) {
  for (std::uint64_t seed = 21; seed <= 22; ++seed)
    check_against_oracle(testing::shipped_content(), seed, 500);
}

TEST(Observation, StatsAndPackFollowThePlayer) {
  Env env(game::testing::shared_test_content());
  const Observation& o = env.reset(9);
  const game::Actor& p = env.game().state().player;
  const auto stat = [&o](Stat s) { return o.stats[static_cast<std::size_t>(s)]; };
  EXPECT_EQ(stat(Stat::hp), p.hp);
  EXPECT_EQ(stat(Stat::x), p.pos.x);
  EXPECT_EQ(stat(Stat::y), p.pos.y);
  EXPECT_EQ(stat(Stat::depth), 1);
  ASSERT_EQ(o.inventory.size(), static_cast<std::size_t>(k_pack_size) * k_item_field_count);
  for (const game::Item& item : p.inventory) {
    const std::size_t row = static_cast<std::size_t>(pack_rank(item.letter)) * k_item_field_count;
    EXPECT_EQ(o.inventory[row], item.kind + 1);
    EXPECT_EQ(o.inventory[row + 1], item.count);
  }
  EXPECT_EQ(stat_names().size(), k_stat_count);
  EXPECT_EQ(stat_names()[static_cast<std::size_t>(Stat::levitation)], "levitation");
  EXPECT_EQ(item_field_names().size(), k_item_field_count);
}

}  // namespace
}  // namespace yendor::api
