#include "yendor/game/level_delta.hpp"

#include <bit>
#include <cstring>
#include <string>

namespace yendor::game {
namespace {

// Cell values as stored: the value itself, or its XOR with the base level's (0: unchanged).
template <typename T>
struct Cells {
  const T* now;
  const T* base;  // nullptr: whole
  T at(std::size_t i) const { return base == nullptr ? now[i] : static_cast<T>(now[i] ^ base[i]); }
  std::uint64_t word(std::size_t i) const {  // the 8 bytes of cells i, i+1, ...
    std::uint64_t w;
    std::memcpy(&w, now + i, 8);
    if (base != nullptr) {
      std::uint64_t b;
      std::memcpy(&b, base + i, 8);
      w ^= b;
    }
    return w;
  }
};

// The end of the run of cells equal to cell i, comparing 8 bytes at a time: the state hash
// encodes every level on every check, so this loop is hot.
template <typename T>
std::size_t run_end(const Cells<T>& cells, std::size_t i, std::size_t n) {
  static_assert(std::endian::native == std::endian::little ||
                std::endian::native == std::endian::big);
  constexpr std::size_t k_per_word = 8 / sizeof(T);
  const T v = cells.at(i);
  std::uint64_t pattern = 0;
  for (std::size_t b = 0; b < k_per_word; ++b)
    pattern |= std::uint64_t{v} << (8 * sizeof(T) * b);
  std::size_t j = i + 1;
  for (; j + k_per_word <= n; j += k_per_word) {
    const std::uint64_t diff = cells.word(j) ^ pattern;
    if (diff != 0) {
      const int bit = std::endian::native == std::endian::little ? std::countr_zero(diff)
                                                                 : std::countl_zero(diff);
      return j + static_cast<std::size_t>(bit) / (8 * sizeof(T));
    }
  }
  while (j < n && cells.at(j) == v)
    ++j;
  return j;
}

void write_tiles(ByteWriter& out, const Level& level, const Level* base) {
  const Cells<std::uint8_t> cells{
      reinterpret_cast<const std::uint8_t*>(level.tiles.data()),
      base != nullptr ? reinterpret_cast<const std::uint8_t*>(base->tiles.data()) : nullptr};
  const std::size_t n = level.tiles.cell_count();
  for (std::size_t i = 0; i < n;) {
    const std::size_t j = run_end(cells, i, n);
    out.put_varint(j - i);
    out.put_u8(cells.at(i));
    i = j;
  }
}

void write_flags(ByteWriter& out, const Level& level, const Level* base) {
  const Cells<std::uint16_t> cells{level.flags.data(),
                                   base != nullptr ? base->flags.data() : nullptr};
  const std::size_t n = level.flags.cell_count();
  for (std::size_t i = 0; i < n;) {
    const std::size_t j = run_end(cells, i, n);
    out.put_varint(j - i);
    out.put_varint(cells.at(i));
    i = j;
  }
}

void write_storage(ByteWriter& out, const Level& level, const Level* base) {
  out.put_u8(static_cast<std::uint8_t>(base == nullptr ? GridStorage::whole : GridStorage::delta));
  out.put_varint(static_cast<std::uint64_t>(level.width()));
  out.put_varint(static_cast<std::uint64_t>(level.height()));
  write_tiles(out, level, base);
  write_flags(out, level, base);
}

// Reads runs covering exactly n cells, calling set(i, value) for each cell.
template <typename ReadValue, typename Set>
void read_runs(ByteReader& in, std::size_t n, const char* what, ReadValue read_value, Set set) {
  std::size_t i = 0;
  while (i < n) {
    const std::size_t at = in.offset();
    const std::uint64_t length = in.varint();
    if (length == 0 || length > n - i)
      in.fail_at(std::string("bad run length ") + std::to_string(length) + " in the " + what, at);
    const auto v = read_value();
    for (std::size_t end = i + static_cast<std::size_t>(length); i < end; ++i)
      set(i, v);
  }
}

}  // namespace

void write_grids_whole(ByteWriter& out, const Level& level) {
  write_storage(out, level, nullptr);
}

GridSizes write_grids(ByteWriter& out, const Level& level, const Level* base) {
  GridSizes sizes;
  ByteWriter whole;
  write_storage(whole, level, nullptr);
  sizes.whole_bytes = sizes.delta_bytes = whole.size();
  if (base != nullptr && base->size() == level.size()) {
    ByteWriter delta;
    write_storage(delta, level, base);
    sizes.delta_bytes = delta.size();
    if (delta.size() < whole.size()) {
      sizes.stored_whole = false;
      out.put_bytes(delta.bytes());
      return sizes;
    }
  }
  out.put_bytes(whole.bytes());
  return sizes;
}

void read_grids(ByteReader& in, Level& level, const Level* base) {
  const std::size_t at = in.offset();
  const std::uint8_t storage = in.u8();
  if (storage > static_cast<std::uint8_t>(GridStorage::delta))
    in.fail_at("unknown level storage " + std::to_string(storage), at);
  const bool delta = storage == static_cast<std::uint8_t>(GridStorage::delta);
  const std::size_t size_at = in.offset();
  const std::uint64_t width = in.varint();
  const std::uint64_t height = in.varint();
  if (width > static_cast<std::uint64_t>(k_max_level_cells) ||
      height > static_cast<std::uint64_t>(k_max_level_cells) ||
      width * height > static_cast<std::uint64_t>(k_max_level_cells))
    in.fail_at(
        "level size " + std::to_string(width) + "x" + std::to_string(height) + " is too large",
        size_at);
  const Size size{static_cast<int>(width), static_cast<int>(height)};
  if (delta) {
    if (base == nullptr) in.fail_at("a level stored as changes has no recipe to apply them to", at);
    if (base->size() != size)
      in.fail_at("the level is " + std::to_string(size.width) + "x" + std::to_string(size.height) +
                     " but its recipe makes " + std::to_string(base->width()) + "x" +
                     std::to_string(base->height()),
                 size_at);
  }
  const std::size_t n = static_cast<std::size_t>(width * height);
  // Every run takes at least two bytes: a size the data cannot cover is rejected before the
  // grids are allocated (a flipped size byte must not ask for gigabytes).
  if (n > 0 && in.remaining() < 4) in.fail_at("truncated", in.offset() + in.remaining());
  level.tiles = Grid<Tile>(size, Tile::wall);
  level.flags = Grid<std::uint16_t>(size, 0);
  std::uint8_t* tiles = reinterpret_cast<std::uint8_t*>(level.tiles.data());
  const std::uint8_t* base_tiles =
      delta ? reinterpret_cast<const std::uint8_t*>(base->tiles.data()) : nullptr;
  const std::uint16_t* base_flags = delta ? base->flags.data() : nullptr;
  std::size_t value_at = 0;
  read_runs(
      in, n, "tiles",
      [&in, &value_at] {
        value_at = in.offset();
        return in.u8();
      },
      [&](std::size_t i, std::uint8_t v) {
        const std::uint8_t t =
            base_tiles != nullptr ? static_cast<std::uint8_t>(v ^ base_tiles[i]) : v;
        if (t >= k_tile_count) in.fail_at("unknown tile " + std::to_string(t), value_at);
        tiles[i] = t;
      });
  std::uint16_t* flags = level.flags.data();
  read_runs(
      in, n, "flags",
      [&in] {
        const std::size_t v_at = in.offset();
        const std::uint64_t v = in.varint();
        if (v > 0xffff) in.fail_at("bad cell flags " + std::to_string(v), v_at);
        return static_cast<std::uint16_t>(v);
      },
      [&](std::size_t i, std::uint16_t v) {
        flags[i] = base_flags != nullptr ? static_cast<std::uint16_t>(v ^ base_flags[i]) : v;
      });
}

}  // namespace yendor::game
