// The `yendor` command. Exit codes: 0 success, 2 bad input (arguments, values, files),
// 3 a generator broke its guarantee (a bug: please report the printed seed), 1 anything else
// (and a replay that diverges).

#include <unistd.h>
#include <CLI/CLI.hpp>

#include <iostream>

#include "yendor/cli/ai_command.hpp"
#include "yendor/cli/analyze_command.hpp"
#include "yendor/cli/bench_ai_command.hpp"
#include "yendor/cli/bench_gen_command.hpp"
#include "yendor/cli/bench_report_command.hpp"
#include "yendor/cli/bot_command.hpp"
#include "yendor/cli/eval_command.hpp"
#include "yendor/cli/evolve_command.hpp"
#include "yendor/cli/evolve_monsters_command.hpp"
#include "yendor/cli/fov_command.hpp"
#include "yendor/cli/gen_command.hpp"
#include "yendor/cli/path_command.hpp"
#include "yendor/cli/plan_command.hpp"
#include "yendor/cli/play_command.hpp"
#include "yendor/cli/replay_command.hpp"
#include "yendor/cli/serve_command.hpp"
#include "yendor/cli/view_command.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/freed_memory.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/gen/generate.hpp"

namespace {

constexpr int k_exit_input = 2;
constexpr int k_exit_bug = 3;

// `yendor analyze`: its options, kept apart from `gen`'s.
CLI::App* add_analyze_command(CLI::App& app, yendor::cli::AnalyzeOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "analyze", "measure a map, a generator over many seeds, or every generator (--compare)");
  cmd->add_option("target", options.target, "generator name, or a map file (.json or .txt)");
  cmd->add_option("--seed", options.seed, "one generated map: a number or any text (default 1)");
  cmd->add_option("--seeds", options.seeds,
                  "seed range A..B: summary and variability (--compare: default 1..100)");
  cmd->add_option("--size", options.size, "map size WIDTHxHEIGHT (default 80x50)");
  cmd->add_option("--set", options.sets, "generator parameter key=value (repeatable)");
  cmd->add_option("--format", options.format, "text or json (default text)");
  cmd->add_option("--csv", options.csv, "with --seeds: write every map's metrics to this CSV");
  cmd->add_option("--heatmap", options.heatmap,
                  "with --seeds: expressive-range heat map of two metrics X,Y (needs -o)");
  cmd->add_option("--bins", options.bins, "heat-map bins per axis, 2-200 (default 40)");
  cmd->add_option("-o,--output", options.output, "the heat map's PNG file");
  cmd->add_option("--feature", options.features,
                  "feature pass NAME[:key=value,...] on generated maps (repeatable, in order)");
  cmd->add_option("--motif", options.motif, "motif of generated maps (default dungeon)");
  cmd->add_option("--depth", options.depth, "dungeon depth of generated maps, 1-1000");
  cmd->add_option("--difficulty", options.difficulty, "difficulty of generated maps, 1-100");
  cmd->add_option("--unique-rate", options.unique_rate, "unique-feature rate of generated maps");
  cmd->add_flag("--compare", options.compare,
                "every generator with its defaults, as a Markdown table (thesis Table 3.1)");
  return cmd;
}

// The map options `fov` and `path` share: generated like `gen`, or read from a file.
void add_map_source_options(CLI::App* cmd, yendor::cli::MapSource& source) {
  cmd->add_option("--gen", source.gen, "generate the map with this generator ('yendor gen list')");
  cmd->add_option("--map", source.map, "read the map from a .json or .txt file");
  cmd->add_option("--size", source.size, "generated map size WIDTHxHEIGHT (default 80x50)");
  cmd->add_option("--seed", source.seed, "generated map seed: a number or any text (default 1)");
  cmd->add_option("--set", source.sets, "generator parameter key=value (repeatable)");
}

void add_picture_options(CLI::App* cmd, std::string& output, std::string& format, int& scale) {
  cmd->add_option("-o,--output", output, "output file (default: txt on stdout)");
  cmd->add_option("--format", format, "txt or png (default: from -o's extension)");
  cmd->add_option("--scale", scale, "png pixels per cell, 1-32 (default 4)");
}

