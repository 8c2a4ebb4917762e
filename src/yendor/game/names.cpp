// The snake_case names of the game's enums (files, events, docs).
#include <array>
#include <string_view>

#include "yendor/game/content.hpp"
#include "yendor/game/event.hpp"
#include "yendor/game/state.hpp"

namespace yendor::game {
namespace {

template <typename E, std::size_t N>
std::string_view name_of(const std::array<std::string_view, N>& names, E value) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? names[i] : std::string_view{"?"};
}

constexpr std::array<std::string_view, k_status_count> k_status_names{
    "haste", "slow", "confusion", "poison", "fire_resistance", "telepathy", "levitation"};
constexpr std::array<std::string_view, static_cast<std::size_t>(TrapKind::count)> k_trap_names{
    "dart", "pit", "teleport", "alarm", "poison_needle", "fire"};
constexpr std::array<std::string_view, 4> k_outcome_names{"playing", "died", "won", "quit"};
constexpr std::array<std::string_view, static_cast<std::size_t>(ItemClass::count)>
    k_item_class_names{"potion", "scroll", "weapon", "armour",  "key",
                       "food",   "gold",   "corpse", "missile", "misc"};
constexpr std::array<std::string_view, static_cast<std::size_t>(EventKind::count)> k_event_names{
    "message",     "refused",    "moved",  "attack_hit", "attack_miss", "blocked",
    "damaged",     "healed",     "died",   "picked_up",  "dropped",     "used",
    "equipped",    "unequipped", "thrown", "fired",      "door",        "lock_opened",
    "lock_closed", "trap",       "found",  "level_up",   "raised",      "depth_changed",
    "bought",      "sold",       "status", "won",        "game_over"};

}  // namespace

std::string_view to_string(Status s) {
  return name_of(k_status_names, s);
}
std::string_view to_string(TrapKind k) {
  return name_of(k_trap_names, k);
}
std::string_view to_string(Outcome o) {
  return name_of(k_outcome_names, o);
}
std::string_view to_string(ItemClass c) {
  return name_of(k_item_class_names, c);
}
std::string_view to_string(EventKind k) {
  return name_of(k_event_names, k);
}

std::optional<ItemClass> item_class_from_string(std::string_view s) {
  for (std::size_t i = 0; i < k_item_class_names.size(); ++i)
    if (k_item_class_names[i] == s) return static_cast<ItemClass>(i);
  return std::nullopt;
}

int Content::monster_index(std::string_view id) const {
  for (std::size_t i = 0; i < monsters.size(); ++i)
    if (monsters[i].id == id) return static_cast<int>(i);
  return -1;
}

int Content::item_index(std::string_view id) const {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].id == id) return static_cast<int>(i);
  return -1;
}

const LegendEntry* Content::legend_for(std::string_view tag) const {
  const auto colon = tag.find(':');
  if (colon != std::string_view::npos) tag = tag.substr(0, colon);
  for (const LegendEntry& e : legend)
    if (e.tag == tag) return &e;
  return nullptr;
}

}  // namespace yendor::game
