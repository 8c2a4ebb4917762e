#pragma once
// GameState <-> bytes: the body of saves (game/save), the state check values of replays and
// the byte-identity tests. Kind indices are written as kind ids (names), so a save survives
// content files that add or reorder kinds.

#include <cstdint>
#include <span>
#include <vector>

#include "yendor/game/content.hpp"
#include "yendor/game/state.hpp"

namespace yendor::game {

enum class LevelEncoding : std::uint8_t {
  full,   // every level's tiles and flags written whole
  delta,  // recipe + changed cells, or whole when that is smaller (docs/saves.md)
};

struct EncodeReport {
  struct LevelSize {
    int depth = 0;
    std::size_t delta_bytes = 0;  // recipe + changes
    std::size_t full_bytes = 0;   // recipe + whole grids
    bool stored_whole = false;
  };
  std::vector<LevelSize> levels;
};

std::vector<std::uint8_t> encode_state(const GameState& state, const Content& content,
                                       LevelEncoding encoding = LevelEncoding::delta,
                                       EncodeReport* report = nullptr);
// Throws InputError ("save: ...") on malformed bytes or unknown kind ids; rebuilds caches.
GameState decode_state(std::span<const std::uint8_t> bytes, const Content& content);
// FNV-1a-64 over encode_state(state, full): the state check value of replays.
std::uint64_t state_hash(const GameState& state, const Content& content);

}  // namespace yendor::game
