#pragma once
// One `cyclic` level from start to proof: grammar -> mission check -> grid layout -> tiles ->
// solver, on fresh attempts until one is proven solvable; later attempts ask for fewer
// cycles and places, so a small map still succeeds. When every attempt fails the proof, the
// last level built loses its locks and keys (the repair), which leaves a connected level
// without conditions: solvable by construction. The metadata records how it went
// (meta.mission's node 1... and `attempts` in docs/cyclic.md).

#include "yendor/core/rng.hpp"
#include "yendor/gen/cyclic/cyclic_options.hpp"
#include "yendor/gen/cyclic/graph_grammar.hpp"
#include "yendor/map/level.hpp"

namespace yendor::cyclic {

struct CyclicReport {
  int attempts = 0;       // attempts made (1 = the first succeeded)
  bool repaired = false;  // every attempt failed the proof: locks were removed
  int cycles = 0;         // cycles asked of the recipe in the attempt that was kept
};

// Carves `level` (all wall, metadata header filled in). Throws GenerationError when not
// even the smallest mission fits (a bug: check() rejects grids under 3x3).
CyclicReport build_cyclic_level(Level& level, const Grammar& grammar, const Recipe& recipe,
                                const CyclicOptions& options, Rng& rng);

// Removes every lock and key from a level: lock cells become their open tiles, levers floor,
// key features go, meta.locks and meta.keys are cleared, and the mission graph's lock nodes
// get `repaired = true`.
void remove_locks(Level& level);

}  // namespace yendor::cyclic
