#include "yendor/analysis/seed_run.hpp"

#include <chrono>
#include <limits>

#include "yendor/analysis/level_metrics.hpp"
#include "yendor/analysis/metric_columns.hpp"
#include "yendor/gen/generate.hpp"

namespace yendor::analysis {

double SeedRun::value(std::size_t map, std::size_t column) const {
  return values[map * metric_columns().size() + column];
}

std::vector<double> SeedRun::column(std::size_t column) const {
  std::vector<double> out(maps());
  for (std::size_t m = 0; m < out.size(); ++m)
    out[m] = value(m, column);
  return out;
}

SeedRun run_seeds(const Generator& generator, Size size, const ParamSet& params, SeedRange seeds,
                  const GenerateOptions& options) {
  const GeneratorInfo& info = generator.info();
  SeedRun run;
  run.generator = info.name;
  run.generator_version = info.version;
  run.size = size;
  run.params = info.schema.validate(info.name, params);
  run.seeds = seeds;
  const std::uint64_t count = seeds.count();
  const auto columns = metric_columns();
  run.hashes.reserve(static_cast<std::size_t>(count));
  run.values.reserve(static_cast<std::size_t>(count) * columns.size());

  const std::vector<std::uint64_t> sample =
      sample_positions(count, hamming_sample_size(size.area()));
  std::vector<Grid<Tile>> sampled;
  std::size_t next_sample = 0;
  using Clock = std::chrono::steady_clock;
  Clock::duration generating{};
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto start = Clock::now();
    Level level = generate_level(generator, size, seeds.first + i, run.params, options);
    generating += Clock::now() - start;
    run.hashes.push_back(level_hash(level));
    const LevelMetrics metrics = measure_level(level);
    for (const MetricColumn& c : columns)
      run.values.push_back(c.value(metrics).value_or(std::numeric_limits<double>::quiet_NaN()));
    if (next_sample < sample.size() && sample[next_sample] == i) {
      sampled.push_back(std::move(level.tiles));
      ++next_sample;
    }
  }
  run.generation_ms = std::chrono::duration<double, std::milli>(generating).count();

  Variability& v = run.variability;
  v.maps = count;
  v.distinct = count_distinct(run.hashes);
  v.distinct_share = static_cast<double>(v.distinct) / static_cast<double>(count);
  v.sampled = sampled.size();
  v.mean_hamming = mean_pairwise_hamming(sampled);
  return run;
}

}  // namespace yendor::analysis
