#pragma once
// The dungeon plan (Dormans, "Discussion": "before even one dungeon level is generated, a plan
// for the dungeon is generated that specifies what themes, monsters, locks, and keys to use on
// each level"). The plan's table of themes and of when each lock and key kind enters the
// dungeon lives in data/plans/dungeon.toml; `yendor gen plan --depth N` prints it and the game
// generates each level with the plan's parameters for `cyclic`.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/param_schema.hpp"

namespace yendor::cyclic {

struct LevelPlan {
  int depth = 1;
  std::string theme;               // dungeon | cave | fire | chasm
  std::vector<std::string> locks;  // lock realizations allowed here, in lock_realizations() order
  std::vector<std::string> new_locks;  // of those, the ones no shallower level featured
  std::vector<std::string> keys;       // key kinds they use, in key_kinds() order
  std::vector<std::string> patterns;   // cycle patterns allowed, in cycle_patterns() order
  std::string cycles;                  // "2-5", "3", ...
  std::string monsters;                // a monster theme name for spawning (later issues)
  // The `cyclic` parameters that make this level: theme, locks, patterns, cycles.
  RawParams cyclic_params() const;
};

struct DungeonPlan {
  std::uint64_t seed = 0;
  std::vector<LevelPlan> levels;  // depth 1..N
};

// Deterministic in (seed, depth, the plan file), drawn from Rng::for_stream(seed, "plan") one
// level after the other, so a deeper plan starts with the shallower one. InputError on depth
// outside 1..100 or a bad plan file (FILE:LINE: field 'F': problem); IoError when the file
// (DATA_DIR/plans/dungeon.toml) cannot be read.
DungeonPlan make_dungeon_plan(std::uint64_t seed, int depth, const std::string& data_dir);
// The same from the text of a plan file; `file` names it in errors.
DungeonPlan make_dungeon_plan_from_text(std::uint64_t seed, int depth, std::string_view text,
                                        const std::string& file);

// A table for people (new lock kinds marked '*') and JSON for programs.
std::string plan_to_text(const DungeonPlan& plan);
std::string plan_to_json(const DungeonPlan& plan);

}  // namespace yendor::cyclic
