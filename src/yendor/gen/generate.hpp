#pragma once
// The generation pipeline every caller uses (CLI, game, Python): validate the size and
// parameters, run the generator on its own RNG stream, then the shared post-passes
// (stairs, connectivity check).

#include <cstdint>

#include "yendor/core/error.hpp"
#include "yendor/gen/generator.hpp"

namespace yendor {

// A generator broke its guarantee (a bug, never bad input): front ends exit with code 3.
class GenerationError : public Error {
 public:
  using Error::Error;
};

struct GenerateOptions {
  int depth = 1;       // selects the RNG stream: map generation at this depth
  bool verify = true;  // run the connectivity check (it shares the stairs pass's flood fill)
};

// Throws InputError for a size outside [min_size, 10000] or parameters the generator rejects;
// `params` is validated (and completed with defaults) against the schema here.
Level generate_level(const Generator& generator, Size size, std::uint64_t seed,
                     const ParamSet& params, const GenerateOptions& options = {});

// Size checks shared by the pipeline and the front ends.
void check_level_size(const GeneratorInfo& info, Size size);

}  // namespace yendor
