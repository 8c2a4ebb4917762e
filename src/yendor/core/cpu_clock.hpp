#pragma once
// The clocks benchmarks read. The processor time the calling thread has used suits a shared
// machine: a virtual machine whose processor is lent to others meanwhile ("steal") stretches
// wall-clock times but not this one. Measurement only: nothing the game decides may depend on
// either clock.

#include <chrono>
#include <ctime>

namespace yendor {

// Milliseconds of processor time used by this thread so far (POSIX CLOCK_THREAD_CPUTIME_ID).
inline double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

// Wall-clock milliseconds between two readings of the steady clock.
inline double ms_between(std::chrono::steady_clock::time_point from,
                         std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

}  // namespace yendor