// `yendor fov`: its options.
CLI::App* add_fov_command(CLI::App& app, yendor::cli::FovCommandOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "fov", "what a viewer sees on a map ('yendor fov list' lists the algorithms)");
  cmd->add_option("algorithm", options.algorithm,
                  "symmetric (default), recursive, permissive, raycast, or 'list'");
  add_map_source_options(cmd, options.source);
  cmd->add_option("--at", options.at, "the viewer's cell X,Y (default: the up stairs)");
  cmd->add_option("--radius", options.radius, "sight radius in cells; 0 = unlimited (default)");
  cmd->add_option("--shape", options.shape, "circle or square (default circle)");
  cmd->add_flag("--no-light-walls", options.no_light_walls,
                "show only the transparent cells in view, not the walls");
  add_picture_options(cmd, options.output, options.format, options.scale);
  cmd->add_flag("--markdown", options.markdown, "with 'list': print docs/fov-algorithms.md");
  return cmd;
}

// `yendor path`: its options.
CLI::App* add_path_command(CLI::App& app, yendor::cli::PathCommandOptions& options) {
  CLI::App* cmd = app.add_subcommand("path", "a path between two cells of a map, drawn on it");
  add_map_source_options(cmd, options.source);
  cmd->add_option("--from", options.from, "start cell X,Y (default: the up stairs)");
  cmd->add_option("--to", options.to, "goal cell X,Y (default: the down stairs)");
  cmd->add_option("--algorithm", options.algorithm,
                  "astar (default; jump points where every step costs the same), astar-plain "
                  "(cell by cell), bfs, dijkstra, hierarchical or euclid");
  cmd->add_option("--connectivity", options.connectivity, "4 or 8 (default 8)");
  cmd->add_option("--corners", options.corners,
                  "diagonal steps around wall corners: allowed, one_side or never (default)");
  cmd->add_option("--diagonal-weight", options.diagonal_weight,
                  "a diagonal step's weight, an orthogonal one weighing 1 (default 1)");
  add_picture_options(cmd, options.output, options.format, options.scale);
  return cmd;
}

// `yendor play`: its options.
CLI::App* add_play_command(CLI::App& app, yendor::cli::PlayOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "play",
      "play the game in the terminal (or, with --headless, let a bot play); games are saved in "
      "a game directory (--dir)");
  cmd->add_flag("--headless", options.headless, "no terminal: a bot plays (needs --bot)");
  cmd->add_option("--bot", options.bot, "who plays headless: random");
  cmd->add_option("--seed", options.seed,
                  "a new game's seed: a number or any text (default: random)");
  cmd->add_option("--turns", options.turns,
                  "play at most this many turns, then save (default 1000)");
  cmd->add_option("--dir", options.dir,
                  "game directory: save, replays, scores, morgues (default $YENDOR_HOME, "
                  "$XDG_DATA_HOME/yendor or ~/.local/share/yendor)");
  cmd->add_option("--name", options.name, "the character's name (default Adventurer)");
  cmd->add_option("--content", options.content, "game content directory (default data/game)");
  cmd->add_option("--difficulty", options.difficulty,
                  "a new game's difficulty: easy, normal or hard (default normal)");
  cmd->add_option("--generator", options.generator,
                  "a new game's levels all by this generator (default: the dungeon recipe's)");
  cmd->add_option("--size", options.size,
                  "a new game's map size WIDTHxHEIGHT, 40x24 to 400x400 (default the recipe's)");
  return cmd;
}

// `yendor view`: its options.
CLI::App* add_view_command(CLI::App& app, yendor::cli::ViewCommandOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "view", "browse a generator's maps in the terminal: seeds, generators, parameters, overlays");
  cmd->add_option("generator", options.generator, "the generator to start with ('yendor gen list')")
      ->required();
  cmd->add_option("--seed", options.seed, "the first seed: a number or any text (default: random)");
  cmd->add_option("--size", options.size, "map size WIDTHxHEIGHT (default 80x50)");
  cmd->add_option("--set", options.sets, "a parameter, key=value (repeatable)");
  cmd->add_option("--save-dir", options.save_dir, "where the s key saves maps (default .)");
  return cmd;
}

