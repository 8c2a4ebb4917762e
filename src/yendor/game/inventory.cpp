// The pack: letters, stacking, picking up, dropping and equipping (docs/rules.md, "Items").
#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// a-z then A-Z.
constexpr std::size_t k_pack_letters = 52;

// The position of a letter in the pack's order (a..z, A..Z); -1 for anything else.
int letter_rank(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return 26 + (c - 'A');
  return -1;
}

char letter_at_rank(int rank) {
  return static_cast<char>(rank < 26 ? 'a' + rank : 'A' + (rank - 26));
}

const ItemKind& kind_of(const Game& game, const Item& item) {
  return game.content().items[static_cast<std::size_t>(item.kind)];
}

bool levitating(const Actor& actor) {
  return actor.status[static_cast<std::size_t>(Status::levitation)] > 0;
}

// Whether add_to_inventory would accept `item` (gold and stacks always fit).
bool fits(const Game& game, const Actor& actor, const Item& item) {
  if (kind_of(game, item).item_class == ItemClass::gold) return true;
  if (actor.inventory.size() < k_pack_letters) return true;
  return std::any_of(actor.inventory.begin(), actor.inventory.end(),
                     [&](const Item& held) { return stacks_with(game.content(), held, item); });
}

// Adds `item` to the pack; returns the letter of the stack it is now in ('$' for gold going
// to the purse, 0 when the pack is full).
char store(Game& game, Actor& actor, Item item) {
  if (kind_of(game, item).item_class == ItemClass::gold) {
    // Coins in the purse are not items: the units leave the item world.
    actor.gold += item.count;
    destroy_units(game, item.count);
    return '$';
  }
  for (Item& held : actor.inventory) {
    if (stacks_with(game.content(), held, item)) {
      held.count += item.count;  // the added item's id is retired with it
      return held.letter;
    }
  }
  if (actor.inventory.size() >= k_pack_letters) return 0;
  // The pack is kept in letter order, so the first gap in the ranks is the free letter.
  int rank = 0;
  auto it = actor.inventory.begin();
  while (it != actor.inventory.end() && letter_rank(it->letter) == rank) {
    ++it;
    ++rank;
  }
  item.letter = letter_at_rank(rank);
  item.pos = Point{};
  const char letter = item.letter;
  actor.inventory.insert(it, std::move(item));
  return letter;
}

Item* carried(Game& game, const Action& a) {
  return inventory_item(game.state().player, a.item);
}

}  // namespace

bool pack_fits(const Game& game, const Actor& actor, const Item& item) {
  return fits(game, actor, item);
}

Item* inventory_item(Actor& actor, char letter) {
  if (letter_rank(letter) < 0) return nullptr;
  for (Item& item : actor.inventory)
    if (item.letter == letter) return &item;
  return nullptr;
}

bool add_to_inventory(Game& game, Actor& actor, Item item) {
  return store(game, actor, std::move(item)) != 0;
}

Item take_from_inventory(Game& game, Actor& actor, char letter, int count) {
  const auto it = std::find_if(actor.inventory.begin(), actor.inventory.end(),
                               [letter](const Item& i) { return i.letter == letter; });
  if (it == actor.inventory.end() || letter_rank(letter) < 0)
    throw std::logic_error("take_from_inventory: no such letter");
  if (count <= 0 || count >= it->count) {
    Item whole = std::move(*it);
    actor.inventory.erase(it);
    if (actor.wielded == whole.id) actor.wielded = 0;
    if (actor.worn == whole.id) actor.worn = 0;
    whole.letter = 0;
    return whole;
  }
  // Splitting moves units, it makes none: a fresh id, items_created untouched.
  Item part = *it;
  part.id = game.state().next_item_id++;
  part.count = count;
  part.letter = 0;
  it->count -= count;
  return part;
}

void drop_to_floor(Game& game, LevelState& level, Item item, Point p) {
  const Tile t = level.level.tiles.at(p);
  if (t != Tile::lava && t != Tile::chasm && t != Tile::water_deep) {
    place_item(game, level, std::move(item), p);
    return;
  }
  const bool one = item.count == 1;
  std::string text = item_name(game.content(), item, true);
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
  if (t == Tile::lava)
    text += one ? " burns up in the lava." : " burn up in the lava.";
  else if (t == Tile::chasm)
    text += one ? " falls into the chasm." : " fall into the chasm.";
  else
    text += one ? " sinks out of sight." : " sink out of sight.";
  destroy_units(game, item.count);
  message(game, std::move(text));
}

