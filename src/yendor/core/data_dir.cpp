#include "yendor/core/data_dir.hpp"

#include <cstdlib>

#ifndef YENDOR_BUILT_IN_DATA_DIR
#error "the build defines YENDOR_BUILT_IN_DATA_DIR (src/yendor/core/CMakeLists.txt)"
#endif

namespace yendor {

std::string default_data_dir() {
  // Read once: the answer may not change while a program runs.
  static const std::string dir = [] {
    const char* env = std::getenv("YENDOR_DATA_DIR");
    return env != nullptr && *env != '\0' ? std::string(env)
                                          : std::string(YENDOR_BUILT_IN_DATA_DIR);
  }();
  return dir;
}

}  // namespace yendor
