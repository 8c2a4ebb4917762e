// Using items up: quaffing potions, reading scrolls, eating, and what their effects do
// (docs/rules.md, "Item effects"). Fountains reuse apply_effect.
#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// Defaults for kinds whose power is not set (power <= 0).
constexpr int k_default_status_turns = 20;
constexpr int k_default_heal = 10;
constexpr int k_default_extra_heal = 30;
// Eating stops adding nutrition beyond this (the player starts at 2000).
constexpr int k_max_nutrition = 4000;

std::size_t index(Status s) {
  return static_cast<std::size_t>(s);
}

bool is_player(const Actor& actor) {
  return actor.id == k_player_id;
}

// Text about `actor` is shown when it is the player or the player sees it.
bool noticed(const Game& game, const Actor& actor) {
  return is_player(actor) || game.view().visible(actor.pos);
}

// The player's line, or "<Name> <verb>" for a monster the player sees; empty otherwise.
std::string say(const Game& game, const Actor& actor, std::string_view you,
                std::string_view monster) {
  if (is_player(actor)) return std::string(you);
  if (!noticed(game, actor)) return {};
  return actor_name(game, actor, true) + " " + std::string(monster);
}

void effect_message(Game& game, const Actor& actor, std::string_view you,
                    std::string_view monster) {
  std::string text = say(game, actor, you, monster);
  if (!text.empty()) message(game, std::move(text));
}

void status_event(Game& game, const Actor& actor, Status s, std::string text) {
  emit(game,
       Event{EventKind::status, actor.id, 0, actor.pos, static_cast<int>(s), std::move(text)});
}

// Ends a status early (haste and slow cancel each other).
void end_status(Game& game, Actor& actor, Status s) {
  if (actor.status[index(s)] == 0) return;
  actor.status[index(s)] = 0;
  status_event(game, actor, s, {});
}

struct StatusWords {
  std::string_view you;
  std::string_view monster;
};

constexpr std::array<StatusWords, k_status_count> k_status_words{{
    {"You feel yourself speed up.", "speeds up."},
    {"You feel yourself slow down.", "slows down."},
    {"You feel confused.", "looks confused."},
    {"You feel very sick.", "looks very sick."},
    {"You feel a pleasant chill.", "looks cooler."},
    {"You feel a strange mental acuity.", "looks thoughtful."},
    {"You start to float in the air!", "floats up into the air!"},
}};

// Sets a status for the kind's power in turns (the longer of that and what is left).
void start_status(Game& game, Actor& actor, Status s, int power) {
  const int turns = power > 0 ? power : k_default_status_turns;
  if (s == Status::poison) {
    const MonsterKind* kind = monster_kind(game, actor);
    if (kind != nullptr && kind->race >= 0 &&
        game.content().races[static_cast<std::size_t>(kind->race)].poison_immune) {
      effect_message(game, actor, "You are unaffected.", "is unaffected.");
      return;
    }
  }
  if (s == Status::haste) end_status(game, actor, Status::slow);
  if (s == Status::slow) end_status(game, actor, Status::haste);
  int& left = actor.status[index(s)];
  left = std::max(left, turns);
  const StatusWords& words = k_status_words[index(s)];
  status_event(game, actor, s, say(game, actor, words.you, words.monster));
}

template <Status S>
void status_effect(Game& game, Actor& actor, const ItemKind& kind) {
  start_status(game, actor, S, kind.power);
}

void heal_effect(Game& game, Actor& actor, const ItemKind& kind) {
  end_status(game, actor, Status::poison);
  heal_actor(game, actor, kind.power > 0 ? kind.power : k_default_heal);
  effect_message(game, actor, "You feel better.", "looks better.");
}

// Heals more, and an overflowing heal raises maximum HP by one.
void extra_heal_effect(Game& game, Actor& actor, const ItemKind& kind) {
  const int amount = kind.power > 0 ? kind.power : k_default_extra_heal;
  end_status(game, actor, Status::poison);
  if (actor.hp + amount > actor.max_hp) ++actor.max_hp;
  heal_actor(game, actor, amount);
  effect_message(game, actor, "You feel much better.", "looks much better.");
}

