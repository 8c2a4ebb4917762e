// The dungeon of levels: which generator makes each depth (the recipe), making levels,
// starting a game, moving between levels and catching up a level left behind.
// Population lives in spawn.cpp. docs/rules.md, "The dungeon".
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/spawn.hpp"
#include "yendor/game/world.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::game {
namespace {

// Where the player arrives: the stairs (or the first cell to stand on when the level has
// none), or the nearest free cell when someone stands there.
Point arrival_cell(const Game& game, const LevelState& level, std::optional<Point> stairs) {
  const Actor& player = game.state().player;
  Point from{};
  if (stairs) {
    from = *stairs;
  } else {
    bool found = false;
    for (int y = 0; y < level.level.height() && !found; ++y)
      for (int x = 0; x < level.level.width() && !found; ++x)
        if (can_stand(game, level, player, {x, y})) {
          from = {x, y};
          found = true;
        }
  }
  if (const auto free = nearest_free_cell(game, level, player, from)) return *free;
  throw std::logic_error("change_level: no free cell for the player on level " +
                         std::to_string(level.depth));
}

void place_player(Game& game, LevelState& level, Point p) {
  Actor& player = game.state().player;
  player.pos = p;
  level.occupant.set(p, k_player_id);
  level.left_at = -1;
}

// The level the player returns to after it was left at left_at: its monsters live the turns
// that passed, at most the recipe's catch_up_turns (the FAQ's "stuff happening far from the
// player"). Every living monster regenerates once per action its speed gives it; awake,
// hostile ones take a random step per action onto a free cell they may stand on; nobody
// senses the player (who is not there yet). Timed gates whose time came close. The current
// level must already be `level` (move_actor and close_due_locks work on it).
void catch_up(Game& game, LevelState& level) {
  GameState& s = game.state();
  const std::int64_t elapsed = level.left_at < 0 ? 0 : (s.time - level.left_at) / k_turn_ticks;
  const auto turns = static_cast<int>(
      std::clamp<std::int64_t>(elapsed, 0, std::max(game.content().dungeon.catch_up_turns, 0)));
  std::vector<int> credit(level.monsters.size(), 0);
  for (int turn = 0; turn < turns; ++turn) {
    for (std::size_t i = 0; i < level.monsters.size(); ++i) {
      Actor& m = level.monsters[i];
      if (m.hp <= 0) continue;
      // One action per k_normal_speed of speed (haste and slow count): turns * speed / 100.
      credit[i] += std::max(effective_speed(m), 1);
      while (credit[i] >= k_normal_speed) {
        credit[i] -= k_normal_speed;
        regenerate(game, m);
        if (!m.memory.awake || m.peaceful) continue;
        const Point to = m.pos + k_directions8[s.ai_rng.below(8)];
        if (can_stand(game, level, m, to) && occupant_at(level, to) == 0 &&
            lock_allows_step(game, m.pos, to))
          move_actor(game, m, to);
      }
    }
  }
  // Gates fell shut far from the player: nobody heard them, so no messages.
  const std::size_t events = game.events().size();
  close_due_locks(game);
  std::size_t said = 0;
  for (std::size_t i = events; i < game.events().size(); ++i)
    said += game.events()[i].text.empty() ? 0 : 1;
  s.messages.drop_newest(said);
  game.events().resize(std::min(events, game.events().size()));
  for (Actor& m : level.monsters)
    if (m.hp > 0) m.next_time = s.time + action_delay(m);
}

}  // namespace

LevelRecipe level_recipe(const Content& content, const DungeonSetup& setup, std::uint64_t seed,
                         int depth) {
  if (depth < 1) throw InputError("level depth " + std::to_string(depth) + " is below 1");
  const DepthBand& band = band_for(content, depth);
  std::vector<std::uint32_t> weights;
  std::uint64_t total = 0;
  for (const LevelChoice& choice : band.levels) {
    const auto w = static_cast<std::uint32_t>(std::max(choice.weight, 0));
    weights.push_back(w);
    total += w;
  }
  if (total == 0)
    throw InputError("dungeon recipe: the band of depth " + std::to_string(depth) +
                     " has no level choice with a positive weight");
  // Its own stream, so the choice never depends on anything else drawn for the level.
  Rng rng = Rng::for_stream(seed, "recipe", static_cast<std::uint64_t>(depth));
  const LevelChoice& choice = band.levels[rng.weighted_index(weights)];

  LevelRecipe recipe;
  recipe.generator = choice.generator;
  recipe.params = choice.params;
  recipe.seed = seed;
  recipe.size = setup.size == Size{} ? content.dungeon.size : setup.size;
  if (!setup.generator.empty()) {
    // One generator for every level: its own defaults; the band's features still come (a
    // feature a generator's level cannot hold is skipped by the feature passes).
    const Generator& g = builtin_generators().get(setup.generator);
    recipe.generator = g.info().name;
    recipe.params = g.info().schema.parse(g.info().name, {});
  }
  recipe.depth = depth;
  recipe.motif = choice.motif;
  recipe.features = choice.features;
  // generate_level accepts 1..k_max_difficulty: deep levels of a steep recipe saturate.
  const std::int64_t difficulty =
      std::int64_t{depth} * std::max(content.dungeon.difficulty_per_depth, 0);
  recipe.difficulty = static_cast<int>(std::clamp<std::int64_t>(difficulty, 1, k_max_difficulty));
  recipe.unique_rate = 1.0;
  return recipe;
}

