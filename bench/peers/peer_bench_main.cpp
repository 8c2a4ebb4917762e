// yendor_peer_bench: Yendor and libtcod side by side on the same maps in the same run
// (docs/benchmarks.md). Runs the benchmarks of tcod_fov_bench.cpp and tcod_path_bench.cpp
// with the usual console output, then prints a Markdown table of libtcod time / Yendor time
// per case against the issue's targets, and the checks that both libraries did the same work.
//
// Google Benchmark's flags apply (--benchmark_filter=fov, --benchmark_repetitions=3...), and
// two of ours: --peer_passes=N runs the whole selection N times, spread over time, and the
// table takes each benchmark's median (for shared, noisy machines); --peer_time=real ranks by
// wall-clock time instead of CPU time (the default: time spent descheduled is not the code's);
// --peer_csv=FILE also writes every benchmark's medians as CSV (what `yendor bench report`
// reads); --peer_paired=N adds the paired benchmarks (peers/paired.hpp: Yendor and libtcod
// timed in alternating blocks, N rounds) and --peer_pairs_csv=FILE writes their ratios.
// Exits 1 when a check finds that the libraries' results differ.

#include <benchmark/benchmark.h>
#include <libtcod/version.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "peers/paired.hpp"
#include "peers/peer_common.hpp"

namespace yendor::peers {
namespace {

double to_microseconds(double value, benchmark::TimeUnit unit) {
  switch (unit) {
    case benchmark::kNanosecond:
      return value / 1e3;
    case benchmark::kMicrosecond:
      return value;
    case benchmark::kMillisecond:
      return value * 1e3;
    case benchmark::kSecond:
      return value * 1e6;
  }
  return value;
}

std::string case_of(std::string_view name) {
  return std::string(name.substr(0, name.find('/')));
}
std::string variant_of(std::string_view name) {
  const std::size_t slash = name.find('/');
  return slash == std::string_view::npos ? std::string() : std::string(name.substr(slash + 1));
}

// The console output as usual, plus each run's CPU and real time per call by benchmark name
// (every repetition and pass), for the table.
class CollectingReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    benchmark::ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;  // aggregates: we take our own median
      if (variant_of(run.run_name.function_name).rfind("pair_", 0) == 0) {
        collect_pair(run);
        continue;
      }
      Samples& s = samples_[run.run_name.function_name];
      if (run.error_occurred) {
        s.error = run.error_message;
        continue;
      }
      // A benchmark that makes several calls per iteration says how many in "views".
      const auto views = run.counters.find("views");
      const double calls = views == run.counters.end() ? 1 : std::max(1.0, views->second.value);
      s.cpu_us.push_back(to_microseconds(run.GetAdjustedCPUTime(), run.time_unit) / calls);
      s.real_us.push_back(to_microseconds(run.GetAdjustedRealTime(), run.time_unit) / calls);
    }
  }

  explicit CollectingReporter(OutputOptions options, bool real_time)
      : benchmark::ConsoleReporter(options), real_time_(real_time) {}

  const char* time_kind() const { return real_time_ ? "real" : "CPU"; }

  // The median time per call (CPU or real) of every run of `name`; nullopt when it did not
  // run or failed.
  std::optional<double> median_us(const std::string& name) const {
    return median_us(name, real_time_);
  }
  std::optional<double> median_us(const std::string& name, bool real) const {
    const auto it = samples_.find(name);
    if (it == samples_.end() || it->second.cpu_us.empty()) return std::nullopt;
    return median(real ? it->second.real_us : it->second.cpu_us);
  }
  std::string error(const std::string& name) const {
    const auto it = samples_.find(name);
    return it == samples_.end() ? std::string() : it->second.error;
  }
  std::size_t runs(const std::string& name) const {
    const auto it = samples_.find(name);
    return it == samples_.end() ? 0 : it->second.cpu_us.size();
  }
  // The most runs any benchmark had (passes × repetitions).
  std::size_t max_runs() const {
    std::size_t n = 0;
    for (const auto& [name, s] : samples_)
      n = std::max(n, s.cpu_us.size());
    return n;
  }
  // A paired benchmark's figures, medians over its runs (passes), rounds summed.
  struct Pair {
    std::string case_name, yendor, tcod, error;
    std::size_t runs = 0;
    double rounds = 0, yendor_us = 0, tcod_us = 0, ratio = 0;
  };
  std::vector<Pair> pairs() const {
    std::vector<Pair> out;
    for (const auto& [name, p] : pairs_) {
      Pair q;
      q.case_name = case_of(name);
      q.yendor = variant_of(name).substr(5);  // after "pair_"
      q.tcod = p.tcod;
      q.error = p.error;
      q.runs = p.ratio.size();
      for (const double r : p.rounds)
        q.rounds += r;
      q.yendor_us = median(p.yendor_us);
      q.tcod_us = median(p.tcod_us);
      q.ratio = median(p.ratio);
      out.push_back(q);
    }
    return out;
  }

  // Every benchmark name seen, sorted.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [name, s] : samples_)
      out.push_back(name);
    return out;
  }

 private:
  struct Samples {
    std::vector<double> cpu_us, real_us;
    std::string error;
  };
  struct PairSamples {
    std::string tcod, error;
    std::vector<double> yendor_us, tcod_us, ratio, rounds;
  };

  void collect_pair(const Run& run) {
    PairSamples& p = pairs_[run.run_name.function_name];
    if (run.error_occurred) {
      p.error = run.error_message;
      return;
    }
    const auto counter = [&](const char* name) {
      const auto it = run.counters.find(name);
      return it == run.counters.end() ? 0.0 : it->second.value;
    };
    p.tcod = run.report_label;
    p.yendor_us.push_back(counter("yendor_us"));
    p.tcod_us.push_back(counter("tcod_us"));
    p.ratio.push_back(counter("ratio"));
    p.rounds.push_back(counter("rounds"));
  }
  std::map<std::string, Samples> samples_;
  std::map<std::string, PairSamples> pairs_;
  bool real_time_ = false;
};

