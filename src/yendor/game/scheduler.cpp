// The turn engine: a time scheduler in which the player is one actor among the others
// (FAQ, "battle system": creatures take turns at different rates rather than extra actions
// per turn), and the upkeep at the start of every actor's turn (statuses, poison,
// regeneration, hunger, lava, timed gates). docs/rules.md, "Time and speed".
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

// Nutrition (player turns of food left): hungry below this, weak (no regeneration) at 0,
// starving (1 HP a turn) at k_starving and below.
constexpr int k_hungry = 300;
constexpr int k_starving = -100;
constexpr int k_nutrition_floor = -100000;  // keeps the counter far from overflow
// Lava burns the player for this much (+0..k_lava_extra) at the start of each turn on it.
constexpr int k_lava_damage = 10;
constexpr std::uint32_t k_lava_extra = 6;

bool is_player(const Actor& a) {
  return a.id == k_player_id;
}

std::size_t index(Status s) {
  return static_cast<std::size_t>(s);
}

std::string_view status_end_text(Status s) {
  switch (s) {
    case Status::haste:
      return "You feel yourself slow down.";
    case Status::slow:
      return "You feel yourself speed up.";
    case Status::confusion:
      return "You feel less confused now.";
    case Status::poison:
      return "The poison wears off.";
    case Status::fire_resistance:
      return "You feel warmer.";
    case Status::telepathy:
      return "Your mind closes again.";
    case Status::levitation:
      return "You float gently to the ground.";
    case Status::count:
      break;
  }
  return {};
}

bool poison_immune(const Game& game, const Actor& actor) {
  const MonsterKind* kind = monster_kind(game, actor);
  if (kind == nullptr || kind->race < 0) return false;
  return game.content().races[static_cast<std::size_t>(kind->race)].poison_immune;
}

// Levitation does not run out over a chasm or deep water: the actor keeps floating until it
// is over ground it can stand on (so nobody ever stands where they could not).
bool over_the_void(const Game& game, const Actor& actor) {
  const Tile t = game.level().level.tiles[actor.pos];
  return t == Tile::chasm || t == Tile::water_deep;
}

void count_down_statuses(Game& game, Actor& actor) {
  for (std::size_t i = 0; i < k_status_count; ++i) {
    int& turns = actor.status[i];
    if (turns <= 0) continue;
    if (turns == 1 && i == index(Status::levitation) && over_the_void(game, actor)) continue;
    if (--turns > 0 || !is_player(actor)) continue;
    const auto s = static_cast<Status>(i);
    emit(game, Event{EventKind::status, actor.id, 0, actor.pos, static_cast<int>(i),
                     std::string(status_end_text(s))});
  }
}

// One player turn of hunger. Returns whether the player is too weak to regenerate.
bool hunger(Game& game, Actor& player) {
  int& food = game.state().info.nutrition;
  const int before = food;
  if (food > k_nutrition_floor) --food;
  if (before > k_hungry && food <= k_hungry) message(game, "You are getting hungry.");
  if (before > 0 && food <= 0) message(game, "You feel weak from hunger.");
  if (food <= k_starving) {
    if (before > k_starving) message(game, "You are starving!");
    emit(game, Event{EventKind::damaged, player.id, 0, player.pos, 1, {}});
    damage_actor(game, player, 1, 0, "starvation");
  }
  return food <= 0;
}

void burn_in_lava(Game& game, Actor& player) {
  if (game.level().level.tiles[player.pos] != Tile::lava) return;
  if (player.status[index(Status::levitation)] > 0) return;
  if (player.status[index(Status::fire_resistance)] > 0) return;
  const int amount = k_lava_damage + static_cast<int>(game.state().world_rng.below(k_lava_extra));
  emit(game, Event{EventKind::damaged, player.id, 0, player.pos, amount, "The lava burns you!"});
  damage_actor(game, player, amount, 0, "lava");
}

}  // namespace

bool start_turn(Game& game, Actor& actor) {
  if (actor.hp <= 0 || game.over()) return false;
  const bool poisoned = actor.status[index(Status::poison)] > 0;
  if (poisoned && !poison_immune(game, actor)) {
    emit(game, Event{EventKind::damaged, actor.id, 0, actor.pos, 1, {}});
    damage_actor(game, actor, 1, 0, "poison");
    if (actor.hp <= 0 || game.over()) return false;
  }
  bool weak = false;
  if (is_player(actor)) {
    weak = hunger(game, actor);
    if (actor.hp <= 0 || game.over()) return false;
    burn_in_lava(game, actor);
    if (actor.hp <= 0 || game.over()) return false;
  }
  if (!poisoned && !weak) regenerate(game, actor);
  count_down_statuses(game, actor);
  if (!game.level().closing.empty()) close_due_locks(game);
  return actor.hp > 0;
}

