#include "yendor/gen/features/vault_library.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>

#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor {

namespace {

constexpr std::uintmax_t k_max_file_bytes = 1 << 20;
constexpr std::string_view k_known_fields =
    "name, depth, weight, tags, rotate, mirror, entrance, glyph, map";

[[noreturn]] void fail(const std::string& file, int line, std::string_view field,
                       const std::string& problem) {
  throw InputError(file + ":" + std::to_string(line) + ": field '" + std::string(field) +
                   "': " + problem);
}

std::string_view trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t'; };
  while (!s.empty() && space(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && space(s.back()))
    s.remove_suffix(1);
  return s;
}

// Names and tags: lower-case letters, digits, '_' and '-'.
bool is_word(std::string_view s) {
  return !s.empty() && s.size() <= 40 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// A plain decimal number in [1, max]; nothing else (no sign, no spaces inside).
std::optional<std::int64_t> positive_number(std::string_view s, std::int64_t max) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  std::int64_t value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value < 1 || value > max) return std::nullopt;
  return value;
}

std::string quoted(std::string_view s) {
  return "'" + std::string(s) + "'";
}

std::string glyph_text(char c) {
  return "'" + std::string(1, c) + "'";
}

bool is_traversable_glyph(const VaultGlyph& g) {
  return g.entrance || is_traversable(g.tile);
}

struct Line {
  int number = 0;  // from 1, as in an editor
  std::string_view text;
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  int number = 1;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({number++, line});
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

class VaultParser {
 public:
  VaultParser(std::string_view text, const std::string& file)
      : file_(file), lines_(split_lines(text)) {
    vault_.file = file;
    vault_.legend = builtin_vault_glyphs();
  }

  Vault parse() {
    std::size_t i = 0;
    int map_line = 0;
    for (; i < lines_.size(); ++i) {
      const Line& line = lines_[i];
      const std::string_view text = trim(line.text);
      if (text.empty() || text.front() == '#') continue;
      const std::size_t colon = text.find(':');
      if (colon == std::string_view::npos || colon == 0)
        fail(file_, line.number, "header",
             "expected 'key: value' or 'map:', not " + quoted(text) +
                 " (fields: " + std::string(k_known_fields) + ")");
      const std::string_view key = trim(text.substr(0, colon));
      const std::string_view value = trim(text.substr(colon + 1));
      if (key == "map") {
        if (!value.empty())
          fail(file_, line.number, "map", "the map starts on the line after 'map:', not on it");
        map_line = line.number;
        ++i;
        break;
      }
      header_field(line.number, key, value);
    }
    const int last_line = lines_.empty() ? 1 : lines_.back().number;
    if (map_line == 0) fail(file_, last_line, "map", "missing (the map follows a line 'map:')");
    for (const char* required : {"name", "depth", "weight"})
      if (!seen_.contains(required)) fail(file_, map_line, required, "missing before 'map:'");
    parse_map(i, map_line);
    return std::move(vault_);
  }

