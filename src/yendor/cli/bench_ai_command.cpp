#include "yendor/cli/bench_ai_command.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string_view>

#include "yendor/cli/bench_text.hpp"
#include "yendor/cli/gen_command.hpp"
#include "yendor/cli/progress.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/seed.hpp"
#include "yendor/game/content.hpp"

namespace yendor::cli {
namespace {

constexpr int k_max_actors = 1000000;
constexpr std::size_t k_max_counts = 1000;
constexpr int k_default_reps = 20;
constexpr int k_quick_reps = 3;
constexpr Size k_thesis_size{200, 200};

std::optional<int> parse_int(std::string_view text) {
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return v;
}

[[noreturn]] void bad_actors(const std::string& text, const std::string& why) {
  throw InputError("--actors: " + why + " in '" + text +
                   "' (expected N, A..B or A..B:STEP, comma-separated, e.g. 10..200:10)");
}

int actor_count(const std::string& text, std::string_view item) {
  const std::optional<int> n = parse_int(item);
  if (!n) bad_actors(text, "'" + std::string(item) + "' is not a whole number");
  if (*n < 1 || *n > k_max_actors)
    bad_actors(text, "counts must be from 1 to " + std::to_string(k_max_actors));
  return *n;
}

std::string size_text(Size s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height);
}

// The log line of one method and count.
std::string progress_line(const game::CrowdSummary& s) {
  std::string line = s.method + " " + size_text(s.map) + " " + std::to_string(s.actors) +
                     " actors: mean " + format_ms(s.mean_ms) + " ms, median " +
                     format_ms(s.median_ms) + " ms per turn (" + std::to_string(s.reps) +
                     " turns; processor time: mean " + format_ms(s.mean_cpu_ms) + " ms)";
  if (s.timed_actors < s.actors)
    line += "; " + std::to_string(s.timed_actors) + " sampled searches a turn, scaled to all";
  return line;
}

}  // namespace

std::vector<int> parse_actor_counts(const std::string& text) {
  if (text.empty()) bad_actors(text, "nothing");
  std::vector<int> out;
  for (const std::string& item : split_text(text, ',')) {
    const std::size_t dots = item.find("..");
    if (dots == std::string::npos) {
      out.push_back(actor_count(text, item));
    } else {
      const std::string_view rest = std::string_view(item).substr(dots + 2);
      const std::size_t colon = rest.find(':');
      const int lo = actor_count(text, std::string_view(item).substr(0, dots));
      const int hi = actor_count(text, rest.substr(0, colon));
      int step = 1;
      if (colon != std::string_view::npos) {
        const std::optional<int> s = parse_int(rest.substr(colon + 1));
        if (!s || *s < 1) bad_actors(text, "the step must be a positive whole number");
        step = *s;
      }
      if (hi < lo) bad_actors(text, "a range must not go down");
      for (long long n = lo; n <= hi && out.size() <= k_max_counts; n += step)
        out.push_back(static_cast<int>(n));
    }
    if (out.size() > k_max_counts)
      bad_actors(text, "at most " + std::to_string(k_max_counts) + " counts");
  }
  return out;
}

std::vector<std::string> selected_methods(const std::vector<std::string>& methods) {
  std::vector<std::string> out;
  const auto add = [&out](const std::string& m) {
    if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  };
  const std::vector<std::string> all = game::crowd_methods();
  const std::span<const std::string_view> paths = game::crowd_path_methods();
  for (const std::string& list : methods.empty() ? std::vector<std::string>{"all"} : methods)
    for (const std::string& m : split_text(list, ',')) {
      if (m == "all") {
        for (const std::string& a : all)
          add(a);
      } else if (m == "paths") {
        for (const std::string_view p : paths)
          add(std::string(p));
      } else if (m == "brains") {
        for (const std::string& a : all)
          if (std::find(paths.begin(), paths.end(), a) == paths.end()) add(a);
      } else {
        try {
          game::check_crowd_method(m);
        } catch (const InputError& e) {
          throw InputError(std::string("--method: ") + e.what() + ", or all, paths, brains");
        }
        add(m);
      }
    }
  return out;
}

