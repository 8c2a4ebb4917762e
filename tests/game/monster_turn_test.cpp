// What a monster's brain is told about the others (View::others through the occupancy grid's
// blocks, a counting sort by ring and the slot index): on random crowded rooms with pillars,
// exactly what a brute-force search of the level's monsters gives for every radius, limit and
// kin_only — those it sees within the radius capped by its vision, nearest first by ring and
// row-major within a ring, at most the limit and never more than ai::k_max_seen.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "support/game_fixture.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/line_of_sight.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

using testing::ascii_game;

std::vector<ai::Seen> searched(const Game& game, const Actor& self, const ai::Look& look) {
  const LevelState& level = game.level();
  const int vision = game.content().monsters[static_cast<std::size_t>(self.kind)].vision;
  const int radius = std::min(look.radius, vision);
  std::vector<std::tuple<int, int, int, const Actor*>> found;
  for (const Actor& m : level.monsters) {
    const int d = chebyshev(self.pos, m.pos);
    if (m.id == self.id || m.hp <= 0 || d > radius) continue;
    if (look.kin_only && m.kind != self.kind) continue;
    if (!fov::line_of_sight(level.opacity, self.pos, m.pos)) continue;
    found.emplace_back(d, m.pos.y, m.pos.x, &m);
  }
  std::sort(found.begin(), found.end());
  std::vector<ai::Seen> out;
  for (const auto& [d, y, x, m] : found) {
    if (out.size() == std::min(look.limit, ai::k_max_seen)) break;
    out.push_back({m->pos, m->memory.heading, m->kind, m->kind == self.kind, m->memory.awake, m->hp,
                   m->max_hp});
  }
  return out;
}

std::vector<std::string> crowded_room(Rng& rng) {
  std::vector<std::string> rows(20, std::string(36, '.'));
  for (std::string& row : rows)
    row.front() = row.back() = '#';
  rows.front() = rows.back() = std::string(36, '#');
  for (int y = 1; y < 19; ++y)
    for (int x = 1; x < 35; ++x) {
      const auto roll = rng.below(100);
      char& c = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      c = roll < 12 ? '#' : roll < 40 ? 'r' : roll < 55 ? 'g' : '.';
    }
  rows[10][17] = '@';
  return rows;
}

TEST(MonsterView, OthersAreWhatABruteForceSearchFinds) {
  Rng rng(23);
  int compared = 0, truncated = 0;
  for (int room = 0; room < 12; ++room) {
    Game game = ascii_game(crowded_room(rng), 5);
    auto& monsters = game.level().monsters;
    for (Actor& m : monsters)
      m.memory.heading = k_directions8[rng.below(8)];
    // A few monsters hurt, a few asleep: what the view reports of them must follow.
    for (int i = 0; i < 20; ++i) {
      Actor& m = monsters[rng.below(static_cast<std::uint32_t>(monsters.size()))];
      m.hp = std::max(1, m.hp - 2);
      m.memory.awake = rng.chance(0.5);
    }
    for (const Actor& self : monsters) {
      const auto view = monster_view(game, self);
      for (int radius : {0, 2, 5, 9, 40})
        for (std::size_t limit :
             {std::size_t{1}, std::size_t{3}, std::size_t{8}, ai::k_max_seen, std::size_t{100}})
          for (bool kin_only : {false, true}) {
            const ai::Look look{radius, limit, kin_only};
            const auto got = view->others(look);
            const auto want = searched(game, self, look);
            ASSERT_EQ(std::vector<ai::Seen>(got.begin(), got.end()), want)
                << "room " << room << " monster #" << self.id << " radius " << radius << " limit "
                << limit << " kin_only " << kin_only;
            ++compared;
            truncated += want.size() == std::min(limit, ai::k_max_seen) ? 1 : 0;
          }
    }
  }
  EXPECT_GT(compared, 10000);
  EXPECT_GT(truncated, 1000);  // the limit and the cap were reached, not only the radius
}

// The 5 x 5 box queries say what the 25 single queries say, for every monster, levitating or
// not, round itself and round other centres (near the edges too), on rooms of every kind of
// terrain and on generated levels with valve locks.
void expect_boxes_match(Game& game, int& compared) {
  for (const Actor& self : game.level().monsters) {
    const auto view = monster_view(game, self);
    for (const Point centre :
         {self.pos, self.pos + Point{1, -1}, self.pos + Point{-2, 2}, Point{0, 0}, Point{1, 1}}) {
      std::uint32_t walkable = 0, occupied = 0;
      for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) {
          if (view->walkable(centre + Point{dx, dy})) walkable |= ai::box5_bit({dx, dy});
          if (view->occupied(centre + Point{dx, dy})) occupied |= ai::box5_bit({dx, dy});
        }
      ASSERT_EQ(view->walkable_box(centre), walkable)
          << "monster #" << self.id << " at " << self.pos.x << "," << self.pos.y;
      ASSERT_EQ(view->occupied_box(centre), occupied) << "monster #" << self.id;
      ++compared;
    }
  }
}

TEST(MonsterView, BoxQueriesAreTheSingleQueriesAtOnce) {
  Rng rng(41);
  int compared = 0;
  const std::string terrain = "..#+WV:~=T;{_|\"LBS";
  for (int room = 0; room < 20; ++room) {
    std::vector<std::string> rows = crowded_room(rng);
    for (std::string& row : rows)
      for (char& c : row)
        if (c == '.' && rng.chance(0.5))
          c = terrain[rng.below(static_cast<std::uint32_t>(terrain.size()))];
    rows[10][17] = '@';
    Game game = ascii_game(rows, 5);
    for (Actor& m : game.level().monsters)
      m.status[static_cast<std::size_t>(Status::levitation)] = rng.chance(0.3) ? 5 : 0;
    expect_boxes_match(game, compared);
  }
  // Generated levels: the shipped recipe's lock-and-key levels (depths 3 and 4) have valves.
  int locked = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    GameOptions o;
    o.seed = seed;
    o.setup.generator = "cyclic";
    Game game(testing::shared_test_content(), o);
    locked += game.level().level.meta.locks.empty() ? 0 : 1;
    expect_boxes_match(game, compared);
  }
  EXPECT_GT(locked, 0);
  EXPECT_GT(compared, 2000);
}

TEST(MonsterView, IsRefusedForThePlayer) {
  Game game = ascii_game({"#####", "#@r.#", "#####"});
  EXPECT_THROW(monster_view(game, game.state().player), std::invalid_argument);
  EXPECT_NO_THROW(monster_view(game, game.level().monsters.at(0)));
}

}  // namespace
}  // namespace yendor::game
