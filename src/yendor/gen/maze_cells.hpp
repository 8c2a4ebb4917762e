#pragma once
// The lattice the perfect-maze algorithms of `maze` (dfs, kruskal, prim) work on: the map is
// cut into square cells of `cell` x `cell` tiles with one wall tile between neighbours, and a
// maze is the set of walls knocked out between neighbouring cells. Used by maze.cpp, the
// maze_*.hpp algorithms and the tests, which read the cell graph back from a level.

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/grid.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/map/tile.hpp"

namespace yendor::detail {

// Sides of a cell in the order of k_directions4.
enum MazeSide : int { side_north = 0, side_east = 1, side_south = 2, side_west = 3 };
constexpr int opposite_side(int side) {
  return (side + 2) & 3;
}

// Where the cells sit on a map: as many as fit inside the border (a cell, then a wall, ...),
// with the spare tiles of a map that does not divide evenly split between both sides so the
// maze stays centred. Every tile outside the cells and the knocked-out walls stays wall.
struct MazeLayout {
  int cell = 1;  // side of a cell in tiles
  int columns = 0;
  int rows = 0;
  Point origin;  // top-left tile of cell (0, 0)

  static MazeLayout fit(Size map, int cell) {
    MazeLayout layout;
    layout.cell = cell;
    layout.columns = std::max(0, (map.width - 1) / (cell + 1));
    layout.rows = std::max(0, (map.height - 1) / (cell + 1));
    const int spare_x = map.width - 1 - layout.columns * (cell + 1);
    const int spare_y = map.height - 1 - layout.rows * (cell + 1);
    layout.origin = {1 + spare_x / 2, 1 + spare_y / 2};
    return layout;
  }

  std::int64_t cell_count() const { return std::int64_t{columns} * rows; }
  Rect cell_rect(int column, int row) const {
    return {origin.x + column * (cell + 1), origin.y + row * (cell + 1), cell, cell};
  }
  // The wall tiles between a cell and its east or south neighbour.
  Rect east_wall(int column, int row) const {
    const Rect r = cell_rect(column, row);
    return {r.x + cell, r.y, 1, cell};
  }
  Rect south_wall(int column, int row) const {
    const Rect r = cell_rect(column, row);
    return {r.x, r.y + cell, cell, 1};
  }
};

// The maze as a graph on the lattice: which walls between neighbouring cells are knocked out.
// Cells are numbered row by row with a margin of non-cells all round, so a neighbour is one
// addition away and a side with no cell behind it shows as !inside(neighbour); arrays of
// per-cell state in the algorithms are index_count() long and use the same numbers.
class MazeCells {
 public:
  MazeCells(int columns, int rows)
      : columns_(columns),
        rows_(rows),
        stride_(static_cast<std::uint32_t>(columns) + 2),
        bits_(static_cast<std::size_t>(stride_) * (static_cast<std::size_t>(rows) + 2), 0),
        offset_{0u - stride_, 1u, stride_, 0u - 1u},
        wall_offset_{0u - stride_, 0u, 0u, 0u - 1u} {
    for (int row = 0; row < rows; ++row)
      std::fill_n(bits_.begin() + index(0, row), columns, k_inside);
  }

  int columns() const { return columns_; }
  int rows() const { return rows_; }
  std::uint32_t cell_count() const {
    return static_cast<std::uint32_t>(columns_) * static_cast<std::uint32_t>(rows_);
  }
  std::uint32_t index_count() const { return static_cast<std::uint32_t>(bits_.size()); }
  std::uint32_t index(int column, int row) const {
    return (static_cast<std::uint32_t>(row) + 1) * stride_ + static_cast<std::uint32_t>(column) + 1;
  }
  int column_of(std::uint32_t cell) const { return static_cast<int>(cell % stride_) - 1; }
  int row_of(std::uint32_t cell) const { return static_cast<int>(cell / stride_) - 1; }
  // The cell numbered `n` in 0..cell_count()-1, row by row.
  std::uint32_t nth(std::uint32_t n) const {
    const auto columns = static_cast<std::uint32_t>(columns_);
    return index(static_cast<int>(n % columns), static_cast<int>(n / columns));
  }

  bool inside(std::uint32_t cell) const { return (bits_[cell] & k_inside) != 0; }
  std::uint32_t neighbour(std::uint32_t cell, int side) const {
    return cell + offset_[static_cast<std::size_t>(side)];
  }
  bool has_neighbour(std::uint32_t cell, int side) const { return inside(neighbour(cell, side)); }

  bool is_open(std::uint32_t cell, int side) const {
    switch (side) {
      case side_north:
        return (bits_[cell - stride_] & k_south) != 0;
      case side_east:
        return (bits_[cell] & k_east) != 0;
      case side_south:
        return (bits_[cell] & k_south) != 0;
      default:
        return (bits_[cell - 1] & k_east) != 0;
    }
  }
  // Knocks out the wall on `side`; the caller has checked has_neighbour. Table-driven, so a
  // random side costs no mispredicted branch: the wall is the east or south bit of the cell
  // itself or of its west or north neighbour.
  void open(std::uint32_t cell, int side) {
    const auto s = static_cast<std::size_t>(side);
    bits_[cell + wall_offset_[s]] |= k_wall_bit[s];
  }