void teleport_effect(Game& game, Actor& actor, const ItemKind&) {
  const std::optional<Point> to = random_teleport_cell(game, actor);
  if (!to) {
    effect_message(game, actor, "You feel a wrenching sensation.", "shudders.");
    return;
  }
  const std::string text = say(game, actor, "You find yourself elsewhere.", "vanishes!");
  move_actor(game, actor, *to);
  emit(game, Event{EventKind::moved, actor.id, 0, *to, 0, text});
  // Monsters must judge sight from where the player is now, not from a stale view.
  if (is_player(actor)) game.update_view();
}

// One pass: every traversable cell and its eight neighbours become explored, and every
// secret door is revealed. Only the player has a map to fill.
void magic_mapping_effect(Game& game, Actor& actor, const ItemKind&) {
  if (!is_player(actor)) return;
  LevelState& level = game.level();
  Grid<std::uint16_t>& flags = level.level.flags;
  const Size size = level.level.size();
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const Point p{x, y};
      const Tile t = level.level.tiles[p];
      if (!is_traversable(t)) continue;
      if (t == Tile::door_secret) reveal_secret_door(game, p, actor, {});
      const int x0 = std::max(x - 1, 0), x1 = std::min(x + 1, size.width - 1);
      const int y0 = std::max(y - 1, 0), y1 = std::min(y + 1, size.height - 1);
      for (int qy = y0; qy <= y1; ++qy)
        for (int qx = x0; qx <= x1; ++qx)
          flags[Point{qx, qy}] |= cell_flag::explored;
    }
  message(game, "A map coalesces in your mind!");
}

void nourish(Game& game, Actor& actor, int amount) {
  if (!is_player(actor) || amount <= 0) return;
  int& nutrition = game.state().info.nutrition;
  nutrition = std::min(std::max(nutrition, 0) + amount, std::max(nutrition, k_max_nutrition));
}

void nourish_effect(Game& game, Actor& actor, const ItemKind& kind) {
  if (!is_player(actor)) return;
  nourish(game, actor, kind.nutrition > 0 ? kind.nutrition : kind.power);
  message(game, "That really hit the spot.");
}

// The carried item with `id` (the wielded weapon, the worn armour); nullptr when none.
Item* equipped(Actor& actor, ItemId id) {
  if (id == 0) return nullptr;
  for (Item& item : actor.inventory)
    if (item.id == id) return &item;
  return nullptr;
}

// Raises the equipped item's enchantment by the kind's power (at least 1).
void enchant(Game& game, Actor& actor, ItemId id, int power, std::string_view glow,
             std::string_view nothing) {
  Item* item = equipped(actor, id);
  if (item == nullptr) {
    effect_message(game, actor, nothing, "looks uneasy.");
    return;
  }
  item->enchant += std::max(power, 1);
  const std::string name = game.content().items[static_cast<std::size_t>(item->kind)].name;
  if (is_player(actor))
    message(game, "Your " + name + " " + std::string(glow));
  else
    effect_message(game, actor, {}, "looks more dangerous.");
}

void enchant_weapon_effect(Game& game, Actor& actor, const ItemKind& kind) {
  enchant(game, actor, actor.wielded, kind.power, "glows blue for a moment.", "Your hands twitch.");
}

void enchant_armour_effect(Game& game, Actor& actor, const ItemKind& kind) {
  enchant(game, actor, actor.worn, kind.power, "glows silver for a moment.", "Your skin itches.");
}

using EffectFn = void (*)(Game&, Actor&, const ItemKind&);
struct Effect {
  std::string_view name;
  EffectFn apply;
};

