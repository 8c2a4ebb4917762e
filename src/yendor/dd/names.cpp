// The names of the ruleset's enumerations, as data files, options and reports spell them.

#include <array>

#include "yendor/dd/content.hpp"
#include "yendor/dd/state.hpp"

namespace yendor::dd {

namespace {

constexpr std::array<std::string_view, 6> k_effects = {"fireball",     "kill_protect", "heal",
                                                       "first_strike", "power_strike", "reveal"};
constexpr std::array<std::string_view, 5> k_bonuses = {"attack_percent", "health_percent",
                                                       "max_mana", "health_potion", "mana_potion"};
constexpr std::array<std::string_view, k_item_kind_count> k_items = {
    "none",          "health_powerup", "mana_powerup", "attack_powerup",
    "health_potion", "mana_potion",    "spell"};
constexpr std::array<std::string_view, 4> k_outcomes = {"playing", "won", "died", "gave_up"};

template <typename E, std::size_t N>
std::optional<E> find_name(const std::array<std::string_view, N>& names, std::string_view text) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == text) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace

std::string_view to_string(SpellEffect e) {
  return k_effects[static_cast<std::size_t>(e)];
}
std::optional<SpellEffect> spell_effect_from_string(std::string_view text) {
  return find_name<SpellEffect>(k_effects, text);
}
std::string_view to_string(RaceBonus b) {
  return k_bonuses[static_cast<std::size_t>(b)];
}
std::optional<RaceBonus> race_bonus_from_string(std::string_view text) {
  return find_name<RaceBonus>(k_bonuses, text);
}
std::string_view to_string(ItemKind k) {
  return k_items[static_cast<std::size_t>(k)];
}
std::string_view to_string(Outcome o) {
  return k_outcomes[static_cast<std::size_t>(o)];
}

template <typename T>
int index_by_id(const std::vector<T>& list, std::string_view id) {
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].id == id) return static_cast<int>(i);
  return -1;
}

int Content::monster_index(std::string_view id) const {
  return index_by_id(monsters, id);
}
int Content::spell_index(std::string_view id) const {
  return index_by_id(spells, id);
}
int Content::race_index(std::string_view id) const {
  return index_by_id(races, id);
}
int Content::class_index(std::string_view id) const {
  return index_by_id(classes, id);
}

}  // namespace yendor::dd
