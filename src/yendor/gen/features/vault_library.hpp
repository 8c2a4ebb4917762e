#pragma once
// Vaults (thesis 3.2): hand-made rooms read from data/vaults/*.txt, one vault per file. This is
// their data model, the parser that validates a file (every error is one InputError line naming
// the file, the line and the field), the eight orientations, and the library of a directory,
// loaded once per process. The file format is described in docs/vaults.md.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/map/tile.hpp"

namespace yendor {

inline constexpr int k_vault_min_side = 3;   // a one-cell room inside its wall ring
inline constexpr int k_vault_max_side = 64;  // either side of a vault map, wall ring included
inline constexpr int k_vault_max_depth = 9999;
inline constexpr std::uint32_t k_vault_max_weight = 1000000;

// What one glyph of a vault map means.
struct VaultGlyph {
  char symbol = '#';
  Tile tile = Tile::wall;
  std::string tag;        // not empty: a marker, recorded as a Feature with this tag
  bool entrance = false;  // '@': a gap in the outer wall, opened and joined to the level
  bool operator==(const VaultGlyph&) const = default;
};

// One of the eight ways to lay a vault down: mirrored left-right first, then turned clockwise.
struct VaultOrientation {
  int quarter_turns = 0;  // 0..3
  bool mirrored = false;
  bool operator==(const VaultOrientation&) const = default;
};

struct Vault {
  std::string name;
  std::string file;  // where it was read from, for messages
  int depth_min = 1;
  int depth_max = k_vault_max_depth;
  std::uint32_t weight = 1;
  std::vector<std::string> tags;
  bool rotate = true;  // may be turned by 90, 180 and 270 degrees
  bool mirror = true;  // may be flipped
  Tile entrance_tile = Tile::door_closed;
  std::vector<VaultGlyph> legend;  // built-in glyphs, then the file's own `glyph:` lines
  Grid<std::uint8_t> cells;        // an index into `legend` per cell, as drawn in the file

  bool allows_depth(int depth) const { return depth >= depth_min && depth <= depth_max; }
  Size size() const { return cells.size(); }
  const VaultGlyph& glyph(std::uint8_t index) const { return legend[index]; }
};

// The glyphs every vault knows: each tile symbol of tile.hpp except the stairs means that
// tile; markers on floor: M monster, & boss, $ item, * treasure, ^ trap; @ entrance.
std::vector<VaultGlyph> builtin_vault_glyphs();

// Parses and validates one vault file. `file` names it in error messages. Throws InputError
// "FILE:LINE: field 'FIELD': problem".
Vault parse_vault(std::string_view text, const std::string& file);

// `cells` laid down in `orientation` (mirror, then turn): the grid's width and height swap
// on odd turns.
Grid<std::uint8_t> orient_vault_cells(const Grid<std::uint8_t>& cells,
                                      VaultOrientation orientation);

class VaultLibrary {
 public:
  VaultLibrary() = default;
  explicit VaultLibrary(std::vector<Vault> vaults) : vaults_(std::move(vaults)) {}

  // Every *.txt file of `dir` (other files are ignored), parsed in sorted file-name order.
  // Throws InputError when `dir` is not a directory, a file is invalid or two files define
  // the same vault name.
  static VaultLibrary load(const std::string& dir);

  const std::vector<Vault>& vaults() const { return vaults_; }
  const Vault* find(std::string_view name) const;

 private:
  std::vector<Vault> vaults_;
};

// The library of `data_dir`/vaults, loaded on first use and then kept for the life of the
// process (thread-safe), so generating many levels reads the files once. A failed load is not
// kept: the next call reads the files again.
std::shared_ptr<const VaultLibrary> cached_vault_library(const std::string& data_dir);

}  // namespace yendor
