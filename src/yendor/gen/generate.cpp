#include "yendor/gen/generate.hpp"

#include <string>

#include "yendor/gen/stairs.hpp"

namespace yendor {

void Generator::check(const ParamSet&, Size) const {}

void check_level_size(const GeneratorInfo& info, Size size) {
  const auto text = [](Size s) { return std::to_string(s.width) + "x" + std::to_string(s.height); };
  if (size.width < info.min_size.width || size.height < info.min_size.height)
    throw InputError(info.name + ": size " + text(size) + " is below the minimum " +
                     text(info.min_size));
  if (size.width > k_max_level_side || size.height > k_max_level_side)
    throw InputError(info.name + ": size " + text(size) + " is above the maximum " +
                     std::to_string(k_max_level_side) + " on a side");
}

Level generate_level(const Generator& generator, Size size, std::uint64_t seed,
                     const ParamSet& params, const GenerateOptions& options) {
  const GeneratorInfo& info = generator.info();
  check_level_size(info, size);
  const ParamSet validated = info.schema.validate(info.name, params);
  generator.check(validated, size);

  Level level(size, Tile::wall);
  level.meta.generator = info.name;
  level.meta.generator_version = info.version;
  level.meta.seed = seed;
  level.meta.depth = options.depth;
  level.meta.params = validated;

  Rng rng = Rng::for_stream(seed, stream::map_gen, static_cast<std::uint64_t>(options.depth));
  generator.generate(level, validated, rng);

  // The stairs pass draws from its own stream, so a generator that changes how many numbers
  // it draws does not also move the stairs of an otherwise identical map.
  Rng stairs_rng = Rng::for_stream(seed, "map.stairs", static_cast<std::uint64_t>(options.depth));
  const StairsReport report = place_stairs(level, stairs_rng);
  if (options.verify && !report.connectivity.connected())
    throw GenerationError(
        info.name + " (version " + std::to_string(info.version) + ", seed " + std::to_string(seed) +
        "): level not connected: " + std::to_string(report.connectivity.reachable) + " of " +
        std::to_string(report.connectivity.traversable) +
        " traversable cells reachable from the up stairs");
  return level;
}

}  // namespace yendor