 private:
  void header_field(int line, std::string_view key, std::string_view value) {
    if (key != "glyph") {
      const auto [it, fresh] = seen_.emplace(std::string(key), line);
      if (!fresh)
        fail(file_, line, key, "given twice (first on line " + std::to_string(it->second) + ")");
    }
    if (key == "name") {
      if (!is_word(value))
        fail(file_, line, key,
             "must be 1 to 40 lower-case letters, digits, '_' or '-', not " + quoted(value));
      vault_.name = std::string(value);
    } else if (key == "depth") {
      parse_depth(line, value);
    } else if (key == "weight") {
      const auto w = positive_number(value, k_vault_max_weight);
      if (!w)
        fail(file_, line, key,
             "must be a positive integer (at most " + std::to_string(k_vault_max_weight) +
                 "), not " + quoted(value));
      vault_.weight = static_cast<std::uint32_t>(*w);
    } else if (key == "tags") {
      std::string_view rest = value;
      while (true) {
        const std::size_t comma = rest.find(',');
        const std::string_view tag = trim(rest.substr(0, comma));
        if (!is_word(tag))
          fail(file_, line, key,
               "must be a comma-separated list of words (lower-case letters, digits, '_', '-'), "
               "not " +
                   quoted(value));
        vault_.tags.emplace_back(tag);
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
      }
    } else if (key == "rotate" || key == "mirror") {
      if (value != "yes" && value != "no")
        fail(file_, line, key, "must be 'yes' or 'no', not " + quoted(value));
      (key == "rotate" ? vault_.rotate : vault_.mirror) = value == "yes";
    } else if (key == "entrance") {
      static constexpr std::array<std::pair<std::string_view, Tile>, 5> kinds{{
          {"door", Tile::door_closed},
          {"open", Tile::door_open},
          {"locked", Tile::door_locked},
          {"secret", Tile::door_secret},
          {"floor", Tile::floor},
      }};
      const auto it =
          std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == value; });
      if (it == kinds.end())
        fail(file_, line, key,
             "must be one of door, open, locked, secret, floor, not " + quoted(value));
      vault_.entrance_tile = it->second;
    } else if (key == "glyph") {
      parse_glyph(line, value);
    } else {
      fail(file_, line, key, "unknown (fields: " + std::string(k_known_fields) + ")");
    }
  }

  // "3-12", "5" (that depth only) or "5+" (5 and deeper).
  void parse_depth(int line, std::string_view value) {
    const auto bad = [&] {
      fail(file_, line, "depth",
           "must be a range like '1-10', '5' or '5+' with 1 <= from <= to <= " +
               std::to_string(k_vault_max_depth) + ", not " + quoted(value));
    };
    std::optional<std::int64_t> from, to;
    if (const std::size_t dash = value.find('-'); dash != std::string_view::npos) {
      from = positive_number(trim(value.substr(0, dash)), k_vault_max_depth);
      to = positive_number(trim(value.substr(dash + 1)), k_vault_max_depth);
    } else if (!value.empty() && value.back() == '+') {
      from = positive_number(trim(value.substr(0, value.size() - 1)), k_vault_max_depth);
      to = k_vault_max_depth;
    } else {
      from = to = positive_number(value, k_vault_max_depth);
    }
    if (!from || !to || *from > *to) bad();
    vault_.depth_min = static_cast<int>(*from);
    vault_.depth_max = static_cast<int>(*to);
  }

  // "K = floor key": glyph K is a floor cell with the marker tag "key"; "o = rubble": a tile.
  void parse_glyph(int line, std::string_view value) {
    const auto bad = [&](const std::string& problem) { fail(file_, line, "glyph", problem); };
    if (value.size() < 3 || trim(value.substr(1)).empty() || trim(value.substr(1)).front() != '=')
      bad("must be 'X = TILE' or 'X = TILE TAG' (e.g. 'K = floor key'), not " + quoted(value));
    const char symbol = value.front();
    if (symbol < '!' || symbol > '~') bad("the glyph must be one printable character");
    for (const VaultGlyph& g : vault_.legend)
      if (g.symbol == symbol)
        bad("glyph " + glyph_text(symbol) + " is already defined" +
            (g.tag.empty() ? std::string(" (tile ") + std::string(tile_info(g.tile).name) + ")"
                           : " (marker " + g.tag + ")"));
    std::string_view rest = trim(trim(value.substr(1)).substr(1));
    const std::size_t space = rest.find_first_of(" \t");
    const std::string_view tile_name = rest.substr(0, space);
    const std::string_view tag =
        space == std::string_view::npos ? std::string_view{} : trim(rest.substr(space));
    const std::optional<Tile> tile = tile_from_name(tile_name);
    if (!tile)
      bad("unknown tile " + quoted(tile_name) + " (tile names as in docs/formats.md, e.g. floor)");
    if (*tile == Tile::stairs_up || *tile == Tile::stairs_down)
      bad("stairs are not allowed in vaults (the stairs pass places them)");
    if (!tag.empty()) {
      if (!is_word(tag)) bad("the marker tag must be one word, not " + quoted(tag));
      if (!tile_info(*tile).passable)
        bad("a marker must stand on a passable tile, and " + std::string(tile_name) + " is not");
    }
    vault_.legend.push_back({symbol, *tile, std::string(tag), false});
  }

  void parse_map(std::size_t first, int map_line) {
    std::size_t end = lines_.size();
    while (end > first && trim(lines_[end - 1].text).empty())
      --end;
    while (first < end && trim(lines_[first].text).empty())
      ++first;
    if (first == end) fail(file_, map_line, "map", "is empty");
    const std::size_t width = lines_[first].text.size();
    const std::size_t height = end - first;
    const auto in_limits = [](std::size_t side) {
      return side >= static_cast<std::size_t>(k_vault_min_side) &&
             side <= static_cast<std::size_t>(k_vault_max_side);
    };
    if (!in_limits(width) || !in_limits(height))
      fail(file_, lines_[first].number, "map",
           "is " + std::to_string(width) + "x" + std::to_string(height) + "; each side must be " +
               std::to_string(k_vault_min_side) + " to " + std::to_string(k_vault_max_side) +
               " cells, the wall ring included");

    std::array<int, 256> index_of{};
    index_of.fill(-1);
    for (std::size_t g = 0; g < vault_.legend.size(); ++g)
      index_of[static_cast<unsigned char>(vault_.legend[g].symbol)] = static_cast<int>(g);

    vault_.cells = Grid<std::uint8_t>(static_cast<int>(width), static_cast<int>(height));
    for (std::size_t row = 0; row < height; ++row) {
      const Line& line = lines_[first + row];
      if (line.text.size() != width)
        fail(file_, line.number, "map",
             "row has " + std::to_string(line.text.size()) + " cells, expected " +
                 std::to_string(width) + " (the width of the first row; rows are not padded)");
      for (std::size_t col = 0; col < width; ++col) {
        const char c = line.text[col];
        const int g = index_of[static_cast<unsigned char>(c)];
        if (g < 0) {
          const bool stairs = c == '<' || c == '>';
          fail(file_, line.number, "map",
               (stairs ? "stairs " + glyph_text(c) +
                             " are not allowed in vaults (the stairs pass places them)"
                       : "unknown glyph " + glyph_text(c)) +
                   " in column " + std::to_string(col + 1));
        }
        vault_.cells[{static_cast<int>(col), static_cast<int>(row)}] = static_cast<std::uint8_t>(g);
      }
    }
    check_ring(first);
    check_reachable(first);
  }

  const VaultGlyph& at(Point p) const { return vault_.legend[vault_.cells[p]]; }
  int line_of_row(std::size_t first, int y) const {
    return lines_[first + static_cast<std::size_t>(y)].number;
  }

  // The outer ring is wall except for entrances (not at corners), and each entrance opens onto
  // a traversable cell inside; entrances appear nowhere else.
  void check_ring(std::size_t first) {
    const int w = vault_.cells.width(), h = vault_.cells.height();
    int entrances = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const Point p{x, y};
        const VaultGlyph& g = at(p);
        const bool ring = x == 0 || y == 0 || x == w - 1 || y == h - 1;
        const bool corner = (x == 0 || x == w - 1) && (y == 0 || y == h - 1);
        const std::string where = " in column " + std::to_string(x + 1);
        if (g.entrance) {
          if (!ring || corner)
            fail(file_, line_of_row(first, y), "map",
                 "entrance '@'" + where + " must be on the outer ring, not at a corner");
          const Point inward{x == 0 ? 1 : (x == w - 1 ? w - 2 : x),
                             y == 0 ? 1 : (y == h - 1 ? h - 2 : y)};
          if (!is_traversable_glyph(at(inward)))
            fail(file_, line_of_row(first, y), "map",
                 "entrance '@'" + where + " opens onto " + glyph_text(at(inward).symbol) +
                     ", which is not traversable");
          ++entrances;
        } else if (ring && (g.tile != Tile::wall || !g.tag.empty())) {
          fail(file_, line_of_row(first, y), "map",
               "the outer ring must be wall '#' or entrance '@', not " + glyph_text(g.symbol) +
                   where);
        }
      }
    if (entrances == 0)
      fail(file_, line_of_row(first, 0), "map", "no entrance '@' on the outer ring");
  }

  // Every traversable cell inside the ring is reachable from every entrance through the
  // inside alone (doors count as traversable), so any one entrance joins the whole vault.
  void check_reachable(std::size_t first) {
    const int w = vault_.cells.width(), h = vault_.cells.height();
    const Rect inside{1, 1, w - 2, h - 2};
    Grid<std::uint8_t> seen(vault_.cells.size(), 0);
    std::vector<Point> stack;
    for (int y = 1; y < h - 1 && stack.empty(); ++y)
      for (int x = 1; x < w - 1 && stack.empty(); ++x)
        if (is_traversable_glyph(at({x, y}))) {
          stack.push_back({x, y});
          seen[Point{x, y}] = 1;
        }
    while (!stack.empty()) {
      const Point p = stack.back();
      stack.pop_back();
      for (const Point d : k_directions4) {
        const Point q = p + d;
        if (!inside.contains(q) || seen[q] != 0 || !is_traversable_glyph(at(q))) continue;
        seen[q] = 1;
        stack.push_back(q);
      }
    }
    for (int y = 1; y < h - 1; ++y)
      for (int x = 1; x < w - 1; ++x)
        if (is_traversable_glyph(at({x, y})) && seen[Point{x, y}] == 0)
          fail(file_, line_of_row(first, y), "map",
               "the cell " + glyph_text(at({x, y}).symbol) + " in column " + std::to_string(x + 1) +
                   " is cut off from the rest of the vault (every traversable cell must be "
                   "reachable from every entrance)");
  }

  const std::string& file_;
  std::vector<Line> lines_;
  std::map<std::string, int> seen_;  // header field -> its line
  Vault vault_;
};

