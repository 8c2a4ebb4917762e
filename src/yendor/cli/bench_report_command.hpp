#pragma once
// `yendor bench report`: the experiments of thesis 5.5 in one command. Runs the generation
// sweep (bench gen) and the crowd sweep (bench ai), writes the maps the peers read, runs the
// peers that are installed (the libtcod program bench/peers builds, and rot.js under node), each
// under a wall-clock limit, then has scripts/bench_report.py draw the plots and write
// docs/experiments.md from the CSV files left in the work directory.

#include <iosfwd>
#include <string>

namespace yendor::cli {

struct BenchReportOptions {
  bool quick = false;  // the short version the test command runs: 2 sizes, 3 repetitions
  std::string out;     // the Markdown; default docs/experiments.md in the source tree
  std::string plots;   // PNG directory; default experiments/ beside the Markdown
  std::string work;    // CSV files and logs; default build/bench-report[-quick]/ in the source
  std::string peers = "auto";  // auto (those installed), on (all, or an error), off
  std::string python = "/usr/bin/python3";
  std::string node = "node";
  std::string peer_bench;  // the libtcod peer program; default the one this build made
  std::string rotjs;       // bench/peers/rotjs/peer.mjs in the source tree
  std::string script;      // scripts/bench_report.py in the source tree
  bool terminal = false;   // the log is a terminal: progress bars
};

// The defaults filled in (paths from the source and build trees this binary was built from).
BenchReportOptions with_report_defaults(BenchReportOptions options);

void run_bench_report(const BenchReportOptions& options, std::ostream& log);

}  // namespace yendor::cli
