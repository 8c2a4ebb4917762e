// `cyclic`: levels built from cycles and lock-and-key patterns (Dormans, "Cyclic Generation").
// The pipeline: a graph grammar from data/grammars/ builds the mission graph, which is laid
// out on a coarse grid (gen/cyclic/grid_layout), turned into tiles (gen/cyclic/tile_builder)
// and proved solvable (gen/cyclic/solver). A level that fails any step is made again on a
// fresh attempt; after every attempt failed the proof, its locks are removed (the repair),
// so every level this generator returns is proven solvable.

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/cyclic/cyclic_level.hpp"
#include "yendor/gen/cyclic/cyclic_options.hpp"
#include "yendor/gen/cyclic/grammar_file.hpp"
#include "yendor/gen/cyclic/grid_layout.hpp"
#include "yendor/gen/cyclic/mission_check.hpp"
#include "yendor/gen/cyclic/solver.hpp"
#include "yendor/gen/cyclic/tile_builder.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {

namespace {

using cyclic::CyclicOptions;

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "cyclic";
  info.summary = "cycles and lock-and-key patterns from a graph grammar, proven solvable (Dormans)";
  info.version = 1;
  info.source = "cyclic-generation-dormans (whole chapter); grammars in data/grammars/";
  info.description =
      "Builds a mission graph with the graph grammar in data/grammars/ (recipe `recipe`): a "
      "start and a goal joined by two paths a and b forming a cycle, then cycle patterns "
      "(lock-and-key cycle, secret shortcut, one-way return, gambit, hidden path, "
      "foreshadowing), nested cycles and side branches, until the level has `cycles` cycles and "
      "about `rooms` places; locks and keys get every attribute of the chapter's aside and a "
      "realization (locked door and key, bars and lever, timed gate, lava and potion of fire "
      "resistance, chasm and bridge lever, secret door and scroll of magic mapping, collapsing "
      "bridge, one-way drop). The graph is laid out on a grid of `cell`-tile blocks, grown into "
      "rooms, corridors, gates, keys and levers, and proved solvable by a state-space search; a "
      "level that fails is made again (up to `attempts`) and, failing that, loses its locks. "
      "docs/cyclic.md explains every step and the metadata (mission graph, cycles, locks, keys).";
  info.min_size = {3 * 7 + 2, 3 * 7 + 2};
  info.schema
      .add_string("cycles", "2-5",
                  "cycles per level: N or A-B (1..12), chosen by the seed within the range",
                  cyclic::check_cycles_text)
      .add_int("rooms", 0, 0, 300,
               "target number of places (rooms and gates); 0 = one per 3 grid cells, at most 40")
      .add_int("cell", 7, 5, 15, "tiles per grid cell side (the grid graph's resolution)")
      .add_choice("theme", "dungeon", {"dungeon", "cave", "fire", "chasm"},
                  "room shapes, decoration and preferred lock kinds")
      .add_string("locks", "all",
                  "lock realizations allowed: all, none, or a comma list of locked_door, "
                  "barred_door, timed_gate, lava, chasm, secret_door, collapsing_bridge, drop",
                  cyclic::check_locks_text)
      .add_string("patterns", "all",
                  "cycle patterns allowed: all, none, or a comma list of lock_key, "
                  "secret_shortcut, valve, gambit, hidden_path, foreshadowing",
                  cyclic::check_patterns_text)
      .add_real("branches", 0.3, 0.0, 1.0, "side branches (dead ends with treasure), per cycle")
      .add_real("secrets", 0.3, 0.0, 1.0, "weight of secret doors and hidden paths")
      .add_string("recipe", "cyclic", "the grammar recipe that builds the mission graph")
      .add_int("attempts", 20, 1, 200,
               "tries before the repair (layout or proof failures make the level again)");
  return info;
}

class CyclicGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void check(const ParamSet& params, Size size) const override {
    const int cell = static_cast<int>(params.get_int("cell"));
    const Size grid = cyclic::grid_size_for(size, cell);
    if (grid.width < 3 || grid.height < 3)
      throw InputError(
          "cyclic: size " + std::to_string(size.width) + "x" + std::to_string(size.height) +
          " is too small for cell=" + std::to_string(cell) + ": it needs at least 3x3 cells (" +
          std::to_string(3 * cell + 2) + "x" + std::to_string(3 * cell + 2) + ")");
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    generate_in(level, params, rng, GeneratorContext{default_data_dir(), level.meta.depth, 1});
  }

  void generate_in(Level& level, const ParamSet& params, Rng& rng,
                   const GeneratorContext& context) const override {
    const auto grammar = cyclic::cached_grammar(context.data_dir);
    CyclicOptions options = cyclic::read_options(params, level.size(), context);
    const cyclic::Recipe* recipe = grammar->find_recipe(options.recipe);
    if (recipe == nullptr)
      throw InputError("cyclic: parameter 'recipe': no recipe '" + options.recipe + "' in " +
                       context.data_dir + "/grammars");
    cyclic::build_cyclic_level(level, *grammar, *recipe, options, rng);
  }

 private:
  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_cyclic_generator() {
  return std::make_unique<CyclicGenerator>();
}

}  // namespace yendor
