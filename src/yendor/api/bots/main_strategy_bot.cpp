#include "yendor/api/bots/main_strategy_bot.hpp"

#include <algorithm>

#include "yendor/api/action_space.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::api::bots {

namespace {

using game::Actor;
using game::Game;
using game::Item;
using game::ItemClass;
using game::ItemKind;

// Steps a simulated fight may take before it counts as lost (the monster keeps away).
constexpr int k_fight_steps = 60;
// Turns before the bot pulls a lever again, and turns after a pull it walks through bars it
// cannot see (they may have opened; timed bars close again).
constexpr std::int64_t k_lever_again = 150;
constexpr std::int64_t k_bars_open_for = 60;

const ItemKind& kind_of(const Game& game, const Item& item) {
  return game.content().items[static_cast<std::size_t>(item.kind)];
}

int dir_index(Point d) {
  for (std::size_t i = 0; i < k_directions8.size(); ++i)
    if (k_directions8[i] == d) return static_cast<int>(i);
  return -1;
}

bool hostile_in_view(const Game& game, const Actor& m) {
  return m.hp > 0 && !m.peaceful && game.view().visible(m.pos);
}

bool any_hostile_in_view(const Game& game) {
  for (const Actor& m : game.level().monsters)
    if (hostile_in_view(game, m)) return true;
  return false;
}

// The pack item of class `c` whose effect is `effect` (any effect when empty) that `better`
// prefers; nullptr when there is none.
template <typename Better>
const Item* pack_item(const Game& game, ItemClass c, std::string_view effect, Better better) {
  const Item* best = nullptr;
  for (const Item& item : game.state().player.inventory) {
    const ItemKind& kind = kind_of(game, item);
    if (kind.item_class != c || (!effect.empty() && kind.effect != effect)) continue;
    if (best == nullptr || better(item, *best)) best = &item;
  }
  return best;
}
const Item* pack_item(const Game& game, ItemClass c, std::string_view effect = {}) {
  return pack_item(game, c, effect, [](const Item&, const Item&) { return false; });
}

int item_index(ItemVerb verb, const Item* item) {
  return item == nullptr ? -1 : item_action(verb, pack_rank(item->letter));
}

const Item* carried(const Game& game, game::ItemId id) {
  for (const Item& item : game.state().player.inventory)
    if (item.id == id && id != 0) return &item;
  return nullptr;
}

double weapon_value(const Game& game, const Item* item) {
  if (item == nullptr) return 0;
  const ItemKind& k = kind_of(game, *item);
  return (k.damage.lo + k.damage.hi) / 2.0 + item->enchant + 0.5 * k.to_hit;
}

double armour_value(const Game& game, const Item* item) {
  if (item == nullptr) return 0;
  const ItemKind& k = kind_of(game, *item);
  return k.armour + item->enchant - 0.5 * k.evasion_penalty;
}

bool below(const Actor& a, double share) {
  return a.hp < share * a.max_hp;
}

bool hungry(const Game& game, int hungry_below) {
  return game.state().info.nutrition < hungry_below;
}

// Hungry with nothing but corpses to eat: exploring gives way to the stairs (a new level has
// new food) and resting waits.
bool starving(const Game& game, int hungry_below) {
  return hungry(game, hungry_below) && pack_item(game, ItemClass::food) == nullptr;
}

const Actor* monster_by_id(const Game& game, std::uint32_t id) {
  for (const Actor& m : game.level().monsters)
    if (m.id == id) return &m;
  return nullptr;
}

// One step of a simulated fight: drink when low (when the genome does), hit the monster when
// next to it, else step straight toward it; -1 when no step toward it is legal.
int fight_step(Env& sim, const Actor& target, const MainGenome& genome) {
  const Game& game = sim.game();
  const Actor& player = game.state().player;
  const auto& mask = sim.legal_mask();
  const auto quaff_slot = static_cast<std::size_t>(main_strategy_index("quaff_when_low"));
  if (genome.on[quaff_slot] && below(player, genome.drink_below)) {
    const int q = item_index(ItemVerb::quaff, pack_item(game, ItemClass::potion, "heal"));
    if (q >= 0 && mask[static_cast<std::size_t>(q)] != 0) return q;
  }
  const Point d{(target.pos.x > player.pos.x) - (target.pos.x < player.pos.x),
                (target.pos.y > player.pos.y) - (target.pos.y < player.pos.y)};
  const int straight = k_move_first + dir_index(d);
  if (mask[static_cast<std::size_t>(straight)] != 0) return straight;
  const int now = chebyshev(player.pos, target.pos);
  for (int i = 0; i < 8; ++i)
    if (mask[static_cast<std::size_t>(k_move_first + i)] != 0 &&
        chebyshev(player.pos + k_directions8[static_cast<std::size_t>(i)], target.pos) < now)
      return k_move_first + i;
  return -1;
}

}  // namespace

