// Save files (docs/saves.md, "The save file"):
//   offset  size  field
//   0       8     magic "YENDORSV"
//   8       4     u32 format version (k_save_version)
//   12      4     u32 flags: bit 0 = body compressed with zstd (always set); others 0
//   16      8     u64 size of the body uncompressed (the encode_state bytes)
//   24      8     u64 size N of the stored body
//   32      N     the body: one zstd frame
//   32+N    8     u64 FNV-1a-64 of every byte before it (header and body)
// All integers little-endian. A file that fails any check is moved aside, never deleted.
#include "yendor/game/save.hpp"

#include <zstd.h>

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "yendor/core/byte_io.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/hash.hpp"

namespace yendor::game {
namespace {

constexpr std::string_view k_magic = "YENDORSV";
constexpr std::size_t k_header_bytes = 32;
constexpr std::size_t k_trailer_bytes = 8;
constexpr std::uint32_t k_flag_zstd = 1;
// A bound for reading untrusted files: no real state comes near it.
constexpr std::uint64_t k_max_body_bytes = std::uint64_t{1} << 30;

std::span<const std::uint8_t> as_bytes(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

[[noreturn]] void reject(const std::string& path, const std::string& problem) {
  const std::string moved = move_aside(path);
  throw SaveError("save " + path + ": " + problem +
                      (moved.empty() ? "; could not move it aside" : "; moved to " + moved),
                  moved);
}

// The body of a save file, or the reason it is not one.
struct Checked {
  std::vector<std::uint8_t> body;
  std::string problem;
};

Checked check_file(std::string_view file) {
  Checked out;
  const auto bytes = as_bytes(file);
  if (bytes.empty()) return {{}, "empty file"};
  const std::size_t prefix = std::min(bytes.size(), k_magic.size());
  if (file.substr(0, prefix) != k_magic.substr(0, prefix))
    return {{}, "not a Yendor save (wrong magic)"};
  if (bytes.size() < k_header_bytes + k_trailer_bytes)
    return {{}, "truncated at byte " + std::to_string(bytes.size())};
  ByteReader header(bytes.subspan(k_magic.size(), k_header_bytes - k_magic.size()), "save");
  const std::uint32_t version = header.u32();
  const std::uint32_t flags = header.u32();
  const std::uint64_t body_size = header.u64();
  const std::uint64_t stored_size = header.u64();
  if (version != k_save_version)
    return {{},
            "format version " + std::to_string(version) + ", this build reads version " +
                std::to_string(k_save_version)};
  const std::uint64_t expected = k_header_bytes + k_trailer_bytes;
  if (stored_size > bytes.size() - expected)
    return {{},
            "truncated at byte " + std::to_string(bytes.size()) + " (the header promises " +
                std::to_string(stored_size + expected) + " bytes)"};
  if (stored_size < bytes.size() - expected)
    return {
        {},
        std::to_string(bytes.size() - expected - stored_size) + " unexpected bytes after the end"};
  const std::size_t end = bytes.size() - k_trailer_bytes;
  const std::uint64_t stored_sum = ByteReader(bytes.subspan(end), "save").u64();
  if (fnv1a64(bytes.first(end)) != stored_sum) return {{}, "checksum mismatch"};
  if (flags != k_flag_zstd) return {{}, "unknown flags " + std::to_string(flags)};
  if (body_size > k_max_body_bytes)
    return {{}, "body of " + std::to_string(body_size) + " bytes is too large"};
  out.body.resize(static_cast<std::size_t>(body_size));
  const auto stored = bytes.subspan(k_header_bytes, static_cast<std::size_t>(stored_size));
  const std::size_t got =
      ZSTD_decompress(out.body.data(), out.body.size(), stored.data(), stored.size());
  if (ZSTD_isError(got) != 0)
    return {{}, std::string("corrupt compressed body (zstd: ") + ZSTD_getErrorName(got) + ")"};
  if (got != body_size)
    return {{},
            "the body is " + std::to_string(got) + " bytes, the header says " +
                std::to_string(body_size)};
  return out;
}

}  // namespace

SaveReport save_game(const std::string& path, const GameState& state, const Content& content) {
  SaveReport report;
  const std::vector<std::uint8_t> body =
      encode_state(state, content, LevelEncoding::delta, &report.levels);
  report.body_bytes = body.size();
  report.full_body_bytes = encode_state(state, content, LevelEncoding::full).size();

  std::vector<std::uint8_t> packed(ZSTD_compressBound(body.size()));
  const std::size_t packed_size =
      ZSTD_compress(packed.data(), packed.size(), body.data(), body.size(), 3);
  if (ZSTD_isError(packed_size) != 0)
    throw IoError("save " + path + ": compression failed: " + ZSTD_getErrorName(packed_size));
  packed.resize(packed_size);

  ByteWriter file(k_header_bytes + packed.size() + k_trailer_bytes);
  file.put_bytes(as_bytes(k_magic));
  file.put_u32(k_save_version);
  file.put_u32(k_flag_zstd);
  file.put_u64(body.size());
  file.put_u64(packed.size());
  file.put_bytes(packed);
  file.put_u64(fnv1a64(file.bytes()));
  const auto bytes = file.bytes();
  write_file_atomic(path,
                    std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  report.file_bytes = bytes.size();
  return report;
}

GameState load_game(const std::string& path, const Content& content) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) throw IoError("save " + path + ": no such file");
  // Never move a folder or a device aside as a "bad save".
  if (!std::filesystem::is_regular_file(status))
    throw IoError("save " + path + ": not a regular file");
  const std::string file = read_file(path);  // IoError when unreadable
  Checked checked = check_file(file);
  if (!checked.problem.empty()) reject(path, checked.problem);
  try {
    return decode_state(checked.body, content);
  } catch (const InputError& e) {
    std::string_view what = e.what();
    if (what.starts_with("save: ")) what.remove_prefix(6);
    reject(path, std::string(what));
  }
}

void remove_save(const std::string& path) {
  std::error_code ec;
  std::filesystem::remove(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw IoError("cannot remove save '" + path + "': " + ec.message());
}

}  // namespace yendor::game
