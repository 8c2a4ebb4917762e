#pragma once
// The AI library: every table and tree the data-driven brains read, loaded from the TOML files
// of one directory (data/ai/ for the shipped game). Each file holds entries of any section:
//   [fsm.thesis_prototype]   an fsm transition table      (fsm_table.hpp)
//   [tree.look_and_chase]    a stateless decision tree    (decision_tree.hpp)
//   [evolved.orc]            trees evolved offline        (evolved_population.hpp)
//   [bt.brave]               a behaviour tree             (behaviour_tree.hpp)
//   [emotion.orc]            an emotion profile           (emotion_profile.hpp)
//   [swarm.wolves]           flocking parameters          (swarm_params.hpp)
// A monster kind names its brain and, for data-driven brains, the entry ("tactics") it runs;
// Brain::resolve turns the name into the entry's index once, at content load.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/ai/behaviour_tree.hpp"
#include "yendor/ai/decision_tree.hpp"
#include "yendor/ai/emotion_profile.hpp"
#include "yendor/ai/evolved_population.hpp"
#include "yendor/ai/fsm_table.hpp"
#include "yendor/ai/swarm_params.hpp"
#include "yendor/core/error.hpp"

namespace yendor::ai {

struct Library {
  std::vector<DecisionTree> trees;
  std::vector<EvolvedPopulation> evolved;
  std::vector<FsmTable> fsm;
  std::vector<BehaviourTree> behaviour_trees;
  std::vector<EmotionProfile> emotions;
  std::vector<SwarmParams> swarms;
  std::vector<std::string> files;  // the files it was read from, in reading order
  // FNV-1a over every text read, in reading order (replays check it with the content).
  std::uint64_t text_hash = 0;
  bool operator==(const Library&) const = default;
};

// Reads every *.toml of `dir` in name order. Throws InputError "FILE:LINE: [section.name]:
// field 'x': problem" on the first problem: a TOML syntax error, an unknown section, an
// entry defined twice (also across files), any bad field of an entry.
Library load_library(const std::string& dir);
// Parses one file's text into `library` (`file` names it in errors).
void load_library_text(Library& library, std::string_view text, const std::string& file);
// data_dir()/ai: the shipped tables.
std::string default_library_dir();
// The shipped library, loaded once (thread-safe); InputError when it is broken.
const Library& shipped_library();
// An empty library (View's default).
const Library& empty_library();

// The index of the entry named `name` in `entries`, or InputError
// "no <what> 'name' (<what>s: a, b)" / "no <what>s in the library" when absent.
template <typename Entry>
int find_entry(const std::vector<Entry>& entries, std::string_view name, std::string_view what) {
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].name == name) return static_cast<int>(i);
  std::string known;
  for (const Entry& e : entries)
    known += (known.empty() ? "" : ", ") + e.name;
  if (known.empty())
    throw InputError("no " + std::string(what) + " '" + std::string(name) +
                     "' (the AI library has none)");
  throw InputError("no " + std::string(what) + " '" + std::string(name) + "' (known: " + known +
                   ")");
}

}  // namespace yendor::ai
