// The dungeon's features in play (thesis 3.2): traps going off and being found, fountains
// with random outcomes, altars that bless or curse. docs/rules.md gives every number.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/game/monster_genetics.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/spawn.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

constexpr double k_find_trap_chance = 1.0 / 3.0;  // per adjacent hidden trap per search
constexpr int k_poison_needle_turns = 10;
constexpr int k_teleport_tries = 64;  // random probes before listing every candidate cell

// Fountains: the outcomes of one drink, by weight (out of 100), and the chance that the
// fountain dries up afterwards.
enum class FountainOutcome : std::uint8_t { refreshing, potion, foul, monster, attribute, gift };
constexpr std::array<std::uint32_t, 6> k_fountain_weights{40, 25, 10, 10, 10, 5};
constexpr double k_fountain_dry_chance = 0.25;
constexpr int k_foul_water_poison_turns = 5;
constexpr int k_min_attribute = 3;

// Altars: a prayer is answered with a blessing when the last one was at least this many
// turns ago; sooner, the gods are angered.
constexpr std::int64_t k_prayer_timeout_turns = 300;
constexpr double k_bless_weapon_chance = 1.0 / 3.0;
constexpr int k_max_blessed_enchant = 3;
constexpr int k_min_cursed_enchant = -3;
constexpr int k_curse_slow_turns = 20;

int& status_of(Actor& a, Status s) {
  return a.status[static_cast<std::size_t>(s)];
}

std::size_t index_of(Status s) {
  return static_cast<std::size_t>(s);
}

int dice(Rng& rng, int n, int sides) {
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += rng.range(1, sides);
  return total;
}

std::string with_article(const std::string& name) {
  const char c = name.empty() ? 'x' : name[0];
  const bool vowel = c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
  return (vowel ? "an " : "a ") + name;
}

bool has_trap(const LevelState& level, Point p) {
  return std::any_of(level.traps.begin(), level.traps.end(),
                     [p](const Trap& t) { return t.pos == p; });
}

void emit_event(Game& game, EventKind kind, const Actor& actor, int value, std::string text) {
  emit(game, Event{kind, actor.id, 0, actor.pos, value, std::move(text)});
}

// Harm that is not an attack: a `damaged` event (the announcement carries the text), then
// damage_actor, which ends the game if it kills the player ("killed by `cause`").
void hurt(Game& game, Actor& actor, int amount, std::string_view cause) {
  emit_event(game, EventKind::damaged, actor, amount, "");
  damage_actor(game, actor, amount, 0, cause);
}

// Solid ground nobody stands on, without a trap: where a teleport may put `actor`.
bool teleport_target(const LevelState& level, const Actor& actor, Point q) {
  if (!level.level.in_bounds(q) || q == actor.pos) return false;
  const TileInfo& info = tile_info(level.level.tiles[q]);
  return info.passable && !info.hazard && occupant_at(level, q) == 0 && !has_trap(level, q);
}

}  // namespace

std::optional<Point> random_teleport_cell(Game& game, const Actor& actor) {
  const LevelState& level = game.level();
  Rng& rng = game.state().world_rng;
  const Size size = level.level.size();
  for (int i = 0; i < k_teleport_tries; ++i) {
    const Point q{rng.range(0, size.width - 1), rng.range(0, size.height - 1)};
    if (teleport_target(level, actor, q)) return q;
  }
  std::vector<Point> cells;
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x)
      if (teleport_target(level, actor, {x, y})) cells.push_back({x, y});
  if (cells.empty()) return std::nullopt;
  return rng.pick(cells);
}