  // open(cell, side_east or side_south) when `yes`, without a branch (for algorithms whose
  // coin flips would otherwise mispredict half the time).
  void open_east_if(std::uint32_t cell, bool yes) {
    bits_[cell] |= static_cast<std::uint8_t>(static_cast<unsigned>(yes) * k_east);
  }
  void open_south_if(std::uint32_t cell, bool yes) {
    bits_[cell] |= static_cast<std::uint8_t>(static_cast<unsigned>(yes) * k_south);
  }
  // Puts back the wall on `side`; the caller has checked has_neighbour.
  void close(std::uint32_t cell, int side) {
    switch (side) {
      case side_north:
        bits_[cell - stride_] &= static_cast<std::uint8_t>(~k_south);
        break;
      case side_east:
        bits_[cell] &= static_cast<std::uint8_t>(~k_east);
        break;
      case side_south:
        bits_[cell] &= static_cast<std::uint8_t>(~k_south);
        break;
      default:
        bits_[cell - 1] &= static_cast<std::uint8_t>(~k_east);
        break;
    }
  }
  // Knocks out every wall between neighbouring cells (the start of recursive division).
  void open_all() {
    for (int row = 0; row < rows_; ++row)
      for (int column = 0; column < columns_; ++column) {
        const std::uint32_t c = index(column, row);
        if (column + 1 < columns_) bits_[c] |= k_east;
        if (row + 1 < rows_) bits_[c] |= k_south;
      }
  }

  int degree(std::uint32_t cell) const {
    return (bits_[cell] & k_east) + ((bits_[cell] & k_south) >> 1) +
           ((bits_[cell - stride_] & k_south) >> 1) + (bits_[cell - 1] & k_east);
  }

 private:
  static constexpr std::uint8_t k_east = 1;   // the wall to the east neighbour is knocked out
  static constexpr std::uint8_t k_south = 2;  // the wall to the south neighbour is knocked out
  static constexpr std::uint8_t k_inside = 4;

  // The two passes over every cell read the bits a row at a time.
  template <class F>
  friend void for_each_dead_end(const MazeCells& maze, F&& f);
  friend void render_maze(const MazeCells& maze, const MazeLayout& layout, Grid<Tile>& tiles);