// `yendor replay`: its options.
CLI::App* add_replay_command(CLI::App& app, yendor::cli::ReplayCommandOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "replay", "watch a recorded game in the terminal, or verify it with --headless");
  cmd->add_option("file", options.file, "the replay file")->required();
  cmd->add_flag("--headless", options.headless,
                "re-run it without showing and check that it reaches the same end");
  cmd->add_option("--speed", options.speed, "actions per second, 0.5 to 1000 (default 10)")
      ->check(CLI::Range(0.5, 1000.0));
  cmd->add_flag("--paused", options.paused, "start paused (space plays, . steps)");
  cmd->add_option("--content", options.content,
                  "the content it was recorded with (default data/game)");
  return cmd;
}

// `yendor serve`: its options.
CLI::App* add_serve_command(CLI::App& app, yendor::cli::ServeOptions& options) {
  CLI::App* cmd =
      app.add_subcommand("serve",
                         "the agent environment over JSON: --stdio, --tcp PORT or --ws PORT "
                         "(docs/protocol.md)");
  cmd->add_flag("--stdio", options.stdio, "one session on standard input and output");
  cmd->add_option("--tcp", options.tcp, "listen for newline-delimited JSON on this TCP port");
  cmd->add_option("--ws", options.ws, "listen for WebSocket connections on this port");
  cmd->add_option("--host", options.host, "the address to listen on (default 127.0.0.1)");
  cmd->add_option("--max-connections", options.max_connections,
                  "connections served at once (default 64)");
  cmd->add_option("--max-message", options.max_message,
                  "bytes per message; longer ones get a too_large error (default 1048576)");
  cmd->add_option("--threads", options.threads, "threads serving connections (default 2)");
  cmd->add_option("--content", options.content, "content directory (default data/game)");
  return cmd;
}

// `yendor evolve-monsters`: its options.
CLI::App* add_evolve_monsters_command(CLI::App& app, yendor::cli::EvolveMonstersOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "evolve-monsters",
      "evolve decision trees for a monster kind by headless games (thesis 4.5); writes "
      "[evolved.NAME]");
  cmd->add_option("--kind", options.kind, "the monster kind id (required)");
  cmd->add_option("--name", options.name, "the population's name (default: the kind id)");
  cmd->add_option("-o,--output", options.output, "the TOML file to write (default: stdout)");
  cmd->add_option("--seed", options.seed, "a number or any text (default 1)");
  cmd->add_option("--population", options.population, "individuals, 3-10000 (default 16)");
  cmd->add_option("--generations", options.generations, "generations (default 10)");
  cmd->add_option("--tree-depth", options.tree_depth, "the trees' depth, 1-6 (default 3)");
  cmd->add_option("--elitism", options.elitism, "normal, small or slight (Table 4.2)");
  cmd->add_option("--mutation-chance", options.mutation_chance,
                  "how often a child mutates, 0-1 (default 0.3)");
  cmd->add_option("--mutation-genes", options.mutation_genes,
                  "genes a mutation redraws (default 1)");
  cmd->add_option("--games", options.games, "games per measurement (default 3)");
  cmd->add_option("--turns", options.turns, "player turns per game (default 300)");
  cmd->add_option("--turn-weight", options.turn_weight,
                  "fitness per turn a monster stays awake (default 0.005)");
  cmd->add_option("--content", options.content, "game content directory (default data/game)");
  return cmd;
}

