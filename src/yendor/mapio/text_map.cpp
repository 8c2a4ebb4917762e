#include "yendor/mapio/text_map.hpp"

#include <array>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <vector>

#include "yendor/core/error.hpp"

namespace yendor {

namespace {

char symbol_of(Tile t) {
  if (static_cast<std::size_t>(t) >= k_tile_count)
    throw std::logic_error("to_text: invalid tile value " +
                           std::to_string(static_cast<unsigned>(t)));
  return tile_info(t).symbol;
}

// A byte of the input as a message shows it: 'x' when printable ASCII, else its hex value.
std::string describe_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02X", u);
  return buf;
}

[[noreturn]] void fail(std::size_t line, std::string_view problem) {
  throw InputError("map text line " + std::to_string(line) + ": " + std::string(problem));
}

[[noreturn]] void fail(std::size_t line, std::size_t column, std::string_view problem) {
  throw InputError("map text line " + std::to_string(line) + ", column " + std::to_string(column) +
                   ": " + std::string(problem));
}

}  // namespace

std::string to_text(const Level& level) {
  const int width = level.width(), height = level.height();
  std::string out;
  out.reserve(static_cast<std::size_t>(width + 1) * static_cast<std::size_t>(height));
  for (int y = 0; y < height; ++y) {
    for (Tile t : level.tiles.row(y))
      out += symbol_of(t);
    out += '\n';
  }
  return out;
}

Grid<Tile> tiles_from_text(std::string_view text) {
  std::array<std::optional<Tile>, 256> by_byte{};
  for (std::size_t b = 0; b < by_byte.size(); ++b)
    by_byte[b] = tile_from_symbol(static_cast<char>(static_cast<unsigned char>(b)));
  const auto decode = [&by_byte](char c) { return by_byte[static_cast<unsigned char>(c)]; };

  // Split into lines, checking each as it comes, before allocating the grid.
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t newline = text.find('\n', start);
    const bool terminated = newline != std::string_view::npos;
    std::string_view line = text.substr(start, (terminated ? newline : text.size()) - start);
    if (terminated && !line.empty() && line.back() == '\r') line.remove_suffix(1);
    start = terminated ? newline + 1 : text.size();

    const std::size_t number = lines.size() + 1;
    if (number > static_cast<std::size_t>(k_map_max_side))
      fail(number, "more than " + std::to_string(k_map_max_side) + " lines");
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (!decode(line[i])) fail(number, i + 1, "unknown symbol " + describe_byte(line[i]));
    }
    if (line.size() > static_cast<std::size_t>(k_map_max_side))
      fail(number, "longer than " + std::to_string(k_map_max_side) + " symbols");
    if (!lines.empty() && line.size() != lines.front().size())
      fail(number, "has length " + std::to_string(line.size()) + ", expected " +
                       std::to_string(lines.front().size()) + " (the length of line 1)");
    lines.push_back(line);
  }

  const int height = static_cast<int>(lines.size());
  const int width = lines.empty() ? 0 : static_cast<int>(lines.front().size());
  Grid<Tile> tiles(width, height);
  for (int y = 0; y < height; ++y) {
    const std::string_view line = lines[static_cast<std::size_t>(y)];
    for (int x = 0; x < width; ++x)
      tiles[Point{x, y}] = *decode(line[static_cast<std::size_t>(x)]);
  }
  return tiles;
}

}  // namespace yendor
