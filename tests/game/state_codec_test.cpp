#include "yendor/game/state_codec.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rich_state.hpp"
#include "yendor/core/byte_io.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/game/level_delta.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::game {
namespace {

using testing::shared_content;
using testing::shared_rich_state;

template <typename T>
void expect_differs(const T& value, const T& fallback, const char* field) {
  EXPECT_FALSE(value == fallback) << field << " has its default value in the rich state";
}
#define YENDOR_DIFFERS(name) expect_differs(name, d_##name, #name)

// Structured bindings need the exact member count: a field added to one of these structs
// stops this test from compiling until the codec (and this list) write it.
TEST(StateCodec, RichStateHasNoFieldAtItsDefault) {
  const GameState& s = shared_rich_state();
  {
    const auto& [seed, levels, setup, depth, time, player, info, dungeon, outcome, next_actor_id,
                 next_item_id, items_created, items_destroyed, unique_spawned, messages, combat_rng,
                 ai_rng, world_rng] = s;
    const GameState d;
    const auto& [d_seed, d_levels, d_setup, d_depth, d_time, d_player, d_info, d_dungeon, d_outcome,
                 d_next_actor_id, d_next_item_id, d_items_created, d_items_destroyed,
                 d_unique_spawned, d_messages, d_combat_rng, d_ai_rng, d_world_rng] = d;
    YENDOR_DIFFERS(seed);
    YENDOR_DIFFERS(levels);
    YENDOR_DIFFERS(setup);
    YENDOR_DIFFERS(depth);
    YENDOR_DIFFERS(time);
    YENDOR_DIFFERS(player);
    YENDOR_DIFFERS(info);
    YENDOR_DIFFERS(dungeon);
    YENDOR_DIFFERS(outcome);
    YENDOR_DIFFERS(next_actor_id);
    YENDOR_DIFFERS(next_item_id);
    YENDOR_DIFFERS(items_created);
    YENDOR_DIFFERS(items_destroyed);
    YENDOR_DIFFERS(unique_spawned);
    YENDOR_DIFFERS(messages);
    YENDOR_DIFFERS(combat_rng);
    YENDOR_DIFFERS(ai_rng);
    YENDOR_DIFFERS(world_rng);
  }
  {
    const DungeonSetup d;
    const auto& [difficulty, generator, size] = s.setup;
    const auto& [d_difficulty, d_generator, d_size] = d;
    YENDOR_DIFFERS(difficulty);
    YENDOR_DIFFERS(generator);
    YENDOR_DIFFERS(size);
  }
  {
    const PlayerInfo d;
    const auto& [name, pending_raises, nutrition, kills, deepest, turns, cause, last_prayer] =
        s.info;
    const auto& [d_name, d_pending_raises, d_nutrition, d_kills, d_deepest, d_turns, d_cause,
                 d_last_prayer] = d;
    YENDOR_DIFFERS(name);
    YENDOR_DIFFERS(pending_raises);
    YENDOR_DIFFERS(nutrition);
    YENDOR_DIFFERS(kills);
    YENDOR_DIFFERS(deepest);
    YENDOR_DIFFERS(turns);
    YENDOR_DIFFERS(cause);
    YENDOR_DIFFERS(last_prayer);
  }
  const LevelState& level = s.dungeon.at(1);
  {
    const LevelState d;
    const auto& [depth, recipe, lvl, monsters, items, traps, lock_open, closing, left_at, scent,
                 deaths, occupant, opacity, epoch, slots] = level;
    const auto& [d_depth, d_recipe, d_lvl, d_monsters, d_items, d_traps, d_lock_open, d_closing,
                 d_left_at, d_scent, d_deaths, d_occupant, d_opacity, d_epoch, d_slots] = d;
    YENDOR_DIFFERS(depth);
    YENDOR_DIFFERS(recipe);
    YENDOR_DIFFERS(lvl);
    YENDOR_DIFFERS(monsters);
    YENDOR_DIFFERS(items);
    YENDOR_DIFFERS(traps);
    YENDOR_DIFFERS(lock_open);
    YENDOR_DIFFERS(closing);
    YENDOR_DIFFERS(left_at);
    YENDOR_DIFFERS(scent);
    YENDOR_DIFFERS(deaths);
    YENDOR_DIFFERS(occupant);
    YENDOR_DIFFERS(opacity);
    static_cast<void>(epoch);  // not state: equal whatever its count (state.hpp)
    static_cast<void>(slots);  // not state: a lookup hint (state.hpp)
  }
  {
    const LevelRecipe d;
    const auto& [generator, params, seed, size, depth, motif, difficulty, unique_rate, features] =
        level.recipe;
    const auto& [d_generator, d_params, d_seed, d_size, d_depth, d_motif, d_difficulty,
                 d_unique_rate, d_features] = d;
    YENDOR_DIFFERS(generator);
    YENDOR_DIFFERS(params);
    YENDOR_DIFFERS(seed);
    YENDOR_DIFFERS(size);
    YENDOR_DIFFERS(depth);
    YENDOR_DIFFERS(motif);
    YENDOR_DIFFERS(difficulty);
    YENDOR_DIFFERS(unique_rate);
    YENDOR_DIFFERS(features);
  }
  {
    const Trap d;
    const auto& [pos, kind, hidden] = level.traps.at(1);
    const auto& [d_pos, d_kind, d_hidden] = d;
    YENDOR_DIFFERS(pos);
    YENDOR_DIFFERS(kind);
    YENDOR_DIFFERS(hidden);
  }
  {
    const PendingClose d;
    const auto& [lock, at] = level.closing.at(0);
    const auto& [d_lock, d_at] = d;
    YENDOR_DIFFERS(lock);
    YENDOR_DIFFERS(at);
  }
  const Actor& monster = level.monsters.at(1);
  {
    const Actor d;
    const auto& [id, kind, pos, attr, hp, max_hp, speed, next_time, xp, lvl, armour, damage, status,
                 memory, gold, inventory, wielded, worn, peaceful, regen, genes] = monster;
    const auto& [d_id, d_kind, d_pos, d_attr, d_hp, d_max_hp, d_speed, d_next_time, d_xp, d_lvl,
                 d_armour, d_damage, d_status, d_memory, d_gold, d_inventory, d_wielded, d_worn,
                 d_peaceful, d_regen, d_genes] = d;
    YENDOR_DIFFERS(id);
    YENDOR_DIFFERS(kind);
    YENDOR_DIFFERS(pos);
    YENDOR_DIFFERS(attr);
    YENDOR_DIFFERS(hp);
    YENDOR_DIFFERS(max_hp);
    YENDOR_DIFFERS(speed);
    YENDOR_DIFFERS(next_time);
    YENDOR_DIFFERS(xp);
    YENDOR_DIFFERS(lvl);
    YENDOR_DIFFERS(armour);
    YENDOR_DIFFERS(damage);
    YENDOR_DIFFERS(memory);
    YENDOR_DIFFERS(gold);
    YENDOR_DIFFERS(inventory);
    YENDOR_DIFFERS(wielded);
    YENDOR_DIFFERS(worn);
    YENDOR_DIFFERS(peaceful);
    YENDOR_DIFFERS(regen);
    YENDOR_DIFFERS(genes);
    for (std::size_t i = 0; i < status.size(); ++i)
      EXPECT_NE(status[i], d_status[i]) << i;
  }
  {
    const ai::Memory d;
    const auto& [awake, has_target, target, state, counter, scratch, home, heading, hunger, mood,
                 emotion, personality, blackboard, genome, damage_dealt, turns_alive,
                 last_seen_turn, last_hp, guarded] = monster.memory;
    const auto& [d_awake, d_has_target, d_target, d_state, d_counter, d_scratch, d_home, d_heading,
                 d_hunger, d_mood, d_emotion, d_personality, d_blackboard, d_genome, d_damage_dealt,
                 d_turns_alive, d_last_seen_turn, d_last_hp, d_guarded] = d;
    YENDOR_DIFFERS(awake);
    YENDOR_DIFFERS(has_target);
    YENDOR_DIFFERS(target);
    YENDOR_DIFFERS(state);
    YENDOR_DIFFERS(counter);
    for (std::size_t i = 0; i < scratch.size(); ++i)
      EXPECT_NE(scratch[i], d_scratch[i]) << i;
    YENDOR_DIFFERS(home);
    YENDOR_DIFFERS(heading);
    YENDOR_DIFFERS(hunger);
    YENDOR_DIFFERS(mood);
    for (std::size_t i = 0; i < emotion.size(); ++i)
      EXPECT_NE(emotion[i], d_emotion[i]) << i;
    for (std::size_t i = 0; i < personality.size(); ++i)
      EXPECT_NE(personality[i], d_personality[i]) << i;
    for (std::size_t i = 0; i < blackboard.size(); ++i)
      EXPECT_NE(blackboard[i], d_blackboard[i]) << i;
    YENDOR_DIFFERS(genome);
    YENDOR_DIFFERS(damage_dealt);
    YENDOR_DIFFERS(turns_alive);
    YENDOR_DIFFERS(last_seen_turn);
    YENDOR_DIFFERS(last_hp);
    YENDOR_DIFFERS(guarded);
  }
  {
    const Item d;
    const auto& [id, kind, count, enchant, letter, pos, key, key_depth, price] =
        monster.inventory.at(0);
    const auto& [d_id, d_kind, d_count, d_enchant, d_letter, d_pos, d_key, d_key_depth, d_price] =
        d;
    YENDOR_DIFFERS(id);
    YENDOR_DIFFERS(kind);
    YENDOR_DIFFERS(count);
    YENDOR_DIFFERS(enchant);
    YENDOR_DIFFERS(letter);
    YENDOR_DIFFERS(pos);
    YENDOR_DIFFERS(key);
    YENDOR_DIFFERS(key_depth);
    YENDOR_DIFFERS(price);
  }
}
#undef YENDOR_DIFFERS

TEST(StateCodec, RoundTripKeepsEveryFieldWithEitherEncoding) {
  for (LevelEncoding encoding : {LevelEncoding::delta, LevelEncoding::full}) {
    const std::vector<std::uint8_t> bytes =
        encode_state(shared_rich_state(), shared_content(), encoding);
    const GameState back = decode_state(bytes, shared_content());
    EXPECT_TRUE(back == shared_rich_state()) << "encoding " << static_cast<int>(encoding);
    // Canonical: the decoded state encodes to the same bytes.
    EXPECT_EQ(encode_state(back, shared_content(), encoding), bytes);
  }
}

TEST(StateCodec, DefaultStateRoundTrips) {
  GameState s;
  const GameState back = decode_state(encode_state(s, shared_content()), shared_content());
  EXPECT_TRUE(back == s);
}

TEST(StateCodec, MetaIsMadeAgainFromTheRecipe) {
  // The body never holds meta, yet the decoded levels have it: build_level made it again,
  // trimmed to what play reads as make_level leaves it.
  const GameState back =
      decode_state(encode_state(shared_rich_state(), shared_content()), shared_content());
  for (std::size_t i : {0u, 1u, 3u}) {
    EXPECT_TRUE(back.dungeon[i].level.meta.stairs.up.has_value()) << "level " << i + 1;
    LevelMeta expected = build_level(shared_rich_state().dungeon[i].recipe).meta;
    EXPECT_FALSE(expected.features.empty() && expected.corridors.empty() &&
                 expected.regions.empty());
    trim_level_meta(expected);
    EXPECT_TRUE(expected.features.empty() && expected.corridors.empty() &&
                expected.regions.empty() && expected.passes.empty());
    EXPECT_EQ(back.dungeon[i].level.meta, expected);
  }
}

TEST(StateCodec, UntouchedLevelsAreStoredAsTheirRecipeAndTouchedOnesSmallest) {
  GameState s = shared_rich_state();
  // Level 1 as it was made: nothing changed since.
  s.dungeon[0].level = build_level(s.dungeon[0].recipe);
  trim_level_meta(s.dungeon[0].level.meta);
  rebuild_caches(s);
  EncodeReport report;
  const auto bytes = encode_state(s, shared_content(), LevelEncoding::delta, &report);
  ASSERT_EQ(report.levels.size(), 3u);  // the made levels
  EXPECT_EQ(report.levels[0].depth, 1);
  EXPECT_FALSE(report.levels[0].stored_whole);
  EXPECT_LT(report.levels[0].delta_bytes * 4, report.levels[0].full_bytes);
  for (const auto& row : report.levels) {
    // The stored form is the smaller one.
    EXPECT_EQ(row.stored_whole, row.full_bytes <= row.delta_bytes) << row.depth;
  }
  EncodeReport full_report;
  const auto full = encode_state(s, shared_content(), LevelEncoding::full, &full_report);
  EXPECT_LT(bytes.size(), full.size());
  ASSERT_EQ(full_report.levels.size(), report.levels.size());
  for (std::size_t i = 0; i < report.levels.size(); ++i) {
    EXPECT_EQ(full_report.levels[i].full_bytes, report.levels[i].full_bytes);
    EXPECT_EQ(full_report.levels[i].delta_bytes, report.levels[i].delta_bytes);
    EXPECT_TRUE(full_report.levels[i].stored_whole);
  }
  EXPECT_TRUE(decode_state(bytes, shared_content()) == s);
  EXPECT_TRUE(decode_state(full, shared_content()) == s);
}

TEST(StateCodec, ALevelChangedEverywhereIsStoredWhole) {
  // Dug out completely: the whole grids are one run each, the changes are many.
  GameState s = shared_rich_state();
  Level& level = s.dungeon[1].level;
  level.tiles.fill(Tile::floor);
  level.flags.fill(cell_flag::explored);
  rebuild_caches(s);
  EncodeReport report;
  const auto bytes = encode_state(s, shared_content(), LevelEncoding::delta, &report);
  ASSERT_EQ(report.levels.size(), 3u);
  EXPECT_TRUE(report.levels[1].stored_whole);
  EXPECT_LT(report.levels[1].full_bytes, report.levels[1].delta_bytes);
  EXPECT_TRUE(decode_state(bytes, shared_content()) == s);
}

TEST(StateCodec, AnUnmadeLevelCostsOneByte) {
  GameState s = shared_rich_state();
  const std::size_t before = encode_state(s, shared_content()).size();
  LevelState unmade;
  unmade.depth = 0;
  s.dungeon.push_back(unmade);
  const auto bytes = encode_state(s, shared_content());
  EXPECT_EQ(bytes.size(), before + 1);
  EXPECT_TRUE(decode_state(bytes, shared_content()) == s);
  // An unmade level with something in it is not "blank": it is stored in full.
  s.dungeon.back().left_at = 99;
  EXPECT_TRUE(decode_state(encode_state(s, shared_content()), shared_content()) == s);
}

TEST(StateCodec, RecipeLessLevelsAreStoredWholeWithEmptyMeta) {
  GameState s =
      testing::ascii_state({"#######", "#@.g..#", "#..+..#", "#######"}, shared_content());
  s.dungeon[0].level.flags[{2, 1}] = cell_flag::explored;
  s.dungeon[0].level.meta.rooms.push_back(Room{});  // not stored: documented
  rebuild_caches(s);
  EncodeReport report;
  const GameState back = decode_state(
      encode_state(s, shared_content(), LevelEncoding::delta, &report), shared_content());
  ASSERT_EQ(report.levels.size(), 1u);
  EXPECT_TRUE(report.levels[0].stored_whole);
  EXPECT_TRUE(back.dungeon[0].level.meta == LevelMeta{});
  s.dungeon[0].level.meta = {};
  EXPECT_TRUE(back == s);
}

TEST(StateCodec, KindsAreStoredByIdAndMappedBackInAnotherOrder) {
  Content reordered = shared_content();
  std::reverse(reordered.monsters.begin(), reordered.monsters.end());
  std::reverse(reordered.items.begin(), reordered.items.end());
  const GameState back =
      decode_state(encode_state(shared_rich_state(), shared_content()), reordered);
  const auto monster_id = [](const Content& c, const Actor& a) {
    return c.monsters[static_cast<std::size_t>(a.kind)].id;
  };
  const auto item_id = [](const Content& c, const Item& i) {
    return c.items[static_cast<std::size_t>(i.kind)].id;
  };
  for (std::size_t l = 0; l < shared_rich_state().dungeon.size(); ++l) {
    const LevelState& a = shared_rich_state().dungeon[l];
    const LevelState& b = back.dungeon[l];
    ASSERT_EQ(a.monsters.size(), b.monsters.size());
    for (std::size_t i = 0; i < a.monsters.size(); ++i) {
      EXPECT_EQ(monster_id(shared_content(), a.monsters[i]), monster_id(reordered, b.monsters[i]));
      for (std::size_t j = 0; j < a.monsters[i].inventory.size(); ++j)
        EXPECT_EQ(item_id(shared_content(), a.monsters[i].inventory[j]),
                  item_id(reordered, b.monsters[i].inventory[j]));
    }
    ASSERT_EQ(a.items.size(), b.items.size());
    for (std::size_t i = 0; i < a.items.size(); ++i)
      EXPECT_EQ(item_id(shared_content(), a.items[i]), item_id(reordered, b.items[i]));
  }
  EXPECT_EQ(back.player.kind, -1);
  for (std::size_t j = 0; j < shared_rich_state().player.inventory.size(); ++j)
    EXPECT_EQ(item_id(shared_content(), shared_rich_state().player.inventory[j]),
              item_id(reordered, back.player.inventory[j]));
}

TEST(StateCodec, UnknownKindIdIsAnInputErrorNamingIt) {
  const auto bytes = encode_state(shared_rich_state(), shared_content());
  Content renamed = shared_content();
  renamed.monsters[static_cast<std::size_t>(shared_rich_state().dungeon[1].monsters[0].kind)].id =
      "renamed";
  try {
    decode_state(bytes, renamed);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(
        what.find(
            shared_content()
                .monsters[static_cast<std::size_t>(shared_rich_state().dungeon[1].monsters[0].kind)]
                .id),
        std::string::npos)
        << what;
  }
  Content fewer_items = shared_content();
  fewer_items.items.erase(fewer_items.items.begin() + shared_content().item_index("key"));
  try {
    decode_state(bytes, fewer_items);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'key'"), std::string::npos) << e.what();
  }
}

// A state with recipe-less levels only: decoding it generates nothing, so corrupting it in
// many ways stays quick.
GameState state_with_items() {
  GameState s = testing::ascii_state(
      {"##########", "#@..g....#", "#..+..r..#", "#..#..~..#", "##########"}, shared_content(), 9);
  Item potion;
  potion.id = s.next_item_id++;
  potion.kind = shared_content().item_index("potion_healing");
  potion.letter = 'a';
  s.player.inventory.push_back(potion);
  Item dart = potion;
  dart.id = s.next_item_id++;
  dart.kind = shared_content().item_index("dart");
  dart.letter = 0;
  dart.pos = {5, 3};
  dart.count = 4;
  s.dungeon[0].items.push_back(dart);
  s.dungeon[0].traps.push_back(Trap{{7, 1}, TrapKind::pit, true});
  s.messages = {"Hello.", "The rat bites you."};
  LevelState unmade;
  unmade.depth = 0;
  s.dungeon.push_back(unmade);
  rebuild_caches(s);
  return s;
}

TEST(StateCodec, EveryTruncationIsAnInputError) {
  const GameState s = state_with_items();
  const auto bytes = encode_state(s, shared_content());
  EXPECT_TRUE(decode_state(bytes, shared_content()) == s);
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    try {
      decode_state(std::span(bytes.data(), n), shared_content());
      ADD_FAILURE() << "prefix of " << n << " bytes accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("save: ", 0), 0u) << e.what();
    }
  }
}

