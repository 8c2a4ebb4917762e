#include "yendor/cli/bench_gen_command.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "yendor/cli/bench_ai_command.hpp"
#include "yendor/cli/bench_text.hpp"
#include "yendor/cli/gen_command.hpp"
#include "yendor/cli/progress.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/core/seed.hpp"

namespace yendor::cli {
namespace {

constexpr int k_default_reps = 20;
constexpr int k_quick_reps = 3;
constexpr int k_max_reps = 10000;

// The columns every row starts with: what was run, at what size.
std::string case_columns(const GenBenchCase& c, Size size) {
  const std::string generator = c.feature.empty() ? c.generator : c.feature;
  return c.group + "," + c.name + "," + generator + "," + params_text(c.params) + "," +
         std::to_string(size.width) + "," + std::to_string(size.height) + "," +
         std::to_string(static_cast<long long>(size.width) * size.height);
}

// An optional time: empty when there is none (feature cases, capped runs).
std::string optional_ms(const std::optional<double>& ms) {
  return ms ? format_ms(*ms) : "";
}

}  // namespace

std::vector<GenBenchCase> selected_gen_cases(const std::vector<std::string>& names) {
  const std::vector<GenBenchCase> all = gen_bench_cases();
  std::vector<bool> chosen(all.size(), false);
  for (const std::string& list : names.empty() ? std::vector<std::string>{"all"} : names)
    for (const std::string& name : split_text(list, ',')) {
      bool found = false;
      for (std::size_t i = 0; i < all.size(); ++i) {
        const bool match = name == "all" || name == all[i].name ||
                           (name == "thesis" && all[i].group == "thesis") ||
                           (name == "generators" && all[i].group == "generator") ||
                           (name == "features" && all[i].group == "feature");
        if (match) chosen[i] = found = true;
      }
      if (!found) {
        std::string known;
        for (const GenBenchCase& c : all)
          known += (known.empty() ? "" : ", ") + c.name;
        throw InputError("--case: unknown case '" + name + "' (cases: " + known +
                         "; or all, thesis, generators, features)");
      }
    }
  std::vector<GenBenchCase> out;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (chosen[i]) out.push_back(all[i]);
  return out;
}

std::vector<Size> parse_gen_sizes(const std::string& text) {
  std::vector<Size> out;
  for (const std::string& item : split_text(text, ',')) {
    if (item.find_first_of("xX") != std::string::npos) {
      const std::optional<Size> size = parse_size_text(item);
      if (!size) throw InputError("--sizes: '" + item + "' is not WIDTHxHEIGHT");
      out.push_back(*size);
      continue;
    }
    std::vector<int> sides;
    try {
      sides = parse_actor_counts(item);
    } catch (const InputError&) {
      throw InputError("--sizes: '" + item +
                       "' is not a side, a range of sides (100..1000:50) or WIDTHxHEIGHT");
    }
    for (const int side : sides)
      out.push_back({side, side});
  }
  if (out.empty()) throw InputError("--sizes: no sizes in '" + text + "'");
  return out;
}

GenBenchOptions bench_gen_plan(const BenchGenOptions& o) {
  GenBenchOptions plan;
  plan.cases = selected_gen_cases(o.cases);
  plan.reps = o.reps.value_or(o.quick ? k_quick_reps : k_default_reps);
  if (plan.reps < 1 || plan.reps > k_max_reps)
    throw InputError("--reps must be from 1 to " + std::to_string(k_max_reps) + "; got " +
                     std::to_string(plan.reps));
  if (!(o.cap_ms > 0)) throw InputError("--cap-ms must be above 0");
  plan.cap_ms = o.cap_ms;
  plan.seed = parse_seed(o.seed).value;
  if (!o.sizes.empty())
    plan.sizes = parse_gen_sizes(o.sizes);
  else if (o.quick)
    plan.sizes = {{100, 100}, {200, 200}};
  else
    plan.sizes = thesis_gen_sizes();
  return plan;
}

std::string bench_gen_row(const GenSample& s) {
  return case_columns(*s.gen_case, s.size) + "," + std::to_string(s.rep) + "," +
         std::to_string(s.seed) + "," + (s.capped ? "" : format_ms(s.ms)) + "," +
         (s.capped ? "" : format_ms(s.cpu_ms)) + "," + optional_ms(s.generator_ms) + "," +
         (s.capped ? "capped" : "ok");
}

std::string bench_gen_summary_row(const GenSummary& s) {
  return case_columns(*s.gen_case, s.size) + "," + std::to_string(s.reps) + "," +
         format_ms(s.mean_ms) + "," + format_ms(s.median_ms) + "," + format_ms(s.min_ms) + "," +
         format_ms(s.max_ms) + "," + format_ms(s.mean_cpu_ms) + "," +
         optional_ms(s.median_generator_ms);
}

void run_bench_gen(const BenchGenOptions& options, std::ostream& out, std::ostream& log) {
  if (options.list) {
    print_gen_cases(out);
    return;
  }
  const GenBenchOptions plan = bench_gen_plan(options);
  check_gen_bench(plan);  // before the header, so a bad run prints nothing
  // The work of a run grows with its cells: the bar's unit, so the time left is fair.
  double total = 0;
  for (const Size size : plan.sizes)
    total += static_cast<double>(size.width) * size.height;
  total *= static_cast<double>(plan.cases.size()) * plan.reps;
  Progress progress(log, options.terminal, "bench gen", total);

  std::ostringstream file;
  std::ostream& csv = options.out.empty() ? out : file;
  csv << (options.summary ? k_bench_gen_summary_header : k_bench_gen_header) << "\n";
  std::vector<GenSample> group;  // the runs of the current case and size
  const auto flush_group = [&] {
    if (group.empty()) return;
    const GenSample& first = group.front();
    const double cells = static_cast<double>(first.size.width) * first.size.height;
    const std::string where = first.gen_case->name + " " + size_text(first.size);
    if (first.capped) {
      progress.advance(cells * plan.reps, where + ": capped (an earlier run took over " +
                                              format_ms(plan.cap_ms) + " ms)");
    } else {
      const GenSummary s = summarize_gen(group).front();
      progress.advance(0, where + ": median " + format_ms(s.median_ms) + " ms, mean " +
                              format_ms(s.mean_ms) + " ms (" + std::to_string(s.reps) + " runs)");
      if (options.summary) csv << bench_gen_summary_row(s) << "\n" << std::flush;
    }
    group.clear();
  };
  run_gen_bench(plan, [&](const GenSample& s) {
    if (!group.empty() && (group.front().gen_case != s.gen_case || group.front().size != s.size))
      flush_group();
    if (!s.capped) {
      progress.running(s.gen_case->name + " " + size_text(s.size));
      progress.advance(static_cast<double>(s.size.width) * s.size.height);
    }
    group.push_back(s);
    if (!options.summary) csv << bench_gen_row(s) << "\n" << std::flush;
  });
  flush_group();
  progress.finish();
  if (!options.out.empty()) write_file_atomic(options.out, file.str());
}

void print_gen_cases(std::ostream& out) {
  for (const GenBenchCase& c : gen_bench_cases()) {
    out << c.name << " (" << c.group << "): " << (c.feature.empty() ? c.generator : c.feature);
    if (!c.params.empty()) out << " " << params_text(c.params);
    out << "\n    " << c.source << "\n";
  }
}

}  // namespace yendor::cli
