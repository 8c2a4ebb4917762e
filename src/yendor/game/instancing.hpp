#pragma once
// Instancing under constraints and cross-exclusions (thesis 4.7, 5.4). A monster individual is
// rolled within its kind's ranges — STR, DEX, CON, speed and an OCEAN personality (McRae, as
// the thesis's 4.6 reads it) — and then checked against the rules of data/game/instancing.toml,
// each a combination that must never appear, such as the thesis's "extremely low hit points,
// high ranged combat capabilities, yet the emotional propensity to blindly charge at the player
// on first sight". A violated rule re-rolls the one part of the roll it names, at most `tries`
// times in all, then sets that part to the rule's fallback, which the loader has proved breaks
// the rule whatever the rest of the roll and the genes. So a roll always ends, within the
// kind's ranges, deterministically from the caller's Rng, and never with a forbidden
// combination. docs/content.md gives the file's format, docs/rules.md the enforcement.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "yendor/ai/brain.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/instancing_rules.hpp"
#include "yendor/game/state.hpp"

namespace yendor::game {

std::string_view to_string(RollPart part);
std::string_view to_string(InstanceField field);

// The part a field reads.
RollPart part_of(InstanceField field);

// The range `part` of `kind` is rolled in (traits in thousandths, speed before genes).
IntRange part_range(const MonsterKind& kind, RollPart part);

// Reads instancing.toml's text (`file` names it in messages) for `content`, whose races,
// monsters and AI library are loaded, and proves each rule enforceable for every kind it
// applies to. Throws InputError "FILE:LINE: rule 'id': field 'x': problem" on the first
// problem: a TOML error, an unknown field, condition field, operator, kind test, brain, race,
// kind or tactics name, a threshold out of its field's range, a part no condition reads, a rule
// no roll of some kind can satisfy, a fallback that does not break its rule (or another rule
// re-rolling the same part) for some kind.
InstancingRules parse_instancing(std::string_view text, const std::string& file,
                                 const Content& content);

// One individual's roll.
struct RolledInstance {
  Attributes rolled{};                                        // as rolled, before the race's bonus
  int speed = 100;                                            // as rolled, before the speed gene
  std::array<std::int32_t, ai::k_trait_count> personality{};  // thousandths, ai::Trait order
  int rerolls = 0;                                            // parts the rules re-rolled
  int fallbacks = 0;                                          // parts set to a rule's fallback
};

// Rolls an individual of `kind` under content.instancing: each part uniform within the kind's
// range (str, dex, con, speed, then the five traits, in that order, from `rng`), then, while
// a rule is violated (the first in file order), its part rolled again, at most `tries` times;
// then, while one is still violated, its part set to that rule's fallback. `genes` are the
// individual's own (they change hp and speed, which rules may read).
RolledInstance roll_instance(const Content& content, int kind, const Genes& genes, Rng& rng);

// The individual's max hit points and speed from its roll and genes (docs/rules.md): the
// health gene times 6 + CON (race bonus included), the speed gene times the rolled speed.
int instance_max_hp(const Content& content, const MonsterKind& kind, const RolledInstance& roll,
                    const Genes& genes);
int instance_speed(const RolledInstance& roll, const Genes& genes);

}  // namespace yendor::game