MainStrategyBot::MainStrategyBot(const MainGenome& genome) : genome_(genome) {
  for (int i = 0; i < k_main_rules_count; ++i)
    if (genome_.on[static_cast<std::size_t>(i)]) order_.push_back(i);
  // Highest priority first; ties in list order.
  std::stable_sort(order_.begin(), order_.end(), [this](int a, int b) {
    return genome_.priority[static_cast<std::size_t>(a)] >
           genome_.priority[static_cast<std::size_t>(b)];
  });
}

void MainStrategyBot::start(Env& env) {
  know_.reset();
  rng_ = Rng::for_stream(env.seed(), "bot");
  judged_ = 0;
  depth_ = 0;
  mapped_ = false;
}

void MainStrategyBot::observe(Env& env) {
  const int depth = env.game().state().depth;
  if (depth != depth_) {
    depth_ = depth;
    mapped_ = false;
    judged_ = 0;
    lever_turn_ = -k_bars_open_for;
  }
  know_.set_bars_open(env.game().state().info.turns - lever_turn_ < k_bars_open_for);
  know_.update(env);
}

int MainStrategyBot::act(Env& env) {
  if (env.done()) return k_wait;
  observe(env);
  const game::GameState& state = env.game().state();
  if (state.info.pending_raises > 0 && legal(env, k_raise_first + genome_.raise))
    return k_raise_first + genome_.raise;
  for (const int s : order_) {
    const int a = strategy_action(env, s);
    if (a >= 0) return a;
  }
  return safe_random_action(env);
}

int MainStrategyBot::safe_random_action(Env& env) {
  // Legal, and not a step into lava, a chasm or water it can see (the rules let the player
  // wade into lava).
  const Observation& obs = env.observation();
  const Point at = env.game().state().player.pos;
  const auto& mask = env.legal_mask();
  candidates_.clear();
  // Moves, opening doors, searching and waiting only: nothing that drops or uses up an item.
  for (int i = 0; i < k_ascend; ++i) {
    if (mask[static_cast<std::size_t>(i)] == 0 || i == k_pick_up || i == k_descend) continue;
    if (i < k_move_first + 8) {
      const Point to = at + k_directions8[static_cast<std::size_t>(i - k_move_first)];
      if (know_.known(to)) {
        const auto tile = static_cast<Tile>(
            obs.terrain[static_cast<std::size_t>(to.y * obs.size.width + to.x)] - 1);
        if (tile_info(tile).hazard) continue;
      }
    }
    candidates_.push_back(i);
  }
  if (candidates_.empty()) return k_wait;
  return candidates_[rng_.below(static_cast<std::uint32_t>(candidates_.size()))];
}

int MainStrategyBot::strategy_action(Env& env, int s) {
  // The cases follow k_main_rules_strategies' order.
  static_assert(k_main_rules_count == 13);
  int a = -1;
  switch (s) {
    case 0:
      a = quaff_when_low(env);
      break;
    case 1:
      a = escape_when_dying(env);
      break;
    case 2:
      a = attack_adjacent(env);
      break;
    case 3:
      a = throw_missiles(env);
      break;
    case 4:
      a = pick_up(env);
      break;
    case 5:
      a = equip_better(env);
      break;
    case 6:
      a = eat_when_hungry(env);
      break;
    case 7:
      a = read_scrolls(env);
      break;
    case 8:
      a = hunt(env);
      break;
    case 9:
      a = rest_when_hurt(env);
      break;
    case 10:
      a = explore(env);
      break;
    case 11:
      a = descend(env);
      break;
    case 12:
      a = search(env);
      break;
    default:
      break;
  }
  return legal(env, a) ? a : -1;
}