TEST(StateCodec, FlippedBitsGiveAnInputErrorOrAStateNeverACrash) {
  const GameState s = state_with_items();
  const auto bytes = encode_state(s, shared_content());
  int rejected = 0;
  int changed = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i)
    for (int bit : {0, 3, 7}) {
      auto flipped = bytes;
      flipped[i] ^= static_cast<std::uint8_t>(1u << bit);
      try {
        const GameState back = decode_state(flipped, shared_content());
        // Accepted: then it is a state like any other, which round-trips itself.
        EXPECT_TRUE(decode_state(encode_state(back, shared_content()), shared_content()) == back)
            << "byte " << i << " bit " << bit;
        ++changed;
      } catch (const InputError&) {
        ++rejected;
      }
    }
  EXPECT_GT(rejected, 0);
  EXPECT_GT(changed, 0);
}

TEST(StateCodec, ImpossiblePositionsAreRejected) {
  GameState s = state_with_items();
  s.dungeon[0].monsters[0].pos = {50, 1};
  EXPECT_THROW(decode_state(encode_state(s, shared_content()), shared_content()), InputError);
  s = state_with_items();
  s.depth = 2;  // the unmade level
  EXPECT_THROW(decode_state(encode_state(s, shared_content()), shared_content()), InputError);
  s.depth = 7;
  EXPECT_THROW(decode_state(encode_state(s, shared_content()), shared_content()), InputError);
}