namespace {

void teleport(Game& game, Actor& actor) {
  if (const auto to = random_teleport_cell(game, actor)) {
    move_actor(game, actor, *to);
    emit_event(game, EventKind::moved, actor, 0, "");
  }
}

void wake_everyone(Game& game, Point noise) {
  for (Actor& m : game.level().monsters) {
    if (m.hp <= 0 || m.peaceful) continue;
    m.memory.awake = true;
    m.memory.has_target = true;
    m.memory.target = noise;
  }
}

void add_status(Game& game, Actor& actor, Status s, int turns, std::string text) {
  int& left = status_of(actor, s);
  left = std::max(left, turns);
  emit_event(game, EventKind::status, actor, static_cast<int>(s), std::move(text));
}

void spring_trap(Game& game, Actor& actor, Trap& trap) {
  Rng& rng = game.state().world_rng;
  const int kind = static_cast<int>(trap.kind);
  const Point at = trap.pos;
  if (trap.hidden) {
    trap.hidden = false;
    emit(game, Event{EventKind::found, actor.id, 0, at, kind, ""});
  }
  auto announce = [&](std::string text) {
    emit(game, Event{EventKind::trap, actor.id, 0, at, kind, std::move(text)});
  };
  switch (trap.kind) {
    case TrapKind::dart:
      announce("A dart shoots out at you!");
      hurt(game, actor, dice(rng, 1, 6), "a dart trap");
      break;
    case TrapKind::pit:
      if (status_of(actor, Status::levitation) > 0) {
        announce("You float over a pit.");
        break;
      }
      announce("You fall into a pit!");
      hurt(game, actor, dice(rng, 2, 4), "a fall into a pit");
      break;
    case TrapKind::teleport:
      announce("You feel a wrenching sensation!");
      teleport(game, actor);
      break;
    case TrapKind::alarm:
      announce("A loud alarm rings through the level!");
      wake_everyone(game, actor.pos);
      break;
    case TrapKind::poison_needle:
      announce("A poisoned needle pricks you!");
      add_status(game, actor, Status::poison, k_poison_needle_turns, "You feel very sick.");
      break;
    case TrapKind::fire:
      if (status_of(actor, Status::fire_resistance) > 0) {
        announce("Flames burst up around you, but you do not burn.");
        break;
      }
      announce("A tower of flame bursts up around you!");
      hurt(game, actor, dice(rng, 2, 6), "a fire trap");
      break;
    case TrapKind::count:
      break;
  }
}

// Names the feature the player arrives on (what lies there is movement.cpp's
// describe_floor); nothing, and no allocation, on a plain cell.
void describe_feature(Game& game, const Actor& actor) {
  const Tile tile = game.level().level.tiles[actor.pos];
  if (tile == Tile::fountain)
    emit_event(game, EventKind::message, actor, 0, "There is a fountain here.");
  else if (tile == Tile::altar)
    emit_event(game, EventKind::message, actor, 0, "There is an altar here.");
}

// ---- fountains ----

// The index of a uniformly chosen content kind among those `keep` accepts (-1: none),
// without allocating.
template <typename Keep>
int random_kind(const std::vector<ItemKind>& kinds, Rng& rng, Keep keep) {
  std::uint32_t n = 0;
  for (const ItemKind& k : kinds)
    n += keep(k) ? 1U : 0U;
  if (n == 0) return -1;
  std::uint32_t pick = rng.below(n);
  for (std::size_t i = 0; i < kinds.size(); ++i)
    if (keep(kinds[i]) && pick-- == 0) return static_cast<int>(i);
  return -1;
}

bool fountain_monster(Game& game, Actor& player) {
  GameState& state = game.state();
  Rng& rng = state.world_rng;
  LevelState& level = game.level();
  const int kind = pick_monster_kind(game.content(), level.depth, state.unique_spawned, rng);
  if (kind < 0) return false;
  const MonsterKind& mk = game.content().monsters[static_cast<std::size_t>(kind)];
  // A new monster like any other: it inherits from the survivors of its kind (game/genetics).
  const auto pools = gene_pools(state, game.content().monsters.size());
  const Genes genes = inherit_genes(pools[static_cast<std::size_t>(kind)], rng);
  Actor m = roll_monster(game.content(), kind, level.depth, rng, genes);
  m.memory.awake = true;
  m.memory.has_target = true;
  m.memory.target = player.pos;
  m.next_time = state.time + action_delay(m);
  const std::size_t start = rng.below(static_cast<std::uint32_t>(k_directions8.size()));
  for (std::size_t i = 0; i < k_directions8.size(); ++i) {
    const Point q = player.pos + k_directions8[(start + i) % k_directions8.size()];
    if (!level.level.in_bounds(q) || occupant_at(level, q) != 0) continue;
    if (!can_stand(game, level, m, q) || tile_info(level.level.tiles[q]).hazard) continue;
    m.pos = q;
    if (mk.unique) state.unique_spawned.push_back(mk.id);
    add_monster(game, level, std::move(m));
    emit_event(game, EventKind::message, player, static_cast<int>(FountainOutcome::monster),
               with_article(mk.name) + " climbs out of the fountain!");
    return true;
  }
  return false;
}

void change_attribute(Game& game, Actor& player) {
  Rng& rng = game.state().world_rng;
  const bool up = rng.chance(0.5);
  const std::uint32_t which = rng.below(3);
  int& value = which == 0 ? player.attr.str : which == 1 ? player.attr.dex : player.attr.con;
  const int value_code = static_cast<int>(FountainOutcome::attribute);
  if (!up && value <= k_min_attribute) {
    emit_event(game, EventKind::message, player, value_code, "You feel a passing weakness.");
    return;
  }
  const Attributes before = player.attr;
  value += up ? 1 : -1;
  if (which == 2) {
    // Constitution: maximum hit points change by the formula's difference, so bonuses from
    // elsewhere (extra healing) are kept, and the wound stays the same.
    const int gain = max_hp_for(player.attr, player.level) - max_hp_for(before, player.level);
    player.max_hp = std::max(1, player.max_hp + gain);
    player.hp = std::clamp(player.hp + gain, 1, player.max_hp);
  }
  static constexpr std::array<const char*, 3> k_better{"You feel stronger!", "You feel more agile!",
                                                       "You feel tougher!"};
  static constexpr std::array<const char*, 3> k_worse{"You feel weaker.", "You feel clumsy.",
                                                      "You feel frail."};
  emit_event(game, EventKind::message, player, value_code, (up ? k_better : k_worse)[which]);
}

void fountain_gift(Game& game, Actor& player) {
  Rng& rng = game.state().world_rng;
  const auto& kinds = game.content().items;
  std::vector<std::uint32_t> weights(kinds.size(), 0);
  std::uint32_t total = 0;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i].frequency <= 0 || kinds[i].item_class == ItemClass::gold) continue;
    weights[i] = static_cast<std::uint32_t>(kinds[i].frequency);
    total += weights[i];
  }
  const int value_code = static_cast<int>(FountainOutcome::gift);
  if (total == 0) {
    emit_event(game, EventKind::message, player, value_code, "Something glints, then is gone.");
    return;
  }
  const int kind = static_cast<int>(rng.weighted_index(weights));
  Item item = make_item(game, kind);
  const std::string name = item_name(game.content(), item);
  place_item(game, game.level(), std::move(item), player.pos);
  emit_event(game, EventKind::message, player, value_code,
             "Something glints in the basin: " + name + " lies at your feet!");
}

}  // namespace

