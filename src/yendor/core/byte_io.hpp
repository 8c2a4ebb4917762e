#pragma once
// Little-endian binary writing and bounds-checked reading, for saves and other binary files
// (docs/saves.md). Fixed-width integers are little-endian; varints are LEB128 (7 bits a byte,
// low group first), signed varints zigzag-mapped first (0, -1, 1, -2 ... -> 0, 1, 2, 3);
// doubles are their IEEE-754 bits as a fixed u64, so they round-trip bit-exactly (NaN
// payloads and -0.0 included); strings and blobs are a varint length and the bytes.
//
// Every read checks the bounds: running out of data throws yendor::InputError
// "CONTEXT: truncated at byte N", any other malformed value "CONTEXT: WHAT at byte N".
// Bad input never reads past the end, never allocates more than the input could describe.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace yendor {

class ByteWriter {
 public:
  ByteWriter() = default;
  explicit ByteWriter(std::size_t reserve) { bytes_.reserve(reserve); }

  void put_u8(std::uint8_t v) { bytes_.push_back(v); }
  void put_u16(std::uint16_t v) { put_fixed(v, 2); }
  void put_u32(std::uint32_t v) { put_fixed(v, 4); }
  void put_u64(std::uint64_t v) { put_fixed(v, 8); }
  void put_bool(bool v) { bytes_.push_back(v ? 1 : 0); }
  void put_varint(std::uint64_t v) {
    while (v >= 0x80) {
      bytes_.push_back(static_cast<std::uint8_t>(v | 0x80));
      v >>= 7;
    }
    bytes_.push_back(static_cast<std::uint8_t>(v));
  }
  void put_svarint(std::int64_t v) {
    // Zigzag: small magnitudes of either sign stay short.
    put_varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
  }
  void put_f64(double v);
  void put_string(std::string_view s);
  // Length-prefixed bytes.
  void put_blob(std::span<const std::uint8_t> b);
  // Raw bytes, no length.
  void put_bytes(std::span<const std::uint8_t> b) {
    bytes_.insert(bytes_.end(), b.begin(), b.end());
  }

  std::size_t size() const { return bytes_.size(); }
  std::span<const std::uint8_t> bytes() const { return bytes_; }
  std::vector<std::uint8_t> take() { return std::move(bytes_); }
  void clear() { bytes_.clear(); }

 private:
  void put_fixed(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i)
      bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }

  std::vector<std::uint8_t> bytes_;
};

class ByteReader {
 public:
  // `context` starts every error message ("save", "replay FILE").
  explicit ByteReader(std::span<const std::uint8_t> bytes, std::string context = "data")
      : bytes_(bytes), context_(std::move(context)) {}

  std::uint8_t u8() {
    need(1);
    return bytes_[pos_++];
  }
  std::uint16_t u16() { return static_cast<std::uint16_t>(fixed(2)); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(fixed(4)); }
  std::uint64_t u64() { return fixed(8); }
  // One byte that must be 0 or 1.
  bool boolean();
  std::uint64_t varint();
  std::int64_t svarint();
  // A signed varint that must fit an int / an unsigned one a uint32_t.
  int int32();
  std::uint32_t uint32();
  double f64();
  std::string string();
  std::span<const std::uint8_t> blob();
  std::span<const std::uint8_t> bytes(std::size_t n);

  // A count of elements that follow, each taking at least `min_bytes_each` bytes: a count
  // the remaining data cannot hold is rejected before anything is allocated for it.
  std::size_t count(std::size_t min_bytes_each = 1);

  std::size_t offset() const { return pos_; }
  std::size_t remaining() const { return bytes_.size() - pos_; }
  bool at_end() const { return pos_ == bytes_.size(); }
  // Throws unless every byte was read ("N bytes left over").
  void expect_end() const;
  const std::string& context() const { return context_; }

  // Throws InputError "CONTEXT: WHAT at byte N" (N: the current offset).
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_at(const std::string& what, std::size_t offset) const;

 private:
  void need(std::size_t n) const {
    if (n > bytes_.size() - pos_) fail_at("truncated", bytes_.size());
  }
  std::uint64_t fixed(int n) {
    need(static_cast<std::size_t>(n));
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i)
      v |= std::uint64_t{bytes_[pos_ + static_cast<std::size_t>(i)]} << (8 * i);
    pos_ += static_cast<std::size_t>(n);
    return v;
  }

  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
  std::string context_;
};

}  // namespace yendor