// Genes outside ±5 % are no state the game makes (combat divides by the defence gene).
TEST(StateCodec, GenesOutOfRangeAreRejected) {
  for (const std::int32_t bad : {0, 949, 1051, -1000}) {
    GameState s = state_with_items();
    s.dungeon[0].monsters[0].genes.defence = bad;
    EXPECT_THROW(decode_state(encode_state(s, shared_content()), shared_content()), InputError)
        << bad;
  }
  GameState s = state_with_items();
  s.dungeon[0].monsters[0].genes = Genes{950, 1050, 1000, 977};
  EXPECT_TRUE(decode_state(encode_state(s, shared_content()), shared_content()) == s);
}

TEST(StateCodec, HashIsFnvOfTheFullEncodingAndSeesEveryChange) {
  const GameState& base = shared_rich_state();
  EXPECT_EQ(state_hash(base, shared_content()),
            fnv1a64(encode_state(base, shared_content(), LevelEncoding::full)));
  const std::uint64_t h = state_hash(base, shared_content());
  std::vector<std::pair<const char*, void (*)(GameState&)>> changes{
      {"seed", [](GameState& s) { s.seed ^= 1; }},
      {"time", [](GameState& s) { ++s.time; }},
      {"next_item_id", [](GameState& s) { ++s.next_item_id; }},
      {"items_destroyed", [](GameState& s) { ++s.items_destroyed; }},
      {"message",
       [](GameState& s) {
         const std::string last(s.messages.back());
         s.messages.drop_newest(1);
         s.messages.push_back(last + ".");
       }},
      {"world_rng", [](GameState& s) { s.world_rng.next_u64(); }},
      {"player.status", [](GameState& s) { ++s.player.status.back(); }},
      {"player.memory.scratch", [](GameState& s) { ++s.player.memory.scratch[3]; }},
      {"player.regen", [](GameState& s) { ++s.player.regen; }},
      {"inventory letter", [](GameState& s) { s.player.inventory[0].letter = 'z'; }},
      {"info.cause", [](GameState& s) { s.info.cause.clear(); }},
      {"info.last_prayer", [](GameState& s) { ++s.info.last_prayer; }},
      {"tile", [](GameState& s) { s.dungeon[0].level.tiles[std::size_t{0}] = Tile::lava; }},
      {"flags", [](GameState& s) { s.dungeon[3].level.flags[std::size_t{5}] ^= 1; }},
      {"recipe.unique_rate", [](GameState& s) { s.dungeon[1].recipe.unique_rate = 0.25; }},
      {"recipe.params", [](GameState& s) { s.dungeon[1].recipe.params.set("loops", 0.5); }},
      {"trap.hidden", [](GameState& s) { s.dungeon[1].traps[0].hidden ^= true; }},
      {"lock_open", [](GameState& s) { s.dungeon[1].lock_open[1] = 1; }},
      {"closing.at", [](GameState& s) { ++s.dungeon[1].closing[1].at; }},
      {"left_at", [](GameState& s) { ++s.dungeon[0].left_at; }},
      {"monster.peaceful", [](GameState& s) { s.dungeon[1].monsters[2].peaceful ^= true; }},
      {"monster.genes", [](GameState& s) { ++s.dungeon[1].monsters[2].genes.defence; }},
      {"item.price", [](GameState& s) { ++s.dungeon[1].items[3].price; }},
      {"unmade level made", [](GameState& s) { s.dungeon[2].depth = 3; }},
  };
  for (const auto& [name, change] : changes) {
    GameState s = base;
    change(s);
    EXPECT_NE(state_hash(s, shared_content()), h) << name;
  }
  // The derived caches are not part of the state's value.
  GameState s = base;
  s.dungeon[3].occupant.clear();
  EXPECT_EQ(state_hash(s, shared_content()), h);
}

