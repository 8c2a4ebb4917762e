#include "yendor/map/level.hpp"

#include <span>

#include "yendor/core/hash.hpp"

namespace yendor {

namespace {
std::uint64_t hash_int(std::uint64_t h, std::int64_t v) {
  for (int b = 0; b < 8; ++b) {
    h ^= static_cast<std::uint8_t>(static_cast<std::uint64_t>(v) >> (8 * b));
    h *= k_fnv1a64_prime;
  }
  return h;
}
std::uint64_t hash_point(std::uint64_t h, const std::optional<Point>& p) {
  h = hash_int(h, p ? p->x : -1);
  return hash_int(h, p ? p->y : -1);
}
}  // namespace

std::uint64_t level_hash(const Level& level) {
  std::uint64_t h = k_fnv1a64_offset;
  h = hash_int(h, level.width());
  h = hash_int(h, level.height());
  const auto cells = level.tiles.cells();
  h = fnv1a64(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(cells.data()),
                                            cells.size()),
              h);
  h = hash_point(h, level.meta.stairs.up);
  return hash_point(h, level.meta.stairs.down);
}

}  // namespace yendor