// One line of the table: Yendor's benchmark against libtcod's reference benchmark and, when
// `fastest` is set, against the fastest libtcod benchmark of the case.
struct Row {
  const char* label;
  const char* yendor;
  const char* tcod;
  bool fastest = false;
  double target_us = 0;         // 0: no target (a row for information)
  const char* issue_tcod = "";  // libtcod's figure in the issue, µs (reference / fastest)
};

constexpr Row k_rows[] = {
    {"1. FOV radius 9, cave 200x200", "fov_r9_cave200/yendor_symmetric",
     "fov_r9_cave200/tcod_symmetric", true, 2, "65 / 14"},
    {"1b. same, mean over 64 random floor viewers", "fov_r9_cave200_views64/yendor_symmetric",
     "fov_r9_cave200_views64/tcod_symmetric", true, 2, ""},
    {"2. FOV unlimited, cave 1000x1000", "fov_unlimited_cave1000/yendor_symmetric",
     "fov_unlimited_cave1000/tcod_symmetric", true, 50, "1600 / 320"},
    {"2b. same, mean over 64 random floor viewers",
     "fov_unlimited_cave1000_views64/yendor_symmetric",
     "fov_unlimited_cave1000_views64/tcod_symmetric", true, 50, ""},
    {"3. FOV unlimited, open 1000x1000", "fov_unlimited_open1000/yendor_symmetric",
     "fov_unlimited_open1000/tcod_symmetric", true, 1000, "2800"},
    {"4. A* far corners, cave 1000x1000", "astar_cave1000/yendor_astar",
     "astar_cave1000/tcod_astar", false, 10000, "213000"},
    {"4b. same, plain A* (jump points off)", "astar_cave1000/yendor_astar_plain",
     "astar_cave1000/tcod_astar", false, 0, ""},
    {"4c. same, Yendor's default corner rule", "astar_cave1000/yendor_astar_default_movement",
     "astar_cave1000/tcod_astar", false, 0, ""},
    {"5. Dijkstra map, open 1000x1000", "dijkstra_open1000/yendor_dijkstra",
     "dijkstra_open1000/tcod_dijkstra", false, 4000, "47000"},
    {"5. Dijkstra map, cave 1000x1000", "dijkstra_cave1000/yendor_dijkstra",
     "dijkstra_cave1000/tcod_dijkstra", false, 4000, "47000"},
    {"5b. open, Yendor's default corner rule", "dijkstra_open1000/yendor_dijkstra_default_movement",
     "dijkstra_open1000/tcod_dijkstra", false, 0, ""},
    {"5b. cave, Yendor's default corner rule", "dijkstra_cave1000/yendor_dijkstra_default_movement",
     "dijkstra_cave1000/tcod_dijkstra", false, 0, ""},
    {"6. chase, 200 monsters, per turn: Yendor Dijkstra + downhill",
     "chase200_cave200/yendor_dijkstra_downhill", "chase200_cave200/tcod_astar", true, 500,
     "41000"},
    {"6b. chase: Yendor A* per monster", "chase200_cave200/yendor_astar",
     "chase200_cave200/tcod_astar", true, 0, "41000"},
};