int MainStrategyBot::walk_to(Env& env, Point to) {
  const int dir = know_.step_toward(to);
  if (dir < 0) return -1;
  const int a = k_move_first + dir;
  if (!legal(env, a)) {
    // The rules refuse the step (a wall where a door was, a lock without its key): never plan
    // through that cell again.
    know_.block(know_.player() + k_directions8[static_cast<std::size_t>(dir)]);
    return -1;
  }
  return a;
}

int MainStrategyBot::quaff_when_low(Env& env) {
  const Game& game = env.game();
  const Actor& player = game.state().player;
  if (!below(player, genome_.drink_below)) return -1;
  const int missing = player.max_hp - player.hp;
  // The weakest healing potion that makes up what is missing, else the strongest.
  const Item* heal = pack_item(game, ItemClass::potion, "heal");
  const Item* extra = pack_item(game, ItemClass::potion, "extra_heal");
  if (heal != nullptr && (extra == nullptr || kind_of(game, *heal).power >= missing))
    return item_index(ItemVerb::quaff, heal);
  return item_index(ItemVerb::quaff, extra);
}

int MainStrategyBot::escape_when_dying(Env& env) {
  const Game& game = env.game();
  const Actor& player = game.state().player;
  if (!below(player, genome_.escape_below)) return -1;
  bool threatened = false;
  for (const Actor& m : game.level().monsters)
    threatened |= hostile_in_view(game, m) && chebyshev(m.pos, player.pos) == 1;
  if (!threatened) return -1;
  return item_index(ItemVerb::read, pack_item(game, ItemClass::scroll, "teleport"));
}

int MainStrategyBot::attack_adjacent(Env& env) {
  const Game& game = env.game();
  const Point at = game.state().player.pos;
  const Actor* weakest = nullptr;
  for (const Actor& m : game.level().monsters)
    if (hostile_in_view(game, m) && chebyshev(m.pos, at) == 1 &&
        (weakest == nullptr || m.hp < weakest->hp))
      weakest = &m;
  return weakest == nullptr ? -1 : k_move_first + dir_index(weakest->pos - at);
}

int MainStrategyBot::throw_missiles(Env& env) {
  const Game& game = env.game();
  const Point at = game.state().player.pos;
  const Point target = throw_target(game);
  if (target == at || chebyshev(target, at) <= 1) return -1;
  return item_index(ItemVerb::throw_at, pack_item(game, ItemClass::missile));
}

int MainStrategyBot::pick_up(Env& env) {
  const Game& game = env.game();
  const Point at = game.state().player.pos;
  // What lies here: the top item is taken unless it is a corpse or for sale.
  const Item* top = nullptr;
  bool for_sale = false;
  for (const Item& item : game.level().items)
    if (item.pos == at) {
      top = &item;
      for_sale |= item.price > 0;
    }
  // Corpses do not rot: worth carrying once hungry, to eat before the rations.
  const bool corpses_wanted = hungry(game, genome_.hungry_below);
  if (top != nullptr && !for_sale &&
      (corpses_wanted || kind_of(game, *top).item_class != ItemClass::corpse) &&
      legal(env, k_pick_up))
    return k_pick_up;
  know_.ignore_item(at);  // nothing here it takes
  const auto wanted = [this, &game](Point p) {
    const int seen = know_.remembered_item(p);
    return seen != 0 &&
           game.content().items[static_cast<std::size_t>(seen - 1)].item_class != ItemClass::corpse;
  };
  const std::optional<Point> item = know_.nearest(wanted);
  return item ? walk_to(env, *item) : -1;
}