namespace {

// The monsters waiting for their turn: a min-heap of (next_time, id), so a turn of N monsters
// costs O(N log N), not a scan of the level per monster (10,000 monsters: issue 7). Rebuilt
// from the level whenever the monster list changes under it (a death, a monster added, a
// level change); an entry whose monster's clock moved is put back with the new time.
struct Waiting {
  std::int64_t time;
  ActorId id;
  // std::push_heap keeps the largest first: "larger" is later.
  bool operator<(const Waiting& o) const { return time != o.time ? time > o.time : id > o.id; }
};

class TurnQueue {
 public:
  // Sweeps the dead first (between turns, when nothing holds a reference to a monster).
  void rebuild(Game& game) {
    sweep_dead(game);
    level_ = &game.level();
    size_ = level_->monsters.size();
    deaths_ = game.tracking().deaths_recorded();
    heap_.clear();
    for (const Actor& m : level_->monsters)
      heap_.push_back({m.next_time, m.id});
    std::make_heap(heap_.begin(), heap_.end());
  }
  // Whether the level's monster list changed since rebuild().
  bool stale(Game& game) const {
    return level_ != &game.level() || size_ != level_->monsters.size() ||
           deaths_ != game.tracking().deaths_recorded();
  }
  // The monster to act next, if it comes before `player` (the player wins ties: id 1).
  Actor* next_before(Game& game, const Actor& player) {
    while (!heap_.empty()) {
      const Waiting top = heap_.front();
      Actor* m = find_actor(game, top.id);
      std::pop_heap(heap_.begin(), heap_.end());
      heap_.pop_back();
      if (m == nullptr || m->hp <= 0) continue;
      if (m->next_time != top.time) {
        push(*m);
        continue;
      }
      if (top.time < player.next_time || (top.time == player.next_time && top.id < player.id))
        return m;
      push(*m);
      return nullptr;
    }
    return nullptr;
  }
  void push(const Actor& m) {
    heap_.push_back({m.next_time, m.id});
    std::push_heap(heap_.begin(), heap_.end());
  }
  // Software pipelining for big levels, where nearly every read of a turn misses the cache.
  // Monsters due at the same time act in id order, which is the order of the monsters
  // vector, so the ones after the next are most likely its neighbours in the vector. Three
  // stages, each using what the one before loaded a turn earlier: the id lines round the
  // monster acting next (its occupancy bits are in), the terrain and bits round the one after
  // it (its record is in), and the record of the one after that. Hints only: no effect on
  // results.
  void prefetch_upcoming() const {
    if (heap_.empty()) return;
    const Actor* next = find_monster(*level_, heap_[0].id);
    if (next == nullptr) return;
    prefetch_neighbours(*level_, next->pos);
    const auto& monsters = level_->monsters;
    const auto slot = static_cast<std::size_t>(next - monsters.data());
    if (slot + 1 < monsters.size()) prefetch_surroundings(*level_, monsters[slot + 1].pos);
    if (slot + 2 < monsters.size()) prefetch_monster(*level_, monsters[slot + 2].id);
  }

 private:
  std::vector<Waiting> heap_;
  const LevelState* level_ = nullptr;
  std::size_t size_ = 0;
  std::uint64_t deaths_ = 0;
};

}  // namespace

void run_until_player(Game& game) {
  GameState& s = game.state();
  thread_local TurnQueue queue;
  queue.rebuild(game);
  while (!game.over()) {
    if (queue.stale(game)) queue.rebuild(game);
    Actor* next = queue.next_before(game, s.player);
    if (next == nullptr) {
      s.time = std::max(s.time, s.player.next_time);
      start_turn(game, s.player);
      return;
    }
    Actor& monster = *next;
    // A monster whose clock lags (added without a time) starts from now, not with a burst.
    monster.next_time = std::max(monster.next_time, s.time);
    s.time = monster.next_time;
    const ActorId id = monster.id;
    queue.prefetch_upcoming();
    if (start_turn(game, monster)) monster_turn(game, monster);
    // Find it again: a turn may add monsters (and move the vector).
    if (Actor* again = find_actor(game, id); again != nullptr && again->hp > 0) {
      again->next_time += action_delay(*again);
      if (!queue.stale(game)) queue.push(*again);
    } else if (again != nullptr) {
      again->next_time += action_delay(*again);
    }
  }
}

}  // namespace yendor::game
