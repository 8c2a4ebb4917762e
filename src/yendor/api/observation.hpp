#pragma once
// What an agent observes (docs/env.md): the player's picture of the current level as layers
// of ids, one value per cell in row-major order, the player's stats, the pack, and the
// messages of the last step. Only what the player knows: cells never seen are 0, terrain
// out of view is what it was when last seen (a secret door is a wall until found), monsters
// and items show where they are in view (every monster under telepathy), traps once found.
//
// ObservationTracker keeps it up to date step by step: each step rewrites only the cells in
// view and those that held a monster or an item in the last picture, so its cost follows
// what the player sees, not the size of the map. Remembered terrain is kept per level.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/game/event.hpp"
#include "yendor/game/game.hpp"

namespace yendor::api {

// The stats vector, in this order (stat_names() gives the names).
enum class Stat : std::uint8_t {
  hp,
  max_hp,
  str,
  dex,
  con,
  armour,
  level,
  xp,
  gold,
  depth,
  deepest,
  turns,
  nutrition,
  pending_raises,
  x,
  y,
  haste,
  slow,
  confusion,
  poison,
  fire_resistance,
  telepathy,
  levitation,
  count
};
inline constexpr std::size_t k_stat_count = static_cast<std::size_t>(Stat::count);
std::span<const std::string_view> stat_names();

// The pack: one row per letter a..z, A..Z, these fields each (item_field_names()).
enum class ItemField : std::uint8_t { kind, count, enchant, equipped };
inline constexpr std::size_t k_item_field_count = 4;
std::span<const std::string_view> item_field_names();

struct Observation {
  Size size{};
  std::vector<std::uint8_t> terrain;   // 0 unknown, else 1 + the tile id as last seen
  std::vector<std::uint8_t> visible;   // 1 in view now
  std::vector<std::int16_t> monsters;  // 0 none, 1 the player, else 2 + monster kind index
  std::vector<std::int16_t> items;     // 0 none, else 1 + item kind of the top item (in view)
  std::vector<std::uint8_t> traps;     // 0 none, else 1 + trap kind (found traps)
  std::vector<std::uint8_t> glyphs;    // the character the screen shows (' ' unknown)
  std::array<std::int32_t, k_stat_count> stats{};
  // k_pack_size rows of k_item_field_count: kind + 1 (0: no item), count, enchant, equipped
  // (0 no, 1 wielded, 2 worn).
  std::vector<std::int32_t> inventory;
  std::vector<std::string> messages;  // what the last step said, refusals included
  bool operator==(const Observation&) const = default;
};

class ObservationTracker {
 public:
  // Starts over for a new game: nothing remembered.
  void reset(const game::Game& game);
  // After a step: brings the observation up to the game's state; `events` are the step's.
  void update(const game::Game& game, const std::vector<game::Event>& events);
  const Observation& observation() const { return obs_; }

 private:
  void load_level(const game::Game& game);  // a level change: the remembered picture
  void draw(std::uint32_t i);               // the glyph from the layers
  void update_stats(const game::Game& game);

  Observation obs_;
  int depth_ = 0;
  std::vector<std::vector<std::uint8_t>> remembered_;  // terrain per depth - 1
  // The game's view_version() the visible and terrain layers show: while it stays, a step
  // only redraws the overlays (monsters, items, traps).
  std::uint64_t view_version_ = 0;
  std::uint64_t view_epoch_ = 0;  // the level's TileEpoch then
  Rect view_box_{};               // the view's bounds then
  bool view_drawn_ = false;
  std::vector<std::uint32_t> view_cells_;     // cells the visible layer marks
  std::vector<std::uint32_t> overlay_cells_;  // cells the monster and item layers mark
  // The last step's cells being replaced: working space, which a copy does not carry (a
  // clone is that much cheaper; a restore keeps its own buffers).
  struct Scratch {
    std::vector<std::uint32_t> cells;
    Scratch() = default;
    Scratch(const Scratch& /*other*/) {}
    Scratch& operator=(const Scratch& /*other*/) { return *this; }
    Scratch(Scratch&&) = default;
    Scratch& operator=(Scratch&&) = default;
    ~Scratch() = default;
  };
  Scratch old_view_, old_overlay_;
  std::vector<std::uint32_t> trap_cells_;  // cells the trap layer marks
  // Glyphs by layer value (index 0 unused), made from the content at reset.
  // Shared by copies: the content's, read only.
  struct Glyphs {
    std::vector<char> monster, item, terrain;
  };
  std::shared_ptr<const Glyphs> glyphs_;
};

}  // namespace yendor::api