Level build_level(const LevelRecipe& recipe) {
  const Generator& generator = builtin_generators().get(recipe.generator);
  GenerateOptions options;
  options.depth = recipe.depth;
  options.verify = true;
  options.motif = recipe.motif;
  options.unique_rate = recipe.unique_rate;
  options.difficulty = recipe.difficulty;
  options.features = recipe.features;
  return generate_level(generator, recipe.size, recipe.seed, recipe.params, options);
}

LevelState& make_level(Game& game, int depth) {
  GameState& s = game.state();
  if (depth < 1 || static_cast<std::size_t>(depth) > s.dungeon.size())
    throw std::logic_error("make_level: no level " + std::to_string(depth));
  LevelState& level = s.dungeon[static_cast<std::size_t>(depth - 1)];
  level = LevelState{};
  level.depth = depth;
  level.recipe = level_recipe(game.content(), s.setup, s.seed, depth);
  level.level = build_level(level.recipe);
  level.lock_open.assign(level.level.meta.locks.size(), 0);
  level.occupant = Occupancy(level.level.size());
  level.opacity = fov::OpacityMap::from_tiles(level.level.tiles);
  populate_level(game, level);
  trim_level_meta(level.level.meta);
  return level;
}

void trim_level_meta(LevelMeta& meta) {
  meta.params = ParamSet{};
  meta.passes = {};
  meta.corridors = {};
  meta.doors = {};
  meta.regions = {};
  meta.features = {};
  meta.partitions = {};
  meta.mission = MissionGraph{};
  meta.cycles = {};
}

void start_new_game(Game& game, const GameOptions& options) {
  const Content& content = game.content();
  const int most = content.dungeon.levels;
  const int levels = options.levels == 0 ? most : options.levels;
  if (levels < 1 || levels > most)
    throw InputError("levels " + std::to_string(options.levels) + " is outside 1.." +
                     std::to_string(most) + " (the dungeon recipe's levels)");
  validate_setup(options.setup);
  if (options.start_depth < 1 || options.start_depth > levels)
    throw InputError("start_depth " + std::to_string(options.start_depth) + " is outside 1.." +
                     std::to_string(levels) + " (the dungeon's levels)");
  std::vector<int> kit;
  for (const std::string& id : content.dungeon.start_items) {
    const int kind = content.item_index(id);
    if (kind < 0) throw InputError("dungeon recipe: start item '" + id + "' is not an item kind");
    kit.push_back(kind);
  }

  GameState& s = game.state();
  s = GameState();
  s.seed = options.seed;
  s.levels = levels;
  s.setup = options.setup;
  s.depth = 1;
  s.time = 0;
  s.combat_rng = Rng::for_stream(options.seed, stream::combat);
  s.ai_rng = Rng::for_stream(options.seed, stream::ai);
  s.world_rng = Rng::for_stream(options.seed, "world");
  LevelState unmade;
  unmade.depth = 0;  // made when first entered
  s.dungeon.assign(static_cast<std::size_t>(levels), unmade);
  s.player = make_player(content, options.name);
  s.player.id = k_player_id;
  s.player.next_time = 0;
  s.info.name = options.name;
  s.info.deepest = 1;

  // The starting kit first (item ids 1..), then the level.
  for (int kind : kit)
    add_to_inventory(game, s.player, make_item(game, kind, 1));
  for (const Item& item : s.player.inventory) {
    const ItemClass c = content.items[static_cast<std::size_t>(item.kind)].item_class;
    if (c == ItemClass::weapon && s.player.wielded == 0) s.player.wielded = item.id;
    if (c == ItemClass::armour && s.player.worn == 0) s.player.worn = item.id;
  }

  LevelState& level = make_level(game, 1);
  place_player(game, level, arrival_cell(game, level, level.level.meta.stairs.up));
}

void change_level(Game& game, int depth, bool going_down) {
  GameState& s = game.state();
  if (depth < 1 || depth > s.levels || static_cast<std::size_t>(depth) > s.dungeon.size())
    throw std::logic_error("change_level: no level " + std::to_string(depth));
  LevelState& old = game.level();
  old.left_at = s.time;
  if (old.occupant.in_bounds(s.player.pos) && old.occupant[s.player.pos] == k_player_id)
    old.occupant.set(s.player.pos, 0);

  LevelState& level = s.dungeon[static_cast<std::size_t>(depth - 1)];
  s.depth = depth;  // the current level from here on (catch-up moves monsters on it)
  if (level.depth == 0)
    make_level(game, depth);
  else
    catch_up(game, level);

  const Stairs& stairs = level.level.meta.stairs;
  place_player(game, level, arrival_cell(game, level, going_down ? stairs.up : stairs.down));
  s.info.deepest = std::max(s.info.deepest, depth);
  const std::string text = (going_down ? "You descend to level " : "You climb up to level ") +
                           std::to_string(depth) + ".";
  emit(game, Event{EventKind::depth_changed, k_player_id, 0, s.player.pos, depth, text});
  game.update_view();
}

}  // namespace yendor::game
