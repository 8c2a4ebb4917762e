#pragma once
// What happened during a step, in order: front ends show the text, bots and tests read the
// fields. Every event carries its message text (empty for purely mechanical events).

#include <cstdint>
#include <string>
#include <string_view>

#include "yendor/core/geometry.hpp"

namespace yendor::game {

enum class EventKind : std::uint8_t {
  message,      // plain text
  refused,      // the action could not be done; no time passed
  moved,        // actor moved to pos
  attack_hit,   // actor hit target for value damage
  attack_miss,  // actor missed target
  blocked,      // target's armour or shield blocked the blow
  damaged,      // actor lost value HP to something that is not an attack (trap, lava, poison)
  healed,       // actor gained value HP
  died,         // actor died at pos
  picked_up,    // actor took item (value = count)
  dropped,
  used,  // actor used (quaffed, read, ate) an item
  equipped,
  unequipped,
  thrown,       // actor threw an item to pos
  fired,        // actor fired its ranged attack at target
  door,         // a door at pos opened or closed
  lock_opened,  // lock value at pos opened
  lock_closed,
  trap,           // a trap at pos went off on actor
  found,          // something hidden at pos was found
  level_up,       // the player reached experience level value
  raised,         // an attribute was raised
  depth_changed,  // the player arrived on level value
  bought,
  sold,
  status,  // a status started or ended (value: the Status)
  won,
  game_over,
  count
};
std::string_view to_string(EventKind k);

struct Event {
  EventKind kind = EventKind::message;
  std::uint32_t actor = 0;   // ActorId
  std::uint32_t target = 0;  // ActorId
  Point pos{};
  int value = 0;
  std::string text;
  bool operator==(const Event&) const = default;
};

}  // namespace yendor::game
