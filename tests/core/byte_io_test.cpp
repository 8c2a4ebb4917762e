#include "yendor/core/byte_io.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"

namespace yendor {
namespace {

std::vector<std::uint8_t> bytes_of(ByteWriter& w) {
  return w.take();
}

TEST(ByteIo, FixedIntegersAreLittleEndian) {
  ByteWriter w;
  w.put_u16(0x0201);
  w.put_u32(0x06050403);
  w.put_u64(0x0e0d0c0b0a090807ULL);
  const auto b = bytes_of(w);
  ASSERT_EQ(b.size(), 14u);
  for (std::size_t i = 0; i < b.size(); ++i)
    EXPECT_EQ(b[i], i + 1) << i;
  ByteReader r(b);
  EXPECT_EQ(r.u16(), 0x0201);
  EXPECT_EQ(r.u32(), 0x06050403u);
  EXPECT_EQ(r.u64(), 0x0e0d0c0b0a090807ULL);
  EXPECT_TRUE(r.at_end());
}

TEST(ByteIo, VarintsAreLeb128AndSignedOnesZigzag) {
  // LEB128's textbook examples: 300 is AC 02, 624485 is E5 8E 26.
  ByteWriter w;
  w.put_varint(0);
  w.put_varint(127);
  w.put_varint(128);
  w.put_varint(300);
  w.put_varint(624485);
  EXPECT_EQ(bytes_of(w),
            (std::vector<std::uint8_t>{0x00, 0x7f, 0x80, 0x01, 0xac, 0x02, 0xe5, 0x8e, 0x26}));
  // Zigzag maps 0, -1, 1, -2, 2 to 0, 1, 2, 3, 4.
  for (std::int64_t v : {0, -1, 1, -2, 2})
    w.put_svarint(v);
  EXPECT_EQ(bytes_of(w), (std::vector<std::uint8_t>{0, 1, 2, 3, 4}));
  w.put_varint(std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(w.size(), 10u);
}

TEST(ByteIo, RandomValuesRoundTrip) {
  Rng rng(42);
  ByteWriter w;
  std::vector<std::uint64_t> u;
  std::vector<std::int64_t> s;
  for (int i = 0; i < 2000; ++i) {
    // Magnitudes of every bit length.
    const int bits = rng.range(0, 64);
    const std::uint64_t v = bits == 0 ? 0 : rng.next_u64() >> (64 - bits);
    u.push_back(v);
    s.push_back(static_cast<std::int64_t>(u.back()));
    w.put_varint(u.back());
    w.put_svarint(s.back());
  }
  const auto b = bytes_of(w);
  ByteReader r(b);
  for (std::size_t i = 0; i < u.size(); ++i) {
    EXPECT_EQ(r.varint(), u[i]);
    EXPECT_EQ(r.svarint(), s[i]);
  }
  EXPECT_NO_THROW(r.expect_end());
  for (std::int64_t v :
       {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}) {
    w.put_svarint(v);
    const auto one = bytes_of(w);
    ByteReader r1(one);
    EXPECT_EQ(r1.svarint(), v);
  }
}

TEST(ByteIo, DoublesAreBitExact) {
  const std::vector<double> values{0.0,
                                   -0.0,
                                   1.0 / 3.0,
                                   -1e308,
                                   std::numeric_limits<double>::denorm_min(),
                                   std::numeric_limits<double>::infinity(),
                                   -std::numeric_limits<double>::infinity(),
                                   std::bit_cast<double>(0x7ff8dead0000beefULL)};  // a NaN payload
  ByteWriter w;
  for (double d : values)
    w.put_f64(d);
  const auto b = bytes_of(w);
  ASSERT_EQ(b.size(), 8 * values.size());
  ByteReader r(b);
  for (double d : values)
    EXPECT_EQ(std::bit_cast<std::uint64_t>(r.f64()), std::bit_cast<std::uint64_t>(d));
}

TEST(ByteIo, StringsAndBlobsKeepEveryByte) {
  const std::string text("a\0b\xff\n", 5);
  const std::vector<std::uint8_t> blob{0, 1, 2, 255};
  ByteWriter w;
  w.put_string(text);
  w.put_string("");
  w.put_blob(blob);
  w.put_bool(true);
  w.put_bool(false);
  const auto b = bytes_of(w);
  ByteReader r(b);
  EXPECT_EQ(r.string(), text);
  EXPECT_EQ(r.string(), "");
  const auto got = r.blob();
  EXPECT_EQ(std::vector<std::uint8_t>(got.begin(), got.end()), blob);
  EXPECT_TRUE(r.boolean());
  EXPECT_FALSE(r.boolean());
  EXPECT_TRUE(r.at_end());
}

// Reads the whole mixed record back; throws on any problem.
void read_record(std::span<const std::uint8_t> b) {
  ByteReader r(b, "test");
  r.u32();
  r.varint();
  r.svarint();
  r.string();
  r.f64();
  r.blob();
  r.expect_end();
}

TEST(ByteIo, EveryTruncationIsAnInputErrorNamingTheByte) {
  ByteWriter w;
  w.put_u32(7);
  w.put_varint(1u << 20);
  w.put_svarint(-123456);
  w.put_string("hello");
  w.put_f64(2.5);
  w.put_blob(std::vector<std::uint8_t>(40, 9));
  const auto full = bytes_of(w);
  EXPECT_NO_THROW(read_record(full));
  for (std::size_t n = 0; n < full.size(); ++n) {
    const std::span<const std::uint8_t> cut(full.data(), n);
    try {
      read_record(cut);
      ADD_FAILURE() << "prefix " << n << " accepted";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("test: ", 0), 0u) << what;
      EXPECT_NE(what.find("at byte"), std::string::npos) << what;
    }
  }
  // Trailing bytes are reported too.
  auto longer = full;
  longer.push_back(0);
  EXPECT_THROW(read_record(longer), InputError);
}

TEST(ByteIo, TruncationMessageNamesTheEnd) {
  const std::vector<std::uint8_t> b{1, 2, 3};
  ByteReader r(b, "save");
  try {
    r.u64();
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "save: truncated at byte 3");
  }
}

TEST(ByteIo, MalformedValuesAreRejected) {
  // Eleven continuation bytes: more than 64 bits.
  const std::vector<std::uint8_t> long_varint(11, 0x80);
  EXPECT_THROW(ByteReader(long_varint).varint(), InputError);
  // A tenth byte above 1 overflows 64 bits.
  std::vector<std::uint8_t> overflow(9, 0xff);
  overflow.push_back(0x02);
  EXPECT_THROW(ByteReader(overflow).varint(), InputError);
  overflow.back() = 0x01;
  EXPECT_EQ(ByteReader(overflow).varint(), std::numeric_limits<std::uint64_t>::max());
  const std::vector<std::uint8_t> two{2};
  EXPECT_THROW(ByteReader(two).boolean(), InputError);
  // A count larger than the bytes left cannot be honest.
  ByteWriter w;
  w.put_varint(1000);
  w.put_u32(0);
  const auto b = bytes_of(w);
  EXPECT_THROW(ByteReader(b).count(1), InputError);
  EXPECT_EQ(ByteReader(b).varint(), 1000u);
  // int32 range.
  w.put_svarint(std::int64_t{1} << 40);
  const auto big = bytes_of(w);
  EXPECT_THROW(ByteReader(big).int32(), InputError);
  EXPECT_THROW(ByteReader(big).uint32(), InputError);
  w.put_svarint(std::numeric_limits<int>::min());
  const auto small = bytes_of(w);
  EXPECT_EQ(ByteReader(small).int32(), std::numeric_limits<int>::min());
  // A string longer than the data.
  w.put_varint(5);
  w.put_u8('a');
  const auto short_string = bytes_of(w);
  EXPECT_THROW(ByteReader(short_string).string(), InputError);
}

}  // namespace
}  // namespace yendor