TEST(StateCodec, RealGamesRoundTrip) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Game game = testing::new_test_game(seed);
    Rng rng(seed);
    testing::play_random_steps(game, rng, 300);
    const GameState& s = game.state();
    EncodeReport report;
    const auto delta = encode_state(s, shared_content(), LevelEncoding::delta, &report);
    const auto full = encode_state(s, shared_content(), LevelEncoding::full);
    EXPECT_TRUE(decode_state(delta, shared_content()) == s) << "seed " << seed;
    EXPECT_TRUE(decode_state(full, shared_content()) == s) << "seed " << seed;
    EXPECT_LE(delta.size(), full.size());
    for (const auto& row : report.levels)
      EXPECT_EQ(row.stored_whole, row.full_bytes <= row.delta_bytes);
  }
}

// ---- level storage alone, against levels made by the pipeline directly ----

Level made_level(std::uint64_t seed, const char* generator = "rooms") {
  GenerateOptions options;
  options.depth = 2;
  return generate_level(builtin_generators().get(generator), {60, 30}, seed, {}, options);
}

Level read_back(std::span<const std::uint8_t> bytes, const Level* base) {
  ByteReader in(bytes, "save");
  Level out;
  read_grids(in, out, base);
  in.expect_end();
  return out;
}

// The bytes of run-length encoding values(i), i < n: an independent count.
template <typename F>
std::size_t rle_bytes(std::size_t n, F value, bool varint_values) {
  const auto varint_size = [](std::uint64_t v) {
    std::size_t k = 1;
    while (v >= 0x80) {
      v >>= 7;
      ++k;
    }
    return k;
  };
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && value(j) == value(i))
      ++j;
    bytes += varint_size(j - i) + (varint_values ? varint_size(value(i)) : 1);
    i = j;
  }
  return bytes;
}