constexpr std::array<Effect, 14> k_effects{{
    {"heal", heal_effect},
    {"extra_heal", extra_heal_effect},
    {"haste", status_effect<Status::haste>},
    {"slow", status_effect<Status::slow>},
    {"confusion", status_effect<Status::confusion>},
    {"poison", status_effect<Status::poison>},
    {"fire_resistance", status_effect<Status::fire_resistance>},
    {"telepathy", status_effect<Status::telepathy>},
    {"levitation", status_effect<Status::levitation>},
    {"teleport", teleport_effect},
    {"magic_mapping", magic_mapping_effect},
    {"nourish", nourish_effect},
    {"enchant_weapon", enchant_weapon_effect},
    {"enchant_armour", enchant_armour_effect},
}};

const ItemKind& kind_of(const Game& game, const Item& item) {
  return game.content().items[static_cast<std::size_t>(item.kind)];
}

// Uses up one unit of the carried item `letter` (it must exist): items_destroyed.
void use_up_one(Game& game, Actor& actor, char letter) {
  Item* item = inventory_item(actor, letter);
  if (item->count > 1)
    --item->count;
  else
    take_from_inventory(game, actor, letter, 0);
  destroy_units(game, 1);
}

// The shared shape of quaff, read and eat: checks the class, uses one unit up, says so.
// Returns the kind used, nullptr when refused.
const ItemKind* use_item(Game& game, const Action& a, bool (*accepts)(ItemClass),
                         std::string_view verb, std::string_view cannot) {
  Actor& player = game.state().player;
  Item* held = inventory_item(player, a.item);
  if (held == nullptr) {
    refuse(game, "You have no such item.");
    return nullptr;
  }
  const ItemKind& kind = kind_of(game, *held);
  Item one = *held;
  one.count = 1;
  if (!accepts(kind.item_class)) {
    if (!game.probing())
      refuse(game, std::string(cannot) + " " + item_name(game.content(), one, true) + ".");
    return nullptr;
  }
  if (game.probing()) return &kind;
  const std::string text =
      "You " + std::string(verb) + " " + item_name(game.content(), one, true) + ".";
  use_up_one(game, player, a.item);
  emit(game, Event{EventKind::used, k_player_id, 0, player.pos, one.kind, text});
  return &kind;
}

}  // namespace

std::vector<std::string_view> effect_names() {
  std::vector<std::string_view> names;
  for (const Effect& e : k_effects)
    names.push_back(e.name);
  return names;
}

bool is_known_effect(std::string_view effect) {
  return std::any_of(k_effects.begin(), k_effects.end(),
                     [effect](const Effect& e) { return e.name == effect; });
}

void apply_effect(Game& game, Actor& actor, const ItemKind& kind) {
  for (const Effect& e : k_effects) {
    if (e.name == kind.effect) {
      e.apply(game, actor, kind);
      return;
    }
  }
  effect_message(game, actor, "Nothing seems to happen.", "seems unaffected.");
}

int do_quaff(Game& game, const Action& a) {
  const ItemKind* kind = use_item(
      game, a, [](ItemClass c) { return c == ItemClass::potion; }, "drink", "You cannot drink");
  if (kind == nullptr) return 0;
  if (game.probing()) return k_action_cost;
  apply_effect(game, game.state().player, *kind);
  return k_action_cost;
}

int do_read(Game& game, const Action& a) {
  const ItemKind* kind = use_item(
      game, a, [](ItemClass c) { return c == ItemClass::scroll; }, "read", "You cannot read");
  if (kind == nullptr) return 0;
  if (game.probing()) return k_action_cost;
  apply_effect(game, game.state().player, *kind);
  return k_action_cost;
}

// Food and corpses nourish by their nutrition; a food with another effect (a herb that
// heals) has that effect too.
int do_eat(Game& game, const Action& a) {
  const ItemKind* kind = use_item(
      game, a, [](ItemClass c) { return c == ItemClass::food || c == ItemClass::corpse; }, "eat",
      "You cannot eat");
  if (kind == nullptr) return 0;
  if (game.probing()) return k_action_cost;
  Actor& player = game.state().player;
  if (kind->effect == "nourish") {
    apply_effect(game, player, *kind);
  } else {
    nourish(game, player, kind->nutrition);
    if (!kind->effect.empty()) apply_effect(game, player, *kind);
  }
  return k_action_cost;
}

}  // namespace yendor::game
