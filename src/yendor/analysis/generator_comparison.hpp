#pragma once
// The thesis's Table 3.1 ("techniques vs. desired characteristics"), measured instead of
// judged: every registered generator with its default parameters over the same seeds and
// size, one row each.

#include <iosfwd>
#include <string>
#include <vector>

#include "yendor/analysis/seed_range.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::analysis {

struct ComparisonRow {
  std::string generator;
  // Why the row has no numbers: the generator rejected the run (an InputError, e.g. a size
  // below its minimum) or broke its guarantee (failed is then true).
  std::string note;
  bool failed = false;
  std::uint64_t maps = 0;
  double connected_share = 0.0;  // maps with one region (caves with connect=none may have more)
  double mean_hamming = 0.0;     // variability: mean pairwise Hamming distance / area
  double distinct_share = 0.0;   // variability: distinct maps / maps
  double loops = 0.0;            // means over the maps
  double dead_end_cells = 0.0;
  double dead_end_rooms = 0.0;
  double ms_per_map = 0.0;  // wall-clock, generate_level only (measured, not deterministic)

  bool measured() const { return note.empty(); }
};

// Runs every generator of `registry` in its order. Never throws for one generator's
// InputError or GenerationError: the row carries the note.
std::vector<ComparisonRow> compare_generators(const GeneratorRegistry& registry, SeedRange seeds,
                                              Size size);

// A Markdown table, a line saying what was measured above it and one note line per skipped
// generator below it. With `timing` false the speed column is left out (for reproducible
// output).
void write_comparison_markdown(const std::vector<ComparisonRow>& rows, SeedRange seeds, Size size,
                               std::ostream& out, bool timing = true);

}  // namespace yendor::analysis
