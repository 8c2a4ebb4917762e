#include "yendor/core/huge_page_array.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace yendor {
namespace {

struct Record {
  std::uint32_t value;
  std::uint8_t a, b;
};

TEST(HugePageArray, StartsEmpty) {
  const HugePageArray<int> array;
  EXPECT_TRUE(array.empty());
  EXPECT_EQ(array.size(), 0u);
  EXPECT_EQ(array.begin(), array.end());
}

TEST(HugePageArray, AssignSetsEveryElement) {
  HugePageArray<Record> array;
  array.assign(1000, Record{7, 1, 2});
  ASSERT_EQ(array.size(), 1000u);
  for (const Record& r : array) {
    EXPECT_EQ(r.value, 7u);
    EXPECT_EQ(r.a, 1);
    EXPECT_EQ(r.b, 2);
  }
}

TEST(HugePageArray, ReassigningNoLargerKeepsTheMemoryAndRefills) {
  HugePageArray<std::uint32_t> array;
  array.assign(5000, 1);
  const std::uint32_t* memory = array.data();
  array[17] = 99;
  array.assign(3000, 4);
  EXPECT_EQ(array.data(), memory);
  EXPECT_EQ(array.size(), 3000u);
  for (const std::uint32_t v : array)
    EXPECT_EQ(v, 4u);
  array.assign(5000, 6);  // back to the first size: still no new memory
  EXPECT_EQ(array.data(), memory);
  EXPECT_EQ(array[4999], 6u);
}

TEST(HugePageArray, GrowingRefillsEverything) {
  HugePageArray<std::uint16_t> array;
  array.assign(10, 3);
  array.assign(100000, 8);
  ASSERT_EQ(array.size(), 100000u);
  EXPECT_EQ(array[0], 8u);
  EXPECT_EQ(array[99999], 8u);
}

TEST(HugePageArray, LargeArraysStartOnHugePageBoundaries) {
  HugePageArray<std::uint64_t> large, small;
  large.assign(std::size_t{1} << 19, 0);  // 4 MiB
  small.assign(100, 0);
  const auto at = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p); };
  EXPECT_EQ(at(large.data()) % (std::uintptr_t{1} << 21), 0u);
  EXPECT_EQ(at(small.data()) % 64, 0u);
  large[(std::size_t{1} << 19) - 1] = 5;  // the whole array is writable
  EXPECT_EQ(large[(std::size_t{1} << 19) - 1], 5u);
}

TEST(HugePageArray, CopiesAreIndependent) {
  HugePageArray<int> a;
  a.assign(50, 2);
  HugePageArray<int> b(a);
  b[0] = 9;
  EXPECT_EQ(a[0], 2);
  EXPECT_EQ(b.size(), 50u);
  HugePageArray<int> c;
  c.assign(3, 1);
  c = a;
  EXPECT_EQ(c.size(), 50u);
  EXPECT_EQ(c[49], 2);
  EXPECT_NE(c.data(), a.data());
  const HugePageArray<int>& same = c;
  c = same;  // self-assignment leaves it as it was
  EXPECT_EQ(c[49], 2);
  const HugePageArray<int> empty;
  c = empty;
  EXPECT_TRUE(c.empty());
}

TEST(HugePageArray, MovesTakeTheMemory) {
  HugePageArray<int> a;
  a.assign(20, 5);
  const int* memory = a.data();
  HugePageArray<int> b(std::move(a));
  EXPECT_EQ(b.data(), memory);
  EXPECT_EQ(b.size(), 20u);
  HugePageArray<int> c;
  c = std::move(b);
  EXPECT_EQ(c.data(), memory);
  EXPECT_EQ(c[19], 5);
}

}  // namespace
}  // namespace yendor