// ---- traps ----

void on_enter(Game& game, Actor& actor, Point p) {
  if (actor.id != k_player_id) return;  // monsters know their dungeon's traps
  if (Trap* trap = trap_at(game.level(), p)) {
    spring_trap(game, actor, *trap);
    if (actor.hp <= 0 || game.over()) return;
  }
  describe_feature(game, actor);
}

bool find_traps(Game& game, const Actor& actor, bool certain) {
  Rng& rng = game.state().world_rng;
  bool found = false;
  for (Trap& trap : game.level().traps) {
    if (!trap.hidden || chebyshev(trap.pos, actor.pos) > 1) continue;
    if (!certain && !rng.chance(k_find_trap_chance)) continue;
    trap.hidden = false;
    found = true;
    emit(game, Event{EventKind::found, actor.id, 0, trap.pos, static_cast<int>(trap.kind),
                     "You find " + with_article(trap_name(trap.kind)) + "."});
  }
  return found;
}

// ---- fountains ----

int do_drink(Game& game, const Action&) {
  GameState& state = game.state();
  Actor& player = state.player;
  LevelState& level = game.level();
  if (level.level.tiles[player.pos] != Tile::fountain) {
    emit_event(game, EventKind::refused, player, 0, "There is no fountain here.");
    return 0;
  }
  if (player.status[index_of(Status::levitation)] > 0) {
    emit_event(game, EventKind::refused, player, 0, "You float too high to reach the water.");
    return 0;
  }
  if (game.probing()) return k_action_cost;
  Rng& rng = state.world_rng;
  const auto outcome = static_cast<FountainOutcome>(rng.weighted_index(k_fountain_weights));
  const int code = static_cast<int>(outcome);
  const Point fountain = player.pos;
  switch (outcome) {
    case FountainOutcome::refreshing:
      emit_event(game, EventKind::message, player, code, "The cool water refreshes you.");
      heal_actor(game, player, dice(rng, 1, 8));
      break;
    case FountainOutcome::potion: {
      const int kind = random_kind(game.content().items, rng, [](const ItemKind& k) {
        return k.item_class == ItemClass::potion && !k.effect.empty();
      });
      emit_event(game, EventKind::message, player, code, "The water tastes strange.");
      if (kind >= 0)
        apply_effect(game, player, game.content().items[static_cast<std::size_t>(kind)]);
      break;
    }
    case FountainOutcome::foul:
      emit_event(game, EventKind::message, player, code, "The water is foul!");
      add_status(game, player, Status::poison, k_foul_water_poison_turns, "You feel sick.");
      break;
    case FountainOutcome::monster:
      if (!fountain_monster(game, player))
        emit_event(game, EventKind::message, player, code, "The water bubbles and churns.");
      break;
    case FountainOutcome::attribute:
      change_attribute(game, player);
      break;
    case FountainOutcome::gift:
      fountain_gift(game, player);
      break;
  }
  if (rng.chance(k_fountain_dry_chance)) {
    set_tile(level, fountain, Tile::floor);
    emit(game, Event{EventKind::message, k_player_id, 0, fountain, 0, "The fountain dries up!"});
  }
  return k_action_cost;
}

