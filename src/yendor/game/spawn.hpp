#pragma once
// Populating the dungeon: monster individuals rolled from their kinds (thesis 4.7 and 5.4:
// attributes, speed and personality rolled within a kind's ranges under the instancing rules,
// genes inherited from the survivors of the kind, experience computed from what was rolled), and
// a newly made level's population (its vault markers, shop stock and keys through the
// legend, the depth band's monsters, items and traps, the boss of the last level).
// docs/rules.md describes the rules.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/state.hpp"

namespace yendor::game {

// The band of the dungeon recipe covering `depth` (the first when bands overlap); throws
// InputError when none does.
const DepthBand& band_for(const Content& content, int depth);

// The experience an individual of `kind` is worth, from its rolled attributes (before the
// race bonus), its speed (the speed gene's included) and its health, attack and defence genes:
// base_xp * (str + dex + con + speed/10) / (the same sum at the middle of each range) *
// (health + attack + defence) / 3000, rounded to nearest, at least 1.
int monster_xp(const MonsterKind& kind, const Attributes& rolled, int speed,
               const Genes& genes = {});

// A new individual of monster kind `kind` made for `depth` (not yet placed: id 0, asleep)
// with `genes` (game/monster_genetics): attributes, speed and personality rolled under the
// content's instancing rules (game/instancing), the race's bonus added, hit points
// max_hp_for(attributes, 1) and speed scaled by the health and speed genes, the initial mood
// from the personality, experience monster_xp(), gold rolled. The first form gives neutral
// genes (the kind's normal).
Actor roll_monster(const Content& content, int kind, int depth, Rng& rng);
Actor roll_monster(const Content& content, int kind, int depth, Rng& rng, const Genes& genes);

// The mood (thousandths, -1000..1000) an individual starts with from its personality: half its
// extraversion minus half its neuroticism (extraverts cheerful, neurotics gloomy).
std::int32_t initial_mood(const std::array<std::int32_t, ai::k_trait_count>& personality);

// A monster kind for `depth` chosen by frequency among the kinds whose depth range holds it
// (never bosses, shopkeepers, frequency 0 or unique kinds already in `unique_spawned`);
// when none fits, among the deepest kinds that start at or above it. -1: none at all.
int pick_monster_kind(const Content& content, int depth,
                      const std::vector<std::string>& unique_spawned, Rng& rng);

// Makes the level at `depth` (its recipe, tiles, caches), stores it in state.dungeon and
// populates it. Its monsters' next_time is state.time plus a random part of their delay.
LevelState& make_level(Game& game, int depth);

// Fills a newly made level (no actor on it yet) from Rng::for_stream(seed, "spawn", depth).
// Its monsters inherit their genes from the gene pools of the state as it was before.
void populate_level(Game& game, LevelState& level);

// The free cell nearest to `from` (breadth-first over cells `actor` can stand on, 8
// neighbours) with nobody on it; `from` itself when free. nullopt when none is reachable.
std::optional<Point> nearest_free_cell(const Game& game, const LevelState& level,
                                       const Actor& actor, Point from);

}  // namespace yendor::game
