#pragma once
// Emotion profiles (thesis 4.6), the "[emotion.NAME]" entries of data/ai/*.toml: which
// behaviour tree a monster runs, how fast its emotions fade, how the events it senses raise
// them as a function of its OCEAN personality (the appraisal), and how its mood follows them.
//
//   [emotion.warrior]
//   description = "angered by losses and blows, hard to frighten"
//   tree = "warrior"                                  # a [bt.NAME] of the library
//   decay = { anger = 0.05, fear = 0.2 }              # share lost per turn
//   mood = { rate = 0.05, anger = -0.2 }              # how mood follows the emotions
//   appraisal = { kin_anger = 1.6, hurt_fear = 0.4 }  # event weights (AppraisalWeights)
//
// Every field but `tree` is optional and defaults to the values below. All arithmetic is in
// integer thousandths (1000 = 1.0) so that it is exact and deterministic everywhere.
//
// One turn of the model, with t(x) = 2x - 1 for a trait x in 0..1 (0.5 is neutral):
//  1. Each emotion e fades: e -= max(1, e·decay·control), control = clamp(1 + t(C)/2 - t(N)/2,
//     0.25, 2) (self-control calms quicker, neuroticism dwells).
//  2. Events add (n kin deaths seen, at most 4; h = hp lost / max hp; d = damage dealt since
//     last turn / the player's max hp):
//       anger    += (kin_anger·n + hurt_anger·h)·temper
//       fear     += (kin_fear·n + hurt_fear·h)·react
//       distress += (kin_distress·n + hurt_distress·h)·react
//       joy      += hit_joy·d·(1 - t(A)/2)
//  3. Standing appraisals raise an emotion to at least a level (seeing the player for ten
//     turns is one situation, not ten events), r being its side's share of the strength:
//       anger >= sight_anger·N·2r                                 (when it sees the player)
//       fear  >= (sight_fear·2(1-r) + wounded_fear·w)·react + noise_fear·z·(1-O)
//       joy   >= ally_joy·k·social
//     with w = max(0, 1 - 2·hp share), z = min(noise, 16)/16, k = min(allies, 4)/4.
//  4. Company calms: fear -= ally_comfort·k·social.
//  5. The mood moves by rate·(target - mood), target = clamp(Σ mood weight·emotion, -1, 1).
// temper = clamp(1 - t(A)/2 + t(N)/2, 0, 2), react = 1 + t(N)/2, social = 1 + t(E)/2. Gains of
// anger, fear and distress (2, 3) are scaled by (1 - mood/2) and of joy by (1 + mood/2):
// after Egges, a bad mood colours what is perceived. Emotions stay in 0..1, mood in -1..1.
#include <toml++/toml.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "yendor/ai/brain.hpp"
#include "yendor/core/toml_where.hpp"

namespace yendor::ai {

struct Library;

// How strongly each event raises (or, ally_comfort, lowers) an emotion; thousandths.
struct AppraisalWeights {
  std::int32_t sight_anger = 600;  // seeing the player, by neuroticism and the odds
  std::int32_t sight_fear = 200;   // seeing the player, by the player's share of strength
  std::int32_t kin_anger = 2000;   // per kin death seen
  std::int32_t kin_fear = 200;
  std::int32_t kin_distress = 500;
  std::int32_t hurt_anger = 1000;  // per share of max hp lost this turn
  std::int32_t hurt_fear = 1200;
  std::int32_t hurt_distress = 300;
  std::int32_t wounded_fear = 300;  // while below half its hp
  std::int32_t ally_comfort = 300;  // fear lost with four awake allies in sight
  std::int32_t ally_joy = 100;
  std::int32_t hit_joy = 1000;    // per share of the player's max hp it took
  std::int32_t noise_fear = 100;  // loud noise startles the incurious
  bool operator==(const AppraisalWeights&) const = default;
};

struct MoodWeights {
  std::int32_t rate = 50;  // share of the way to the target per turn
  // Each emotion's weight in the mood's target (anger, fear, joy, distress).
  std::array<std::int32_t, k_emotion_count> weight{-300, -1000, 1000, -1000};
  bool operator==(const MoodWeights&) const = default;
};

struct EmotionProfile {
  std::string name;
  std::string description;
  std::string tree_name;  // the [bt.NAME] it runs
  int tree = -1;          // its index in Library::behaviour_trees (link_emotion_profiles)
  std::string file;       // where `tree` is written, for the link error
  int tree_line = 0;
  // Share of each emotion lost per turn (anger, fear, joy, distress), thousandths.
  std::array<std::int32_t, k_emotion_count> decay{80, 150, 100, 50};
  AppraisalWeights appraisal{};
  MoodWeights mood{};
  bool operator==(const EmotionProfile&) const = default;
};

// Reads one "[emotion.NAME]" entry; errors through `where` (file, line, field).
EmotionProfile parse_emotion_profile(const toml::table& table, const TomlWhere& where,
                                     const std::string& name);

// Resolves every profile's tree name to its index once all the files are read (load_library
// calls it). Throws InputError "FILE:LINE: [emotion.NAME]: field 'tree': no behaviour tree
// 'x' (known: ...)". Idempotent.
void link_emotion_profiles(Library& library);

// The names of the appraisal weights, in AppraisalWeights order (docs, tests).
struct AppraisalField {
  std::string_view name;
  std::int32_t AppraisalWeights::*weight;
};
std::span<const AppraisalField> appraisal_fields();

// What the appraisal scores in one turn (the brain gathers it from the View).
struct Stimuli {
  bool sees_player = false;
  int hp = 1, max_hp = 1;
  int player_hp = 1, player_max_hp = 1;  // meaningful when sees_player
  int allies = 0;                        // awake monsters in sight within 5 cells
  int allies_strength = 0;               // the sum of their hp shares, thousandths
  int kin_deaths = 0;                    // kin it saw die since its last turn
  int damage_taken = 0;
  int damage_dealt = 0;  // to the player since its last turn
  int noise = 0;         // loudness at its cell
};

// Turns of `provoked` (blackboard) after being hurt or seeing kin die.
inline constexpr std::int32_t k_provoked_turns = 10;

// One turn of the model: fades the emotions, adds the appraised gains, moves the mood and
// writes the blackboard (BlackboardKey). Keeps emotions in 0..1000 and mood in -1000..1000.
void appraise(const EmotionProfile& profile, const Stimuli& stimuli, Memory& memory);

// The side's share of the strength in sight, 0..1000: heads weighted by health, each side
// counting its hp shares (its own, plus its allies'; the player's), so that a lone monster
// and the player both unhurt are even. 500 when it does not see the player. (It cannot know
// the player's level or gear: what it sees is how wounded each side looks, and how many.)
std::int32_t strength_share(const Stimuli& stimuli);

}  // namespace yendor::ai
