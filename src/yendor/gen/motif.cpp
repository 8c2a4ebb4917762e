#include "yendor/gen/motif.hpp"

#include "yendor/core/error.hpp"

namespace yendor {

const std::vector<MotifInfo>& builtin_motifs() {
  static const std::vector<MotifInfo> motifs = {
      {"dungeon", "the generator's level as it is: no extra passes", {}},
      {"cavern",
       "damp caverns: small lakes with shallow rims and patches of herbs",
       {{"water", {{"kind", "lake"}, {"size", "0.04"}}},
        {"vegetation", {{"kind", "herbs"}, {"density", "0.08"}}}}},
      {"volcanic",
       "lava rivers and pools, crossed by bridges",
       {{"water", {{"kind", "mixed"}, {"liquid", "lava"}, {"size", "0.06"}}}}},
      {"aquatic",
       "rivers and lakes with fords and bridges",
       {{"water", {{"kind", "mixed"}, {"size", "0.15"}}}}},
      {"overgrown",
       "trees grown by a cellular automaton, herbs underfoot",
       {{"vegetation", {{"kind", "trees"}, {"density", "0.25"}}},
        {"vegetation", {{"kind", "herbs"}, {"density", "0.2"}}}}},
  };
  return motifs;
}

const MotifInfo& get_motif(std::string_view name) {
  std::string known;
  for (const MotifInfo& m : builtin_motifs()) {
    if (m.name == name) return m;
    known += (known.empty() ? "" : ", ") + m.name;
  }
  throw InputError("unknown motif '" + std::string(name) + "' (motifs: " + known + ")");
}

}  // namespace yendor
