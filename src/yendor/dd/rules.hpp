#pragma once
// The Desktop Dungeons rules (docs/dd.md; desktop-dungeons-ai-pcg-platform 2.1-2.7): what
// each hero action does to a State. Every action is deterministic; the only randomness, the
// reveal spell's choice of cells, comes from the state's own Rng. Nothing moves but the hero;
// time passes only by exploring.

#include <array>
#include <cstdint>
#include <string_view>

#include "yendor/dd/content.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::dd {

enum class ActionKind : std::uint8_t {
  move,          // one step (dir 0-7); into a monster: one combat exchange
  drink_health,  // a health potion
  drink_mana,    // a mana potion
  cast,          // the glyph in `slot`; a targeted spell at the monster on `target`
  convert,       // the glyph in `slot` into the race's bonus
  give_up,       // end the run
};

// Directions as the main game numbers them: N, E, S, W, NE, SE, SW, NW.
inline constexpr std::array<std::int8_t, 8> k_dir_dx = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr std::array<std::int8_t, 8> k_dir_dy = {-1, 0, 1, 0, -1, 1, 1, -1};

struct Action {
  ActionKind kind = ActionKind::give_up;
  std::uint8_t arg = 0;      // the direction (move) or the glyph slot (cast, convert)
  std::int16_t target = -1;  // the targeted spell's cell
  bool operator==(const Action&) const = default;
};
constexpr Action move_action(int dir) {
  return {ActionKind::move, static_cast<std::uint8_t>(dir)};
}
constexpr Action cast_action(int slot, int target = -1) {
  return {ActionKind::cast, static_cast<std::uint8_t>(slot), static_cast<std::int16_t>(target)};
}
constexpr Action convert_action(int slot) {
  return {ActionKind::convert, static_cast<std::uint8_t>(slot)};
}

// Why the rules refuse an action (none: they accept it).
enum class Refusal : std::uint8_t {
  none,
  game_over,
  bad_argument,  // a direction or slot out of range
  off_the_map,
  wall,
  no_potion,
  full_health,
  full_mana,
  empty_slot,
  no_mana,
  no_target,  // a targeted spell without a revealed monster on its cell
  already_active,
  nothing_to_reveal,
  untargeted,  // a target given to a spell that takes none
};
std::string_view to_string(Refusal r);

// The cells a step changed, for observers that redraw only those: the hero's old and new
// cells, cells revealed, a monster struck or killed, an item taken. `healed` has bit i set
// for every monster whose health changed without being struck (exploring heals them).
struct Changes {
  static constexpr int k_capacity = 64;
  std::array<std::uint16_t, k_capacity> cells{};
  int count = 0;
  std::uint64_t healed = 0;
  void add(int cell) {
    if (count < k_capacity)
      cells[static_cast<std::size_t>(count++)] = static_cast<std::uint16_t>(cell);
  }
  void clear() {
    count = 0;
    healed = 0;
  }
};

Refusal check(const State& state, const Content& content, const Action& action);
inline bool accepts(const State& state, const Content& content, const Action& action) {
  return check(state, content, action) == Refusal::none;
}
// Plays `action`; returns its refusal (the state unchanged) or Refusal::none. `changes`, when
// given, is cleared and receives the changed cells.
Refusal step(State& state, const Content& content, const Action& action,
             Changes* changes = nullptr);

// ---- the formulas, shared with bots that simulate fights ----

// The hero's maximum health, attack and maximum mana from level, class and bonuses.
void recompute_hero(Hero& hero, const Content& content);
// Experience a kill of a level-`monster_level` monster gives a hero of `hero_level`
// (the DD alpha: the monster's level plus n (n + 1) for a monster n levels above).
int kill_xp(int monster_level, int hero_level, const HeroClass& hero_class);
// Experience from level L to L + 1.
inline int xp_to_next(const Content& content, int level) {
  return content.dungeon.xp_per_level * level;
}
// Whether the hero strikes first against monster `m` now.
bool hero_strikes_first(const State& state, const Content& content, const Monster& m);
// The hero's next melee blow (power strike included).
int hero_blow(const Hero& hero);
// A spell's mana for this hero (its class's cost change applied, never below 0).
int spell_cost(const Content& content, const Hero& hero, int spell);
// Fireball damage against monster `m`.
int fireball_damage(const State& state, const Content& content, int spell, const Monster& m);

// The paper's fitness of a run (section 4.3): 10 xp + 150 health potions + 75 mana potions +
// health, with the experience gained in all and the potions left; tripled when the boss died.
constexpr std::int64_t run_fitness(const State& s) {
  const Hero& h = s.hero;
  const std::int64_t v = 10 * std::int64_t{h.total_xp} + 150 * std::int64_t{h.health_potions} +
                         75 * std::int64_t{h.mana_potions} + h.hp;
  return s.outcome == Outcome::won ? 3 * v : v;
}

}  // namespace yendor::dd
