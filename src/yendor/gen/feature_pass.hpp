#pragma once
// Feature passes (thesis 3.2 "unique dungeon features", the FAQ's rivers, vaults, shops): a pass
// runs after a level's generator and before the stairs post-pass, on any generator's output,
// each on its own RNG stream. Passes are registered by name with a parameter schema, like
// generators; `yendor gen NAME --feature water:size=0.1 --feature vaults` applies them in order.
// One pass per file under src/yendor/gen/features/.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/named_registry.hpp"
#include "yendor/core/param_schema.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/map/level.hpp"

namespace yendor {

struct FeaturePassInfo {
  std::string name;
  std::string summary;  // one line
  int version = 1;      // bumped whenever its output for given inputs changes
  std::string source;   // the section of the reference texts it follows
  std::string description;
  ParamSchema schema;
};

// What every pass may read besides its own parameters: the shared parametrization of 3.7.
struct FeatureContext {
  std::string_view motif = "dungeon";
  double unique_rate = 1.0;  // multiplies the `rate` of unique features (vaults, shops, ...)
  int difficulty = 1;
  std::string_view data_dir;  // content files (data/vaults/...); never empty in the pipeline
};

class FeaturePass {
 public:
  virtual ~FeaturePass() = default;
  virtual const FeaturePassInfo& info() const = 0;

  // Changes `level` and records what it placed in its metadata (rooms' kinds, features). A pass
  // must leave every traversable cell reachable from every other (the pipeline checks it after
  // the stairs pass) and the border closed; it may not place stairs. It finds its room on
  // its own: a pass that cannot place anything leaves the level as it was.
  virtual void apply(Level& level, const ParamSet& params, const FeatureContext& context,
                     Rng& rng) const = 0;
};

class FeaturePassRegistry : public NamedRegistry<FeaturePass> {
 public:
  FeaturePassRegistry() : NamedRegistry("feature pass", "passes") {}
};

const FeaturePassRegistry& builtin_feature_passes();

// Factories, one per file in src/yendor/gen/features/.
std::unique_ptr<FeaturePass> make_water_pass();
std::unique_ptr<FeaturePass> make_vegetation_pass();
std::unique_ptr<FeaturePass> make_vaults_pass();
std::unique_ptr<FeaturePass> make_shops_pass();
std::unique_ptr<FeaturePass> make_temples_pass();
std::unique_ptr<FeaturePass> make_fountains_pass();

// A request for a pass as a user wrote it: "water:size=0.1,bias=0.3" or just "vaults".
struct FeatureRequest {
  std::string name;
  RawParams params{};
  bool operator==(const FeatureRequest&) const = default;
};
// Parses NAME[:key=value,...]; InputError on an empty name or a pair without '='.
FeatureRequest parse_feature_request(std::string_view text);

}  // namespace yendor
