#include "yendor/gen/generate.hpp"

#include <chrono>
#include <string>

#include "yendor/core/cpu_clock.hpp"
#include "yendor/core/data_dir.hpp"
#include "yendor/gen/motif.hpp"
#include "yendor/gen/stairs.hpp"

namespace yendor {

void Generator::check(const ParamSet&, Size) const {}

void Generator::generate_in(Level& level, const ParamSet& params, Rng& rng,
                            const GeneratorContext&) const {
  generate(level, params, rng);
}

bool Generator::promises_connectivity(const ParamSet&) const {
  return true;
}

void check_level_size(const GeneratorInfo& info, Size size) {
  const auto text = [](Size s) { return std::to_string(s.width) + "x" + std::to_string(s.height); };
  if (size.width < info.min_size.width || size.height < info.min_size.height)
    throw InputError(info.name + ": size " + text(size) + " is below the minimum " +
                     text(info.min_size));
  if (size.width > k_max_level_side || size.height > k_max_level_side)
    throw InputError(info.name + ": size " + text(size) + " is above the maximum " +
                     std::to_string(k_max_level_side) + " on a side");
}

namespace {

struct PlannedPass {
  const FeaturePass* pass;
  ParamSet params;
};

// The motif's passes, then the requested ones, each validated against its schema.
std::vector<PlannedPass> plan_passes(const GenerateOptions& options) {
  if (!(options.unique_rate >= 0.0 && options.unique_rate <= k_max_unique_rate))
    throw InputError("unique_rate " + std::to_string(options.unique_rate) + " is outside [0, " +
                     std::to_string(static_cast<int>(k_max_unique_rate)) + "]");
  if (options.difficulty < 1 || options.difficulty > k_max_difficulty)
    throw InputError("difficulty " + std::to_string(options.difficulty) + " is outside [1, " +
                     std::to_string(k_max_difficulty) + "]");
  const FeaturePassRegistry& registry = builtin_feature_passes();
  std::vector<PlannedPass> planned;
  const auto plan = [&](const FeatureRequest& request) {
    const FeaturePass& pass = registry.get(request.name);
    planned.push_back({&pass, pass.info().schema.parse(pass.info().name, request.params)});
  };
  for (const FeatureRequest& request : get_motif(options.motif).passes)
    plan(request);
  for (const FeatureRequest& request : options.features)
    plan(request);
  return planned;
}

}  // namespace

Level generate_level(const Generator& generator, Size size, std::uint64_t seed,
                     const ParamSet& params, const GenerateOptions& options) {
  const GeneratorInfo& info = generator.info();
  check_level_size(info, size);
  const ParamSet validated = info.schema.validate(info.name, params);
  generator.check(validated, size);
  const std::vector<PlannedPass> passes = plan_passes(options);

  // The clock is read only when the caller asked for the stage times.
  const auto clock = [&options] {
    return options.times ? std::chrono::steady_clock::now()
                         : std::chrono::steady_clock::time_point{};
  };
  const auto generator_start = clock();  // making the level is the generator's work too
  Level level(size, Tile::wall);
  level.meta.generator = info.name;
  level.meta.generator_version = info.version;
  level.meta.seed = seed;
  level.meta.depth = options.depth;
  level.meta.params = validated;
  level.meta.motif = options.motif;
  level.meta.difficulty = options.difficulty;
  level.meta.unique_rate = options.unique_rate;

  const auto depth_index = static_cast<std::uint64_t>(options.depth);
  const std::string data_dir = options.data_dir.empty() ? default_data_dir() : options.data_dir;
  Rng rng = Rng::for_stream(seed, stream::map_gen, depth_index);
  generator.generate_in(level, validated, rng,
                        GeneratorContext{data_dir, options.depth, options.difficulty});
  const auto passes_start = clock();

  // Each pass on its own stream (named by its place in the list and its name), so adding a
  // pass at the end never changes what the earlier ones made.
  const FeatureContext context{options.motif, options.unique_rate, options.difficulty, data_dir};
  for (std::size_t i = 0; i < passes.size(); ++i) {
    const FeaturePassInfo& pass_info = passes[i].pass->info();
    Rng pass_rng = Rng::for_stream(seed, "map.feature." + std::to_string(i) + "." + pass_info.name,
                                   depth_index);
    passes[i].pass->apply(level, passes[i].params, context, pass_rng);
    level.meta.passes.push_back({pass_info.name, pass_info.version, passes[i].params});
  }

  // The stairs pass draws from its own stream, so a generator that changes how many numbers
  // it draws does not also move the stairs of an otherwise identical map.
  const auto stairs_start = clock();
  Rng stairs_rng = Rng::for_stream(seed, "map.stairs", depth_index);
  const StairsReport report = place_stairs(level, stairs_rng);
  if (options.times) {
    const auto end = clock();
    *options.times = {ms_between(generator_start, passes_start),
                      ms_between(passes_start, stairs_start), ms_between(stairs_start, end)};
  }
  if (options.verify && generator.promises_connectivity(validated) &&
      !report.connectivity.connected()) {
    std::string made = info.name + " (version " + std::to_string(info.version);
    for (const AppliedPass& pass : level.meta.passes)
      made += ", then " + pass.name + " (version " + std::to_string(pass.version) + ")";
    throw GenerationError(
        made + ", seed " + std::to_string(seed) + ", depth " + std::to_string(options.depth) +
        "): level not connected: " + std::to_string(report.connectivity.reachable) + " of " +
        std::to_string(report.connectivity.traversable) +
        " traversable cells reachable from the up stairs");
  }
  return level;
}

}  // namespace yendor