// `yendor bot`: its options.
CLI::App* add_bot_command(CLI::App& app, yendor::cli::BotCommandOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "bot", "games played by a bot: win rate, experience, turns ('yendor bot list')");
  cmd->add_option("bot", options.bot, "the bot's name, or 'list'")->required();
  cmd->add_option("--rules", options.rules, "the ruleset: dd (default) or main");
  cmd->add_option("--games", options.games, "games to play (default 100)");
  cmd->add_option("--seed", options.seed, "the first game's seed, a number or text (default 1)");
  cmd->add_option("--race", options.race, "the hero's race (default human)");
  cmd->add_option("--class", options.hero_class, "the hero's class (default fighter)");
  cmd->add_option("--generator", options.generator, "the terrain's generator (default: recipe's)");
  cmd->add_option("--set", options.sets, "a bot parameter key=value (repeatable)");
  cmd->add_option("--genome", options.genome, "the genome file (evolved)");
  cmd->add_option("--csv", options.csv, "write one row per game to this file");
  cmd->add_option("--threads", options.threads, "games played at once (default 1)");
  cmd->add_option("--action-limit", options.action_limit,
                  "actions before a game is cut (default: dd 5000, main 20000)");
  cmd->add_flag("--watch", options.watch, "show the first game in the terminal, frame by frame");
  cmd->add_flag("--require-winnable", options.require_winnable,
                "only levels the omniscient search bot wins (others: the seed's next candidate)");
  cmd->add_option("--delay", options.delay_ms, "milliseconds between --watch frames");
  cmd->add_flag("--markdown", options.markdown, "with 'list': the bots as a Markdown table");
  cmd->add_option("--content", options.content,
                  "the ruleset's content (default data/dd or data/game)");
  return cmd;
}

// `yendor evolve`: its options.
CLI::App* add_evolve_command(CLI::App& app, yendor::cli::EvolveCommandOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "evolve", "evolve a strategy bot (the DD paper's section 4); runs under mpirun too");
  cmd->add_option("--rules", options.rules, "the ruleset: dd (default) or main");
  cmd->add_option("--action-limit", options.action_limit,
                  "actions before a game is cut (default: dd 5000, main 20000)");
  cmd->add_option("--population", options.population, "individuals (default 100)");
  cmd->add_option("--generations", options.generations, "generations (default 30)");
  cmd->add_option("--runs", options.runs, "games per fitness measurement (default 3)");
  cmd->add_option("--elites", options.elites, "the best kept unchanged (default 2)");
  cmd->add_option("--mutation-rate", options.mutation_rate, "chance per gene (default 0.05)");
  cmd->add_option("--smart-share", options.smart_share,
                  "children given the smart mutation (default 0.05)");
  cmd->add_option("--validate", options.validate_games,
                  "games measuring the candidates at the end (default 300)");
  cmd->add_option("--seed", options.seed, "a number or any text (default 1)");
  cmd->add_option("--race", options.race, "the hero's race (default human)");
  cmd->add_option("--class", options.hero_class, "the hero's class (default fighter)");
  cmd->add_option("--generator", options.generator, "the terrain's generator (default: recipe's)");
  cmd->add_option("-o,--output", options.output, "the genome file to write (default evolved.toml)");
  cmd->add_option("--checkpoint", options.checkpoint,
                  "written after every generation (default evolve-checkpoint.json)");
  cmd->add_option("--resume", options.resume, "go on from a checkpoint");
  cmd->add_option("--threads", options.threads, "threads per process (default 1)");
  cmd->add_option("--stop-after", options.stop_after, "stop after this many generations");
  cmd->add_option("--content", options.content,
                  "the ruleset's content (default data/dd or data/game)");
  return cmd;
}

