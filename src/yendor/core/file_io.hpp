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

// Renames a file that must not be lost or overwritten (a bad save) to PATH.bad, or PATH.bad-2,
// -3, ... when that exists: never over an existing file. Returns the new name, or "" when it
// could not be moved.
std::string move_aside(const std::string& path);

}  // namespace yendor
