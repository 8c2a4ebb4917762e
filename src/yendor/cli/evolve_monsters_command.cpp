#include "yendor/cli/evolve_monsters_command.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <stdexcept>

#include "yendor/ai/decision_tree.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/game/game.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/game/world.hpp"

namespace yendor::cli {
namespace {

constexpr std::string_view k_games_stream = "evolve-games";
constexpr std::string_view k_breeding_stream = "evolve-monsters";
constexpr std::string_view k_bot_stream = "bot";
constexpr std::string_view k_arena_stream = "evolve-arena";
// The arena gathers the kind's monsters this near the player (Chebyshev), inside his sight
// radius, so that every game has fights to measure: a random bot alone rarely meets them.
constexpr int k_arena_near = 3;
constexpr int k_arena_far = 8;
// The arena's population entry (the kind names it by index, so the name only shows in
// messages).
constexpr std::string_view k_arena_population = "evolve-monsters-arena";

void check_range(std::string_view option, double value, double lo, double hi) {
  if (!(value >= lo && value <= hi)) {
    char text[160];
    std::snprintf(text, sizeof text, "--%.*s must be from %g to %g; got %g",
                  static_cast<int>(option.size()), option.data(), lo, hi, value);
    throw InputError(text);
  }
}

// A monster's life as last seen: what it had cost the player so far.
struct Life {
  game::ActorId id = 0;
  int damage = 0;
  int turns = 0;
};

void record_lives(const game::Game& g, int kind, std::vector<Life>& lives) {
  for (const game::Actor& m : g.level().monsters) {
    if (m.kind != kind || m.memory.turns_alive <= 0) continue;
    auto it = std::lower_bound(lives.begin(), lives.end(), m.id,
                               [](const Life& l, game::ActorId id) { return l.id < id; });
    if (it == lives.end() || it->id != m.id) it = lives.insert(it, Life{m.id, 0, 0});
    it->damage = m.memory.damage_dealt;
    it->turns = m.memory.turns_alive;
  }
}

// Moves each monster of `kind` to a random free cell near the player (its new home).
void gather_near_player(game::Game& g, int kind, Rng& rng) {
  game::LevelState& level = g.level();
  const Point player = g.state().player.pos;
  std::vector<Point> cells;
  for (game::Actor& m : level.monsters) {
    if (m.kind != kind) continue;
    cells.clear();
    for (int dy = -k_arena_far; dy <= k_arena_far; ++dy)
      for (int dx = -k_arena_far; dx <= k_arena_far; ++dx) {
        const Point p = player + Point{dx, dy};
        if (chebyshev(p, player) < k_arena_near || !level.occupant.in_bounds(p)) continue;
        if (game::occupant_at(level, p) == 0 && game::can_stand(g, level, m, p)) cells.push_back(p);
      }
    if (cells.empty()) continue;
    const Point to = cells[rng.below(static_cast<std::uint32_t>(cells.size()))];
    game::move_actor(g, m, to);
    m.memory.home = to;
  }
}

std::string fitness_text(const EvolveMonstersOptions& o) {
  char text[256];
  std::snprintf(text, sizeof text,
                "mean over the monsters that woke of damage dealt to the player + %g per turn "
                "awake; %d game(s) of %d turns on level 1 against the random bot, the kind "
                "gathered 3-8 cells from him",
                o.turn_weight, o.games, o.turns);
  return text;
}

std::string command_line(const EvolveMonstersOptions& o) {
  char text[256];
  std::snprintf(text, sizeof text,
                "# Written by: yendor evolve-monsters --kind %s --seed '%s' --population %d "
                "--generations %d --tree-depth %d --elitism %s --games %d --turns %d\n",
                o.kind.c_str(), o.seed.c_str(), o.population, o.generations, o.tree_depth,
                o.elitism.c_str(), o.games, o.turns);
  return text;
}

}  // namespace

void validate_evolve_options(const EvolveMonstersOptions& o) {
  if (o.kind.empty()) throw InputError("evolve-monsters needs --kind (a monster kind id)");
  for (const std::string* text : {&o.kind, &o.name, &o.seed})
    for (const char c : *text)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        throw InputError("--kind, --name and --seed must not contain control characters");
  check_range("population", o.population, 3, 10000);
  check_range("generations", o.generations, 0, 100000);
  check_range("tree-depth", o.tree_depth, ai::k_min_genome_depth, ai::k_max_genome_depth);
  try {
    ai::parse_elitism(o.elitism);
  } catch (const InputError& e) {
    throw InputError(std::string("--elitism: ") + e.what());
  }
  check_range("mutation-chance", o.mutation_chance, 0, 1);
  check_range("mutation-genes", o.mutation_genes, 1,
              ai::condition_genes(o.tree_depth) + ai::behaviour_genes(o.tree_depth));
  check_range("games", o.games, 1, 1000);
  check_range("turns", o.turns, 1, 100000);
  check_range("turn-weight", o.turn_weight, 0, 1000);
  if (o.seed.empty()) throw InputError("--seed must not be empty");
}

ArenaGames make_arena(const game::Content& content, const EvolveMonstersOptions& o) {
  const int kind = content.monster_index(o.kind);
  if (kind < 0) {
    std::string known;
    for (const game::MonsterKind& k : content.monsters)
      if (!k.boss && !k.shopkeeper) known += (known.empty() ? "" : ", ") + k.id;
    throw InputError("no monster kind '" + o.kind + "' (kinds: " + known + ")");
  }
  if (content.monsters[static_cast<std::size_t>(kind)].boss ||
      content.monsters[static_cast<std::size_t>(kind)].shopkeeper)
    throw InputError("'" + o.kind + "' is a boss or a shopkeeper: evolve an ordinary kind");
  ArenaGames games;
  games.arena = std::make_shared<game::Content>(content);
  games.kind = kind;
  // The arena: the kind is the only ordinary kind spawned, from level 1.
  for (game::MonsterKind& m : games.arena->monsters)
    if (!m.boss && !m.shopkeeper) m.frequency = 0;
  game::MonsterKind& target = games.arena->monsters[static_cast<std::size_t>(kind)];
  target.frequency = 10;
  target.depth.lo = 1;
  target.brain = "genetic";
  ai::EvolvedPopulation slot;
  slot.name = std::string(k_arena_population);
  games.arena->ai.evolved.push_back(slot);
  games.population = static_cast<int>(games.arena->ai.evolved.size()) - 1;
  target.tactics = slot.name;
  target.tactics_index = games.population;
  const std::uint64_t run_seed = parse_seed(o.seed).value;
  for (int g = 0; g < o.games; ++g)
    games.seeds.push_back(
        Rng::stream_seed(run_seed, k_games_stream, static_cast<std::uint64_t>(g)));
  games.turns = o.turns;
  games.turn_weight = o.turn_weight;
  return games;
}

double measure_genome(ArenaGames& games, const ai::Genome& genome) {
  ai::EvolvedPopulation& slot =
      games.arena->ai.evolved.at(static_cast<std::size_t>(games.population));
  slot.individuals = {ai::Individual{genome, 0}};
  slot.trees = {ai::to_tree(genome, slot.name)};
  game::RandomPlayerOptions bot_options;
  bot_options.descend = false;
  double cost = 0;
  std::size_t monsters = 0;
  std::vector<Life> lives;
  for (const std::uint64_t seed : games.seeds) {
    game::GameOptions options;
    options.seed = seed;
    options.name = "Bot";
    game::Game g(games.arena, options);
    Rng arena = Rng::for_stream(seed, k_arena_stream);
    gather_near_player(g, games.kind, arena);
    Rng bot = Rng::for_stream(seed, k_bot_stream);
    lives.clear();
    record_lives(g, games.kind, lives);
    // Refused actions take no time: cap the steps too (as `yendor play` does).
    const std::int64_t max_steps = std::int64_t{games.turns} * 20 + 1000;
    for (std::int64_t steps = 0;
         !g.over() && g.state().info.turns < games.turns && steps < max_steps; ++steps) {
      g.step(game::random_action(g, bot, bot_options));
      record_lives(g, games.kind, lives);
    }
    for (const Life& l : lives)
      cost += l.damage + games.turn_weight * l.turns;
    monsters += lives.size();
  }
  return monsters == 0 ? 0.0 : cost / static_cast<double>(monsters);
}

EvolveMonstersResult evolve_monsters(
    const game::Content& content, const EvolveMonstersOptions& o,
    const std::function<void(const ai::GenerationStats&)>& progress) {
  validate_evolve_options(o);
  ArenaGames games = make_arena(content, o);
  ai::EvolutionParams params;
  params.depth = o.tree_depth;
  params.population = o.population;
  params.generations = o.generations;
  params.elitism = ai::parse_elitism(o.elitism);
  params.mutation_chance = o.mutation_chance;
  params.mutation_genes = o.mutation_genes;
  Rng rng = Rng::for_stream(parse_seed(o.seed).value, k_breeding_stream);
  std::vector<ai::Individual> population = ai::initial_population(params, rng);
  if (o.tree_depth >= ai::look_and_chase_tree().depth())
    population.front().genome = ai::to_genome(ai::look_and_chase_tree(), o.tree_depth);
  EvolveMonstersResult result;
  result.stats = ai::evolve(
      population, [&](const ai::Genome& g) { return measure_genome(games, g); }, params, rng,
      progress);
  result.population = ai::make_evolved_population(o.name.empty() ? o.kind : o.name,
                                                  std::move(population), params, o.seed);
  result.population.summary =
      "Decision trees evolved for '" + o.kind + "' by yendor evolve-monsters (thesis 4.5).";
  result.population.measured = fitness_text(o);
  return result;
}

void run_evolve_monsters(const EvolveMonstersOptions& o, std::ostream& out, std::ostream& log) {
  validate_evolve_options(o);
  const game::Content content =
      game::load_content(o.content.empty() ? game::default_content_dir() : o.content);
  const EvolveMonstersResult result =
      evolve_monsters(content, o, [&](const ai::GenerationStats& s) {
        char line[160];
        std::snprintf(line, sizeof line,
                      "yendor: evolve-monsters: generation %d/%d: mean %.3f, best %.3f, worst "
                      "%.3f\n",
                      s.generation, o.generations, s.mean, s.best, s.worst);
        log << line << std::flush;
      });
  const std::string text = command_line(o) + ai::write_evolved_population(result.population);
  if (o.output.empty()) {
    out << text;
    return;
  }
  write_file_atomic(o.output, text);
  log << "yendor: evolve-monsters: wrote [evolved." << result.population.name << "] to " << o.output
      << "\n";
}

}  // namespace yendor::cli