// `yendor eval`: its options.
CLI::App* add_eval_command(CLI::App& app, yendor::cli::EvalCommandOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "eval", "judge generators by a bot's games on their levels (dd rules); runs under mpirun");
  cmd->add_option("--bot", options.bot, "the bot (default search)");
  cmd->add_option("--set", options.sets, "a bot parameter key=value (repeatable)");
  cmd->add_option("--generators", options.generators, "g1,g2,... (default dd)");
  cmd->add_option("--seeds", options.seeds, "A..B, the games of each generator (default 1..100)");
  cmd->add_option("--race", options.race, "the hero's race (default human)");
  cmd->add_option("--class", options.hero_class, "the hero's class (default fighter)");
  cmd->add_flag("--require-winnable", options.require_winnable,
                "only levels the omniscient search bot wins");
  cmd->add_option("--csv", options.csv, "one row per generator to this file");
  cmd->add_option("--threads", options.threads, "threads per process (default 1)");
  cmd->add_option("--action-limit", options.action_limit,
                  "actions before a game is cut (default: dd 5000, main 20000)");
  cmd->add_option("--content", options.content,
                  "the ruleset's content (default data/dd or data/game)");
  return cmd;
}

// `yendor ai list`: its options.
struct AiListOptions {
  bool markdown = false;
  std::string content;  // empty: the shipped content
};

CLI::App* add_ai_command(CLI::App& app, AiListOptions& options) {
  CLI::App* ai = app.add_subcommand("ai", "monster brains: 'yendor ai list'");
  ai->require_subcommand(1);
  CLI::App* list = ai->add_subcommand(
      "list", "the brains, conditions and behaviours, the AI library and each kind's brain");
  list->add_flag("--markdown", options.markdown, "print docs/ai-reference.md (code only)");
  list->add_option("--content", options.content,
                   "game content directory (default: the shipped data/game)");
  return list;
}

void run_ai_list(const AiListOptions& options) {
  if (options.markdown) {
    if (!options.content.empty())
      throw yendor::InputError("--markdown lists the code only: no --content");
    yendor::cli::print_brain_markdown(yendor::ai::builtin_brains(), std::cout);
    return;
  }
  yendor::cli::print_brain_list(yendor::ai::builtin_brains(), std::cout);
  const std::string dir =
      options.content.empty() ? yendor::game::default_content_dir() : options.content;
  std::cout << '\n';
  yendor::cli::print_content_brains(yendor::game::load_content(dir), std::cout);
}

// `yendor bench ai`: its options, under `bench`, which groups the benchmarks.
CLI::App* add_bench_ai_command(CLI::App& bench, yendor::cli::BenchAiOptions& options) {
  CLI::App* cmd = bench.add_subcommand(
      "ai", "monster AI speed, thesis 5.5: N actors chase a still player, one turn timed (CSV)");
  cmd->add_option("--method", options.methods,
                  "euclid, bfs, bfs_fov, astar, dijkstra, a brain name, paths, brains or all "
                  "(default; repeatable, comma lists)")
      ->delimiter(',');
  cmd->add_option("--actors", options.actors,
                  "actor counts: N, A..B or A..B:STEP, comma-separated (default 10..200:10 on "
                  "200x200, then 1000,10000 on 1000x1000)");
  cmd->add_option("--size", options.size, "arena size WIDTHxHEIGHT (default 200x200)");
  cmd->add_option("--reps", options.reps, "timed turns per method and count (default 20)");
  cmd->add_option("--seed", options.seed, "arena and crowd: a number or any text (default 1)");
  cmd->add_option("--out", options.out, "write the CSV to this file (default stdout)");
  cmd->add_flag("--quick", options.quick, "3 turns of 10, 100 and 200 actors on 200x200");
  cmd->add_flag("--summary", options.summary,
                "one row per method and count: mean, median, min, max ms per turn");
  cmd->add_option("--sample", options.sample,
                  "bfs, astar: actors searching per turn, time scaled to all (default 200; 0 all)");
  cmd->add_option("--radius", options.radius,
                  "actors start within this distance of the player (default 0: anywhere)");
  cmd->add_option("--kind", options.kind, "the brains' monster kind (default goblin)");
  cmd->add_option("--content", options.content, "game content directory (default data/game)");
  return cmd;
}