int MainStrategyBot::equip_better(Env& env) {
  const Game& game = env.game();
  if (any_hostile_in_view(game)) return -1;  // changing gear takes turns
  const Actor& player = game.state().player;
  const Item* weapon = carried(game, player.wielded);
  const Item* best_weapon =
      pack_item(game, ItemClass::weapon, {}, [&](const Item& a, const Item& b) {
        return weapon_value(game, &a) > weapon_value(game, &b);
      });
  if (best_weapon != nullptr && weapon_value(game, best_weapon) > weapon_value(game, weapon))
    return item_index(ItemVerb::wield, best_weapon);
  const Item* armour = carried(game, player.worn);
  const Item* best_armour =
      pack_item(game, ItemClass::armour, {}, [&](const Item& a, const Item& b) {
        return armour_value(game, &a) > armour_value(game, &b);
      });
  if (best_armour != nullptr && armour_value(game, best_armour) > armour_value(game, armour))
    return armour != nullptr ? item_index(ItemVerb::take_off, armour)
                             : item_index(ItemVerb::wear, best_armour);
  return -1;
}

int MainStrategyBot::eat_when_hungry(Env& env) {
  const Game& game = env.game();
  if (!hungry(game, genome_.hungry_below)) return -1;
  const Item* corpse = pack_item(game, ItemClass::corpse);
  return item_index(ItemVerb::eat, corpse != nullptr ? corpse : pack_item(game, ItemClass::food));
}

int MainStrategyBot::read_scrolls(Env& env) {
  const Game& game = env.game();
  if (any_hostile_in_view(game)) return -1;
  const Actor& player = game.state().player;
  if (player.wielded != 0) {
    const int a = item_index(ItemVerb::read, pack_item(game, ItemClass::scroll, "enchant_weapon"));
    if (legal(env, a)) return a;
  }
  if (player.worn != 0) {
    const int a = item_index(ItemVerb::read, pack_item(game, ItemClass::scroll, "enchant_armour"));
    if (legal(env, a)) return a;
  }
  if (!mapped_) {
    const int a = item_index(ItemVerb::read, pack_item(game, ItemClass::scroll, "magic_mapping"));
    if (legal(env, a)) {
      mapped_ = true;
      return a;
    }
  }
  return -1;
}

int MainStrategyBot::hunt(Env& env) {
  const Game& game = env.game();
  const Actor& player = game.state().player;
  const Actor* nearest = nullptr;
  for (const Actor& m : game.level().monsters)
    if (hostile_in_view(game, m) &&
        (nearest == nullptr || know_.distance(m.pos) < know_.distance(nearest->pos)))
      nearest = &m;
  if (nearest == nullptr) return -1;
  // Judge again for another monster or after the player lost health since.
  if (judged_ != nearest->id || player.hp < judged_at_hp_) {
    judged_ = nearest->id;
    judged_at_hp_ = player.hp;
    judged_win_ = fight_wins(env, nearest->id);
  }
  return judged_win_ ? walk_to(env, nearest->pos) : -1;
}

bool MainStrategyBot::fight_wins(const Env& env, std::uint32_t id) {
  for (int s = 0; s < genome_.fight_samples; ++s) {
    Env sim = env.clone();
    sim.redraw_dice(rng_.next_u64());
    bool won = false;
    for (int n = 0; n < k_fight_steps && !won; ++n) {
      const Actor* target = monster_by_id(sim.game(), id);
      if (target == nullptr || target->hp <= 0 ||
          sim.game().state().outcome == game::Outcome::won) {
        won = true;
        break;
      }
      const Actor& player = sim.game().state().player;
      if (sim.done() || below(player, genome_.fight_keep)) return false;
      const int a = fight_step(sim, *target, genome_);
      if (a < 0) return false;
      sim.step(a);
    }
    if (!won) return false;
  }
  return true;
}

int MainStrategyBot::rest_when_hurt(Env& env) {
  const Game& game = env.game();
  if (!below(game.state().player, genome_.rest_below) || any_hostile_in_view(game) ||
      starving(game, genome_.hungry_below))
    return -1;
  return k_rest;
}

