#include "yendor/gen/generation_bench.hpp"

#include <algorithm>
#include <chrono>

#include "yendor/core/cpu_clock.hpp"
#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/core/sample_stats.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {
namespace {

constexpr int k_thesis_min_side = 100;
constexpr int k_thesis_max_side = 1000;
constexpr int k_thesis_step = 50;

// The base level feature passes are timed on: what most games apply them to.
constexpr const char* k_feature_base = "rooms";

bool has_case(const std::vector<GenBenchCase>& cases, const std::string& name) {
  return std::any_of(cases.begin(), cases.end(),
                     [&](const GenBenchCase& c) { return c.name == name; });
}

struct CaseTimes {
  double ms = 0;      // wall clock
  double cpu_ms = 0;  // this thread's processor time
  std::optional<double> generator_ms;
};

// One run of a case at a size and seed.
CaseTimes time_case(const GenBenchCase& c, Size size, std::uint64_t seed,
                    const std::string& data_dir) {
  const Generator& generator = builtin_generators().get(c.generator);
  const ParamSet params = generator.info().schema.parse(c.generator, c.params);
  GenerateOptions options;
  options.data_dir = data_dir;
  if (c.feature.empty()) {
    GenerationTimes stages;
    options.times = &stages;
    const double cpu_start = thread_cpu_ms();
    const auto start = std::chrono::steady_clock::now();
    const Level level = generate_level(generator, size, seed, params, options);
    return {ms_between(start, std::chrono::steady_clock::now()), thread_cpu_ms() - cpu_start,
            stages.generator_ms};
  }
  const FeaturePass& pass = builtin_feature_passes().get(c.feature);
  const ParamSet pass_params = pass.info().schema.defaults();
  Level level = generate_level(generator, size, seed, params, options);
  const FeatureContext context{"dungeon", 1.0, 1, data_dir};
  // The stream the pipeline would give the first requested pass.
  Rng rng = Rng::for_stream(seed, "map.feature.0." + pass.info().name, 1);
  const double cpu_start = thread_cpu_ms();
  const auto start = std::chrono::steady_clock::now();
  pass.apply(level, pass_params, context, rng);
  return {ms_between(start, std::chrono::steady_clock::now()), thread_cpu_ms() - cpu_start,
          std::nullopt};
}

}  // namespace

std::vector<GenBenchCase> gen_bench_cases() {
  std::vector<GenBenchCase> cases = {
      {"rooms-thesis",
       "thesis",
       "rooms",
       {{"max_rooms", "1000"}, {"room_min", "9"}, {"room_max", "10"}},
       "",
       "thesis 5.5, figure 5.7: up to 1000 rooms of 9-10 cells a side"},
      {"bsp-thesis",
       "thesis",
       "bsp",
       {{"depth", "4"},
        {"hv_ratio", "1.0"},
        {"room_min", "9"},
        {"room_max", "10"},
        {"min_leaf", "12"}},
       "",
       "thesis 5.5, figure 5.8: 4 splits, ratio 1.0, rooms of 9-10 (leaves of 12 hold them)"},
      {"caves-thesis",
       "thesis",
       "caves",
       {{"fill", "0.5"}, {"generations", "20"}},
       "",
       "thesis 5.5, figure 5.9: half floor at the start, 20 generations"},
      {"maze-dfs",
       "thesis",
       "maze",
       {{"algorithm", "dfs"}},
       "",
       "thesis 5.5: the depth-first maze (recursive in the thesis, which failed above 80x80)"},
      {"caves-thesis-unconnected",
       "generator",
       "caves",
       {{"fill", "0.5"}, {"generations", "20"}, {"connect", "none"}},
       "",
       "the thesis's caves without joining them: what rot.js's Cellular does"},
      {"maze-kruskal", "generator", "maze", {{"algorithm", "kruskal"}}, "", "thesis 3.3"},
      {"maze-prim", "generator", "maze", {{"algorithm", "prim"}}, "", "thesis 3.3"},
      {"maze-eller",
       "generator",
       "maze",
       {{"algorithm", "eller"}},
       "",
       "what rot.js's EllerMaze does"},
      {"maze-division",
       "generator",
       "maze",
       {{"algorithm", "division"}},
       "",
       "recursive division: what rot.js's DividedMaze does"},
      {"maze-ca-maze", "generator", "maze", {{"algorithm", "ca-maze"}}, "", "thesis 3.3"},
      {"maze-ca-mazectric", "generator", "maze", {{"algorithm", "ca-mazectric"}}, "", "thesis 3.3"},
  };
  // Every generator at its defaults, in registry order (a new generator joins by itself),
  // unless a case above already is its defaults.
  const auto is_defaults = [](const GenBenchCase& c) {
    const ParamSchema& schema = builtin_generators().get(c.generator).info().schema;
    return schema.parse(c.generator, c.params) == schema.defaults();
  };
  std::vector<GenBenchCase> defaults;
  for (const Generator* g : builtin_generators().all()) {
    const std::string& name = g->info().name;
    const bool covered = std::any_of(cases.begin(), cases.end(), [&](const GenBenchCase& c) {
      return c.generator == name && is_defaults(c);
    });
    if (!has_case(cases, name) && !covered)
      defaults.push_back({name, "generator", name, {}, "", "its defaults"});
  }
  cases.insert(cases.begin() + 4, defaults.begin(), defaults.end());
  for (const FeaturePass* p : builtin_feature_passes().all())
    cases.push_back(
        {"feature-" + p->info().name,
         "feature",
         k_feature_base,
         {},
         p->info().name,
         "the pass alone, at its defaults, on a " + std::string(k_feature_base) + " level"});
  return cases;
}

