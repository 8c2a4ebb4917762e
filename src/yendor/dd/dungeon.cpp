#include "yendor/dd/dungeon.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <span>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/dd/rules.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::dd {

namespace {

const Generator& generator_of(const Setup& setup, const Content& content) {
  const std::string& name = setup.generator.empty() ? content.dungeon.generator : setup.generator;
  return builtin_generators().get(name);  // InputError naming the known ones
}

// The generator's parameters: the recipe's for its own generator, else the setup's.
ParamSet params_of(const Setup& setup, const Content& content, const Generator& g) {
  if (!setup.generator.empty()) return g.info().schema.validate(g.info().name, setup.params);
  return g.info().schema.validate(g.info().name, content.dungeon.params);
}

// Walking distances (8 directions over floor) from `from`; -1 where unreachable.
std::array<std::int16_t, k_cells> walk_distances(const State& s, int from) {
  std::array<std::int16_t, k_cells> dist;
  dist.fill(-1);
  std::array<std::uint16_t, k_cells> queue{};
  int head = 0, tail = 0;
  dist[static_cast<std::size_t>(from)] = 0;
  queue[static_cast<std::size_t>(tail++)] = static_cast<std::uint16_t>(from);
  while (head < tail) {
    const int c = queue[static_cast<std::size_t>(head++)];
    for (int d = 0; d < 8; ++d) {
      const int x = cell_x(c) + k_dir_dx[static_cast<std::size_t>(d)];
      const int y = cell_y(c) + k_dir_dy[static_cast<std::size_t>(d)];
      if (x < 0 || y < 0 || x >= k_side || y >= k_side) continue;
      const auto n = static_cast<std::size_t>(cell_of(x, y));
      if (s.wall[n] != 0 || dist[n] >= 0) continue;
      dist[n] = static_cast<std::int16_t>(dist[static_cast<std::size_t>(c)] + 1);
      queue[static_cast<std::size_t>(tail++)] = static_cast<std::uint16_t>(n);
    }
  }
  return dist;
}

Monster make_monster(const Content& content, int kind, int level, int cell) {
  const MonsterKind& k = content.monsters[static_cast<std::size_t>(kind)];
  Monster m;
  m.kind = static_cast<std::uint8_t>(kind);
  m.level = static_cast<std::uint8_t>(level);
  m.max_hp =
      static_cast<std::int16_t>(std::max(1, base_monster_health(level) * k.health_percent / 100));
  m.hp = m.max_hp;
  m.attack =
      static_cast<std::int16_t>(std::max(1, base_monster_attack(level) * k.attack_percent / 100));
  m.cell = static_cast<std::uint16_t>(cell);
  m.boss = k.boss;
  return m;
}

// The free floor cells (no hero) in one random order: each placement takes the first cell
// in that order that is still free and passes its test, which is a uniform choice among those
// cells, at the cost of one shuffle for the whole dungeon.
class Placer {
 public:
  Placer(State& s, Rng& rng) : s_(s) {
    for (int c = 0; c < k_cells; ++c)
      if (s.wall[static_cast<std::size_t>(c)] == 0 && c != s.hero.cell)
        order_[static_cast<std::size_t>(count_++)] = static_cast<std::uint16_t>(c);
    rng.shuffle(std::span(order_.data(), static_cast<std::size_t>(count_)));
  }

  // The first free cell in the order passing `ok`; -1 when none.
  template <typename Ok>
  int take(Ok ok) const {
    for (int i = 0; i < count_; ++i) {
      const int c = order_[static_cast<std::size_t>(i)];
      if (free(c) && ok(c)) return c;
    }
    return -1;
  }

  bool free(int c) const {
    const auto i = static_cast<std::size_t>(c);
    return s_.monster_at[i] == k_no_monster && s_.item_at[i] == 0;
  }

  void add_monster(const Monster& m) {
    const auto i = s_.monster_count++;
    s_.monsters[i] = m;
    s_.monster_at[m.cell] = static_cast<std::int8_t>(i);
    ++s_.alive;
  }

