// Character development as in the thesis's prototype (2.1.6, 5.2): experience from kills,
// experience levels, and at each level the player's choice of +STR, +DEX or +CON; hit points
// from constitution and level; natural regeneration (docs/rules.md "Experience and levels",
// "Regeneration").
#include <algorithm>
#include <array>
#include <string>

#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

constexpr int k_max_level = 30;
// Regeneration: an actor gains (CON + level) points per turn of game time; 100 points
// (scaled by ticks, since an actor's turn may be shorter or longer than one game turn) make
// one hit point.
constexpr int k_regen_points_per_hp = 100 * static_cast<int>(k_turn_ticks);

// max_hp_for's difference when `before` becomes `after` at `level`: added to max_hp (and
// hp) so bonuses from elsewhere (potions of extra healing) are kept.
int max_hp_gain(const Attributes& before, int level_before, const Attributes& after,
                int level_after) {
  return max_hp_for(after, level_after) - max_hp_for(before, level_before);
}

}  // namespace

int xp_threshold(int level) {
  // 0, 20, 60, 120, 200...: 10 * level * (level - 1); level 30 needs 8,700.
  return level <= 1 ? 0 : 10 * level * (level - 1);
}

int max_hp_for(const Attributes& attr, int level) {
  // 6 + CON at level 1, then (CON + 8) / 4 per level (kept exact over the levels, so every
  // point of CON is worth 1 + (level - 1) / 4 hit points).
  const int con = std::max(attr.con, 1);
  return 6 + con + (std::max(level, 1) - 1) * (con + 8) / 4;
}

Actor make_player(const Content& content, std::string_view name) {
  (void)name;  // the name lives in PlayerInfo
  Actor p;
  p.id = k_player_id;
  p.kind = -1;
  p.attr = content.dungeon.start_attributes;
  p.level = 1;
  p.max_hp = p.hp = max_hp_for(p.attr, 1);
  p.damage = {1, 3};
  return p;
}

void award_xp(Game& game, int xp) {
  if (xp <= 0) return;
  GameState& s = game.state();
  Actor& player = s.player;
  player.xp += xp;
  while (player.level < k_max_level && player.xp >= xp_threshold(player.level + 1)) {
    const int gain = max_hp_gain(player.attr, player.level, player.attr, player.level + 1);
    ++player.level;
    ++s.info.pending_raises;
    player.max_hp += gain;
    if (player.hp > 0) player.hp += gain;
    emit(game, Event{EventKind::level_up, player.id, 0, player.pos, player.level,
                     "Welcome to experience level " + std::to_string(player.level) +
                         "! Raise STR, DEX or CON."});
  }
}

int do_raise(Game& game, const Action& a) {
  GameState& s = game.state();
  Actor& player = s.player;
  if (s.info.pending_raises <= 0) {
    emit(game,
         Event{EventKind::refused, player.id, 0, player.pos, 0, "You have no attribute to raise."});
    return 0;
  }
  if (a.choice < 0 || a.choice > 2) {
    emit(game, Event{EventKind::refused, player.id, 0, player.pos, 0,
                     "Raise STR (0), DEX (1) or CON (2)."});
    return 0;
  }
  if (game.probing()) return k_action_cost;  // accepted, though choosing takes no time
  static constexpr std::array<const char*, 3> k_text = {
      "You feel stronger.", "You feel more agile.", "You feel tougher."};
  const Attributes before = player.attr;
  if (a.choice == 0) ++player.attr.str;
  if (a.choice == 1) ++player.attr.dex;
  if (a.choice == 2) ++player.attr.con;
  const int gain = max_hp_gain(before, player.level, player.attr, player.level);
  player.max_hp += gain;
  player.hp += gain;
  --s.info.pending_raises;
  emit(game, Event{EventKind::raised, player.id, 0, player.pos, a.choice,
                   k_text[static_cast<std::size_t>(a.choice)]});
  return 0;  // choosing takes no time
}

void regenerate(Game& game, Actor& actor) {
  (void)game;
  if (actor.hp <= 0) return;
  if (actor.hp >= actor.max_hp || actor.status[static_cast<std::size_t>(Status::poison)] > 0) {
    actor.regen = 0;  // progress is not banked while full or poisoned
    return;
  }
  // Points for the game time this turn stands for, so speed does not change the rate.
  const auto delay = static_cast<int>(action_delay(actor));
  actor.regen += std::max(1, actor.attr.con + actor.level) * delay;
  while (actor.regen >= k_regen_points_per_hp && actor.hp < actor.max_hp) {
    actor.regen -= k_regen_points_per_hp;
    ++actor.hp;
  }
  if (actor.hp >= actor.max_hp) actor.regen = 0;
}

}  // namespace yendor::game
