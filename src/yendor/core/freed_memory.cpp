#include "yendor/core/freed_memory.hpp"

#include <cstdlib>  // on glibc, defines __GLIBC__ for the test below

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace yendor {

bool keep_freed_memory() {
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
  // Setting either threshold also stops glibc from moving them on its own.
  return mallopt(M_MMAP_THRESHOLD, static_cast<int>(k_mmap_threshold_bytes)) == 1 &&
         mallopt(M_TRIM_THRESHOLD, static_cast<int>(k_freed_memory_kept_bytes)) == 1;
#else
  return false;
#endif
}

}  // namespace yendor