std::string format_us(std::optional<double> us) {
  if (!us) return "—";
  char text[32];
  std::snprintf(text, sizeof text, *us < 10 ? "%.2f" : *us < 100 ? "%.1f" : "%.0f", *us);
  return text;
}
std::string format_ratio(std::optional<double> tcod, std::optional<double> yendor) {
  if (!tcod || !yendor || *yendor <= 0) return "—";
  const double ratio = *tcod / *yendor;
  char text[32];
  std::snprintf(text, sizeof text, ratio >= 10 ? "%.0f×" : ratio >= 1 ? "%.1f×" : "%.2f×", ratio);
  return text;
}

// The fastest libtcod benchmark of `case_name`: its name and median.
std::optional<std::pair<std::string, double>> fastest_tcod(const CollectingReporter& r,
                                                           const std::string& case_name) {
  std::optional<std::pair<std::string, double>> best;
  for (const std::string& name : r.names()) {
    if (case_of(name) != case_name || variant_of(name).rfind("tcod_", 0) != 0) continue;
    if (const auto us = r.median_us(name); us && (!best || *us < best->second))
      best = std::pair{variant_of(name), *us};
  }
  return best;
}

void print_table(const CollectingReporter& r) {
  std::printf(
      "\n## Yendor vs libtcod %s (%s time per call, µs; median of %zu run(s))\n\n"
      "| case | Yendor µs | libtcod µs | ratio | libtcod fastest µs | ratio | target µs "
      "| issue's libtcod µs | met? |\n"
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
      TCOD_STRVERSION, r.time_kind(), r.max_runs());
  for (const Row& row : k_rows) {
    const auto yendor = r.median_us(row.yendor);
    const auto tcod = r.median_us(row.tcod);
    if (!yendor && !tcod && r.error(row.yendor).empty()) continue;  // filtered out
    std::string yendor_text = format_us(yendor) + " (" + variant_of(row.yendor) + ")";
    if (!yendor && !r.error(row.yendor).empty()) yendor_text = "— (" + r.error(row.yendor) + ")";
    std::string fastest_text = "", fastest_ratio = "";
    if (row.fastest) {
      if (const auto best = fastest_tcod(r, case_of(row.yendor))) {
        fastest_text = format_us(best->second) + " (" + best->first + ")";
        fastest_ratio = format_ratio(best->second, yendor);
      }
    }
    std::string target = "—", met = "—";
    if (row.target_us > 0) {
      target = "≤ " + format_us(row.target_us);
      if (yendor) met = *yendor <= row.target_us ? "yes" : "**no**";
    }
    std::printf("| %s | %s | %s (%s) | %s | %s | %s | %s | %s | %s |\n", row.label,
                yendor_text.c_str(), format_us(tcod).c_str(), variant_of(row.tcod).c_str(),
                format_ratio(tcod, yendor).c_str(), fastest_text.c_str(), fastest_ratio.c_str(),
                target.c_str(), row.issue_tcod, met.c_str());
  }
}

// Every FOV algorithm of both libraries, one column per FOV case.
void print_fov_table(const CollectingReporter& r) {
  std::vector<std::string> cases, variants;
  for (const std::string& name : r.names()) {
    if (name.rfind("fov_", 0) != 0) continue;
    const std::string c = case_of(name), v = variant_of(name);
    if (std::find(cases.begin(), cases.end(), c) == cases.end()) cases.push_back(c);
    if (std::find(variants.begin(), variants.end(), v) == variants.end()) variants.push_back(v);
  }
  if (cases.empty()) return;
  // Yendor's first, then libtcod's; alphabetical within each.
  std::stable_partition(variants.begin(), variants.end(),
                        [](const std::string& v) { return v.rfind("yendor_", 0) == 0; });
  std::printf("\n### Every FOV algorithm (%s µs per call)\n\n| algorithm |", r.time_kind());
  for (const std::string& c : cases)
    std::printf(" %s |", c.c_str());
  std::printf("\n| --- |");
  for (std::size_t i = 0; i < cases.size(); ++i)
    std::printf(" --- |");
  std::printf("\n");
  for (const std::string& v : variants) {
    std::printf("| %s |", v.c_str());
    for (const std::string& c : cases)
      std::printf(" %s |", format_us(r.median_us(c + "/" + v)).c_str());
    std::printf("\n");
  }
}

