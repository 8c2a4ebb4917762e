#pragma once
// Motifs (thesis 3.7): the kind of environment a level is made as. A motif is a list of
// feature passes, with their parameters, run before any the user asks for; the passes' choice
// of terrain (lava or water, trees or herbs) is the motif's palette.

#include <string>
#include <string_view>
#include <vector>

#include "yendor/gen/feature_pass.hpp"

namespace yendor {

struct MotifInfo {
  std::string name;
  std::string summary;
  std::vector<FeatureRequest> passes;
};

// dungeon (no passes), cavern, volcanic, aquatic, overgrown.
const std::vector<MotifInfo>& builtin_motifs();
// Throws InputError naming the unknown motif and listing the known ones.
const MotifInfo& get_motif(std::string_view name);

}  // namespace yendor