// `yendor bench gen`: its options.
CLI::App* add_bench_gen_command(CLI::App& bench, yendor::cli::BenchGenOptions& options) {
  CLI::App* cmd = bench.add_subcommand(
      "gen",
      "dungeon generation speed, thesis 5.5: every generator and feature pass timed at "
      "100x100 to 1000x1000 (CSV)");
  cmd->add_option("--case", options.cases,
                  "a case name (--list), thesis, generators, features or all (default; "
                  "repeatable, comma lists)")
      ->delimiter(',');
  cmd->add_option("--sizes", options.sizes,
                  "square sides A..B:STEP or WIDTHxHEIGHT items, comma-separated (default "
                  "100..1000:50)");
  cmd->add_option("--reps", options.reps, "runs per case and size, a seed each (default 20)");
  cmd->add_option("--seed", options.seed, "the first run's seed; run r uses seed + r (default 1)");
  cmd->add_option("--cap-ms", options.cap_ms,
                  "a run slower than this ends its case: larger sizes are reported capped "
                  "(default 10000)");
  cmd->add_option("--out", options.out, "write the CSV to this file (default stdout)");
  cmd->add_flag("--quick", options.quick, "3 runs at 100x100 and 200x200");
  cmd->add_flag("--summary", options.summary,
                "one row per case and size: mean, median, min, max ms, the generator's own median");
  cmd->add_flag("--list", options.list, "list the cases and their parameters");
  return cmd;
}

// `yendor bench report`: its options.
CLI::App* add_bench_report_command(CLI::App& bench, yendor::cli::BenchReportOptions& options) {
  CLI::App* cmd = bench.add_subcommand(
      "report",
      "run the generation and AI sweeps and the peers (libtcod, rot.js), then write "
      "docs/experiments.md with its plots");
  cmd->add_flag("--quick", options.quick,
                "the short version: 2 sizes, 3 runs, peers on small cases only");
  cmd->add_option("--out", options.out, "the report (default docs/experiments.md)");
  cmd->add_option("--plots", options.plots,
                  "PNG directory (default experiments/ beside the report)");
  cmd->add_option("--work", options.work,
                  "CSV files and logs (default bench-report/ in the build directory)");
  cmd->add_option("--peers", options.peers,
                  "auto (those installed, the default), on (all or fail) or off");
  cmd->add_option("--python", options.python,
                  "Python with matplotlib for the plots (default /usr/bin/python3)");
  cmd->add_option("--node", options.node, "Node.js for the rot.js peer (default node)");
  cmd->add_option("--peer-bench", options.peer_bench,
                  "the libtcod peer program (default: the one this build made)");
  return cmd;
}