 private:
  State& s_;
  std::array<std::uint16_t, k_cells> order_{};
  int count_ = 0;
};

void place_monsters(State& s, const Content& content, Placer& placer, Rng& rng) {
  const DungeonRecipe& d = content.dungeon;
  const int start = s.hero.cell;
  const auto near_start = [&](int c) {
    return std::max(std::abs(cell_x(c) - cell_x(start)), std::abs(cell_y(c) - cell_y(start))) <=
           d.safe_radius;
  };
  // The boss first, far from the start: at least boss_min_distance steps, or the farthest.
  const auto dist = walk_distances(s, start);
  const int farthest = *std::max_element(dist.begin(), dist.end());
  const int wanted = std::min(d.boss_min_distance, farthest);
  int cell = placer.take([&](int c) { return dist[static_cast<std::size_t>(c)] >= wanted; });
  if (cell < 0) cell = placer.take([](int) { return true; });
  if (cell >= 0) {
    const int kind = d.boss_kinds[rng.below(static_cast<std::uint32_t>(d.boss_kinds.size()))];
    placer.add_monster(make_monster(content, kind, k_boss_level, cell));
    s.boss = static_cast<std::uint8_t>(s.monster_count - 1);
  }
  for (int level = 1; level <= k_monster_levels; ++level)
    for (int n = 0; n < d.monsters_per_level[static_cast<std::size_t>(level - 1)]; ++n) {
      if (s.monster_count >= k_max_monsters) return;
      cell = placer.take([&](int c) { return !near_start(c); });
      if (cell < 0) return;  // a small map: fewer monsters
      const int kind =
          d.monster_kinds[rng.below(static_cast<std::uint32_t>(d.monster_kinds.size()))];
      placer.add_monster(make_monster(content, kind, level, cell));
    }
}

void place_items(State& s, const Content& content, Placer& placer, Rng& rng) {
  std::array<std::uint8_t, 256> spells{};
  const auto spell_count = content.spells.size();
  for (std::size_t i = 0; i < spell_count; ++i)
    spells[i] = static_cast<std::uint8_t>(i);
  rng.shuffle(std::span(spells.data(), spell_count));
  std::size_t next_spell = 0;
  for (int k = 1; k < k_item_kind_count; ++k)
    for (int n = 0; n < content.dungeon.items[static_cast<std::size_t>(k)].count; ++n) {
      const int cell = placer.take([](int) { return true; });
      if (cell < 0) return;
      s.item_at[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(k);
      if (static_cast<ItemKind>(k) == ItemKind::spell) {
        s.spell_at[static_cast<std::size_t>(cell)] = spells[next_spell];
        next_spell = (next_spell + 1) % spell_count;
      }
    }
}

void make_hero(State& s, const Content& content, const Setup& setup) {
  Hero& h = s.hero;
  h.race = static_cast<std::uint8_t>(content.race_index(setup.race));
  h.hero_class = static_cast<std::uint8_t>(content.class_index(setup.hero_class));
  const HeroClass& c = content.classes[h.hero_class];
  h.glyph_slots = static_cast<std::uint8_t>(c.glyph_slots);
  for (std::size_t i = 0; i < c.spells.size() && i < h.glyphs.size(); ++i)
    h.glyphs[i] = static_cast<std::int8_t>(c.spells[i]);
  h.health_potions = c.health_potions;
  h.mana_potions = c.mana_potions;
  recompute_hero(h, content);
  h.hp = h.max_hp;
  h.mana = h.max_mana;
}

}  // namespace

void validate(const Setup& setup, const Content& content) {
  if (content.race_index(setup.race) < 0) {
    std::string names;
    for (const Race& r : content.races)
      names += (names.empty() ? "" : ", ") + r.id;
    throw InputError("unknown race \"" + setup.race + "\" (races: " + names + ")");
  }
  if (content.class_index(setup.hero_class) < 0) {
    std::string names;
    for (const HeroClass& c : content.classes)
      names += (names.empty() ? "" : ", ") + c.id;
    throw InputError("unknown class \"" + setup.hero_class + "\" (classes: " + names + ")");
  }
  if (setup.generator.empty() && !setup.params.empty())
    throw InputError("generator parameters need a generator");
  const Generator& g = generator_of(setup, content);
  const ParamSet params = params_of(setup, content, g);
  check_level_size(g.info(), {k_level_side, k_level_side});
  g.check(params, {k_level_side, k_level_side});
}

Level make_terrain(const Content& content, const Setup& setup, std::uint64_t seed) {
  validate(setup, content);
  const Generator& g = generator_of(setup, content);
  return generate_level(g, {k_level_side, k_level_side}, seed, params_of(setup, content, g));
}

State new_game(const Content& content, const Setup& setup, std::uint64_t seed) {
  const Level level = make_terrain(content, setup, seed);
  State s;
  s.seed = seed;
  s.monster_at.fill(k_no_monster);
  for (int y = 0; y < k_side; ++y)
    for (int x = 0; x < k_side; ++x)
      s.wall[static_cast<std::size_t>(cell_of(x, y))] =
          is_traversable(level.tiles[Point{x + 1, y + 1}]) ? 0 : 1;
  const Point up = level.meta.stairs.up.value_or(Point{k_side / 2 + 1, k_side / 2 + 1});
  s.hero.cell = static_cast<std::uint16_t>(cell_of(up.x - 1, up.y - 1));
  s.wall[s.hero.cell] = 0;
  make_hero(s, content, setup);
  Rng spawn = Rng::for_stream(seed, stream::spawn, 1);
  Placer placer(s, spawn);
  place_monsters(s, content, placer, spawn);
  place_items(s, content, placer, spawn);
  s.rng = Rng::for_stream(seed, "dd_rules");
  // The 3x3 square round the hero is revealed from the start, without the explore bonus.
  s.unrevealed = k_cells;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int x = cell_x(s.hero.cell) + dx, y = cell_y(s.hero.cell) + dy;
      if (x < 0 || y < 0 || x >= k_side || y >= k_side) continue;
      s.revealed[static_cast<std::size_t>(cell_of(x, y))] = 1;
      --s.unrevealed;
    }
  return s;
}

