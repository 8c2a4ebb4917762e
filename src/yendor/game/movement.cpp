// Moving about: one step for any actor (bumping attacks, opens doors, unlocks with a key),
// waiting, resting until disturbed, searching, the stairs and quitting. docs/rules.md,
// "Movement", "Searching", "Stairs".
#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>

#include "yendor/fov/fov.hpp"
#include "yendor/fov/line_of_sight.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// The longest rest one action asks for (and "until healed" stops there too).
constexpr int k_max_rest_turns = 1000;

bool is_player(const Actor& a) {
  return a.id == k_player_id;
}

bool has(const Actor& a, Status s) {
  return a.status[static_cast<std::size_t>(s)] > 0;
}

std::string blocked_text(Tile t) {
  switch (t) {
    case Tile::water_deep:
      return "The water is too deep.";
    case Tile::chasm:
      return "You would fall into the chasm.";
    case Tile::lava:
      return "Lava blocks the way.";
    case Tile::tree:
      return "A tree blocks the way.";
    case Tile::shop_counter:
      return "The counter is in the way.";
    default:
      return "There is a wall in the way.";
  }
}

// "You see here a dagger." for what lies at the player's feet (no allocation when nothing).
void describe_floor(Game& game, Point p) {
  const LevelState& level = game.level();
  const Item* first = nullptr;
  int count = 0;
  for (const Item& item : level.items)
    if (item.pos == p && count++ == 0) first = &item;
  if (count == 0) return;
  if (count > 1) {
    message(game, "You see here several things.");
    return;
  }
  std::string text = "You see here " + item_name(game.content(), *first);
  if (first->price > 0) text += " (for sale, " + std::to_string(first->price) + " gold)";
  message(game, text + ".");
}

// A hostile monster the player can see: what interrupts a rest. Same rule as the player's
// view (symmetric FOV within k_player_vision), computed directly so it is fresh mid-rest.
bool hostile_in_view(Game& game) {
  const LevelState& level = game.level();
  const Point here = game.state().player.pos;
  fov::FovOptions sight;
  sight.radius = k_player_vision;
  for (const Actor& m : level.monsters) {
    if (m.hp <= 0 || m.peaceful) continue;
    if (!fov::in_range(m.pos - here, sight)) continue;
    if (fov::line_of_sight(level.opacity, here, m.pos)) return true;
  }
  return false;
}

}  // namespace

bool can_enter(const Game& game, const Actor& actor, Point p) {
  const LevelState& level = game.level();
  if (!level.level.in_bounds(p)) return false;
  const Tile t = level.level.tiles[p];
  if (t == Tile::door_closed) return true;
  if (t == Tile::lava) return is_player(actor) || has(actor, Status::levitation);
  return can_stand(game, level, actor, p);
}

int step_actor(Game& game, Actor& actor, Point dir) {
  const bool player = is_player(actor);
  if (dir == Point{} || std::abs(dir.x) > 1 || std::abs(dir.y) > 1)
    return refuse(game, actor, "That is not a direction.");
  if (game.probing() && has(actor, Status::confusion)) return k_action_cost;
  // Confusion: half the steps go a random way; bumping into something then still costs the
  // turn (the actor did not choose it).
  bool stumbled = false;
  if (has(actor, Status::confusion) && game.state().world_rng.chance(0.5)) {
    dir = k_directions8[game.state().world_rng.below(8)];
    stumbled = true;
  }
  // Generic, so a literal reaches refuse() as one (never copied while probing).
  auto blocked = [&](auto&& text) {
    if (!stumbled) return refuse(game, actor, std::forward<decltype(text)>(text));
    if (player) message(game, "You stumble.");
    return k_action_cost;
  };
  LevelState& level = game.level();
  const Point from = actor.pos;
  const Point to = from + dir;
  if (!level.level.in_bounds(to)) return blocked("There is a wall in the way.");

  if (Actor* other = actor_at(game, to); other != nullptr && other->hp > 0) {
    if (player) {
      if (other->peaceful)
        return game.probing() ? 0 : blocked("You do not attack " + actor_name(game, *other) + ".");
      if (game.probing()) return k_action_cost;
      melee_attack(game, actor, *other);
      return k_action_cost;
    }
    if (is_player(*other)) {
      melee_attack(game, actor, *other);
      return k_action_cost;
    }
    return stumbled ? k_action_cost : 0;  // monsters never attack each other
  }

  const Tile t = level.level.tiles[to];
  switch (t) {
    case Tile::door_closed:
      if (game.probing()) return k_action_cost;
      open_door(game, actor, to);
      return k_action_cost;
    case Tile::door_locked:
      return stumbled ? blocked(std::string()) : unlock_door(game, actor, to);
    case Tile::door_barred:
      return blocked("Bars block the way; a lever works them.");
    default:
      break;
  }
  if (!can_enter(game, actor, to)) return blocked(blocked_text(t));
  if (!lock_allows_step(game, from, to))
    return blocked(t == Tile::ledge || level.level.tiles[from] == Tile::ledge
                       ? "You cannot climb the ledge."
                       : "It does not open from this side.");
  if (game.probing()) return k_action_cost;

  move_actor(game, actor, to);
  emit(game, Event{EventKind::moved, actor.id, 0, to, 0, {}});
  if (!player) return k_action_cost;
  if (t == Tile::lava && !has(actor, Status::levitation) && !has(actor, Status::fire_resistance))
    message(game, "You wade into the lava!");
  after_player_step(game, from, to);
  on_enter(game, actor, to);
  if (!game.over()) describe_floor(game, actor.pos);
  return k_action_cost;
}

