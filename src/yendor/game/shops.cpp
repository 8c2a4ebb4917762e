// Shops (thesis 3.2): rooms of kind "shop" whose shopkeeper trades. Buying pays an unpaid
// item's price; selling pays half the kind's price and puts the item up for sale. Without a
// living, peaceful keeper the stock is free (do_pick_up asks shop_has_keeper).
#include <algorithm>
#include <string>

#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

bool in_or_next_to(const Rect& r, Point p) {
  return p.x >= r.left() - 1 && p.x <= r.right() + 1 && p.y >= r.top() - 1 && p.y <= r.bottom() + 1;
}

// The keeper of shop `shop` on the current level, nullptr when there is none (dead, gone,
// or angered).
const Actor* keeper_of(const Game& game, int shop) {
  const LevelState& level = game.level();
  if (shop < 0 || static_cast<std::size_t>(shop) >= level.level.meta.rooms.size()) return nullptr;
  const Rect& room = level.level.meta.rooms[static_cast<std::size_t>(shop)].rect;
  for (const Actor& m : level.monsters) {
    if (m.hp <= 0 || !m.peaceful || m.kind < 0) continue;
    if (!game.content().monsters[static_cast<std::size_t>(m.kind)].shopkeeper) continue;
    if (in_or_next_to(room, m.pos)) return &m;
  }
  return nullptr;
}

// The unpaid item the player buys: the `letter`-th item at `p` ('a' first, as pick_up counts
// them), or the first unpaid one when `letter` is 0. -1: none.
int unpaid_item_at(const LevelState& level, Point p, char letter) {
  int nth = 0;
  for (std::size_t i = 0; i < level.items.size(); ++i) {
    const Item& item = level.items[i];
    if (item.pos != p) continue;
    const bool chosen = letter == 0 ? item.price > 0 : nth == letter - 'a';
    ++nth;
    if (chosen) return item.price > 0 ? static_cast<int>(i) : -1;
  }
  return -1;
}

}  // namespace

int shop_at(const LevelState& level, Point p) {
  const auto& rooms = level.level.meta.rooms;
  for (std::size_t i = 0; i < rooms.size(); ++i)
    if (rooms[i].kind == "shop" && rooms[i].rect.contains(p)) return static_cast<int>(i);
  return -1;
}

bool shop_has_keeper(const Game& game, int shop) {
  return keeper_of(game, shop) != nullptr;
}

int do_buy(Game& game, const Action& a) {
  GameState& state = game.state();
  Actor& player = state.player;
  LevelState& level = game.level();
  const int shop = shop_at(level, player.pos);
  if (shop < 0) {
    refuse(game, "You are not in a shop.");
    return 0;
  }
  const int index = unpaid_item_at(level, player.pos, a.item);
  if (index < 0) {
    refuse(game, "There is nothing for sale here.");
    return 0;
  }
  const Actor* keeper = keeper_of(game, shop);
  if (!keeper) {
    refuse(game, "Nobody is here to take your money: it is yours for the taking.");
    return 0;
  }
  if (player.status[static_cast<std::size_t>(Status::levitation)] > 0) {
    refuse(game, "You cannot reach the floor.");
    return 0;
  }
  Item item = level.items[static_cast<std::size_t>(index)];
  const int cost = item.price * item.count;
  if (player.gold < cost) {
    if (!game.probing())
      refuse(game, "You cannot afford " + item_name(game.content(), item, true) + " (" +
                       std::to_string(cost) + " gold).");
    return 0;
  }
  item.price = 0;
  if (game.probing()) return pack_fits(game, player, item) ? k_action_cost : 0;
  if (!add_to_inventory(game, player, item)) {
    refuse(game, "Your pack is full.");
    return 0;
  }
  const std::string name = item_name(game.content(), item, true);
  level.items.erase(level.items.begin() + index);
  player.gold -= cost;
  // The keeper keeps the takings (and drops them if it ever dies).
  if (Actor* k = find_actor(game, keeper->id)) k->gold += cost;
  emit(game, Event{EventKind::bought, player.id, keeper->id, player.pos, cost,
                   "You buy " + name + " for " + std::to_string(cost) + " gold."});
  return k_action_cost;
}

int do_sell(Game& game, const Action& a) {
  GameState& state = game.state();
  Actor& player = state.player;
  LevelState& level = game.level();
  const int shop = shop_at(level, player.pos);
  if (shop < 0) {
    refuse(game, "You are not in a shop.");
    return 0;
  }
  const Actor* keeper = keeper_of(game, shop);
  if (!keeper) {
    refuse(game, "There is nobody here to buy it.");
    return 0;
  }
  const auto it = std::find_if(player.inventory.begin(), player.inventory.end(),
                               [&a](const Item& i) { return a.item != 0 && i.letter == a.item; });
  if (it == player.inventory.end()) {
    refuse(game, "You have no such item.");
    return 0;
  }
  const ItemKind& kind = game.content().items[static_cast<std::size_t>(it->kind)];
  if (kind.price <= 0) {
    if (!game.probing())
      refuse(game,
             "The shopkeeper is not interested in " + item_name(game.content(), *it, true) + ".");
    return 0;
  }
  if (game.probing()) return k_action_cost;
  const int units = a.count > 0 && a.count < it->count ? a.count : it->count;
  const int pay = std::max(1, kind.price / 2) * units;

  Item sold = *it;
  sold.count = units;
  sold.price = kind.price;
  if (units < it->count) {
    it->count -= units;
    sold.id = state.next_item_id++;  // a split stack: the same units, a new item
  } else {
    for (ItemId* slot : {&player.wielded, &player.worn}) {
      if (*slot != it->id) continue;
      *slot = 0;
      emit(game, Event{EventKind::unequipped, player.id, 0, player.pos, 0, ""});
    }
    player.inventory.erase(it);
  }
  const std::string name = item_name(game.content(), sold, true);
  place_item(game, level, std::move(sold), player.pos);
  player.gold += pay;
  if (Actor* k = find_actor(game, keeper->id)) k->gold = std::max(0, k->gold - pay);
  emit(game, Event{EventKind::sold, player.id, keeper->id, player.pos, pay,
                   "You sell " + name + " for " + std::to_string(pay) + " gold."});
  return k_action_cost;
}

}  // namespace yendor::game