// The paired benchmarks: Yendor and libtcod timed in alternating blocks.
void print_pairs_table(const CollectingReporter& r) {
  const std::vector<CollectingReporter::Pair> pairs = r.pairs();
  if (pairs.empty()) return;
  std::printf(
      "\n### Paired (alternating blocks of Yendor and libtcod; CPU µs per call, medians)\n\n"
      "| case | Yendor | libtcod | rounds | Yendor µs | libtcod µs | libtcod/Yendor |\n"
      "| --- | --- | --- | --- | --- | --- | --- |\n");
  for (const CollectingReporter::Pair& p : pairs) {
    if (!p.error.empty()) {
      std::printf("| %s | %s | — | — | — (%s) | — | — |\n", p.case_name.c_str(), p.yendor.c_str(),
                  p.error.c_str());
      continue;
    }
    std::printf("| %s | %s | %s | %.0f | %s | %s | %s |\n", p.case_name.c_str(), p.yendor.c_str(),
                p.tcod.c_str(), p.rounds, format_us(p.yendor_us).c_str(),
                format_us(p.tcod_us).c_str(), format_ratio(p.ratio, 1.0).c_str());
  }
}

// One line per paired benchmark: case, Yendor and libtcod algorithms, runs and rounds, the
// medians per call and the median ratio. False when the file cannot be written.
bool write_pairs_csv(const CollectingReporter& r, const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return false;
  std::fprintf(f, "case,yendor,tcod,runs,rounds,yendor_us,tcod_us,ratio,status\n");
  for (const CollectingReporter::Pair& p : r.pairs()) {
    if (!p.error.empty())
      std::fprintf(f, "%s,%s,%s,0,0,,,,error\n", p.case_name.c_str(), p.yendor.c_str(),
                   p.tcod.c_str());
    else
      std::fprintf(f, "%s,%s,%s,%zu,%.0f,%.4f,%.4f,%.4f,ok\n", p.case_name.c_str(),
                   p.yendor.c_str(), p.tcod.c_str(), p.runs, p.rounds, p.yendor_us, p.tcod_us,
                   p.ratio);
  }
  return std::fclose(f) == 0;
}

void print_checks(const std::vector<Check>& checks) {
  std::printf("\n### Same work? (results compared outside the timed loops)\n\n");
  for (const Check& c : checks)
    std::printf("- %s %s: %s\n", c.ok ? "ok" : "**MISMATCH**", c.name.c_str(), c.detail.c_str());
}

constexpr const char* k_notes =
    "\nNotes: both libraries read the same cells (transparent = tile_info(t).transparent, "
    "walkable = CostMap::from_tiles passable, every step costing 1), converted before timing; "
    "each benchmark reuses its map, path and Dijkstra objects as a game would. Yendor runs "
    "under libtcod's path rules (8-connected, diagonal cost 1, corner cutting allowed: libtcod "
    "has no corner rule); the 4c/5b rows use Yendor's default Movement (no cutting around wall "
    "corners), which libtcod cannot express. Yendor's A* runs jump point search where every "
    "step costs the same (rows 4, 4c, 6b); row 4b switches it off (plain A*, cell by cell). "
    "libtcod's FOV radius keeps dx²+dy² < r², Yendor's "
    "dx²+dy² <= r(r+1): view counts are compared where both agree. libtcod's symmetric "
    "shadowcast scans the whole map whatever the radius. libtcod's A* uses a Euclidean "
    "heuristic, which overestimates when diagonals cost 1, so its paths may be a few steps "
    "longer than the shortest. The chase's libtcod Dijkstra reads each monster's step with "
    "TCOD_dijkstra_get after TCOD_dijkstra_path_set (its path runs from the root outward). "
    "Rows 1b/2b average 64 random floor viewers (the issue's viewer, nearest the centre, may "
    "stand in a small pocket).\n";

// One line per benchmark: case, library (yendor or tcod), algorithm, median CPU and real
// microseconds per call, runs, ok or error. False when the file cannot be written.
bool write_csv(const CollectingReporter& r, const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return false;
  std::fprintf(f, "case,library,algorithm,cpu_us,real_us,samples,status\n");
  for (const std::string& name : r.names()) {
    const std::string variant = variant_of(name);
    const std::size_t underscore = variant.find('_');
    const std::string library = variant.substr(0, underscore);
    const std::string algorithm =
        underscore == std::string::npos ? std::string() : variant.substr(underscore + 1);
    const std::optional<double> cpu = r.median_us(name, false);
    const std::optional<double> real = r.median_us(name, true);
    if (cpu && real)
      std::fprintf(f, "%s,%s,%s,%.4f,%.4f,%zu,ok\n", case_of(name).c_str(), library.c_str(),
                   algorithm.c_str(), *cpu, *real, r.runs(name));
    else
      std::fprintf(f, "%s,%s,%s,,,0,error\n", case_of(name).c_str(), library.c_str(),
                   algorithm.c_str());
  }
  return std::fclose(f) == 0;
}

