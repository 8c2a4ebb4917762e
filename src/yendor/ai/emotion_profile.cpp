#include "yendor/ai/emotion_profile.hpp"

#include <algorithm>
#include <cmath>

#include "yendor/ai/behaviour_tree.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/toml_read.hpp"

namespace yendor::ai {
namespace {

constexpr std::array<AppraisalField, 13> k_appraisal{{
    {"sight_anger", &AppraisalWeights::sight_anger},
    {"sight_fear", &AppraisalWeights::sight_fear},
    {"kin_anger", &AppraisalWeights::kin_anger},
    {"kin_fear", &AppraisalWeights::kin_fear},
    {"kin_distress", &AppraisalWeights::kin_distress},
    {"hurt_anger", &AppraisalWeights::hurt_anger},
    {"hurt_fear", &AppraisalWeights::hurt_fear},
    {"hurt_distress", &AppraisalWeights::hurt_distress},
    {"wounded_fear", &AppraisalWeights::wounded_fear},
    {"ally_comfort", &AppraisalWeights::ally_comfort},
    {"ally_joy", &AppraisalWeights::ally_joy},
    {"hit_joy", &AppraisalWeights::hit_joy},
    {"noise_fear", &AppraisalWeights::noise_fear},
}};

constexpr double k_max_appraisal_weight = 5;
constexpr std::int64_t k_one = 1000;
constexpr int k_max_kin_deaths = 4;  // per turn, as appraised
constexpr int k_max_allies = 4;      // beyond four, company comforts no more
constexpr int k_loud = 16;           // a shout at its cell (game/tracking.hpp k_noise_shout)

std::int32_t milli(double v) {
  return static_cast<std::int32_t>(std::lround(v * 1000));
}

// The product of two thousandths.
std::int64_t part(std::int64_t a, std::int64_t b) {
  return a * b / k_one;
}

// t(x) = 2x - 1 in thousandths: -1000 for a trait at 0, 0 at 0.5, 1000 at 1.
std::int64_t tilt(std::int64_t trait) {
  return 2 * trait - k_one;
}

// a / b in thousandths, within 0..1000 (0 when b is not positive).
std::int64_t share(std::int64_t a, std::int64_t b) {
  if (b <= 0) return 0;
  return std::clamp<std::int64_t>(a * k_one / b, 0, k_one);
}

std::int32_t& slot(Memory& memory, BlackboardKey key) {
  return memory.blackboard[static_cast<std::size_t>(key)];
}

std::int32_t& feeling(Memory& memory, Emotion e) {
  return memory.emotion[static_cast<std::size_t>(e)];
}

void add(Memory& memory, Emotion e, std::int64_t gain) {
  std::int32_t& v = feeling(memory, e);
  v = static_cast<std::int32_t>(std::clamp<std::int64_t>(v + gain, 0, k_one));
}

// Reads the per-emotion numbers of `table` (decay, mood weights) into `out`.
void read_per_emotion(const TomlWhere& where, const toml::table& table, const std::string& prefix,
                      double lo, double hi, std::array<std::int32_t, k_emotion_count>& out) {
  for (int e = 0; e < k_emotion_count; ++e) {
    const std::string_view name = to_string(static_cast<Emotion>(e));
    if (const toml::node* n = table.get(name))
      out[static_cast<std::size_t>(e)] =
          milli(as_real(where, *n, prefix + std::string(name), lo, hi));
  }
}

void fade(const EmotionProfile& profile, Memory& memory) {
  const std::int64_t control =
      std::clamp<std::int64_t>(k_one + tilt(trait_value(memory, Trait::conscientiousness)) / 2 -
                                   tilt(trait_value(memory, Trait::neuroticism)) / 2,
                               250, 2000);
  for (int e = 0; e < k_emotion_count; ++e) {
    const auto i = static_cast<std::size_t>(e);
    std::int32_t& v = memory.emotion[i];
    if (v <= 0 || profile.decay[i] <= 0) continue;
    const std::int64_t loss = std::max<std::int64_t>(1, part(v, part(profile.decay[i], control)));
    v = static_cast<std::int32_t>(std::max<std::int64_t>(0, v - loss));
  }
}

// Raises the emotion to at least `level`.
void raise(Memory& memory, Emotion e, std::int64_t level) {
  std::int32_t& v = feeling(memory, e);
  v = static_cast<std::int32_t>(
      std::clamp<std::int64_t>(std::max<std::int64_t>(v, level), 0, k_one));
}

void feel(const EmotionProfile& profile, const Stimuli& s, Memory& memory) {
  const std::int64_t openness = trait_value(memory, Trait::openness);
  const std::int64_t extraversion = trait_value(memory, Trait::extraversion);
  const std::int64_t agreeableness = trait_value(memory, Trait::agreeableness);
  const std::int64_t neuroticism = trait_value(memory, Trait::neuroticism);
  const std::int64_t temper =
      std::clamp<std::int64_t>(k_one - tilt(agreeableness) / 2 + tilt(neuroticism) / 2, 0, 2000);
  const std::int64_t react = k_one + tilt(neuroticism) / 2;
  const std::int64_t social = k_one + tilt(extraversion) / 2;
  const std::int64_t cruelty = k_one - tilt(agreeableness) / 2;
  const std::int64_t n = std::clamp(s.kin_deaths, 0, k_max_kin_deaths) * k_one;
  const std::int64_t h = share(s.damage_taken, s.max_hp);
  const std::int64_t d = share(s.damage_dealt, s.player_max_hp);
  const std::int64_t w = std::max<std::int64_t>(0, k_one - 2 * share(s.hp, s.max_hp));
  const std::int64_t k = std::clamp(s.allies, 0, k_max_allies) * k_one / k_max_allies;
  const std::int64_t z = std::clamp(s.noise, 0, k_loud) * k_one / k_loud;
  const AppraisalWeights& a = profile.appraisal;
  // Egges: a bad mood makes bad news worse and good news weaker, a good mood the reverse.
  const std::int64_t bad = k_one - memory.mood / 2, good = k_one + memory.mood / 2;

  // Events.
  add(memory, Emotion::anger,
      part(part(part(a.kin_anger, n) + part(a.hurt_anger, h), temper), bad));
  add(memory, Emotion::fear, part(part(part(a.kin_fear, n) + part(a.hurt_fear, h), react), bad));
  add(memory, Emotion::distress,
      part(part(part(a.kin_distress, n) + part(a.hurt_distress, h), react), bad));
  add(memory, Emotion::joy, part(part(part(a.hit_joy, d), cruelty), good));

  // Standing appraisals.
  std::int64_t anger_level = 0, sight_fear = 0;
  if (s.sees_player) {
    const std::int64_t r = strength_share(s);
    anger_level = part(part(a.sight_anger, neuroticism), 2 * r);
    sight_fear = part(a.sight_fear, 2 * (k_one - r));
  }
  const std::int64_t fear_level = part(sight_fear + part(a.wounded_fear, w), react) +
                                  part(part(a.noise_fear, z), k_one - openness);
  raise(memory, Emotion::anger, part(anger_level, bad));
  raise(memory, Emotion::fear, part(fear_level, bad));
  raise(memory, Emotion::joy, part(part(part(a.ally_joy, k), social), good));

  // Company.
  add(memory, Emotion::fear, -part(part(a.ally_comfort, k), social));
}

void follow_mood(const EmotionProfile& profile, Memory& memory) {
  std::int64_t target = 0;
  for (int e = 0; e < k_emotion_count; ++e)
    target += part(profile.mood.weight[static_cast<std::size_t>(e)],
                   memory.emotion[static_cast<std::size_t>(e)]);
  target = std::clamp<std::int64_t>(target, -k_one, k_one);
  const std::int64_t diff = target - memory.mood;
  std::int64_t step = part(diff, profile.mood.rate);
  if (step == 0 && diff != 0 && profile.mood.rate > 0) step = diff > 0 ? 1 : -1;
  memory.mood =
      static_cast<std::int32_t>(std::clamp<std::int64_t>(memory.mood + step, -k_one, k_one));
}

void write_blackboard(const Stimuli& s, Memory& memory) {
  using B = BlackboardKey;
  slot(memory, B::threat) =
      s.sees_player ? static_cast<std::int32_t>(k_one - strength_share(s)) : 0;
  slot(memory, B::allies) = std::max(0, s.allies);
  std::int32_t& provoked = slot(memory, B::provoked);
  provoked = s.kin_deaths > 0 || s.damage_taken > 0 ? k_provoked_turns : std::max(0, provoked - 1);
  std::int32_t& seen = slot(memory, B::seen_turns);
  seen = s.sees_player ? std::min(seen + 1, 1000) : 0;
  std::int32_t& lost = slot(memory, B::lost_turns);
  if (s.sees_player)
    lost = 0;
  else
    lost = memory.last_seen_turn < 0 ? 1000 : std::min(lost + 1, 1000);
  slot(memory, B::hp) = static_cast<std::int32_t>(share(s.hp, s.max_hp));
  if (s.sees_player)
    slot(memory, B::player_hp) = static_cast<std::int32_t>(share(s.player_hp, s.player_max_hp));
  std::int32_t& kin = slot(memory, B::kin_lost);
  kin = std::min(1000, kin + std::clamp(s.kin_deaths, 0, 1000));
}

}  // namespace

std::span<const AppraisalField> appraisal_fields() {
  return k_appraisal;
}

EmotionProfile parse_emotion_profile(const toml::table& table, const TomlWhere& where,
                                     const std::string& name) {
  EmotionProfile p;
  p.name = name;
  p.file = where.file;
  check_known(where, table, {"description", "tree", "decay", "mood", "appraisal"});
  const toml::node& tree = required(where, table, "tree");
  p.tree_name = as_text(where, tree, "tree");
  if (p.tree_name.empty()) where.fail(tree, "tree", "the name of a [bt.NAME] expected");
  p.tree_line = toml_line(tree);
  if (const toml::node* n = table.get("description"))
    p.description = as_text(where, *n, "description");
  if (const toml::node* n = table.get("decay")) {
    const toml::table& t = as_table(where, *n, "decay");
    check_known(where, t, {"anger", "fear", "joy", "distress"}, "decay.");
    read_per_emotion(where, t, "decay.", 0, 1, p.decay);
  }
  if (const toml::node* n = table.get("mood")) {
    const toml::table& t = as_table(where, *n, "mood");
    check_known(where, t, {"rate", "anger", "fear", "joy", "distress"}, "mood.");
    if (const toml::node* rate = t.get("rate"))
      p.mood.rate = milli(as_real(where, *rate, "mood.rate", 0, 1));
    read_per_emotion(where, t, "mood.", -1, 1, p.mood.weight);
  }
  if (const toml::node* n = table.get("appraisal")) {
    const toml::table& t = as_table(where, *n, "appraisal");
    check_known(where, t,
                {"sight_anger", "sight_fear", "kin_anger", "kin_fear", "kin_distress", "hurt_anger",
                 "hurt_fear", "hurt_distress", "wounded_fear", "ally_comfort", "ally_joy",
                 "hit_joy", "noise_fear"},
                "appraisal.");
    for (const AppraisalField& f : k_appraisal)
      if (const toml::node* w = t.get(f.name))
        p.appraisal.*f.weight = milli(
            as_real(where, *w, "appraisal." + std::string(f.name), 0, k_max_appraisal_weight));
  }
  return p;
}

void link_emotion_profiles(Library& library) {
  for (EmotionProfile& p : library.emotions) {
    try {
      p.tree = find_entry(library.behaviour_trees, p.tree_name, "behaviour tree");
    } catch (const InputError& e) {
      TomlWhere{p.file, "[emotion." + p.name + "]"}.fail(p.tree_line, "tree", e.what());
    }
  }
}

std::int32_t strength_share(const Stimuli& s) {
  if (!s.sees_player) return 500;
  const std::int64_t side = share(s.hp, s.max_hp) + std::max(0, s.allies_strength);
  const std::int64_t player = share(s.player_hp, s.player_max_hp);
  return static_cast<std::int32_t>(side + player == 0 ? 500 : side * k_one / (side + player));
}

void appraise(const EmotionProfile& profile, const Stimuli& stimuli, Memory& memory) {
  fade(profile, memory);
  feel(profile, stimuli, memory);
  follow_mood(profile, memory);
  write_blackboard(stimuli, memory);
}

}  // namespace yendor::ai
