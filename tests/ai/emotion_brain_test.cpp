// The emotion brain and its model through the ASCII FakeView (fake_view.hpp): '#' wall, '.'
// floor, 'm' the monster itself, '@' the player. Personalities are set directly in the Memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "ai/fake_view.hpp"
#include "support/counting_allocator.hpp"
#include "yendor/ai/behaviour_tree.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/emotion_profile.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::ai {
namespace {

using testing::FakeView;

const Brain& emotion() {
  return builtin_brains().get("emotion");
}

// A room with the player four cells to the east, both unhurt (10 hit points each).
FakeView in_room() {
  FakeView view({
      "###########",
      "#.........#",
      "#.........#",
      "#..m...@..#",
      "#.........#",
      "#.........#",
      "###########",
  });
  view.player_hp_now = view.player_hp_max = 10;
  return view;
}

// What the game does when it hurts the monster: fewer hit points, damage taken this turn.
void hurt(FakeView& view, int amount) {
  view.hp_now -= amount;
  view.damage = amount;
}

int distance_to_player(const FakeView& view) {
  return chebyshev(view.self(), view.player());
}

Memory with_personality(std::int32_t o, std::int32_t c, std::int32_t e, std::int32_t a,
                        std::int32_t n) {
  Memory m;
  m.personality = {o, c, e, a, n};
  return m;
}

Memory average() {
  return with_personality(500, 500, 500, 500, 500);
}

std::int32_t feeling(const Memory& m, Emotion e) {
  return m.emotion[static_cast<std::size_t>(e)];
}

std::int32_t board(const Memory& m, BlackboardKey k) {
  return m.blackboard[static_cast<std::size_t>(k)];
}

Seen awake_ally(Point at, int hp) {
  Seen s;
  s.pos = at;
  s.awake = true;
  s.kin = true;
  s.hp = hp;
  s.max_hp = hp;
  return s;
}

// One turn: decide, and carry out a step as the game would.
Decision turn(FakeView& view, Memory& memory, Rng& rng) {
  const Decision d = emotion().decide(view, memory, rng);
  if (d.kind == DecisionKind::step) view.move_self(d.dir);
  view.damage = 0;
  view.kin_deaths = 0;
  return d;
}

Library shipped_emotions() {
  Library library;
  load_library_text(library, read_file(default_data_dir() + "/ai/emotion.toml"),
                    "data/ai/emotion.toml");
  link_emotion_profiles(library);
  return library;
}

std::string emotion_load_error(const std::string& text) {
  Library library;
  try {
    load_library_text(library, text, "t.toml");
    link_emotion_profiles(library);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(EmotionBrain, IsRegisteredWithItsSource) {
  const BrainInfo& info = emotion().info();
  EXPECT_EQ(info.name, "emotion");
  EXPECT_EQ(info.section, "emotion");
  EXPECT_NE(info.source.find("thesis 4.6"), std::string::npos);
  EXPECT_FALSE(info.description.empty());
}

// Thesis 4.6: "an actor with neuroticism set to 1 would be very prone to attack a possible
// foe at first sight, whereas if set to 0, it would always wait for provocation".
TEST(EmotionBrain, ANeuroticOneAttacksAtFirstSightACalmOneWaits) {
  {
    FakeView view = in_room();
    Memory memory = with_personality(500, 500, 500, 500, 1000);
    Rng rng(1);
    const int before = distance_to_player(view);
    const Decision d = turn(view, memory, rng);
    ASSERT_EQ(d.kind, DecisionKind::step);
    EXPECT_EQ(distance_to_player(view), before - 1);
    EXPECT_GT(feeling(memory, Emotion::anger), 500);
  }
  {
    FakeView view = in_room();
    Memory memory = with_personality(500, 500, 500, 500, 0);
    Rng rng(1);
    for (int i = 0; i < 30; ++i)
      EXPECT_EQ(turn(view, memory, rng), Decision{}) << "turn " << i;
    EXPECT_EQ(feeling(memory, Emotion::anger), 0);
    EXPECT_EQ(distance_to_player(view), 4);
  }
}

// Property: the more neurotic, the readier to attack at first sight (monotone in N).
TEST(EmotionBrain, ReadinessToAttackGrowsWithNeuroticism) {
  bool attacked_before = false;
  for (std::int32_t n = 0; n <= 1000; n += 50) {
    FakeView view = in_room();
    Memory memory = with_personality(500, 500, 500, 500, n);
    Rng rng(5);
    const bool attacks = emotion().decide(view, memory, rng).kind == DecisionKind::step;
    if (attacked_before) {
      EXPECT_TRUE(attacks) << "neuroticism " << n;
    }
    attacked_before = attacked_before || attacks;
  }
  EXPECT_TRUE(attacked_before);
}

TEST(EmotionBrain, SeeingItsKinDieAngersItAndItCharges) {
  FakeView view = in_room();
  Memory memory = with_personality(500, 500, 500, 500, 0);
  Rng rng(2);
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(turn(view, memory, rng), Decision{}) << "it holds before";
  const std::int32_t calm = feeling(memory, Emotion::anger);
  view.kin_deaths = 1;
  int distance = distance_to_player(view);
  ASSERT_EQ(turn(view, memory, rng).kind, DecisionKind::step);
  EXPECT_GT(feeling(memory, Emotion::anger), calm + 500);
  EXPECT_EQ(distance_to_player(view), distance - 1);
  // The anger lasts: it closes in until it is next to the player, then strikes.
  while (distance_to_player(view) > 1) {
    distance = distance_to_player(view);
    ASSERT_EQ(turn(view, memory, rng).kind, DecisionKind::step);
    EXPECT_EQ(distance_to_player(view), distance - 1);
  }
  EXPECT_EQ(turn(view, memory, rng).kind, DecisionKind::attack);
}

TEST(EmotionBrain, HeavyDamageFrightensItIntoFleeing) {
  FakeView view = in_room();
  Memory memory = average();
  Rng rng(3);
  EXPECT_EQ(turn(view, memory, rng), Decision{});
  hurt(view, 6);
  const int before = distance_to_player(view);
  const Decision d = turn(view, memory, rng);
  ASSERT_EQ(d.kind, DecisionKind::step);
  EXPECT_GT(distance_to_player(view), before);
  EXPECT_GT(feeling(memory, Emotion::fear), 600);
}

// Property: a more neurotic monster flees from smaller wounds.
TEST(EmotionBrain, TheMoreNeuroticTheSmallerTheWoundThatMakesItFlee) {
  auto smallest_wound_it_flees = [](std::int32_t neuroticism) {
    for (int damage = 1; damage < 10; ++damage) {
      FakeView view = in_room();
      Memory memory = with_personality(500, 500, 500, 500, neuroticism);
      Rng rng(4);
      turn(view, memory, rng);
      hurt(view, damage);
      const int before = distance_to_player(view);
      turn(view, memory, rng);
      if (distance_to_player(view) > before) return damage;
    }
    return 10;
  };
  const int calm = smallest_wound_it_flees(0), middling = smallest_wound_it_flees(500),
            nervous = smallest_wound_it_flees(1000);
  EXPECT_LE(nervous, middling);
  EXPECT_LE(middling, calm);
  EXPECT_LT(nervous, calm);
}

TEST(EmotionBrain, FallsBackToTheBuiltInProfileForAnUnknownIndex) {
  FakeView view = in_room();
  view.tactics_index = 7;  // no such entry in the (empty) library
  Memory memory = with_personality(500, 500, 500, 500, 1000);
  Rng rng(1);
  EXPECT_EQ(emotion().decide(view, memory, rng).kind, DecisionKind::step);
}

TEST(EmotionBrain, IsDeterministicForASeed) {
  auto run = [](std::uint64_t seed) {
    FakeView view = in_room();
    Memory memory = with_personality(300, 600, 200, 400, 700);
    Rng rng(seed);
    std::vector<Decision> out;
    for (int i = 0; i < 40; ++i) {
      view.sees = i % 7 < 4;
      if (i == 5) view.kin_deaths = 1;
      if (i == 9) hurt(view, 3);
      out.push_back(turn(view, memory, rng));
    }
    return std::pair{out, memory};
  };
  EXPECT_EQ(run(9), run(9));
}

// decide() runs for every awake monster every turn: once warmed up it allocates nothing.
TEST(EmotionBrain, DecidesWithoutAllocating) {
  const Library library = shipped_emotions();
  for (int tactics = -1; tactics < static_cast<int>(library.emotions.size()); ++tactics) {
    FakeView view = in_room();
    view.use(library, tactics);
    view.seen.push_back(awake_ally({2, 1}, 10));
    Memory memory = with_personality(400, 600, 300, 200, 900);
    Rng rng(12);
    turn(view, memory, rng);  // built-in tree parsed once
    test::AllocationCounter counter;
    for (int i = 0; i < 60; ++i) {
      view.sees = i % 9 < 6;
      view.kin_deaths = i % 13 == 0 ? 1 : 0;
      view.noise_level = i % 5;
      if (i % 17 == 0) hurt(view, 1);
      turn(view, memory, rng);
    }
    EXPECT_EQ(counter.allocations(), 0) << "tactics " << tactics;
  }
}

// ---- the model: appraisal, decay, mood, blackboard ----

TEST(EmotionModel, EmotionsFadeByTheirDecayRateBackToZero) {
  const EmotionProfile profile;  // the defaults
  Memory memory = average();     // self-control 1: the rate as written
  memory.emotion = {900, 800, 700, 600};
  const Stimuli quiet;  // alone, unhurt, the player out of sight
  int turns = 0;
  while (memory.emotion != std::array<std::int32_t, k_emotion_count>{} && turns < 1000) {
    std::array<std::int32_t, k_emotion_count> expected{};
    for (std::size_t e = 0; e < expected.size(); ++e) {
      const std::int32_t v = memory.emotion[e];
      expected[e] = v == 0 ? 0 : std::max(0, v - std::max(1, v * profile.decay[e] / 1000));
    }
    appraise(profile, quiet, memory);
    ASSERT_EQ(memory.emotion, expected) << "turn " << turns;
    ++turns;
  }
  EXPECT_LT(turns, 200);
  EXPECT_GT(turns, 10);
}

TEST(EmotionModel, SelfControlCalmsQuickerNeuroticismDwells) {
  auto anger_after_five_turns = [](std::int32_t c, std::int32_t n) {
    Memory memory = with_personality(500, c, 500, 500, n);
    memory.emotion = {1000, 0, 0, 0};
    for (int i = 0; i < 5; ++i)
      appraise(EmotionProfile{}, Stimuli{}, memory);
    return feeling(memory, Emotion::anger);
  };
  const std::int32_t controlled = anger_after_five_turns(1000, 0);
  const std::int32_t middling = anger_after_five_turns(500, 500);
  const std::int32_t dwelling = anger_after_five_turns(0, 1000);
  EXPECT_LT(controlled, middling);
  EXPECT_LT(middling, dwelling);
  EXPECT_LT(dwelling, 1000);
}

TEST(EmotionModel, SeeingTheSamePlayerIsOneSituationNotAnEventEachTurn) {
  EmotionProfile moodless;  // a steady mood, which would colour the appraisal
  moodless.mood.weight = {0, 0, 0, 0};
  Memory memory = with_personality(500, 500, 500, 500, 700);
  Stimuli s;
  s.sees_player = true;
  std::int32_t first = -1;
  for (int i = 0; i < 50; ++i) {
    appraise(moodless, s, memory);
    if (i == 0) first = feeling(memory, Emotion::anger);
    EXPECT_EQ(feeling(memory, Emotion::anger), first) << "turn " << i;
  }
  EXPECT_GT(first, 0);
}

TEST(EmotionModel, TheOddsTurnSightIntoAngerOrFear) {
  auto after_sight = [](int hp, int player_hp) {  // out of 100 each
    Memory memory = average();
    Stimuli s;
    s.sees_player = true;
    s.hp = hp;
    s.player_hp = player_hp;
    s.max_hp = s.player_max_hp = 100;
    appraise(EmotionProfile{}, s, memory);
    return std::pair{feeling(memory, Emotion::anger), feeling(memory, Emotion::fear)};
  };
  const auto [strong_anger, strong_fear] = after_sight(100, 20);
  const auto [weak_anger, weak_fear] = after_sight(10, 100);
  EXPECT_GT(strong_anger, weak_anger);
  EXPECT_LT(strong_fear, weak_fear);
  EXPECT_GT(weak_fear, weak_anger);
}

TEST(EmotionModel, CompanyCalmsFearAndExtravertsMost) {
  auto fear_with = [](int allies, std::int32_t extraversion) {
    Memory memory = with_personality(500, 500, extraversion, 500, 500);
    Stimuli s;
    s.sees_player = true;
    s.hp = s.max_hp = 5;
    s.player_hp = s.player_max_hp = 40;
    s.allies = allies;
    s.allies_strength = 0;  // the odds unchanged: only the company differs
    appraise(EmotionProfile{}, s, memory);
    return feeling(memory, Emotion::fear);
  };
  EXPECT_LT(fear_with(4, 500), fear_with(0, 500));
  EXPECT_LT(fear_with(2, 500), fear_with(0, 500));
  EXPECT_LT(fear_with(4, 1000), fear_with(4, 0));
  EXPECT_EQ(fear_with(0, 1000), fear_with(0, 0));
}

TEST(EmotionModel, KinDeathsAngerTheDisagreeableAndTheNeuroticMost) {
  auto anger_for = [](std::int32_t agreeableness, std::int32_t neuroticism) {
    Memory memory = with_personality(500, 500, 500, agreeableness, neuroticism);
    Stimuli s;
    s.kin_deaths = 1;
    EmotionProfile gentle;
    gentle.appraisal.kin_anger = 300;  // below the 1.0 cap for every personality
    appraise(gentle, s, memory);
    return feeling(memory, Emotion::anger);
  };
  EXPECT_GT(anger_for(0, 500), anger_for(500, 500));
  EXPECT_GT(anger_for(500, 500), anger_for(1000, 500));
  EXPECT_GT(anger_for(500, 1000), anger_for(500, 0));
  EXPECT_EQ(anger_for(1000, 0), 0);  // a saint: no temper at all
}

TEST(EmotionModel, MoodDriftsTowardsTheBalanceOfEmotions) {
  const EmotionProfile profile;
  Memory memory = average();
  Stimuli frightening;
  frightening.sees_player = true;
  frightening.hp = 2;
  frightening.max_hp = 10;
  frightening.player_hp = frightening.player_max_hp = 40;
  std::int32_t previous = memory.mood;
  for (int i = 0; i < 60; ++i) {
    appraise(profile, frightening, memory);
    EXPECT_LE(memory.mood, previous);
    previous = memory.mood;
  }
  EXPECT_LT(memory.mood, -300);
  Stimuli cheerful;  // good company, and it keeps hitting the player
  cheerful.allies = 4;
  for (int i = 0; i < 200; ++i) {
    cheerful.damage_dealt = 2;
    appraise(profile, cheerful, memory);
  }
  EXPECT_GT(memory.mood, 300);
}

// Property over random profiles, personalities and events: every value stays in its range,
// and each turn the mood moves towards its target (the weighted emotions) without passing it.
TEST(EmotionModel, ValuesStayInRangeAndMoodApproachesItsTarget) {
  Rng rng(77);
  for (int trial = 0; trial < 40; ++trial) {
    EmotionProfile profile;
    for (std::int32_t& d : profile.decay)
      d = rng.range(0, 1000);
    profile.mood.rate = rng.range(0, 1000);
    for (std::int32_t& w : profile.mood.weight)
      w = rng.range(-1000, 1000);
    for (const AppraisalField& f : appraisal_fields())
      profile.appraisal.*f.weight = rng.range(0, 5000);
    Memory memory = with_personality(rng.range(0, 1000), rng.range(0, 1000), rng.range(0, 1000),
                                     rng.range(0, 1000), rng.range(0, 1000));
    for (int i = 0; i < 300; ++i) {
      Stimuli s;
      s.sees_player = rng.chance(0.5);
      s.max_hp = rng.range(1, 100);
      s.hp = rng.range(0, s.max_hp);
      s.player_max_hp = rng.range(1, 100);
      s.player_hp = rng.range(0, s.player_max_hp);
      s.allies = rng.range(0, 8);
      s.allies_strength = rng.range(0, 8000);
      s.kin_deaths = rng.chance(0.1) ? rng.range(1, 9) : 0;
      s.damage_taken = rng.chance(0.2) ? rng.range(0, 150) : 0;
      s.damage_dealt = rng.chance(0.2) ? rng.range(0, 150) : 0;
      s.noise = rng.chance(0.2) ? rng.range(0, 40) : 0;
      const std::int32_t mood_before = memory.mood;
      appraise(profile, s, memory);
      for (std::int32_t e : memory.emotion) {
        ASSERT_GE(e, 0);
        ASSERT_LE(e, 1000);
      }
      ASSERT_GE(memory.mood, -1000);
      ASSERT_LE(memory.mood, 1000);
      long target = 0;
      for (std::size_t e = 0; e < memory.emotion.size(); ++e)
        target += static_cast<long>(profile.mood.weight[e]) * memory.emotion[e] / 1000;
      target = std::clamp(target, -1000L, 1000L);
      ASSERT_LE(std::abs(memory.mood - target), std::abs(mood_before - target));
      ASSERT_GE((memory.mood - mood_before) * (target - mood_before), 0);
      ASSERT_GE(board(memory, BlackboardKey::threat), 0);
      ASSERT_LE(board(memory, BlackboardKey::threat), 1000);
      ASSERT_GE(board(memory, BlackboardKey::provoked), 0);
      ASSERT_LE(board(memory, BlackboardKey::provoked), k_provoked_turns);
      ASSERT_LE(board(memory, BlackboardKey::kin_lost), 1000);
    }
  }
}

TEST(EmotionModel, TheBlackboardRecordsTheSituation) {
  Memory memory = average();
  Stimuli s;
  s.sees_player = true;
  s.hp = 5;
  s.max_hp = 10;
  s.player_hp = s.player_max_hp = 10;
  // Worked by hand: hp shares 0.5 against 1 give odds 1/3.
  appraise(EmotionProfile{}, s, memory);
  EXPECT_EQ(board(memory, BlackboardKey::threat), 1000 - 333);
  EXPECT_EQ(board(memory, BlackboardKey::hp), 500);
  EXPECT_EQ(board(memory, BlackboardKey::player_hp), 1000);
  EXPECT_EQ(board(memory, BlackboardKey::seen_turns), 1);
  EXPECT_EQ(board(memory, BlackboardKey::provoked), 0);
  // Two unhurt allies and a wounded one: (0.5 + 1 + 1 + 0.5) against 1.
  s.allies = 3;
  s.allies_strength = 2500;
  appraise(EmotionProfile{}, s, memory);
  EXPECT_EQ(board(memory, BlackboardKey::threat), 1000 - 750);
  EXPECT_EQ(board(memory, BlackboardKey::allies), 3);
  EXPECT_EQ(board(memory, BlackboardKey::seen_turns), 2);
  s.allies = 0;
  s.allies_strength = 0;
  s.kin_deaths = 2;
  s.damage_taken = 1;
  appraise(EmotionProfile{}, s, memory);
  EXPECT_EQ(board(memory, BlackboardKey::provoked), k_provoked_turns);
  EXPECT_EQ(board(memory, BlackboardKey::kin_lost), 2);
  memory.last_seen_turn = 3;  // perceive() sets it when the brain runs
  s = Stimuli{};
  for (int i = 1; i <= 4; ++i) {
    appraise(EmotionProfile{}, s, memory);
    EXPECT_EQ(board(memory, BlackboardKey::provoked), k_provoked_turns - i);
    EXPECT_EQ(board(memory, BlackboardKey::lost_turns), i);
    EXPECT_EQ(board(memory, BlackboardKey::seen_turns), 0);
    EXPECT_EQ(board(memory, BlackboardKey::threat), 0);
    EXPECT_EQ(board(memory, BlackboardKey::player_hp), 1000);  // as last seen
  }
  Memory never = average();
  appraise(EmotionProfile{}, Stimuli{}, never);
  EXPECT_EQ(board(never, BlackboardKey::lost_turns), 1000);
}

// ---- data ----

TEST(EmotionData, TheShippedProfilesLoadAndLink) {
  const Library library = shipped_emotions();
  ASSERT_GE(library.emotions.size(), 3u);
  for (const EmotionProfile& p : library.emotions) {
    ASSERT_GE(p.tree, 0) << p.name;
    EXPECT_EQ(library.behaviour_trees[static_cast<std::size_t>(p.tree)].name, p.tree_name);
    EXPECT_FALSE(p.description.empty());
    EXPECT_EQ(emotion().resolve(library, p.name), find_entry(library.emotions, p.name, ""));
  }
}

// The same wound (half its hit points, in sight of a healthy player): the coward runs, the
// warrior and the berserker charge.
TEST(EmotionData, AWarriorACowardAndABerserkerMeetTheSameWound) {
  const Library library = shipped_emotions();
  auto distance_change = [&](std::string_view profile) {
    FakeView view = in_room();
    view.use(library, emotion().resolve(library, profile));
    Memory memory = average();
    Rng rng(6);
    turn(view, memory, rng);
    const int before = distance_to_player(view);
    hurt(view, 5);
    turn(view, memory, rng);
    return distance_to_player(view) - before;
  };
  EXPECT_GT(distance_change("coward"), 0);
  EXPECT_LT(distance_change("warrior"), 0);
  EXPECT_LT(distance_change("berserker"), 0);
}

// A kin death angers and frightens a coward: alone it runs, in a pack it fights.
TEST(EmotionData, ACowardFleesAloneAndFightsInAPack) {
  const Library library = shipped_emotions();
  auto distance_change = [&](int allies) {
    FakeView view = in_room();
    view.use(library, emotion().resolve(library, "coward"));
    for (int i = 0; i < allies; ++i)
      view.seen.push_back(awake_ally({2, 1 + i}, 10));
    Memory memory = average();
    Rng rng(8);
    view.kin_deaths = 1;
    const int before = distance_to_player(view);
    turn(view, memory, rng);
    return distance_to_player(view) - before;
  };
  EXPECT_GT(distance_change(0), 0);
  EXPECT_LT(distance_change(4), 0);
}

TEST(EmotionData, ResolveNamesAProfileAndRefusesTheUnknownAndTheUnlinked) {
  const Library library = shipped_emotions();
  EXPECT_EQ(emotion().resolve(library, ""), -1);
  try {
    emotion().resolve(library, "hero");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(
                  "no emotion profile 'hero' (known: berserker, coward, warrior)", 0),
              0u);
  }
  Library unlinked;
  load_library_text(unlinked, "[bt.t]\nroot = \"@hold\"\n[emotion.e]\ntree = \"t\"\n", "t.toml");
  EXPECT_THROW(emotion().resolve(unlinked, "e"), std::logic_error);
  link_emotion_profiles(unlinked);
  EXPECT_EQ(emotion().resolve(unlinked, "e"), 0);
}

TEST(EmotionData, ParsesEveryField) {
  Library library;
  load_library_text(library, R"(
[emotion.e]
description = "d"
tree = "t"
decay = { anger = 0.5, distress = 0 }
mood = { rate = 0.25, joy = -0.5 }
appraisal = { kin_anger = 4.5, noise_fear = 0 }
[bt.t]
root = "@hold"
)",
                    "t.toml");
  link_emotion_profiles(library);
  ASSERT_EQ(library.emotions.size(), 1u);
  const EmotionProfile& p = library.emotions[0];
  const EmotionProfile defaults;
  EXPECT_EQ(p.description, "d");
  EXPECT_EQ(p.tree, 0);
  EXPECT_EQ(p.decay, (std::array<std::int32_t, 4>{500, defaults.decay[1], defaults.decay[2], 0}));
  EXPECT_EQ(p.mood.rate, 250);
  EXPECT_EQ(p.mood.weight[static_cast<std::size_t>(Emotion::joy)], -500);
  EXPECT_EQ(p.mood.weight[static_cast<std::size_t>(Emotion::fear)],
            defaults.mood.weight[static_cast<std::size_t>(Emotion::fear)]);
  EXPECT_EQ(p.appraisal.kin_anger, 4500);
  EXPECT_EQ(p.appraisal.noise_fear, 0);
  EXPECT_EQ(p.appraisal.hurt_fear, defaults.appraisal.hurt_fear);
}

TEST(EmotionData, ErrorsNameFileLineAndField) {
  EXPECT_EQ(emotion_load_error("[emotion.a]\ndescription = \"x\"\n"),
            "t.toml:1: [emotion.a]: field 'tree': missing (it is required)");
  EXPECT_EQ(emotion_load_error("[emotion.a]\ntree = \"\"\n"),
            "t.toml:2: [emotion.a]: field 'tree': the name of a [bt.NAME] expected");
  EXPECT_EQ(emotion_load_error("[emotion.a]\ntree = \"t\"\ntemper = 1\n"),
            "t.toml:3: [emotion.a]: field 'temper': unknown field (known fields: description, "
            "tree, decay, mood, appraisal)");
  EXPECT_EQ(emotion_load_error("[emotion.a]\ntree = \"t\"\ndecay = { rage = 0.1 }\n"),
            "t.toml:3: [emotion.a]: field 'decay.rage': unknown field (known fields: anger, "
            "fear, joy, distress)");
  EXPECT_EQ(
      emotion_load_error("[emotion.a]\ntree = \"t\"\ndecay = { fear = 1.5 }\n"),
      "t.toml:3: [emotion.a]: field 'decay.fear': a number from 0.0 to 1.0 expected, got 1.5");
  EXPECT_EQ(
      emotion_load_error("[emotion.a]\ntree = \"t\"\nmood = { joy = -2 }\n"),
      "t.toml:3: [emotion.a]: field 'mood.joy': a number from -1.0 to 1.0 expected, got -2.0");
  EXPECT_EQ(
      emotion_load_error("[emotion.a]\ntree = \"t\"\n\n[emotion.a.appraisal]\nkin_anger = 6\n"),
      "t.toml:5: [emotion.a]: field 'appraisal.kin_anger': a number from 0.0 to 5.0 expected, "
      "got 6.0");
  EXPECT_EQ(
      emotion_load_error("[emotion.a]\ntree = \"t\"\nappraisal = { kin_angr = 1 }\n")
          .rfind("t.toml:3: [emotion.a]: field 'appraisal.kin_angr': unknown field (known fields: "
                 "sight_anger, sight_fear, kin_anger,",
                 0),
      0u);
  EXPECT_EQ(emotion_load_error("[bt.x]\nroot = \"@hold\"\n[bt.y]\nroot = \"@hold\"\n"
                               "[emotion.a]\n\ntree = \"nope\"\n"),
            "t.toml:7: [emotion.a]: field 'tree': no behaviour tree 'nope' (known: x, y)");
}

// A profile may name a tree of a file read later: linking waits for every file.
TEST(EmotionData, ProfilesLinkToTreesOfOtherFiles) {
  Library library;
  load_library_text(library, "[emotion.e]\ntree = \"later\"\n", "a.toml");
  load_library_text(library, "[bt.first]\nroot = \"@hold\"\n[bt.later]\nroot = \"@wander\"\n",
                    "b.toml");
  link_emotion_profiles(library);
  EXPECT_EQ(library.emotions[0].tree, 1);
  link_emotion_profiles(library);  // idempotent
  EXPECT_EQ(library.emotions[0].tree, 1);
}

}  // namespace
}  // namespace yendor::ai