Grid<std::uint8_t> mirrored(const Grid<std::uint8_t>& in) {
  Grid<std::uint8_t> out(in.size());
  for (int y = 0; y < in.height(); ++y)
    for (int x = 0; x < in.width(); ++x)
      out[Point{in.width() - 1 - x, y}] = in[Point{x, y}];
  return out;
}

// A quarter turn clockwise: the left column becomes the top row.
Grid<std::uint8_t> turned(const Grid<std::uint8_t>& in) {
  Grid<std::uint8_t> out(in.height(), in.width());
  for (int y = 0; y < out.height(); ++y)
    for (int x = 0; x < out.width(); ++x)
      out[Point{x, y}] = in[Point{y, in.height() - 1 - x}];
  return out;
}

}  // namespace

std::vector<VaultGlyph> builtin_vault_glyphs() {
  std::vector<VaultGlyph> glyphs;
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    const auto tile = static_cast<Tile>(i);
    if (tile == Tile::stairs_up || tile == Tile::stairs_down) continue;
    glyphs.push_back({tile_info(tile).symbol, tile, "", false});
  }
  glyphs.push_back({'M', Tile::floor, "monster", false});
  glyphs.push_back({'&', Tile::floor, "boss", false});
  glyphs.push_back({'$', Tile::floor, "item", false});
  glyphs.push_back({'*', Tile::floor, "treasure", false});
  glyphs.push_back({'^', Tile::floor, "trap", false});
  glyphs.push_back({'@', Tile::door_closed, "", true});
  return glyphs;
}

