#pragma once
// Save files (docs/saves.md): a versioned binary header, a zstd-compressed state body and a
// checksum, written to a temporary file and renamed so a crash never loses the previous save.
// A bad save is never deleted or overwritten: it is moved aside and reported.

#include <cstdint>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/game/content.hpp"
#include "yendor/game/state.hpp"
#include "yendor/game/state_codec.hpp"

namespace yendor::game {

inline constexpr std::uint32_t k_save_version = 3;

// A save that cannot be loaded. `moved_to` is where the file now is (empty if it could not be
// moved). what() is one line: "save FILE: checksum mismatch; moved to FILE.bad".
class SaveError : public InputError {
 public:
  SaveError(const std::string& message, std::string moved_to)
      : InputError(message), moved_to_(std::move(moved_to)) {}
  const std::string& moved_to() const { return moved_to_; }

 private:
  std::string moved_to_;
};

struct SaveReport {
  std::size_t body_bytes = 0;       // uncompressed state
  std::size_t file_bytes = 0;       // on disk
  std::size_t full_body_bytes = 0;  // what the body would be with every level whole
  EncodeReport levels;
};

SaveReport save_game(const std::string& path, const GameState& state, const Content& content);
// Throws SaveError after moving a corrupt, truncated or wrong-version file aside; IoError
// when the file is missing.
GameState load_game(const std::string& path, const Content& content);
// Removes the save (the character died: no coming back). No error when absent.
void remove_save(const std::string& path);

}  // namespace yendor::game
