#include "yendor/api/bots/dd_strategy_bot.hpp"

#include <algorithm>

namespace yendor::api::bots {

namespace {

constexpr int k_max_fight_actions = 200;

// Indices of the enabled strategies, highest priority first (ties: the list's order).
template <std::size_t N>
std::vector<int> order_of(const std::array<double, N>& priority, const std::array<bool, N>& on) {
  std::vector<int> out;
  for (std::size_t i = 0; i < N; ++i)
    if (on[i]) out.push_back(static_cast<int>(i));
  std::stable_sort(out.begin(), out.end(), [&](int a, int b) {
    return priority[static_cast<std::size_t>(a)] > priority[static_cast<std::size_t>(b)];
  });
  return out;
}

// The first slot holding a spell with `effect`; -1 when none.
int slot_with(const dd::State& s, const dd::Content& c, dd::SpellEffect effect) {
  for (int i = 0; i < s.hero.glyph_slots; ++i) {
    const int spell = s.hero.glyphs[static_cast<std::size_t>(i)];
    if (spell >= 0 && c.spells[static_cast<std::size_t>(spell)].effect == effect) return i;
  }
  return -1;
}

// The action if the rules accept it now.
std::optional<dd::Action> if_accepted(const dd::State& s, const dd::Content& c, dd::Action a) {
  if (dd::accepts(s, c, a)) return a;
  return std::nullopt;
}

// Whether the monster's next blow would kill the hero (kill protection counts).
bool next_blow_kills(const dd::State& s, const dd::Monster& m) {
  return !s.hero.kill_protect && s.hero.hp <= m.attack;
}

// Whether a bump now leaves the hero alive: it kills first, or survives the blow back.
bool exchange_is_safe(const dd::State& s, const dd::Content& c, const dd::Monster& m) {
  if (dd::hero_strikes_first(s, c, m) && dd::hero_blow(s.hero) >= m.hp) return true;
  return !next_blow_kills(s, m);
}

bool would_take(const dd::State& s, int cell) {
  const auto kind = static_cast<dd::ItemKind>(s.item_at[static_cast<std::size_t>(cell)]);
  if (kind == dd::ItemKind::none) return false;
  if (kind != dd::ItemKind::spell) return true;
  for (int i = 0; i < s.hero.glyph_slots; ++i)
    if (s.hero.glyphs[static_cast<std::size_t>(i)] < 0) return true;
  return false;
}

}  // namespace

DdStrategyBot::DdStrategyBot(const DdGenome& genome)
    : genome_(genome),
      main_order_(order_of(genome.main_priority, genome.main_on)),
      attack_order_(order_of(genome.attack_priority, genome.attack_on)) {}

void DdStrategyBot::start(const DdEnv& /*env*/) {
  plan_.clear();
  uses_.fill(0);
}

dd::Action DdStrategyBot::act(const DdEnv& env) {
  return act(env.state(), env.content());
}

dd::Action DdStrategyBot::act(const dd::State& s, const dd::Content& c) {
  if (auto a = plan_.next(s, c)) return *a;
  auto fresh = decide(s, c);
  if (!fresh) {
    plan_.clear();
    return {dd::ActionKind::give_up};
  }
  return plan_.start(std::move(*fresh), s);
}

std::optional<std::vector<dd::Action>> DdStrategyBot::decide(const dd::State& s,
                                                             const dd::Content& c) {
  int strategy = -1;
  auto plan = first_plan(s, c, strategy);
  if (plan) ++uses_[static_cast<std::size_t>(strategy)];
  return plan;
}

std::optional<std::vector<dd::Action>> DdStrategyBot::first_plan(const dd::State& s,
                                                                 const dd::Content& c,
                                                                 int& strategy) const {
  const DdPaths paths(s);
  for (int k : main_order_)
    if (auto plan = plan_of(k, s, c, paths)) {
      strategy = k;
      return plan;
    }
  return std::nullopt;
}

std::optional<std::vector<dd::Action>> DdStrategyBot::next_plan(const dd::State& s,
                                                                const dd::Content& c) const {
  int strategy = -1;
  return first_plan(s, c, strategy);
}

std::optional<std::vector<dd::Action>> DdStrategyBot::plan_of(int strategy, const dd::State& s,
                                                              const dd::Content& c,
                                                              const DdPaths& paths) const {
  std::vector<dd::Action> out;
  if (!plan_main(strategy, s, c, paths, out) || out.empty()) return std::nullopt;
  return out;
}

bool DdStrategyBot::plan_main(int strategy, const dd::State& s, const dd::Content& c,
                              const DdPaths& paths, std::vector<dd::Action>& plan) const {
  const dd::Hero& h = s.hero;
  const std::string_view name = k_main_strategies[static_cast<std::size_t>(strategy)];
  // Revealed living monsters the hero can stand beside.
  std::vector<int> monsters;
  if (name.rfind("kill_", 0) == 0) {
    for (int i = 0; i < s.monster_count; ++i) {
      const dd::Monster& m = s.monsters[static_cast<std::size_t>(i)];
      int stand = 0, dir = 0;
      if (m.hp > 0 && s.revealed[m.cell] != 0 && paths.stand_beside(m.cell, stand, dir))
        monsters.push_back(i);
    }
  }
  const auto level_of = [&](int i) { return s.monsters[static_cast<std::size_t>(i)].level; };
  const auto xp_of = [&](int i) {
    return dd::kill_xp(level_of(i), h.level, c.classes[h.hero_class]);
  };
  if (name == "pick_up") {
    int best = -1;
    for (int cell = 0; cell < dd::k_cells; ++cell)
      if (paths.reachable(cell) && cell != h.cell && would_take(s, cell) &&
          (best < 0 || paths.distance(cell) < paths.distance(best)))
        best = cell;
    if (best < 0) return false;
    paths.walk_to(best, plan);
    return true;
  }
  if (name == "kill_strongest" || name == "kill_weakest" || name == "kill_most_xp") {
    std::stable_sort(monsters.begin(), monsters.end(), [&](int a, int b) {
      if (name == "kill_weakest") return level_of(a) < level_of(b);
      if (name == "kill_most_xp") return xp_of(a) > xp_of(b);
      return level_of(a) > level_of(b);
    });
    return plan_kill(s, c, paths, monsters, plan);
  }
  if (name == "kill_level_up") {
    const int need = dd::xp_to_next(c, h.level) - h.xp;
    std::erase_if(monsters, [&](int i) { return xp_of(i) < need; });
    std::stable_sort(monsters.begin(), monsters.end(),
                     [&](int a, int b) { return level_of(a) < level_of(b); });
    return plan_kill(s, c, paths, monsters, plan);
  }
  if (name == "explore" || name == "explore_to_heal") {
    if (name == "explore_to_heal" && h.hp >= genome_.heal_below * h.max_hp) return false;
    const int frontier = paths.nearest_frontier();
    if (frontier < 0) return false;
    paths.walk_to(frontier, plan);
    return true;
  }
  if (name == "drink_when_low") {
    if (h.hp >= genome_.drink_below * h.max_hp || h.health_potions <= genome_.potion_reserve)
      return false;
    const dd::Action drink{dd::ActionKind::drink_health};
    if (!dd::accepts(s, c, drink)) return false;
    plan.push_back(drink);
    return true;
  }
  if (name == "convert_glyphs") {
    for (int i = 0; i < h.glyph_slots; ++i) {
      const int spell = h.glyphs[static_cast<std::size_t>(i)];
      if (spell >= 0 && spell < k_max_genome_spells &&
          genome_.convert[static_cast<std::size_t>(spell)]) {
        plan.push_back(dd::convert_action(i));
        return true;
      }
    }
    return false;
  }
  if (name == "keep_protected") {
    const int slot = slot_with(s, c, dd::SpellEffect::kill_protect);
    if (slot < 0 || !dd::accepts(s, c, dd::cast_action(slot))) return false;
    plan.push_back(dd::cast_action(slot));
    return true;
  }
  return false;
}

bool DdStrategyBot::plan_kill(const dd::State& s, const dd::Content& c, const DdPaths& paths,
                              std::vector<int> monsters, std::vector<dd::Action>& plan) const {
  for (int i : monsters)
    if (auto fight = plan_fight(s, c, paths, i)) {
      plan = std::move(*fight);
      return true;
    }
  return false;
}

std::optional<std::vector<dd::Action>> DdStrategyBot::plan_fight(const dd::State& s,
                                                                 const dd::Content& c,
                                                                 const DdPaths& paths,
                                                                 int monster) const {
  const dd::Monster& target = s.monsters[static_cast<std::size_t>(monster)];
  int stand = 0, dir = 0;
  if (!paths.stand_beside(target.cell, stand, dir)) return std::nullopt;
  std::vector<dd::Action> actions;
  paths.walk_to(stand, actions);
  dd::State sim = s;
  for (const dd::Action& a : actions)
    if (dd::step(sim, c, a) != dd::Refusal::none) return std::nullopt;
  Budget budget{genome_.health_potions[static_cast<std::size_t>(target.level - 1)],
                genome_.mana_potions[static_cast<std::size_t>(target.level - 1)]};
  for (int n = 0; n < k_max_fight_actions; ++n) {
    const std::optional<dd::Action> a = attack_step(sim, c, monster, budget);
    if (!a) return std::nullopt;
    // Aim bumps at the target (the strategies say "attack", the walk says where it stands).
    dd::Action action = *a;
    if (action.kind == dd::ActionKind::move) action = dd::move_action(dir);
    if (dd::step(sim, c, action) != dd::Refusal::none) return std::nullopt;
    actions.push_back(action);
    if (sim.outcome == dd::Outcome::died) return std::nullopt;
    if (sim.monsters[static_cast<std::size_t>(monster)].hp == 0) return actions;
  }
  return std::nullopt;
}

std::optional<dd::Action> DdStrategyBot::attack_step(const dd::State& sim, const dd::Content& c,
                                                     int monster, Budget& budget) const {
  for (int strategy : attack_order_)
    if (auto a = attack_strategy(strategy, sim, c, monster, budget)) {
      if (a->kind == dd::ActionKind::drink_health) --budget.health;
      if (a->kind == dd::ActionKind::drink_mana) --budget.mana;
      return a;
    }
  return std::nullopt;
}

std::optional<dd::Action> DdStrategyBot::attack_strategy(int strategy, const dd::State& s,
                                                         const dd::Content& c, int monster,
                                                         Budget& budget) const {
  const dd::Monster& m = s.monsters[static_cast<std::size_t>(monster)];
  const dd::Hero& h = s.hero;
  const std::string_view name = k_attack_strategies[static_cast<std::size_t>(strategy)];
  const int fireball = slot_with(s, c, dd::SpellEffect::fireball);
  const dd::Action bump = dd::move_action(0);  // aimed by plan_fight
  if (name == "fireball" || name == "fireball_to_finish") {
    if (fireball < 0) return std::nullopt;
    const int spell = h.glyphs[static_cast<std::size_t>(fireball)];
    if (name == "fireball_to_finish" && dd::fireball_damage(s, c, spell, m) < m.hp)
      return std::nullopt;
    return if_accepted(s, c, dd::cast_action(fireball, m.cell));
  }
  if (name == "attack") return bump;
  if (name == "attack_if_safe")
    return exchange_is_safe(s, c, m) ? std::optional(bump) : std::nullopt;
  if (name == "attack_if_first")
    return dd::hero_strikes_first(s, c, m) ? std::optional(bump) : std::nullopt;
  if (name == "health_potion" || name == "health_potion_if_dying") {
    if (budget.health <= 0) return std::nullopt;
    if (name == "health_potion_if_dying" && !next_blow_kills(s, m)) return std::nullopt;
    return if_accepted(s, c, {dd::ActionKind::drink_health});
  }
  if (name == "mana_potion") {
    if (budget.mana <= 0 || fireball < 0) return std::nullopt;
    if (h.mana >= dd::spell_cost(c, h, h.glyphs[static_cast<std::size_t>(fireball)]))
      return std::nullopt;
    return if_accepted(s, c, {dd::ActionKind::drink_mana});
  }
  if (name == "first_strike") {
    const int slot = slot_with(s, c, dd::SpellEffect::first_strike);
    if (slot < 0 || dd::hero_strikes_first(s, c, m) || dd::hero_blow(h) < m.hp) return std::nullopt;
    return if_accepted(s, c, dd::cast_action(slot));
  }
  if (name == "power_strike") {
    const int slot = slot_with(s, c, dd::SpellEffect::power_strike);
    if (slot < 0 || h.power_strike > 0) return std::nullopt;
    const int amount =
        c.spells[static_cast<std::size_t>(h.glyphs[static_cast<std::size_t>(slot)])].amount;
    const int strong = h.attack * (100 + amount) / 100;
    if (dd::hero_blow(h) >= m.hp || strong < m.hp) return std::nullopt;
    return if_accepted(s, c, dd::cast_action(slot));
  }
  if (name == "kill_protect") {
    const int slot = slot_with(s, c, dd::SpellEffect::kill_protect);
    if (slot < 0 || !next_blow_kills(s, m)) return std::nullopt;
    return if_accepted(s, c, dd::cast_action(slot));
  }
  if (name == "heal") {
    const int slot = slot_with(s, c, dd::SpellEffect::heal);
    if (slot < 0 || 2 * h.hp >= h.max_hp) return std::nullopt;
    return if_accepted(s, c, dd::cast_action(slot));
  }
  if (name == "convert_for_potion") {
    const dd::Race& race = c.races[h.race];
    const bool health = race.bonus == dd::RaceBonus::health_potion && h.health_potions == 0 &&
                        budget.health > 0 && next_blow_kills(s, m);
    const bool mana = race.bonus == dd::RaceBonus::mana_potion && h.mana_potions == 0 &&
                      budget.mana > 0 && fireball >= 0;
    if (!health && !mana) return std::nullopt;
    for (int i = 0; i < h.glyph_slots; ++i)
      if (i != fireball && h.glyphs[static_cast<std::size_t>(i)] >= 0) return dd::convert_action(i);
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace yendor::api::bots