int run(int argc, char** argv) {
  using namespace yendor;
  CLI::App app{"Yendor: a roguelike and a laboratory for dungeon generation and monster AI"};
  app.set_version_flag("--version", "yendor 0.1.0");
  app.require_subcommand(1);

  cli::GenOptions gen;
  bool gen_help = false;
  bool gen_markdown = false;
  CLI::App* gen_cmd = app.add_subcommand(
      "gen", "generate a dungeon level ('yendor gen list' lists the generators)");
  gen_cmd->set_help_flag();  // replaced by our own, so `gen NAME --help` describes NAME
  gen_cmd->add_flag("-h,--help", gen_help, "describe the generator (or this command)");
  gen_cmd->add_option("generator", gen.generator,
                      "generator name, 'list', or 'plan' (the dungeon plan for --depth levels)");
  gen_cmd->add_option("--size", gen.size, "map size WIDTHxHEIGHT (default 80x50)");
  gen_cmd->add_option("--seed", gen.seed, "seed: a number or any text (default: random)");
  gen_cmd->add_option("--set", gen.sets, "generator parameter key=value (repeatable)");
  gen_cmd->add_option("-o,--output", gen.output, "output file (default: txt on stdout)");
  gen_cmd->add_option("--format", gen.format, "txt, json or png (default: from -o's extension)");
  gen_cmd->add_option("--scale", gen.scale, "png pixels per cell, 1-32 (default 4)");
  gen_cmd->add_flag("--markdown", gen_markdown, "with 'list': print docs/generators.md");
  gen_cmd->add_option(
      "--feature", gen.features,
      "feature pass NAME[:key=value,...] after the generator (repeatable, in order)");
  gen_cmd->add_option("--motif", gen.motif,
                      "dungeon, cavern, volcanic, aquatic or overgrown (default dungeon)");
  gen_cmd->add_option("--depth", gen.depth, "dungeon depth 1-1000: the RNG stream and vault depth");
  gen_cmd->add_option("--difficulty", gen.difficulty, "1-100, recorded for spawning (default 1)");
  gen_cmd->add_option("--graph", gen.graph_file,
                      "cyclic: write the mission graph as Graphviz DOT to this file");
  gen_cmd->add_flag("--explain", gen.explain,
                    "cyclic: print a numbered walkthrough of the level after the map");
  gen_cmd->add_option("--unique-rate", gen.unique_rate,
                      "0-10: scales vaults, shops, temples, fountains (default 1)");

  cli::AnalyzeOptions analyze;
  CLI::App* analyze_cmd = add_analyze_command(app, analyze);
  cli::FovCommandOptions fov_options;
  CLI::App* fov_cmd = add_fov_command(app, fov_options);
  cli::PathCommandOptions path_options;
  CLI::App* path_cmd = add_path_command(app, path_options);
  cli::PlayOptions play_options;
  CLI::App* play_cmd = add_play_command(app, play_options);
  cli::ReplayCommandOptions replay_options;
  CLI::App* replay_cmd = add_replay_command(app, replay_options);
  cli::ViewCommandOptions view_options;
  CLI::App* view_cmd = add_view_command(app, view_options);
  cli::ServeOptions serve_options;
  CLI::App* serve_cmd = add_serve_command(app, serve_options);
  std::string scores_dir;
  CLI::App* scores_cmd = app.add_subcommand("scores", "the high-score list of a game directory");
  scores_cmd->add_option("--dir", scores_dir, "game directory (default as for play)");
  cli::EvolveMonstersOptions evolve_options;
  CLI::App* evolve_cmd = add_evolve_monsters_command(app, evolve_options);
  CLI::App* bench = app.add_subcommand("bench", "measure speed: 'yendor bench gen|ai|report'");
  bench->require_subcommand(1);
  cli::BenchAiOptions bench_ai_options;
  CLI::App* bench_ai_cmd = add_bench_ai_command(*bench, bench_ai_options);
  cli::BenchGenOptions bench_gen_options;
  CLI::App* bench_gen_cmd = add_bench_gen_command(*bench, bench_gen_options);
  cli::BenchReportOptions bench_report_options;
  CLI::App* bench_report_cmd = add_bench_report_command(*bench, bench_report_options);
  const bool log_is_terminal = isatty(STDERR_FILENO) == 1;
  bench_ai_options.terminal = bench_gen_options.terminal = bench_report_options.terminal =
      log_is_terminal;
  AiListOptions ai_list_options;
  CLI::App* ai_list_cmd = add_ai_command(app, ai_list_options);
  cli::BotCommandOptions bot_options;
  CLI::App* bot_cmd = add_bot_command(app, bot_options);
  bot_options.terminal = isatty(STDOUT_FILENO) == 1;
  cli::EvolveCommandOptions evolve_bot_options;
  CLI::App* evolve_bot_cmd = add_evolve_command(app, evolve_bot_options);
  evolve_bot_options.terminal = log_is_terminal;
  cli::EvalCommandOptions eval_options;
  CLI::App* eval_cmd = add_eval_command(app, eval_options);

  // Name an unknown command instead of CLI11's generic "a subcommand is required".
  if (argc > 1 && argv[1][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      known += (known.empty() ? "" : ", ") + sub->get_name();
      found |= sub->get_name() == argv[1];
    }
    if (!found)
      throw InputError("unknown command '" + std::string(argv[1]) + "' (commands: " + known + ")");
  }

  // The same for the benchmarks under `bench`.
  if (argc > 2 && std::string(argv[1]) == "bench" && argv[2][0] != '-') {
    std::string known;
    bool found = false;
    for (const CLI::App* sub : bench->get_subcommands([](CLI::App*) { return true; })) {
      known += (known.empty() ? "" : ", ") + sub->get_name();
      found |= sub->get_name() == argv[2];
    }
    if (!found)
      throw InputError("unknown bench command '" + std::string(argv[2]) +
                       "' (bench commands: " + known + ")");
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForVersion&) {
    std::cout << "yendor 0.1.0\n";
    return 0;
  } catch (const CLI::ParseError& e) {
    std::cerr << "yendor: error: " << e.what() << " (see yendor --help)\n";
    return k_exit_input;
  }

  const GeneratorRegistry& registry = builtin_generators();
  if (gen_cmd->parsed()) {
    if (gen.generator == "list") {
      if (gen_markdown)
        cli::print_generator_markdown(registry, std::cout);
      else
        cli::print_generator_list(registry, std::cout);
      return 0;
    }
    if (gen.generator == "plan") {
      cli::run_plan(cli::plan_options(gen), std::cout, std::cerr);
      return 0;
    }
    if (gen_help) {
      if (gen.generator.empty())
        std::cout << gen_cmd->help();
      else
        cli::print_generator_help(registry.get(gen.generator), std::cout);
      return 0;
    }
    if (gen.generator.empty())
      throw InputError("gen needs a generator name ('yendor gen list' lists them)");
    cli::run_gen(registry, gen, std::cout, std::cerr);
  }
  if (analyze_cmd->parsed()) cli::run_analyze(registry, analyze, std::cout, std::cerr);
  if (fov_cmd->parsed()) {
    if (fov_options.algorithm == "list") {
      if (fov_options.markdown)
        cli::print_fov_markdown(fov::builtin_fovs(), std::cout);
      else
        cli::print_fov_list(fov::builtin_fovs(), std::cout);
      return 0;
    }
    cli::run_fov(fov::builtin_fovs(), fov_options, std::cout, std::cerr);
  }
  if (path_cmd->parsed()) cli::run_path(path_options, std::cout, std::cerr);
  if (play_cmd->parsed()) cli::run_play(play_options, std::cout, std::cerr);
  if (replay_cmd->parsed()) return cli::run_replay(replay_options, std::cout, std::cerr);
  if (view_cmd->parsed()) cli::run_view(view_options);
  if (serve_cmd->parsed()) return cli::run_serve(serve_options, std::cin, std::cout, std::cerr);
  if (scores_cmd->parsed()) cli::run_scores(scores_dir, std::cout);
  if (evolve_cmd->parsed()) cli::run_evolve_monsters(evolve_options, std::cout, std::cerr);
  if (bench_ai_cmd->parsed()) cli::run_bench_ai(bench_ai_options, std::cout, std::cerr);
  if (bench_gen_cmd->parsed()) cli::run_bench_gen(bench_gen_options, std::cout, std::cerr);
  if (bench_report_cmd->parsed()) cli::run_bench_report(bench_report_options, std::cerr);
  if (ai_list_cmd->parsed()) run_ai_list(ai_list_options);
  if (bot_cmd->parsed()) return cli::run_bot(bot_options, std::cout, std::cerr);
  if (evolve_bot_cmd->parsed()) return cli::run_evolve(evolve_bot_options, std::cout, std::cerr);
  if (eval_cmd->parsed()) return cli::run_eval(eval_options, std::cout, std::cerr);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Level after level (sweeps, bots, a long game) reuses the memory the last one freed.
  yendor::keep_freed_memory();
  try {
    return run(argc, argv);
  } catch (const yendor::InputError& e) {
    std::cerr << "yendor: error: " << e.what() << "\n";
    return k_exit_input;
  } catch (const yendor::IoError& e) {
    std::cerr << "yendor: error: " << e.what() << "\n";
    return k_exit_input;
  } catch (const yendor::GenerationError& e) {
    std::cerr << "yendor: internal error: " << e.what() << "\n";
    return k_exit_bug;
  } catch (const std::exception& e) {
    std::cerr << "yendor: internal error: " << e.what() << "\n";
    return 1;
  }
}