std::vector<Size> thesis_gen_sizes() {
  std::vector<Size> sizes;
  for (int side = k_thesis_min_side; side <= k_thesis_max_side; side += k_thesis_step)
    sizes.push_back({side, side});
  return sizes;
}

void check_gen_bench(const GenBenchOptions& options) {
  if (options.reps < 1) throw InputError("repetitions must be 1 or more");
  if (options.sizes.empty()) throw InputError("no sizes to run");
  if (!(options.cap_ms > 0)) throw InputError("the cap must be above 0 ms");
  for (const GenBenchCase& c : options.cases) {
    const Generator& generator = builtin_generators().get(c.generator);
    (void)generator.info().schema.parse(c.generator, c.params);
    if (!c.feature.empty()) (void)builtin_feature_passes().get(c.feature);
    for (const Size size : options.sizes)
      check_level_size(generator.info(), size);
  }
}

void run_gen_bench(const GenBenchOptions& options,
                   const std::function<void(const GenSample&)>& sample) {
  check_gen_bench(options);
  const std::string data_dir = default_data_dir();
  for (const GenBenchCase& c : options.cases) {
    bool capped = false;
    for (const Size size : options.sizes) {
      if (capped) {
        sample({&c, size, 0, options.seed, 0, 0, true});
        continue;
      }
      for (int rep = 0; rep < options.reps; ++rep) {
        const std::uint64_t seed = options.seed + static_cast<std::uint64_t>(rep);
        const CaseTimes t = time_case(c, size, seed, data_dir);
        sample({&c, size, rep, seed, t.ms, t.cpu_ms, false, t.generator_ms});
        capped = capped || t.ms > options.cap_ms;
      }
    }
  }
}

std::vector<GenSummary> summarize_gen(std::span<const GenSample> samples) {
  std::vector<GenSummary> out;
  std::vector<std::vector<double>> times, cpu_times, generator_times;
  for (const GenSample& s : samples) {
    if (s.capped) continue;
    std::size_t i = 0;
    while (i < out.size() && !(out[i].gen_case == s.gen_case && out[i].size == s.size))
      ++i;
    if (i == out.size()) {
      out.push_back({s.gen_case, s.size});
      times.emplace_back();
      cpu_times.emplace_back();
      generator_times.emplace_back();
    }
    times[i].push_back(s.ms);
    cpu_times[i].push_back(s.cpu_ms);
    if (s.generator_ms) generator_times[i].push_back(*s.generator_ms);
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    const SampleStats t = sample_stats(std::move(times[i]));
    out[i].reps = t.count;
    out[i].mean_ms = t.mean;
    out[i].median_ms = t.median;
    out[i].min_ms = t.min;
    out[i].max_ms = t.max;
    out[i].mean_cpu_ms = sample_stats(std::move(cpu_times[i])).mean;
    if (!generator_times[i].empty())
      out[i].median_generator_ms = sample_stats(std::move(generator_times[i])).median;
  }
  return out;
}

std::string params_text(const RawParams& params) {
  std::string out;
  for (const auto& [key, value] : params)
    out += (out.empty() ? "" : ";") + key + "=" + value;
  return out;
}

}  // namespace yendor
