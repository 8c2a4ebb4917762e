#pragma once
// Sorting (key << 32 | index) words: the key in the high half, a tie-breaking index in the low
// half. Used wherever a deterministic, stable order of many items by a small key is needed
// (points along a Hilbert curve, edges by length).

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace yendor {

// Sorts `words` ascending by their high 32 bits, of which only the low `key_bits` may be set,
// keeping the order of equal keys (so indices ascending on entry stay ascending). An LSD radix
// sort, one byte a pass; std::sort on small inputs, where it is faster and gives the same order.
inline void radix_sort_by_key(std::vector<std::uint64_t>& words, int key_bits) {
  if (words.size() < 256) {
    std::sort(words.begin(), words.end());
    return;
  }
  std::vector<std::uint64_t> buffer(words.size());
  for (int shift = 32; shift < 32 + key_bits; shift += 8) {
    std::array<std::size_t, 257> offset{};
    for (const std::uint64_t w : words)
      ++offset[((w >> shift) & 0xff) + 1];
    for (std::size_t i = 0; i < 256; ++i)
      offset[i + 1] += offset[i];
    for (const std::uint64_t w : words)
      buffer[offset[(w >> shift) & 0xff]++] = w;
    words.swap(buffer);
  }
}

}  // namespace yendor
