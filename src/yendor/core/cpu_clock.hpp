#pragma once
// The processor time the calling thread has used, for benchmarks on a shared machine: a
// virtual machine whose processor is lent to others meanwhile ("steal") stretches wall-clock
// times but not this one. Measurement only: nothing the game decides may depend on it.

#include <ctime>

namespace yendor {

// Milliseconds of processor time used by this thread so far (POSIX CLOCK_THREAD_CPUTIME_ID).
inline double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

}  // namespace yendor