std::uint64_t state_hash(const State& s) {
  // Field by field: the structs' padding bytes are not part of the state.
  std::uint64_t h = k_fnv1a64_offset;
  const auto mix = [&h](std::int64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= static_cast<std::uint8_t>(static_cast<std::uint64_t>(v) >> (8 * i));
      h *= k_fnv1a64_prime;
    }
  };
  const auto bytes = [&h](const auto& array) {
    h = fnv1a64(std::span(reinterpret_cast<const std::uint8_t*>(array.data()), array.size()), h);
  };
  bytes(s.wall);
  bytes(s.revealed);
  bytes(s.monster_at);
  bytes(s.item_at);
  bytes(s.spell_at);
  for (int i = 0; i < s.monster_count; ++i) {
    const Monster& m = s.monsters[static_cast<std::size_t>(i)];
    for (std::int64_t v :
         {std::int64_t{m.hp}, std::int64_t{m.max_hp}, std::int64_t{m.attack}, std::int64_t{m.cell},
          std::int64_t{m.kind}, std::int64_t{m.level}, std::int64_t{m.boss}})
      mix(v);
  }
  const Hero& x = s.hero;
  for (std::int64_t v : {std::int64_t{x.cell},
                         std::int64_t{x.race},
                         std::int64_t{x.hero_class},
                         std::int64_t{x.level},
                         std::int64_t{x.xp},
                         std::int64_t{x.total_xp},
                         std::int64_t{x.hp},
                         std::int64_t{x.max_hp},
                         std::int64_t{x.mana},
                         std::int64_t{x.max_mana},
                         std::int64_t{x.attack},
                         std::int64_t{x.health_percent},
                         std::int64_t{x.attack_percent},
                         std::int64_t{x.mana_bonus},
                         std::int64_t{x.health_potions},
                         std::int64_t{x.mana_potions},
                         std::int64_t{x.glyphs[0]},
                         std::int64_t{x.glyphs[1]},
                         std::int64_t{x.glyphs[2]},
                         std::int64_t{x.glyphs[3]},
                         std::int64_t{x.glyph_slots},
                         std::int64_t{x.kill_protect},
                         std::int64_t{x.first_strike},
                         std::int64_t{x.power_strike}})
    mix(v);
  const Tally& t = s.tally;
  for (std::int64_t v : {t.actions, t.explored, t.kills, t.health_potions_used, t.mana_potions_used,
                         t.spells_cast, t.glyphs_converted})
    mix(v);
  for (std::uint64_t w : s.rng.state())
    mix(static_cast<std::int64_t>(w));
  for (std::int64_t v : {static_cast<std::int64_t>(s.seed), std::int64_t{s.unrevealed},
                         std::int64_t{s.monster_count}, std::int64_t{s.alive}, std::int64_t{s.boss},
                         static_cast<std::int64_t>(s.outcome), std::int64_t{s.killer},
                         static_cast<std::int64_t>(s.damaged)})
    mix(v);
  return h;
}

}  // namespace yendor::dd