struct PeerFlags {
  int passes = 1;
  bool real_time = false;
  std::string csv;        // --peer_csv=FILE
  int paired = 0;         // --peer_paired=N: rounds of the paired benchmarks (0: none)
  std::string pairs_csv;  // --peer_pairs_csv=FILE
};

// A whole number in [lo, hi] from the text after a flag's '='; nullopt (after a message) else.
std::optional<int> flag_number(const char* flag, const char* text, long lo, long hi) {
  char* end = nullptr;
  const long n = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || n < lo || n > hi) {
    std::fprintf(stderr, "yendor_peer_bench: %s wants %ld..%ld, got '%s'\n", flag, lo, hi, text);
    return std::nullopt;
  }
  return static_cast<int>(n);
}

// --peer_passes=N and --peer_time=cpu|real, taken out of argv before Google Benchmark sees
// it. nullopt (after a message) on a bad value.
std::optional<PeerFlags> take_peer_flags(int& argc, char** argv) {
  PeerFlags flags;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.rfind("--peer_passes=", 0) == 0) {
      const std::optional<int> n = flag_number("--peer_passes", argv[i] + 14, 1, 100);
      if (!n) return std::nullopt;
      flags.passes = *n;
    } else if (arg.rfind("--peer_paired=", 0) == 0) {
      const std::optional<int> n = flag_number("--peer_paired", argv[i] + 14, 0, 1000);
      if (!n) return std::nullopt;
      flags.paired = *n;
    } else if (arg.rfind("--peer_pairs_csv=", 0) == 0 && arg.size() > 17) {
      flags.pairs_csv = std::string(arg.substr(17));
    } else if (arg.rfind("--peer_csv=", 0) == 0 && arg.size() > 11) {
      flags.csv = std::string(arg.substr(11));
    } else if (arg == "--peer_time=cpu" || arg == "--peer_time=real") {
      flags.real_time = arg == "--peer_time=real";
    } else if (arg.rfind("--peer_", 0) == 0) {
      std::fprintf(stderr,
                   "yendor_peer_bench: unknown flag '%s' (--peer_passes=N, "
                   "--peer_time=cpu|real, --peer_csv=FILE, --peer_paired=N, "
                   "--peer_pairs_csv=FILE)\n",
                   argv[i]);
      return std::nullopt;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  return flags;
}

}  // namespace
}  // namespace yendor::peers

int main(int argc, char** argv) {
  using namespace yendor::peers;
  const std::optional<PeerFlags> flags = take_peer_flags(argc, argv);
  if (!flags) return 2;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  set_paired_rounds(flags->paired);
  register_fov_benchmarks();
  register_path_benchmarks();
  register_bsp_benchmarks();

  CollectingReporter reporter(isatty(STDOUT_FILENO) ? benchmark::ConsoleReporter::OO_Color
                                                    : benchmark::ConsoleReporter::OO_None,
                              flags->real_time);
  for (int pass = 0; pass < flags->passes; ++pass)
    benchmark::RunSpecifiedBenchmarks(&reporter);

  // Checks only for the cases that ran.
  std::vector<std::string> ran;
  for (const std::string& name : reporter.names())
    ran.push_back(case_of(name));
  const CaseFilter wanted = [&](std::string_view c) {
    return std::find(ran.begin(), ran.end(), c) != ran.end();
  };
  std::vector<Check> checks = fov_checks(wanted);
  for (Check& c : path_checks(wanted))
    checks.push_back(std::move(c));

  print_table(reporter);
  std::printf("%s", k_notes);
  print_fov_table(reporter);
  print_pairs_table(reporter);
  print_checks(checks);
  if (!flags->csv.empty() && !write_csv(reporter, flags->csv)) {
    std::fprintf(stderr, "yendor_peer_bench: cannot write %s\n", flags->csv.c_str());
    return 2;
  }
  if (!flags->pairs_csv.empty() && !write_pairs_csv(reporter, flags->pairs_csv)) {
    std::fprintf(stderr, "yendor_peer_bench: cannot write %s\n", flags->pairs_csv.c_str());
    return 2;
  }
  benchmark::Shutdown();
  return std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.ok; }) ? 0 : 1;
}
