#include "yendor/cli/bench_report_command.hpp"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <sstream>
#include <thread>
#include <vector>

#include "yendor/cli/bench_ai_command.hpp"
#include "yendor/cli/bench_gen_command.hpp"
#include "yendor/cli/progress.hpp"
#include "yendor/cli/subprocess.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/json_string.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/mapio/json_map.hpp"

namespace yendor::cli {
namespace {

namespace fs = std::filesystem;

// The maps every peer reads: the `caves` levels of bench/bench_maps.hpp (default parameters,
// this seed), so rot.js sees the cells Yendor and libtcod see.
constexpr std::uint64_t k_peer_cave_seed = 20151;

// Wall-clock limits on each peer program as a whole (each rot.js run has its own cap).
constexpr double k_peer_limit_quick_s = 600;
constexpr double k_peer_limit_full_s = 3 * 3600;
constexpr double k_plot_limit_s = 600;
constexpr int k_rotjs_run_cap_ms = 10000;

struct PeerStatus {
  std::string status;  // ran, not built, not installed, failed, timed out, skipped
  std::string note;
};

std::string read_first_line(const std::string& path, const std::string& prefix) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) {
      const std::size_t colon = line.find(':');
      return colon == std::string::npos ? line
                                        : line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  return "unknown";
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

std::string commit_of(const std::string& source, const std::string& work) {
  const std::string file = work + "/commit.txt";
  const ProcessResult r =
      run_process({"git", "-C", source, "rev-parse", "--short", "HEAD"}, file, 30);
  if (!r.started || r.exit_code != 0) return "unknown";
  std::ifstream in(file);
  std::string commit;
  std::getline(in, commit);
  return commit.empty() ? "unknown" : commit;
}

void write_peer_maps(const std::string& dir, bool quick) {
  fs::create_directories(dir);
  const Generator& caves = builtin_generators().get("caves");
  std::vector<int> sides = {200};
  if (!quick) sides.push_back(1000);
  for (const int side : sides) {
    const Level level =
        generate_level(caves, {side, side}, k_peer_cave_seed, caves.info().schema.defaults());
    write_file_atomic(dir + "/cave" + std::to_string(side) + ".json", to_json(level));
  }
}

// On a terminal, "NAME running 2:13" redrawn while a peer runs; nothing otherwise.
std::function<void(double)> running_line(const BenchReportOptions& o, std::ostream& log,
                                         const std::string& name) {
  if (!o.terminal) return nullptr;
  return [&log, name, last = -1L](double elapsed) mutable {
    const long second = static_cast<long>(elapsed);
    if (second == last) return;
    last = second;
    log << "\r\x1b[Kbench report: " << name << " running " << clock_text(elapsed) << std::flush;
  };
}

void end_running_line(const BenchReportOptions& o, std::ostream& log) {
  if (o.terminal) log << "\r\x1b[K" << std::flush;
}

PeerStatus finished(const ProcessResult& r, const std::string& what, const std::string& log) {
  if (!r.started) return {"failed", r.error};
  if (r.timed_out) return {"timed out", what + " stopped at its limit; see " + log};
  if (r.exit_code != 0)
    return {"failed", what + " exited with " + std::to_string(r.exit_code) +
                          (r.error.empty() ? "" : " (" + r.error + ")") + "; see " + log};
  return {"ran", what};
}

PeerStatus run_tcod_peer(const BenchReportOptions& o, const std::string& peers_dir,
                         std::ostream& log) {
  if (!fs::exists(o.peer_bench))
    return {"not built",
            "libtcod peer not built: scripts/setup --peers installs libtcod-dev, then build with "
            "-DYENDOR_BUILD_BENCH=ON (scripts/bench report does both)"};
  const std::string filter = o.quick ? "cave200|bsp_100x100|bsp_200x200" : ".";
  log << "bench report: libtcod peer (" << o.peer_bench << ")\n" << std::flush;
  const std::string out_log = peers_dir + "/tcod.log";
  const ProcessResult r = run_process(
      {o.peer_bench, "--benchmark_filter=" + filter, "--peer_csv=" + peers_dir + "/tcod.csv",
       std::string("--peer_passes=") + (o.quick ? "1" : "3"),
       std::string("--peer_paired=") + (o.quick ? "3" : "21"),
       "--peer_pairs_csv=" + peers_dir + "/tcod_pairs.csv"},
      out_log, o.quick ? k_peer_limit_quick_s : k_peer_limit_full_s,
      running_line(o, log, "libtcod peer"));
  end_running_line(o, log);
  return finished(r, std::string("yendor_peer_bench, ") + (o.quick ? "1 pass" : "3 passes"),
                  out_log);
}

PeerStatus run_rotjs_peer(const BenchReportOptions& o, const std::string& peers_dir,
                          const std::string& maps_dir, std::ostream& log) {
  const fs::path script(o.rotjs);
  if (!fs::exists(script)) return {"not installed", "no rot.js peer at " + o.rotjs};
  if (!fs::exists(script.parent_path() / "node_modules" / "rot-js"))
    return {"not installed", "rot.js not installed: scripts/setup --peers runs npm ci in " +
                                 script.parent_path().string()};
  if (!program_found(o.node)) return {"not installed", "node not found (" + o.node + ")"};
  const std::string sizes = o.quick ? "100x100,200x200" : "100x100,200x200,500x500,1000x1000";
  const std::string seeds = o.quick ? "1" : "1,2,3,4,5";
  log << "bench report: rot.js peer (" << o.rotjs << ")\n" << std::flush;
  // Quick: the generators and the one small map case (the 1000x1000 ones take seconds).
  const ProcessResult r =
      run_process({o.node, o.rotjs, "--cases", o.quick ? "gen,fov_r9_cave200" : "all", "--sizes",
                   sizes, "--seeds", seeds, "--maps", maps_dir, "--map-reps", o.quick ? "1" : "5",
                   "--cap-ms", std::to_string(k_rotjs_run_cap_ms),
                   // Digger and Uniform stop at their own one-second limit, often with
                   // nothing: given the cap, they finish or are stopped at it (a lower bound).
                   "--time-limit", std::to_string(k_rotjs_run_cap_ms)},
                  peers_dir + "/rotjs.csv", o.quick ? k_peer_limit_quick_s : k_peer_limit_full_s);
  return finished(r,
                  "rot.js on " + sizes + ", seeds " + seeds + ", each run capped at " +
                      std::to_string(k_rotjs_run_cap_ms / 1000) +
                      " s (Digger's and Uniform's timeLimit too)",
                  peers_dir + "/rotjs.csv");
}

std::string peer_json(const PeerStatus& s) {
  return "{\"status\": " + json_string(s.status) + ", \"note\": " + json_string(s.note) + "}";
}

void write_meta(const BenchReportOptions& o, const std::string& work, const PeerStatus& tcod,
                const PeerStatus& rotjs, const std::string& source) {
  const unsigned cores = std::thread::hardware_concurrency();
  std::ostringstream meta;
  meta << "{\n  \"generated\": " << json_string(utc_now()) << ",\n"
       << "  \"quick\": " << (o.quick ? "true" : "false") << ",\n"
       << "  \"yendor_version\": \"0.1.0\",\n"
       << "  \"commit\": " << json_string(commit_of(source, work)) << ",\n"
       << "  \"machine\": " << json_string(read_first_line("/proc/cpuinfo", "model name")) << ",\n"
       << "  \"cores\": " << cores << ",\n"
       << "  \"gen_reps\": " << (o.quick ? 3 : 20) << ",\n"
       << "  \"ai_reps\": " << (o.quick ? 3 : 20) << ",\n"
       << "  \"commands\": ["
       << json_string(o.quick ? "yendor bench report --quick" : "yendor bench report") << "],\n"
       << "  \"peers\": {\"tcod\": " << peer_json(tcod) << ", \"rotjs\": " << peer_json(rotjs)
       << "}\n}\n";
  write_file_atomic(work + "/meta.json", meta.str());
}

}  // namespace

BenchReportOptions with_report_defaults(BenchReportOptions o) {
  const std::string source = YENDOR_SOURCE_DIR;
  const std::string binary = YENDOR_BINARY_DIR;
  if (o.out.empty()) o.out = source + "/docs/experiments.md";
  if (o.work.empty()) o.work = binary + (o.quick ? "/bench-report-quick" : "/bench-report");
  if (o.peer_bench.empty()) o.peer_bench = binary + "/bench/yendor_peer_bench";
  if (o.rotjs.empty()) o.rotjs = source + "/bench/peers/rotjs/peer.mjs";
  if (o.script.empty()) o.script = source + "/scripts/bench_report.py";
  return o;
}

void run_bench_report(const BenchReportOptions& options, std::ostream& log) {
  const BenchReportOptions o = with_report_defaults(options);
  if (o.peers != "auto" && o.peers != "on" && o.peers != "off")
    throw InputError("--peers must be auto, on or off; got '" + o.peers + "'");
  if (!program_found(o.python))
    throw InputError("--python: " + o.python +
                     " not found (the plots need Debian's python3-matplotlib: scripts/setup)");
  if (!fs::exists(o.script)) throw InputError("--script: no report script at " + o.script);
  const std::string peers_dir = o.work + "/peers";
  const std::string maps_dir = o.work + "/maps";
  fs::create_directories(peers_dir);
  for (const char* stale : {"/tcod.csv", "/tcod_pairs.csv", "/rotjs.csv"})
    fs::remove(peers_dir + stale);

  BenchGenOptions gen;
  gen.quick = o.quick;
  gen.out = o.work + "/gen.csv";
  gen.terminal = o.terminal;
  run_bench_gen(gen, log, log);

  BenchAiOptions ai;
  ai.quick = o.quick;
  ai.out = o.work + "/ai.csv";
  ai.terminal = o.terminal;
  run_bench_ai(ai, log, log);

  PeerStatus tcod{"skipped", "--peers off"};
  PeerStatus rotjs{"skipped", "--peers off"};
  if (o.peers != "off") {
    write_peer_maps(maps_dir, o.quick);
    tcod = run_tcod_peer(o, peers_dir, log);
    rotjs = run_rotjs_peer(o, peers_dir, maps_dir, log);
    if (o.peers == "on")
      for (const PeerStatus* s : {&tcod, &rotjs})
        if (s->status != "ran") throw Error("peer: " + s->status + ": " + s->note);
  }
  write_meta(o, o.work, tcod, rotjs, YENDOR_SOURCE_DIR);

  std::vector<std::string> args = {o.python, o.script, "--work", o.work, "--out", o.out};
  if (!o.plots.empty()) {
    args.push_back("--plots");
    args.push_back(o.plots);
  }
  log << "bench report: writing " << o.out << "\n" << std::flush;
  const ProcessResult r = run_process(args, "", k_plot_limit_s);
  if (!r.started) throw Error("report script: " + r.error);
  if (r.timed_out)
    throw Error("report script: stopped after " + std::to_string(static_cast<int>(k_plot_limit_s)) +
                " s");
  if (r.exit_code != 0)
    throw Error("report script " + o.script + " failed (exit " + std::to_string(r.exit_code) + ")");
  log << "bench report: wrote " << o.out << " (data in " << o.work << ")\n";
}

}  // namespace yendor::cli
