#pragma once
// Keeping memory a program frees for its next allocations instead of handing it back to the
// kernel. glibc's malloc returns the top of its heap to the kernel once more than a threshold
// of it is free, and serves blocks above another threshold with mmap and munmap; both
// thresholds move with the sizes it has seen. A program that makes level after level of a
// few megabytes (a sweep, a bot run, a long game) then often gets its memory back from the
// kernel as fresh pages, each costing a page fault and zeroing: about 1,000 a level for a
// 1000x1000 depth-first maze, about as long as its stairs take (docs/benchmarks.md). Programs call
// keep_freed_memory() once at start; the `yendor` command does. A library never changes this
// behind its host's back, so libyendor itself does not.

namespace yendor {

// Fixes glibc's thresholds so freed blocks up to k_freed_memory_kept_bytes stay in the
// process for reuse and blocks below k_mmap_threshold_bytes come from the heap. Returns
// whether the allocator took both settings: false under other C libraries and under the
// sanitizers, whose allocators ignore them (then nothing changed).
bool keep_freed_memory();

inline constexpr long k_freed_memory_kept_bytes = 128L << 20;
inline constexpr long k_mmap_threshold_bytes = 32L << 20;  // glibc's largest allowed value

}  // namespace yendor
