#pragma once
// Whole-file reads and crash-safe writes. write_file_atomic writes a temporary file in the
// target's folder, flushes it and renames it over the target, so the target is either the old
// file or the complete new one: never half-written.

#include <string>
#include <string_view>

namespace yendor {

// `bytes` may hold any binary data (PNG, compressed saves).
void write_file_atomic(const std::string& path, std::string_view bytes);
std::string read_file(const std::string& path);

}  // namespace yendor