TEST(LevelDelta, ChangesRoundTripAndTheSmallerFormIsStored) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Level base = made_level(seed);
    Rng rng(seed);
    for (int changes : {0, 1, 10, 100, 1000, 5000}) {
      Level now = base;
      for (int c = 0; c < changes; ++c) {
        const std::size_t i = rng.below(static_cast<std::uint32_t>(now.tiles.cell_count()));
        if (rng.chance(0.5))
          now.tiles[i] = static_cast<Tile>(rng.below(static_cast<std::uint32_t>(k_tile_count)));
        else
          now.flags[i] = static_cast<std::uint16_t>(rng.next_u32());
      }
      ByteWriter out;
      const GridSizes sizes = write_grids(out, now, &base);
      const std::size_t cells = now.tiles.cell_count();
      const auto t = [&](std::size_t i) { return static_cast<unsigned>(now.tiles[i]); };
      const auto f = [&](std::size_t i) { return static_cast<unsigned>(now.flags[i]); };
      const auto tx = [&](std::size_t i) { return t(i) ^ static_cast<unsigned>(base.tiles[i]); };
      const auto fx = [&](std::size_t i) { return f(i) ^ base.flags[i]; };
      const std::size_t head = 1 + 1 + 1;  // storage, width 60, height 30
      EXPECT_EQ(sizes.whole_bytes, head + rle_bytes(cells, t, false) + rle_bytes(cells, f, true));
      EXPECT_EQ(sizes.delta_bytes, head + rle_bytes(cells, tx, false) + rle_bytes(cells, fx, true));
      EXPECT_EQ(out.size(), std::min(sizes.whole_bytes, sizes.delta_bytes));
      EXPECT_EQ(sizes.stored_whole, sizes.whole_bytes <= sizes.delta_bytes);
      if (changes == 0) {
        EXPECT_FALSE(sizes.stored_whole);
        EXPECT_EQ(sizes.delta_bytes, head + 2 * 3);  // one run of zeros per grid
      }
      const Level back = read_back(out.bytes(), &base);
      EXPECT_EQ(back.tiles, now.tiles);
      EXPECT_EQ(back.flags, now.flags);
    }
  }
}