game::CrowdBenchOptions bench_ai_plan(const BenchAiOptions& o) {
  game::CrowdBenchOptions plan;
  plan.methods = selected_methods(o.methods);
  plan.reps = o.reps.value_or(o.quick ? k_quick_reps : k_default_reps);
  plan.seed = parse_seed(o.seed).value;
  plan.sample = o.sample;
  plan.radius = o.radius;
  plan.kind = o.kind;
  if (plan.reps < 1 || plan.reps > game::k_crowd_max_reps)
    throw InputError("--reps must be from 1 to " + std::to_string(game::k_crowd_max_reps) +
                     "; got " + std::to_string(plan.reps));
  if (o.sample < 0) throw InputError("--sample must be 0 (every actor searches) or more");
  if (o.radius < 0) throw InputError("--radius must be 0 (anywhere) or more");
  std::vector<int> counts;
  if (!o.actors.empty()) {
    counts = parse_actor_counts(o.actors);
  } else if (o.quick) {
    counts = {10, 100, 200};
  } else if (!o.size.empty()) {
    counts = game::thesis_crowd_plans().front().actors;
  }
  if (!o.size.empty()) {
    const Size size = parse_size(o.size);
    for (const int side : {size.width, size.height})
      if (side < game::k_crowd_min_side || side > game::k_crowd_max_side)
        throw InputError("--size: each side must be from " +
                         std::to_string(game::k_crowd_min_side) + " to " +
                         std::to_string(game::k_crowd_max_side) + "; got '" + o.size + "'");
    plan.plans = {{size, counts}};
  } else if (!counts.empty()) {
    plan.plans = {{k_thesis_size, counts}};
  } else {
    plan.plans = game::thesis_crowd_plans();
  }
  return plan;
}

std::string bench_ai_row(const game::CrowdSample& s) {
  return s.method + "," + size_text(s.map) + "," + std::to_string(s.actors) + "," +
         std::to_string(s.rep) + "," + format_ms(s.turn.ms) + "," +
         std::to_string(s.turn.timed_actors) + "," + std::to_string(s.turn.moved) + "," +
         format_ms(s.turn.cpu_ms);
}

std::string bench_ai_summary_row(const game::CrowdSummary& s) {
  return s.method + "," + size_text(s.map) + "," + std::to_string(s.actors) + "," +
         std::to_string(s.reps) + "," + format_ms(s.mean_ms) + "," + format_ms(s.median_ms) + "," +
         format_ms(s.min_ms) + "," + format_ms(s.max_ms) + "," + std::to_string(s.timed_actors) +
         "," + format_ms(s.mean_cpu_ms) + "," + format_ms(s.median_cpu_ms);
}

void run_bench_ai(const BenchAiOptions& options, std::ostream& out, std::ostream& log) {
  const game::CrowdBenchOptions plan = bench_ai_plan(options);
  const std::span<const std::string_view> paths = game::crowd_path_methods();
  const bool brains = std::any_of(plan.methods.begin(), plan.methods.end(), [&](const auto& m) {
    return std::find(paths.begin(), paths.end(), m) == paths.end();
  });
  std::unique_ptr<game::Content> content;
  if (brains)
    content = std::make_unique<game::Content>(game::load_content(
        options.content.empty() ? game::default_content_dir() : options.content));

  std::size_t groups = 0;
  for (const game::CrowdBenchPlan& p : plan.plans)
    groups += p.actors.size() * plan.methods.size();
  Progress progress(log, options.terminal, "bench ai", static_cast<double>(groups));

  // Rows go out as they come when writing to `out`; a file is written whole at the end.
  std::ostringstream file;
  std::ostream& csv = options.out.empty() ? out : file;
  csv << (options.summary ? k_bench_ai_summary_header : k_bench_ai_header) << "\n";
  std::vector<game::CrowdSample> group;  // the turns of the current method and count
  const auto flush_group = [&] {
    if (group.empty()) return;
    const std::vector<game::CrowdSummary> s = game::summarize_crowd(group);
    progress.advance(1, progress_line(s.front()));
    if (options.summary) csv << bench_ai_summary_row(s.front()) << "\n" << std::flush;
    group.clear();
  };
  game::run_crowd_bench(plan, content.get(), [&](const game::CrowdSample& s) {
    if (!group.empty() && (group.front().method != s.method || group.front().map != s.map ||
                           group.front().actors != s.actors))
      flush_group();
    group.push_back(s);
    if (!options.summary) csv << bench_ai_row(s) << "\n" << std::flush;
  });
  flush_group();
  progress.finish();
  if (!options.out.empty()) write_file_atomic(options.out, file.str());
}

}  // namespace yendor::cli
