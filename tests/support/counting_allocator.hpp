#pragma once
// Counts every global operator new in a test binary that links counting_allocator.cpp, so a
// test can show that a warmed-up call allocates nothing:
//   AllocationCounter counter;  fov.compute(...);  EXPECT_EQ(counter.allocations(), 0);

#include <cstdint>

namespace yendor::test {

std::int64_t allocations_so_far();

class AllocationCounter {
 public:
  AllocationCounter() : start_(allocations_so_far()) {}
  std::int64_t allocations() const { return allocations_so_far() - start_; }

 private:
  std::int64_t start_;
};

}  // namespace yendor::test
