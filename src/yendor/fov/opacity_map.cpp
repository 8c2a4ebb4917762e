#include "yendor/fov/opacity_map.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "yendor/core/error.hpp"

namespace yendor::fov {
namespace {

constexpr std::size_t words_for(int bits) {
  return (static_cast<std::size_t>(bits) + 63) / 64;
}

// Marks the padding bits past `used` in each run of `words` words as opaque.
void fill_padding(std::vector<std::uint64_t>& bits, std::size_t words, int runs, int used) {
  if (words == 0 || used % 64 == 0) return;
  const std::uint64_t pad = ~std::uint64_t{0} << (static_cast<unsigned>(used) % 64);
  for (int r = 0; r < runs; ++r)
    bits[static_cast<std::size_t>(r) * words + words - 1] |= pad;
}

}  // namespace

OpacityMap::OpacityMap(Size size) : size_(size) {
  if (size.width < 0 || size.height < 0)
    throw InputError("opacity map: negative size " + std::to_string(size.width) + "x" +
                     std::to_string(size.height));
  row_words_ = words_for(size.width);
  column_words_ = words_for(size.height);
  row_bits_.assign(row_words_ * static_cast<std::size_t>(size.height), 0);
  column_bits_.assign(column_words_ * static_cast<std::size_t>(size.width), 0);
  fill_padding(row_bits_, row_words_, size.height, size.width);
  fill_padding(column_bits_, column_words_, size.width, size.height);
}

OpacityMap OpacityMap::from_tiles(const Grid<Tile>& tiles) {
  return from(tiles.size(), [&](Point p) { return !tile_info(tiles[p]).transparent; });
}

OpacityMap OpacityMap::from_bytes(Size size, std::span<const std::uint8_t> bytes) {
  if (size.width < 0 || size.height < 0 || bytes.size() != static_cast<std::size_t>(size.area()))
    throw InputError("opacity map: " + std::to_string(bytes.size()) + " bytes for a " +
                     std::to_string(size.width) + "x" + std::to_string(size.height) + " map");
  const auto w = static_cast<std::size_t>(size.width);
  return from(size, [&](Point p) { return bytes[static_cast<std::size_t>(p.y) * w + p.x] != 0; });
}

void OpacityMap::set_opaque(Point p, bool opaque) {
  if (!in_bounds(p))
    throw std::out_of_range("OpacityMap::set_opaque: (" + std::to_string(p.x) + "," +
                            std::to_string(p.y) + ") outside the map");
  std::uint64_t& r = row_bits_[static_cast<std::size_t>(p.y) * row_words_ + word(p.x)];
  std::uint64_t& c = column_bits_[static_cast<std::size_t>(p.x) * column_words_ + word(p.y)];
  const std::uint64_t rb = std::uint64_t{1} << bit(p.x), cb = std::uint64_t{1} << bit(p.y);
  if (opaque) {
    r |= rb;
    c |= cb;
  } else {
    r &= ~rb;
    c &= ~cb;
  }
}

void OpacityMap::transpose_rows() {
  std::fill(column_bits_.begin(), column_bits_.end(), 0);
  fill_padding(column_bits_, column_words_, size_.width, size_.height);
  // One store per opaque cell: walk the set bits of each row, skipping its padding.
  const std::uint64_t last_mask =
      size_.width % 64 == 0 ? ~std::uint64_t{0}
                            : ~(~std::uint64_t{0} << (static_cast<unsigned>(size_.width) % 64));
  for (int y = 0; y < size_.height; ++y) {
    const std::uint64_t* bits = row(y);
    const std::uint64_t column_bit = std::uint64_t{1} << bit(y);
    for (std::size_t w = 0; w < row_words_; ++w) {
      std::uint64_t b = w + 1 == row_words_ ? bits[w] & last_mask : bits[w];
      while (b != 0) {
        const auto x =
            static_cast<std::size_t>(w * 64 + static_cast<unsigned>(std::countr_zero(b)));
        column_bits_[x * column_words_ + word(y)] |= column_bit;
        b &= b - 1;
      }
    }
  }
}

}  // namespace yendor::fov