int do_pick_up(Game& game, const Action& a) {
  Actor& player = game.state().player;
  LevelState& level = game.level();
  if (levitating(player)) return refuse(game, "You cannot reach the floor.");
  const std::vector<std::size_t> here = items_at(level, player.pos);
  if (here.empty()) return refuse(game, "There is nothing here to pick up.");
  std::size_t choice = 0;
  if (a.item != 0) {
    if (a.item < 'a' || a.item > 'z' || static_cast<std::size_t>(a.item - 'a') >= here.size())
      return refuse(game, "There is no such thing here.");
    choice = static_cast<std::size_t>(a.item - 'a');
  }
  const std::size_t index = here[choice];
  const Item& floor = level.items[index];
  // Unpaid stock is bought, not taken, while its shop has a keeper; with none it is free.
  if (floor.price > 0 && shop_has_keeper(game, shop_at(level, floor.pos)))
    return game.probing()
               ? 0
               : refuse(game, "You must buy " + item_name(game.content(), floor, true) + " first.");
  Item item = floor;
  item.price = 0;
  if (!fits(game, player, item)) return refuse(game, "Your pack is full.");
  if (game.probing()) return k_action_cost;

  level.items.erase(level.items.begin() + static_cast<std::ptrdiff_t>(index));
  const int count = item.count;
  std::string text = "You pick up " + item_name(game.content(), item);
  const char letter = store(game, player, std::move(item));
  text += letter == '$' ? std::string(".") : std::string(" (") + letter + ").";
  emit(game, Event{EventKind::picked_up, k_player_id, 0, player.pos, count, std::move(text)});
  return k_action_cost;
}

int do_drop(Game& game, const Action& a) {
  Actor& player = game.state().player;
  const Item* held = carried(game, a);
  if (held == nullptr) return refuse(game, "You have no such item.");
  if (game.probing()) return k_action_cost;
  Item item = take_from_inventory(game, player, a.item, a.count);
  const int count = item.count;
  emit(game, Event{EventKind::dropped, k_player_id, 0, player.pos, count,
                   "You drop " + item_name(game.content(), item) + "."});
  drop_to_floor(game, game.level(), std::move(item), player.pos);
  return k_action_cost;
}

int do_wield(Game& game, const Action& a) {
  Actor& player = game.state().player;
  const Item* held = carried(game, a);
  if (held == nullptr) return refuse(game, "You have no such item.");
  if (kind_of(game, *held).item_class != ItemClass::weapon)
    return game.probing()
               ? 0
               : refuse(game, "You cannot wield " + item_name(game.content(), *held, true) + ".");
  if (player.wielded == held->id) return refuse(game, "You are already wielding that.");
  if (game.probing()) return k_action_cost;
  player.wielded = held->id;
  emit(game, Event{EventKind::equipped, k_player_id, 0, player.pos, 0,
                   "You wield " + item_name(game.content(), *held, true) + "."});
  return k_action_cost;
}

int do_wear(Game& game, const Action& a) {
  Actor& player = game.state().player;
  const Item* held = carried(game, a);
  if (held == nullptr) return refuse(game, "You have no such item.");
  if (kind_of(game, *held).item_class != ItemClass::armour)
    return game.probing()
               ? 0
               : refuse(game, "You cannot wear " + item_name(game.content(), *held, true) + ".");
  if (player.worn == held->id) return refuse(game, "You are already wearing that.");
  if (player.worn != 0) return refuse(game, "You are already wearing armour; take it off first.");
  if (game.probing()) return k_action_cost;
  player.worn = held->id;
  emit(game, Event{EventKind::equipped, k_player_id, 0, player.pos, 0,
                   "You put on " + item_name(game.content(), *held, true) + "."});
  return k_action_cost;
}

int do_take_off(Game& game, const Action& a) {
  Actor& player = game.state().player;
  const Item* held = carried(game, a);
  if (held == nullptr) return refuse(game, "You have no such item.");
  if (player.worn != held->id && player.wielded != held->id)
    return refuse(game, "You are not wearing or wielding that.");
  if (game.probing()) return k_action_cost;
  std::string text;
  if (player.worn == held->id) {
    player.worn = 0;
    text = "You take off " + item_name(game.content(), *held, true) + ".";
  } else if (player.wielded == held->id) {
    player.wielded = 0;
    text = "You put away " + item_name(game.content(), *held, true) + ".";
  }
  emit(game, Event{EventKind::unequipped, k_player_id, 0, player.pos, 0, std::move(text)});
  return k_action_cost;
}

}  // namespace yendor::game
