#include "peers/paired.hpp"

#include <time.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "peers/peer_common.hpp"

namespace yendor::peers {
namespace {

constexpr double k_paired_block_seconds = 0.005;
constexpr double k_paired_budget_seconds = 15.0;
constexpr int k_paired_min_rounds = 3;

int g_paired_rounds = 0;

// CPU time of this thread, in seconds (what the other benchmarks report is CPU time too).
double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Seconds per unit of `f` over a block of at least k_paired_block_seconds (one unit at
// least). A unit shorter than the block is first run once untimed, so the block is timed warm,
// as a benchmark's loop is: the other library's block has just evicted its data from the
// caches. (A unit as long as the block reads more memory than the caches hold anyway.)
// Units run `batch` at a time between readings of the clock, which costs about a microsecond
// (a system call), as much as a short unit.
double block(const std::function<void()>& f, bool warm_up, long batch) {
  if (warm_up) f();
  const double start = thread_seconds();
  double now = start;
  long units = 0;
  do {
    for (long i = 0; i < batch; ++i)
      f();
    units += batch;
    now = thread_seconds();
  } while (now - start < k_paired_block_seconds);
  return (now - start) / static_cast<double>(units);
}

// Units per reading of the clock: about a tenth of a block's worth, at least one.
long batch_for(double unit_seconds) {
  const double units = 0.1 * k_paired_block_seconds / std::max(unit_seconds, 1e-9);
  return std::max(1L, static_cast<long>(units));
}

}  // namespace

int paired_rounds() {
  return g_paired_rounds;
}
void set_paired_rounds(int rounds) {
  g_paired_rounds = rounds;
}

void run_paired(benchmark::State& state, const std::function<void()>& yendor,
                const std::function<void()>& tcod, double calls, const char* tcod_algorithm) {
  std::vector<double> ours, theirs, ratios;
  for (auto _ : state) {
    // Both run twice first (scratch buffers, first-use set-up), which also says how long a unit
    // takes (the second of the two runs, the first paying for first use).
    const auto unit_seconds = [](const std::function<void()>& f) {
      f();
      const double start = thread_seconds();
      f();
      return thread_seconds() - start;
    };
    const double yendor_unit = unit_seconds(yendor), tcod_unit = unit_seconds(tcod);
    const bool warm_yendor = yendor_unit < k_paired_block_seconds;
    const bool warm_tcod = tcod_unit < k_paired_block_seconds;
    const long yendor_batch = batch_for(yendor_unit), tcod_batch = batch_for(tcod_unit);
    const double start = thread_seconds();
    for (int round = 0; round < g_paired_rounds; ++round) {
      double y = 0, t = 0;
      if (round % 2 == 0) {
        y = block(yendor, warm_yendor, yendor_batch);
        t = block(tcod, warm_tcod, tcod_batch);
      } else {
        t = block(tcod, warm_tcod, tcod_batch);
        y = block(yendor, warm_yendor, yendor_batch);
      }
      ours.push_back(y);
      theirs.push_back(t);
      ratios.push_back(t / y);
      if (round + 1 >= k_paired_min_rounds && thread_seconds() - start > k_paired_budget_seconds)
        break;
    }
  }
  state.counters["yendor_us"] = median(ours) * 1e6 / calls;
  state.counters["tcod_us"] = median(theirs) * 1e6 / calls;
  state.counters["ratio"] = median(ratios);
  state.counters["rounds"] = static_cast<double>(ratios.size());
  state.SetLabel(tcod_algorithm);
}

}  // namespace yendor::peers
