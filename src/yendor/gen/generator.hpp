#pragma once
// The generator interface. One generator per file (rooms.cpp, bsp.cpp, ...), each with a
// name, a one-line summary, a version, a declared parameter schema and the section of the
// source texts it follows. Generators get their Rng passed in, never read a clock or any
// global, and stop on step budgets.

#include <string>

#include "yendor/core/param_schema.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/map/level.hpp"

namespace yendor {

inline constexpr int k_max_level_side = 10000;

struct GeneratorInfo {
  std::string name;
  std::string summary;  // one line
  // Bumped whenever the output for a given seed and parameters changes; recorded in every
  // exported map, so a seed with a version names one map forever.
  int version = 1;
  std::string source;       // the section of the reference texts it follows
  std::string description;  // a paragraph for `yendor gen NAME --help` and docs/
  Size min_size{8, 8};
  ParamSchema schema;
};

// What the pipeline hands a generator besides its parameters (generators that read content
// files, like `cyclic` with its grammars, need the data directory).
struct GeneratorContext {
  std::string data_dir;  // never empty in the pipeline
  int depth = 1;
  int difficulty = 1;
};

class Generator {
 public:
  virtual ~Generator() = default;
  virtual const GeneratorInfo& info() const = 0;

  // Checks that involve several parameters or the size, beyond the schema's ranges.
  // Throws InputError. `params` is already validated against the schema.
  virtual void check(const ParamSet& params, Size size) const;

  // False when these parameters knowingly ask for a level that is not connected (`caves` with
  // connect=none): the pipeline then skips its connectivity check, and the generator reports
  // the separate regions in the metadata instead. Every other level must be connected.
  virtual bool promises_connectivity(const ParamSet& params) const;

  // Carves `level` (given all wall, its metadata's generator/seed/params already filled in)
  // and records rooms, corridors, doors and other metadata. It may place stairs itself; the
  // shared post-pass places any it did not. Must leave the level connected.
  virtual void generate(Level& level, const ParamSet& params, Rng& rng) const = 0;

  // What the pipeline calls: the default forwards to generate(); generators that need the
  // context override it (and make generate() use default_data_dir()).
  virtual void generate_in(Level& level, const ParamSet& params, Rng& rng,
                           const GeneratorContext& context) const;
};

}  // namespace yendor
