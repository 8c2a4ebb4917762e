// The emotion brain (thesis 4.6, after Carlisle's blackboard framework): each turn it
// perceives, appraises what it senses into short-lived emotions, a slow mood and blackboard
// facts (emotion_profile.hpp), then ticks its behaviour tree (behaviour_tree.hpp), which reads
// them, and performs the action the tree chooses. Its kind's tactics name an [emotion.NAME]
// profile; none gives the built-in "watchful" profile and tree below.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/behaviour_tree.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/emotion_profile.hpp"
#include "yendor/ai/library.hpp"

namespace yendor::ai {
namespace {

// The built-in tree: it runs when afraid, charges when angry, hits back when provoked, and
// otherwise watches the player it sees, waiting for provocation (a calm monster), or idles.
constexpr std::string_view k_watchful_tree = R"(
root = { selector = [
  { sequence = ["$fear>600", "@flee"] },
  { sequence = ["$anger>500", "@attack"] },
  { sequence = ["$provoked>0", "adjacent_player", "@attack"] },
  { sequence = ["sees_player", "@hold"] },
  { sequence = ["random:0.25", "@wander"] },
  "@hold",
] }
)";

const BehaviourTree& watchful_tree() {
  static const BehaviourTree tree = [] {
    const toml::table table = toml::parse(k_watchful_tree, std::string("<built-in>"));
    return parse_behaviour_tree(table, TomlWhere{"<built-in>", "[bt.watchful]"}, "watchful");
  }();
  return tree;
}

const EmotionProfile& watchful_profile() {
  static const EmotionProfile profile = [] {
    EmotionProfile p;
    p.name = "watchful";
    p.description = "the built-in profile: every weight at its default";
    p.tree_name = "watchful";
    return p;
  }();
  return profile;
}

const EmotionProfile& profile_of(const View& view) {
  const Library& library = view.library();
  const int i = view.tactics();
  if (i >= 0 && static_cast<std::size_t>(i) < library.emotions.size())
    return library.emotions[static_cast<std::size_t>(i)];
  return watchful_profile();
}

const BehaviourTree& tree_of(const View& view, const EmotionProfile& profile) {
  const Library& library = view.library();
  if (profile.tree >= 0 && static_cast<std::size_t>(profile.tree) < library.behaviour_trees.size())
    return library.behaviour_trees[static_cast<std::size_t>(profile.tree)];
  return watchful_tree();
}

// Allies within this many cells count as company (capped by its vision): near enough to
// matter in a fight, and a smaller scan for the game to answer.
constexpr int k_company_radius = 5;

Stimuli sense(const View& view, Memory& memory) {
  Stimuli s;
  s.sees_player = view.sees_player();
  s.hp = view.hp();
  s.max_hp = view.max_hp();
  s.player_hp = view.player_hp();
  s.player_max_hp = view.player_max_hp();
  for (const Seen& other : view.others({.radius = k_company_radius}))
    if (other.awake) {
      ++s.allies;
      if (other.max_hp > 0)
        s.allies_strength += static_cast<int>(
            std::clamp<std::int64_t>(std::int64_t{other.hp} * 1000 / other.max_hp, 0, 1000));
    }
  s.kin_deaths = view.kin_deaths_seen();
  s.damage_taken = view.damage_taken();
  s.noise = view.noise();
  // Memory::damage_dealt is its lifetime total (the game keeps it); scratch[0] the total it
  // had appraised, so the difference is what it dealt since.
  s.damage_dealt = std::max(0, memory.damage_dealt - memory.scratch[0]);
  memory.scratch[0] = memory.damage_dealt;
  return s;
}

class EmotionBrain final : public Brain {
 public:
  const BrainInfo& info() const override { return info_; }

  int resolve(const Library& library, std::string_view name) const override {
    if (name.empty()) return -1;
    const int i = find_entry(library.emotions, name, "emotion profile");
    const EmotionProfile& p = library.emotions[static_cast<std::size_t>(i)];
    if (p.tree < 0 || static_cast<std::size_t>(p.tree) >= library.behaviour_trees.size() ||
        library.behaviour_trees[static_cast<std::size_t>(p.tree)].name != p.tree_name) {
      find_entry(library.behaviour_trees, p.tree_name, "behaviour tree");  // absent: InputError
      throw std::logic_error("emotion profile '" + p.name +
                             "' is not linked to its tree: call link_emotion_profiles");
    }
    return i;
  }

  Decision decide(const View& view, Memory& memory, Rng& rng) const override {
    perceive(view, memory);
    const EmotionProfile& profile = profile_of(view);
    appraise(profile, sense(view, memory), memory);
    WorldLeaves leaves(view, memory, rng);
    return tick(tree_of(view, profile), leaves, rng).decision;
  }

 private:
  BrainInfo info_{
      "emotion",
      "OCEAN personality, a mood and short-lived emotions raised by what it senses, read by a "
      "behaviour tree from data.",
      "thesis 4.6 (OCC emotions, Egges's mood, McRae's OCEAN, Carlisle's blackboard and "
      "behaviour tree) and 5.4; FAQ 'How do you add variety to your monsters?'",
      "Each turn the monster appraises what it senses — kin it saw die, the hit points it "
      "lost, the player in sight and the odds against him (hit-point shares and totals, its "
      "awake allies counted), its allies, loud noises, the damage it dealt — into four "
      "emotions (anger, fear, joy, distress, 0..1) whose gains are scaled by its OCEAN "
      "personality (neuroticism makes it reactive and quick to anger at first sight, "
      "agreeableness slow to anger, extraversion comforted by company, openness unstartled by "
      "noise, conscientiousness quick to calm down) and by its mood; emotions fade each turn "
      "and the mood (-1..1) drifts towards their balance. The appraisal writes blackboard "
      "facts (threat, allies, provoked, ...) and a behaviour tree from data (sequence, "
      "selector, weighted random, inverter, succeeder, failer; shared conditions, tests of "
      "emotions, mood, traits and blackboard, shared behaviours) picks the action. A calm "
      "monster watches the player and waits for provocation; a neurotic one charges at first "
      "sight; seeing its kin die angers it; heavy wounds make it flee.",
      "emotion"};
};

}  // namespace

std::unique_ptr<Brain> make_emotion_brain() {
  return std::make_unique<EmotionBrain>();
}

}  // namespace yendor::ai
