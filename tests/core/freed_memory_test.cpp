#include "yendor/core/freed_memory.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstddef>
#include <memory>
#include <vector>

namespace yendor {
namespace {

long minor_page_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

constexpr std::size_t k_page = 4096;

// Allocates `blocks` blocks of `bytes`, writes a byte of every page (volatile, so the writes
// stay), and frees them all: what making and dropping a large level does to the heap.
void allocate_touch_free(int blocks, std::size_t bytes) {
  std::vector<std::unique_ptr<std::byte[]>> held;
  for (int b = 0; b < blocks; ++b) {
    held.push_back(std::make_unique_for_overwrite<std::byte[]>(bytes));
    volatile std::byte* memory = held.back().get();
    for (std::size_t i = 0; i < bytes; i += k_page)
      memory[i] = std::byte{1};
  }
}

TEST(KeepFreedMemory, TakesEffectUnderGlibcsOwnAllocator) {
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
  EXPECT_TRUE(keep_freed_memory());  // glibc accepted both values
#else
  EXPECT_FALSE(keep_freed_memory());  // another allocator: nothing to set
#endif
}

TEST(KeepFreedMemory, FreedLevelsAreReusedWithoutFreshPages) {
  if (!keep_freed_memory()) GTEST_SKIP() << "not glibc's allocator (sanitizers replace it)";
  // 72 MiB a round in blocks of 12 MiB: more than glibc keeps on its own whatever it has seen
  // (its trim threshold grows to at most 64 MiB), so without the settings every round would
  // get fresh pages from the kernel again, 18,432 page faults.
  constexpr int k_blocks = 6;
  constexpr std::size_t k_bytes = std::size_t{12} << 20;
  allocate_touch_free(k_blocks, k_bytes);  // the first round's pages are fresh
  const long before = minor_page_faults();
  constexpr int k_rounds = 3;
  for (int round = 0; round < k_rounds; ++round)
    allocate_touch_free(k_blocks, k_bytes);
  const long pages = k_rounds * k_blocks * static_cast<long>(k_bytes / k_page);
  EXPECT_LT(minor_page_faults() - before, pages / 100);
}

}  // namespace
}  // namespace yendor
