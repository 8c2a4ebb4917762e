#pragma once
// The generation pipeline every caller uses (CLI, game, Python): validate the size and
// parameters, run the generator on its own RNG stream, then the shared post-passes
// (stairs, connectivity check).

#include <cstdint>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/feature_pass.hpp"
#include "yendor/gen/generator.hpp"

namespace yendor {

// A generator broke its guarantee (a bug, never bad input): front ends exit with code 3.
class GenerationError : public Error {
 public:
  using Error::Error;
};

// How long each stage of generate_level took, in wall-clock milliseconds, for benchmarks
// (GenerateOptions::times): a generator set beside another library's, which places no stairs,
// is compared on generator_ms.
struct GenerationTimes {
  double generator_ms = 0;  // the generator, with making the level it draws on
  double passes_ms = 0;     // the motif's and the requested feature passes
  double stairs_ms = 0;     // the stairs post-pass with its connectivity check
};

struct GenerateOptions {
  int depth = 1;       // selects the RNG stream: map generation at this depth
  bool verify = true;  // run the connectivity check (it shares the stairs pass's flood fill)
  // The parametrization every generator shares (thesis 3.7), recorded in the level's metadata.
  std::string motif = "dungeon";           // its feature passes run first (gen/motif.hpp)
  double unique_rate = 1.0;                // 0..10: scales vaults, shops, temples, fountains
  int difficulty = 1;                      // 1..100: for spawning; vaults honour it
  std::vector<FeatureRequest> features{};  // run in order, after the motif's
  std::string data_dir{};                  // content files; empty: default_data_dir()
  GenerationTimes* times = nullptr;        // filled when set; never changes the level
};

inline constexpr double k_max_unique_rate = 10.0;
inline constexpr int k_max_difficulty = 100;

// Throws InputError for a size outside [min_size, 10000], parameters the generator rejects, an
// unknown motif or feature pass, or pass parameters its schema rejects: all are validated
// (and completed with defaults) here, before anything is generated. Each feature pass runs on
// its own RNG stream, after the generator and before the stairs post-pass.
Level generate_level(const Generator& generator, Size size, std::uint64_t seed,
                     const ParamSet& params, const GenerateOptions& options = {});

// Size checks shared by the pipeline and the front ends.
void check_level_size(const GeneratorInfo& info, Size size);

}  // namespace yendor