Vault parse_vault(std::string_view text, const std::string& file) {
  return VaultParser(text, file).parse();
}

Grid<std::uint8_t> orient_vault_cells(const Grid<std::uint8_t>& cells,
                                      VaultOrientation orientation) {
  Grid<std::uint8_t> out = orientation.mirrored ? mirrored(cells) : cells;
  for (int t = 0; t < (orientation.quarter_turns & 3); ++t)
    out = turned(out);
  return out;
}

const Vault* VaultLibrary::find(std::string_view name) const {
  for (const Vault& v : vaults_)
    if (v.name == name) return &v;
  return nullptr;
}

VaultLibrary VaultLibrary::load(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(dir, error))
    throw InputError("vaults: '" + dir +
                     "' is not a directory (vault files live in DATA_DIR/vaults; the environment "
                     "variable YENDOR_DATA_DIR sets DATA_DIR)");
  std::vector<std::string> names;
  fs::directory_iterator it(dir, error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    const fs::path& path = it->path();
    if (path.extension() == ".txt" && it->is_regular_file(error))
      names.push_back(path.filename().string());
  }
  if (error) throw InputError("vaults: cannot list '" + dir + "': " + error.message());
  std::sort(names.begin(), names.end());

  std::vector<Vault> vaults;
  std::map<std::string, std::string> defined;  // vault name -> file
  for (const std::string& name : names) {
    const std::string file = dir + "/" + name;
    const std::uintmax_t bytes = fs::file_size(file, error);
    if (!error && bytes > k_max_file_bytes)
      throw InputError(file + ": larger than 1 MiB, which no vault file is");
    const std::string text = read_file(file);
    Vault vault = parse_vault(text, file);
    if (const auto [at, fresh] = defined.emplace(vault.name, file); !fresh) {
      int line = 1;
      for (const Line& l : split_lines(text))
        if (trim(l.text).starts_with("name")) {
          line = l.number;
          break;
        }
      fail(file, line, "name", "vault '" + vault.name + "' is also defined in " + at->second);
    }
    vaults.push_back(std::move(vault));
  }
  // Weights are drawn from as one 32-bit total.
  std::uint64_t total = 0;
  for (const Vault& v : vaults)
    total += v.weight;
  if (total > 0xffffffffULL)
    throw InputError("vaults: the weights of the files in '" + dir + "' add up to " +
                     std::to_string(total) + ", more than 4294967295");
  return VaultLibrary(std::move(vaults));
}

std::shared_ptr<const VaultLibrary> cached_vault_library(const std::string& data_dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const VaultLibrary>> cache;
  const std::lock_guard lock(mutex);
  if (const auto it = cache.find(data_dir); it != cache.end()) return it->second;
  auto library = std::make_shared<const VaultLibrary>(VaultLibrary::load(data_dir + "/vaults"));
  cache.emplace(data_dir, library);
  return library;
}

}  // namespace yendor
