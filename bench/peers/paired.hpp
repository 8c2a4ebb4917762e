#pragma once
// Paired timing of Yendor and libtcod (docs/benchmarks.md, "Paired ratios"). This machine's
// speed changes from one second to the next (other tenants; one state is nearly twice as fast
// as the other), and two benchmarks run one after the other can land in different states, so
// the ratio of their medians is partly luck. A paired benchmark instead alternates blocks of
// Yendor calls and libtcod calls, each block a few milliseconds long, and takes the ratio
// within each pair of neighbouring blocks: both sides of a ratio ran under the same
// conditions. The median over the rounds is the figure the report's verdicts use.

#include <benchmark/benchmark.h>

#include <functional>

namespace yendor::peers {

// Rounds of a paired benchmark (0: no paired benchmarks are registered); set by
// --peer_paired before registration.
int paired_rounds();
void set_paired_rounds(int rounds);

// Times `yendor` and `tcod` (each one timed unit of `calls` calls) in alternating blocks of
// at least 5 ms (or one unit) for paired_rounds() rounds, stopping early after 15 s once three
// rounds are done; the order within a round alternates. A unit shorter than a block gets one
// untimed run at the start of each block (the other side has just evicted its data), and the
// clock is read once per batch of units, not after each. Sets the counters yendor_us and tcod_us
// (per call, medians of the rounds), ratio (median over the rounds of libtcod / Yendor per call)
// and rounds, and the label to `tcod_algorithm`, which names libtcod's side.
void run_paired(benchmark::State& state, const std::function<void()>& yendor,
                const std::function<void()>& tcod, double calls, const char* tcod_algorithm);

}  // namespace yendor::peers