// ---- altars ----

int do_pray(Game& game, const Action&) {
  GameState& state = game.state();
  Actor& player = state.player;
  if (game.level().level.tiles[player.pos] != Tile::altar) {
    emit_event(game, EventKind::refused, player, 0, "There is no altar here.");
    return 0;
  }
  if (game.probing()) return k_action_cost;
  Rng& rng = state.world_rng;
  const bool answered =
      state.time - state.info.last_prayer >= k_prayer_timeout_turns * k_turn_ticks;
  state.info.last_prayer = state.time;
  Item* weapon = nullptr;
  for (Item& item : player.inventory)
    if (item.id != 0 && item.id == player.wielded) weapon = &item;

  if (answered) {
    emit_event(game, EventKind::message, player, 1, "You feel a hopeful feeling.");
    if (player.status[index_of(Status::poison)] > 0) {
      player.status[index_of(Status::poison)] = 0;
      emit_event(game, EventKind::status, player, static_cast<int>(Status::poison),
                 "You feel purified.");
    }
    if (player.hp < player.max_hp) heal_actor(game, player, player.max_hp - player.hp);
    if (weapon && weapon->enchant < k_max_blessed_enchant && rng.chance(k_bless_weapon_chance)) {
      ++weapon->enchant;
      emit_event(game, EventKind::message, player, 1,
                 "Your " + game.content().items[static_cast<std::size_t>(weapon->kind)].name +
                     " glows with a soft blue light.");
    }
    return k_action_cost;
  }

  emit_event(game, EventKind::message, player, 0, "You feel that the gods are displeased.");
  std::uint32_t curse = rng.below(3);
  if (curse == 0 && (!weapon || weapon->enchant <= k_min_cursed_enchant)) curse = 2;
  if (curse == 0) {
    --weapon->enchant;
    emit_event(game, EventKind::message, player, 0,
               "Your " + game.content().items[static_cast<std::size_t>(weapon->kind)].name +
                   " glows black for a moment.");
  } else if (curse == 1) {
    add_status(game, player, Status::slow, k_curse_slow_turns, "You feel sluggish.");
  } else {
    emit_event(game, EventKind::message, player, 0, "You are struck by a bolt of divine anger!");
    hurt(game, player, dice(rng, 1, 8), "divine wrath");
  }
  return k_action_cost;
}

}  // namespace yendor::game