TEST(LevelDelta, WholeStorageNeedsNoBase) {
  const Level level = made_level(9, "caves");
  ByteWriter out;
  write_grids_whole(out, level);
  const Level back = read_back(out.bytes(), nullptr);
  EXPECT_EQ(back.tiles, level.tiles);
  EXPECT_EQ(back.flags, level.flags);
  ByteWriter none;
  const GridSizes sizes = write_grids(none, level, nullptr);
  EXPECT_TRUE(sizes.stored_whole);
  EXPECT_EQ(sizes.delta_bytes, sizes.whole_bytes);
}

TEST(LevelDelta, MalformedGridsAreInputErrors) {
  const Level base = made_level(3);
  Level now = base;
  now.tiles[std::size_t{0}] = Tile::lava;
  ByteWriter out;
  write_grids(out, now, &base);
  ASSERT_EQ(out.bytes()[0], static_cast<std::uint8_t>(GridStorage::delta));
  // Changes need the level they were taken against, of the same size.
  EXPECT_THROW(read_back(out.bytes(), nullptr), InputError);
  Level smaller(Size{30, 30});
  EXPECT_THROW(read_back(out.bytes(), &smaller), InputError);
  // Every truncation.
  for (std::size_t n = 0; n < out.size(); ++n)
    EXPECT_THROW(read_back(out.bytes().first(n), &base), InputError) << n;
  // An unknown storage byte, an unknown tile, a run past the end, an absurd size.
  const auto bad = [](std::vector<std::uint8_t> b) { return read_back(b, nullptr); };
  EXPECT_THROW(bad({2, 1, 1, 1, 1, 1, 0}), InputError);
  EXPECT_THROW(bad({0, 1, 1, 1, static_cast<std::uint8_t>(k_tile_count), 1, 0}), InputError);
  EXPECT_THROW(bad({0, 2, 1, 3, 1, 2, 0}), InputError);
  EXPECT_THROW(bad({0, 2, 1, 0, 1, 2, 1, 2, 0}), InputError);  // a run of length 0
  EXPECT_THROW(bad({0, 0xff, 0xff, 0x7f, 0xff, 0xff, 0x7f, 1, 1}), InputError);
  EXPECT_NO_THROW(bad({0, 2, 1, 2, 1, 2, 0}));
}

}  // namespace
}  // namespace yendor::game