int do_wait(Game&, const Action&) {
  return k_action_cost;
}

int do_move(Game& game, const Action& a) {
  return step_actor(game, game.state().player, a.dir);
}

// One turn per call for count <= 1. Longer rests run their turns here (each a full round of
// the scheduler), stopping when a hostile monster comes into view, the player is hurt, or
// (count 0) hit points are full; the last turn goes back to step() as a normal cost.
int do_rest(Game& game, const Action& a) {
  GameState& s = game.state();
  Actor& player = s.player;
  const bool until_healed = a.count <= 0;
  if (until_healed && player.hp >= player.max_hp)
    return refuse(game, player, "You are already at full health.");
  if (game.probing()) return k_action_cost;
  const int turns = until_healed ? k_max_rest_turns : std::min(a.count, k_max_rest_turns);
  if (turns <= 1 || hostile_in_view(game)) return k_action_cost;
  for (int done = 0; done + 1 < turns; ++done) {
    const int hp_before = player.hp;
    ++s.info.turns;
    player.next_time = s.time + action_delay(player);
    run_until_player(game);
    if (game.over()) return 0;
    game.update_view();
    if (player.hp < hp_before || hostile_in_view(game)) {
      message(game, "You stop resting.");
      return 0;  // the turns taken were scheduled here
    }
    if (until_healed && player.hp >= player.max_hp) return 0;
  }
  return k_action_cost;
}

int do_search(Game& game, const Action&) {
  if (game.probing()) return k_action_cost;
  Actor& player = game.state().player;
  find_secret_doors(game, player, false);
  find_traps(game, player, false);
  return k_action_cost;
}

int do_descend(Game& game, const Action&) {
  GameState& s = game.state();
  Actor& player = s.player;
  if (game.level().level.tiles[player.pos] != Tile::stairs_down)
    return refuse(game, player, "There are no stairs down here.");
  if (has(player, Status::levitation))
    return refuse(game, player, "You float high above the stairs.");
  if (s.depth >= s.levels) return refuse(game, player, "These stairs lead nowhere.");
  if (game.probing()) return k_action_cost;
  change_level(game, s.depth + 1, true);
  return k_action_cost;
}

int do_ascend(Game& game, const Action&) {
  GameState& s = game.state();
  Actor& player = s.player;
  if (game.level().level.tiles[player.pos] != Tile::stairs_up)
    return refuse(game, player, "There are no stairs up here.");
  if (s.depth <= 1) return refuse(game, player, "The way out is sealed until the warlord falls.");
  if (game.probing()) return k_action_cost;
  change_level(game, s.depth - 1, false);
  return k_action_cost;
}

int do_quit(Game& game, const Action&) {
  if (game.probing()) return k_action_cost;
  GameState& s = game.state();
  s.outcome = Outcome::quit;
  s.info.cause = "quit";
  emit(game, Event{EventKind::game_over, k_player_id, 0, s.player.pos, 0, "You quit."});
  return 0;
}

}  // namespace yendor::game