  int columns_;
  int rows_;
  std::uint32_t stride_;
  std::vector<std::uint8_t> bits_;
  std::array<std::uint32_t, 4> offset_;  // index steps north, east, south, west (mod 2^32)
  // Per side: the step from a cell to the one holding that wall's bit, and the bit.
  std::array<std::uint32_t, 4> wall_offset_;
  static constexpr std::array<std::uint8_t, 4> k_wall_bit{k_south, k_east, k_south, k_east};
};

// Calls f(column, row) for every cell with exactly one open side, row by row. A row's degrees
// are worked out as bytes in one pass (which vectorises), then its dead ends gathered without
// a branch per cell on the maze's shape.
template <class F>
void for_each_dead_end(const MazeCells& maze, F&& f) {
  const auto columns = static_cast<std::size_t>(maze.columns());
  std::vector<std::uint8_t> is_dead_end(columns);
  std::vector<int> dead_ends(columns + 1);  // + the slot the gather writes past the last one
  for (int r = 0; r < maze.rows(); ++r) {
    const std::uint8_t* cell = maze.bits_.data() + maze.index(0, r);
    const std::uint8_t* north = cell - maze.stride_;
    const std::uint8_t* west = cell - 1;  // the margin's bits are 0
    for (std::size_t k = 0; k < columns; ++k) {
      const unsigned degree =
          (cell[k] & MazeCells::k_east) + ((cell[k] & MazeCells::k_south) >> 1) +
          ((north[k] & MazeCells::k_south) >> 1) + (west[k] & MazeCells::k_east);
      is_dead_end[k] = degree == 1 ? 1 : 0;
    }
    std::size_t n = 0;
    for (std::size_t k = 0; k < columns; ++k) {
      dead_ends[n] = static_cast<int>(k);
      n += is_dead_end[k];
    }
    for (std::size_t i = 0; i < n; ++i)
      f(dead_ends[i], r);
  }
}

// Cells with exactly one open side, in cell order.
inline std::vector<std::uint32_t> maze_dead_ends(const MazeCells& maze) {
  std::vector<std::uint32_t> out;
  for_each_dead_end(maze, [&](int column, int row) { out.push_back(maze.index(column, row)); });
  return out;
}

// Braiding: removes about `share` of the dead ends by knocking out one more wall of each,
// which makes a loop. Dead ends are taken in random order; each knocks through to a random
// closed neighbour, preferring neighbours that are dead ends themselves (one wall then removes
// two). It stops once round(share x dead ends) are gone. A dead end whose only neighbouring
// cell is the one it opens to (the two ends of a maze one cell wide) cannot be removed.
inline void braid_maze(MazeCells& maze, double share, Rng& rng) {
  if (share <= 0) return;
  std::vector<std::uint32_t> dead_ends = maze_dead_ends(maze);
  rng.shuffle(dead_ends);
  const auto target = static_cast<std::int64_t>(std::llround(share * std::ssize(dead_ends)));
  std::int64_t removed = 0;
  for (std::size_t i = 0; i < dead_ends.size() && removed < target; ++i) {
    const std::uint32_t cell = dead_ends[i];
    if (maze.degree(cell) != 1) continue;  // an earlier knock-through already removed it
    std::array<int, 4> closed{}, closed_dead{};
    int n_closed = 0, n_dead = 0;
    for (int side = 0; side < 4; ++side) {
      if (!maze.has_neighbour(cell, side) || maze.is_open(cell, side)) continue;
      closed[static_cast<std::size_t>(n_closed++)] = side;
      if (maze.degree(maze.neighbour(cell, side)) == 1)
        closed_dead[static_cast<std::size_t>(n_dead++)] = side;
    }
    if (n_closed == 0) continue;
    const int side = n_dead > 0 ? closed_dead[rng.below(static_cast<std::uint32_t>(n_dead))]
                                : closed[rng.below(static_cast<std::uint32_t>(n_closed))];
    maze.open(cell, side);
    removed += n_dead > 0 ? 2 : 1;
  }
}

// For maps of 1-tile cells, two tiles per cell from n cells' bits: a row of cells is
// (floor, the east wall), a row of walls under them (the south wall, the corner's wall). A set
// bit is an open wall, floor (1); a clear one a wall (0). Four cells at a time in a 64-bit
// word on little-endian machines.
enum class PairRow { cells, walls };
inline void write_pairs(const std::uint8_t* bits, std::size_t n, std::uint8_t bit, PairRow kind,
                        Tile* out) {
  static_assert(Tile::wall == Tile{0} && Tile::floor == Tile{1});
  const bool bit_first = kind == PairRow::walls;
  std::size_t k = 0;
  if constexpr (std::endian::native == std::endian::little) {
    const int shift = std::countr_zero(static_cast<unsigned>(bit));
    for (; k + 4 <= n; k += 4) {
      std::uint32_t four;
      std::memcpy(&four, bits + k, sizeof four);
      // The bit of each byte to bit 0, then the four bytes spread to every other byte.
      std::uint64_t x = (four >> shift) & 0x01010101u;
      x = (x | (x << 16)) & 0x0000ffff0000ffffu;
      x = (x | (x << 8)) & 0x00ff00ff00ff00ffu;
      const std::uint64_t tiles = bit_first ? x : 0x0001000100010001u | (x << 8);
      std::memcpy(out + 2 * k, &tiles, sizeof tiles);
    }
  }
  for (; k < n; ++k) {
    const auto open = static_cast<Tile>((bits[k] & bit) != 0);
    out[2 * k] = bit_first ? open : Tile::floor;
    out[2 * k + 1] = bit_first ? Tile::wall : open;
  }
}

// Draws the maze: floor in every cell and every knocked-out wall. Walls that stay are written
// as wall too (the map starts as wall), which saves branching on the maze's shape.
inline void render_maze(const MazeCells& maze, const MazeLayout& layout, Grid<Tile>& tiles) {
  const auto cell = static_cast<std::size_t>(layout.cell);
  const auto columns = static_cast<std::size_t>(layout.columns);
  const auto tile = [](bool open) { return open ? Tile::floor : Tile::wall; };
  for (int row = 0; row < layout.rows; ++row) {
    const std::uint32_t first = maze.index(0, row);
    const std::uint32_t end = first + static_cast<std::uint32_t>(layout.columns);
    const int top = layout.origin.y + row * (layout.cell + 1);
    for (int y = top; y < top + layout.cell; ++y) {
      Tile* line = tiles.row(y).data() + layout.origin.x;
      if (cell == 1) {  // the common case, four cells at a time
        write_pairs(maze.bits_.data() + first, columns, MazeCells::k_east, PairRow::cells, line);
        continue;
      }
      for (std::uint32_t c = first; c < end; ++c, line += cell + 1) {
        std::fill_n(line, cell, Tile::floor);
        line[cell] = tile(maze.is_open(c, side_east));  // the last one is at most the border
      }
    }
    if (row + 1 == layout.rows) break;
    Tile* line = tiles.row(top + layout.cell).data() + layout.origin.x;
    if (cell == 1) {  // the south wall's bit, then the wall at the corner, per cell
      write_pairs(maze.bits_.data() + first, columns, MazeCells::k_south, PairRow::walls, line);
      continue;
    }
    for (std::uint32_t c = first; c < end; ++c, line += cell + 1)
      std::fill_n(line, cell, tile(maze.is_open(c, side_south)));
  }
}

}  // namespace yendor::detail