int MainStrategyBot::explore(Env& env) {
  if (starving(env.game(), genome_.hungry_below) && down_stairs_known(env)) return -1;
  know_.give_up_frontier(know_.player());  // standing on it did not reveal its neighbours
  const std::optional<Point> frontier =
      know_.nearest([this](Point p) { return know_.frontier(p); });
  return frontier ? walk_to(env, *frontier) : -1;
}

std::optional<Point> MainStrategyBot::down_stairs(Env& env) const {
  const Observation& obs = env.observation();
  return know_.nearest([&obs](Point p) {
    return obs.terrain[static_cast<std::size_t>(p.y * obs.size.width + p.x)] ==
           1 + static_cast<int>(Tile::stairs_down);
  });
}

bool MainStrategyBot::down_stairs_known(Env& env) const {
  return down_stairs(env).has_value();
}

int MainStrategyBot::descend(Env& env) {
  if (legal(env, k_descend)) return k_descend;
  const std::optional<Point> stairs = down_stairs(env);
  return stairs ? walk_to(env, *stairs) : -1;
}

int MainStrategyBot::search(Env& env) {
  const Observation& obs = env.observation();
  const auto tile_at = [&obs](Point p) {
    return static_cast<Tile>(obs.terrain[static_cast<std::size_t>(p.y * obs.size.width + p.x)] - 1);
  };
  // First a lever not pulled for a while (bars elsewhere open for a time), from beside it.
  const std::int64_t turn = env.game().state().info.turns;
  const std::optional<Point> lever = know_.nearest([&](Point p) {
    return know_.known(p) && tile_at(p) == Tile::lever &&
           (know_.pulled_at(p) < 0 || turn - know_.pulled_at(p) >= k_lever_again);
  });
  if (lever) {
    if (chebyshev(*lever, know_.player()) <= 1 && legal(env, k_operate)) {
      know_.note_pulled(*lever, turn);
      lever_turn_ = turn;
      return k_operate;
    }
    const int a = walk_to(env, *lever);
    if (a >= 0) return a;
    know_.note_pulled(*lever, turn);  // out of reach for now
  }
  // Then a potion that carries it over what it cannot walk: lava (fire resistance or
  // levitation), chasms and deep water (levitation), when it knows of some.
  bool lava = false;
  bool gap = false;
  for (std::size_t i = 0; i < obs.terrain.size(); ++i) {
    lava |= obs.terrain[i] == 1 + static_cast<int>(Tile::lava);
    gap |= obs.terrain[i] == 1 + static_cast<int>(Tile::chasm) ||
           obs.terrain[i] == 1 + static_cast<int>(Tile::water_deep);
  }
  const Game& game = env.game();
  const auto& status = game.state().player.status;
  if (lava && status[static_cast<std::size_t>(game::Status::fire_resistance)] == 0) {
    const int a =
        item_index(ItemVerb::quaff, pack_item(game, ItemClass::potion, "fire_resistance"));
    if (legal(env, a)) return a;
  }
  if ((lava || gap) && status[static_cast<std::size_t>(game::Status::levitation)] == 0) {
    const int a = item_index(ItemVerb::quaff, pack_item(game, ItemClass::potion, "levitation"));
    if (legal(env, a)) return a;
  }
  // Then beside the nearest cell with walls around that it searched fewer than 10 times.
  const auto walls_around = [this](Point p) {
    int walls = 0;
    for (const Point d : k_directions8)
      walls += know_.known(p + d) && !know_.walkable(p + d) ? 1 : 0;
    return walls;
  };
  const std::optional<Point> spot = know_.nearest(
      [&](Point p) { return know_.walkable(p) && walls_around(p) >= 3 && know_.searched(p) < 10; });
  if (!spot) return -1;
  if (*spot == know_.player()) {
    know_.note_search(*spot);
    return k_search;
  }
  return walk_to(env, *spot);
}

}  // namespace yendor::api::bots
