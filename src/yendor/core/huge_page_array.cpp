#include "yendor/core/huge_page_array.hpp"

#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace yendor::detail {

namespace {
constexpr std::size_t k_huge_page = std::size_t{1} << 21;  // 2 MiB, x86-64 and arm64 Linux
constexpr std::size_t k_cache_line = 64;

std::size_t alignment_for(std::size_t bytes) {
  return bytes >= k_huge_page ? k_huge_page : k_cache_line;
}
}  // namespace

// Through the aligned operator new, so allocation counters (tests/support) see it.
void* allocate_pages(std::size_t bytes) {
  const std::size_t alignment = alignment_for(bytes);
  const std::size_t size = (bytes + alignment - 1) / alignment * alignment;  // whole pages
  void* memory = ::operator new (size, std::align_val_t{alignment});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Advice only: with huge pages off, or none free, the kernel uses small pages.
  if (alignment == k_huge_page) (void)madvise(memory, size, MADV_HUGEPAGE);
#endif
  return memory;
}

void release_pages(void* memory, std::size_t bytes) noexcept {
  if (memory != nullptr) ::operator delete (memory, std::align_val_t{alignment_for(bytes)});
}

}  // namespace yendor::detail
