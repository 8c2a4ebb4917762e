#include "yendor/core/byte_io.hpp"

#include <bit>
#include <limits>

#include "yendor/core/error.hpp"

namespace yendor {

void ByteWriter::put_f64(double v) {
  put_u64(std::bit_cast<std::uint64_t>(v));
}

void ByteWriter::put_string(std::string_view s) {
  put_varint(s.size());
  bytes_.insert(bytes_.end(), s.begin(), s.end());
}

void ByteWriter::put_blob(std::span<const std::uint8_t> b) {
  put_varint(b.size());
  put_bytes(b);
}

void ByteReader::fail(const std::string& what) const {
  fail_at(what, pos_);
}

void ByteReader::fail_at(const std::string& what, std::size_t offset) const {
  throw InputError(context_ + ": " + what + " at byte " + std::to_string(offset));
}

bool ByteReader::boolean() {
  const std::size_t at = pos_;
  const std::uint8_t b = u8();
  if (b > 1) fail_at("bad boolean " + std::to_string(b), at);
  return b == 1;
}

std::uint64_t ByteReader::varint() {
  const std::size_t at = pos_;
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    const std::uint8_t b = u8();
    // The tenth byte holds only the top bit of a 64-bit value.
    if (shift == 63 && b > 1) fail_at("varint overflows 64 bits", at);
    v |= std::uint64_t{b & 0x7fu} << shift;
    if ((b & 0x80) == 0) return v;
  }
  fail_at("varint overflows 64 bits", at);
}

std::int64_t ByteReader::svarint() {
  const std::uint64_t z = varint();
  return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
}

int ByteReader::int32() {
  const std::size_t at = pos_;
  const std::int64_t v = svarint();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    fail_at("integer " + std::to_string(v) + " out of range", at);
  return static_cast<int>(v);
}

std::uint32_t ByteReader::uint32() {
  const std::size_t at = pos_;
  const std::uint64_t v = varint();
  if (v > std::numeric_limits<std::uint32_t>::max())
    fail_at("integer " + std::to_string(v) + " out of range", at);
  return static_cast<std::uint32_t>(v);
}

double ByteReader::f64() {
  return std::bit_cast<double>(u64());
}

std::string ByteReader::string() {
  const auto b = blob();
  return std::string(b.begin(), b.end());
}

std::span<const std::uint8_t> ByteReader::blob() {
  const std::uint64_t n = varint();
  if (n > remaining()) fail_at("truncated", bytes_.size());
  return bytes(static_cast<std::size_t>(n));
}

std::span<const std::uint8_t> ByteReader::bytes(std::size_t n) {
  need(n);
  const auto out = bytes_.subspan(pos_, n);
  pos_ += n;
  return out;
}

std::size_t ByteReader::count(std::size_t min_bytes_each) {
  const std::size_t at = pos_;
  const std::uint64_t n = varint();
  const std::uint64_t each = min_bytes_each == 0 ? 1 : min_bytes_each;
  if (n > remaining() / each)
    fail_at("count " + std::to_string(n) + " exceeds the data left (truncated?)", at);
  return static_cast<std::size_t>(n);
}

void ByteReader::expect_end() const {
  if (!at_end()) fail(std::to_string(remaining()) + " bytes left over");
}

}  // namespace yendor
