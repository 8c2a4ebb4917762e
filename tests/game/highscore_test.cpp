#include "yendor/game/highscore.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/game_fixture.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

namespace fs = std::filesystem;
using testing::shared_content;
using testing::shared_test_content;

ScoreEntry entry(const std::string& name, std::int64_t score) {
  ScoreEntry e;
  e.name = name;
  e.score = score;
  e.depth = 3;
  e.cause = "killed by a rat on level 3";
  e.turns = 1000 + score;
  e.seed = 77 + static_cast<std::uint64_t>(score);
  e.won = false;
  return e;
}

TEST(Score, GrowsWithGoldExperienceDepthAndVictory) {
  GameState s = testing::ascii_state({"@."}, shared_content());
  s.info.deepest = 3;
  s.outcome = Outcome::died;
  const std::int64_t base = compute_score(s, shared_content());
  EXPECT_GT(base, 0);
  GameState richer = s;
  richer.player.gold += 10;
  EXPECT_EQ(compute_score(richer, shared_content()), base + 10);
  GameState wiser = s;
  wiser.player.xp += 7;
  EXPECT_EQ(compute_score(wiser, shared_content()), base + 7);
  GameState deeper = s;
  deeper.info.deepest = 4;
  EXPECT_GT(compute_score(deeper, shared_content()), base);
  GameState won = s;
  won.outcome = Outcome::won;
  EXPECT_GT(compute_score(won, shared_content()), base);
  // A longer dungeon won is worth more.
  GameState longer = won;
  longer.levels = won.levels + 5;
  EXPECT_GT(compute_score(longer, shared_content()), compute_score(won, shared_content()));
  GameState quit = s;
  quit.outcome = Outcome::quit;
  EXPECT_EQ(compute_score(quit, shared_content()), base);
  // The difficulty scales the whole score: half on easy, double on hard.
  GameState easy = s;
  easy.setup.difficulty = Difficulty::easy;
  EXPECT_EQ(compute_score(easy, shared_content()), base / 2);
  GameState hard = s;
  hard.setup.difficulty = Difficulty::hard;
  EXPECT_EQ(compute_score(hard, shared_content()), base * 2);
}

TEST(Score, EntryRecordsTheGame) {
  GameState s = testing::ascii_state({"@."}, shared_content(), 1234);
  s.info.name = "Ann";
  s.info.deepest = 5;
  s.info.turns = 321;
  s.info.cause = "killed by an orc on level 5";
  s.outcome = Outcome::died;
  const ScoreEntry e = score_entry(s, shared_content());
  EXPECT_EQ(e.name, "Ann");
  EXPECT_EQ(e.score, compute_score(s, shared_content()));
  EXPECT_EQ(e.depth, 5);
  EXPECT_EQ(e.cause, s.info.cause);
  EXPECT_EQ(e.turns, 321);
  EXPECT_EQ(e.seed, 1234u);
  EXPECT_FALSE(e.won);
  s.outcome = Outcome::quit;
  s.info.cause.clear();
  EXPECT_EQ(score_entry(s, shared_content()).cause, "quit");
  s.outcome = Outcome::won;
  EXPECT_TRUE(score_entry(s, shared_content()).won);
}

class Scores : public test::TempDirTest {};

TEST_F(Scores, MissingFileIsAnEmptyList) {
  EXPECT_TRUE(read_scores(path("none.txt")).empty());
}

TEST_F(Scores, InsertionKeepsBestFirstTiesInArrivalOrderAndTheLimit) {
  const std::string file = path("scores.txt");
  Rng rng(3);
  std::vector<ScoreEntry> oracle;  // every entry, in arrival order
  const std::size_t keep = 10;
  for (int i = 0; i < 40; ++i) {
    const ScoreEntry e = entry("p" + std::to_string(i), rng.range(0, 20) * 10);  // many ties
    const int rank = add_score(file, e, keep);
    oracle.push_back(e);
    // The oracle: a stable sort by score, best first, of everything so far.
    std::vector<ScoreEntry> sorted = oracle;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const ScoreEntry& a, const ScoreEntry& b) { return a.score > b.score; });
    const auto where = std::find(sorted.begin(), sorted.end(), e) - sorted.begin();
    // Entries that fell off the list never come back, so the list is the oracle's top.
    sorted.resize(std::min(sorted.size(), keep));
    EXPECT_EQ(read_scores(file), sorted) << i;
    EXPECT_EQ(rank, static_cast<std::size_t>(where) < keep ? static_cast<int>(where) + 1 : 0) << i;
  }
  int entries = 0;
  for ([[maybe_unused]] const auto& f : fs::directory_iterator(dir_))
    ++entries;
  EXPECT_EQ(entries, 1);
}

TEST_F(Scores, FileIsTextWithAVersionedHeader) {
  const std::string file = path("scores.txt");
  ScoreEntry e = entry("Tab\tName", 50);
  e.won = true;
  e.cause = "won: killed\nthe boss";
  add_score(file, e);
  const std::string text = read_file(file);
  EXPECT_EQ(text, "yendor-scores 1\n50\tTab Name\t3\t1050\t1\t127\twon: killed the boss\n");
  const std::vector<ScoreEntry> back = read_scores(file);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].name, "Tab Name");
  EXPECT_TRUE(back[0].won);
}

TEST_F(Scores, CorruptFilesNameFileAndLine) {
  const std::string file = path("scores.txt");
  const auto expect_error = [&](const std::string& text, const std::string& where,
                                const std::string& what) {
    write_file_atomic(file, text);
    try {
      read_scores(file);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind(file + ":" + where + ": ", 0), 0u) << message;
      EXPECT_NE(message.find(what), std::string::npos) << message;
    }
    // add_score never overwrites a list it cannot read.
    EXPECT_THROW(add_score(file, entry("x", 1)), InputError);
    EXPECT_EQ(read_file(file), text);
  };
  const std::string header = "yendor-scores 1\n";
  const std::string good = "10\tAnn\t2\t100\t0\t5\tkilled by a rat on level 2\n";
  expect_error("", "1", "not a Yendor score file");
  expect_error("scores\n" + good, "1", "not a Yendor score file");
  expect_error("yendor-scores 2\n", "1", "version 2");
  expect_error(header + good + "10\tAnn\t2\t100\t0\t5\n", "3", "expected 7");
  expect_error(header + good + good + "x\tAnn\t2\t100\t0\t5\tc\n", "4", "'score'");
  expect_error(header + "10\tAnn\t2\t100\tyes\t5\tc\n", "2", "'won'");
  expect_error(header + "10\tAnn\t2\t100\t0\t-5\tc\n", "2", "'seed'");
  expect_error(header + "\n", "2", "expected 7");
  write_file_atomic(file, header + good);
  EXPECT_EQ(read_scores(file).size(), 1u);
}

TEST_F(Scores, KeepZeroKeepsNothing) {
  const std::string file = path("scores.txt");
  EXPECT_EQ(add_score(file, entry("a", 5), 0), 0);
  EXPECT_TRUE(read_scores(file).empty());
}

// A small finished game to write a morgue of.
Game finished_game() {
  GameState s = testing::ascii_state({"###########",  //
                                      "#@..g.....#",  //
                                      "###########",  //
                                      "#.........#",  //
                                      "###########"},
                                     shared_content(), 42);
  s.info.name = "Morgan";
  s.info.deepest = 2;
  s.info.kills = 3;
  s.info.turns = 77;
  s.info.cause = "killed by a goblin on level 1";
  s.outcome = Outcome::died;
  s.player.hp = 0;
  s.player.gold = 12;
  const auto add = [&s](const char* kind, char letter, int count) {
    Item i;
    i.id = s.next_item_id++;
    i.kind = shared_content().item_index(kind);
    i.letter = letter;
    i.count = count;
    s.player.inventory.push_back(i);
    return i.id;
  };
  s.player.wielded = add("dagger", 'a', 1);
  s.player.worn = add("leather_armour", 'b', 1);
  add("potion_healing", 'c', 2);
  for (int i = 0; i < 30; ++i)
    s.messages.push_back("message " + std::to_string(i));
  return Game(shared_test_content(), s);
}

TEST(Morgue, HoldsTheKeyFacts) {
  const Game game = finished_game();
  const std::string text = morgue_text(game);
  for (const std::string& fact :
       {std::string("Morgan"), std::string("killed by a goblin on level 1"), std::string("STR 12"),
        std::string("HP 0/"), std::string("Gold 12"), std::string("Turns 77"),
        std::string("deepest 2"), std::string("Kills 3"),
        "a) " + item_name(shared_content(), game.state().player.inventory[0]),
        "b) " + item_name(shared_content(), game.state().player.inventory[1]),
        "c) " + item_name(shared_content(), game.state().player.inventory[2]),
        "wielded: a) " + item_name(shared_content(), game.state().player.inventory[0]),
        "worn: b) " + item_name(shared_content(), game.state().player.inventory[1]),
        std::string("message 29"), std::string("message 10"),
        "Score: " + std::to_string(compute_score(game.state(), shared_content()))})
    EXPECT_NE(text.find(fact), std::string::npos) << fact << "\n" << text;
  EXPECT_EQ(text.find("message 9\n"), std::string::npos) << "only the last 20 messages";
  // The map: the player, the goblin in view, the walls seen; the far room was never seen.
  EXPECT_NE(text.find("  #@..g.....#\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("#.........#"), std::string::npos) << text;
}

TEST(Morgue, WrittenAtomicallyUnderAFileSafeName) {
  const Game game = finished_game();
  const fs::path dir = fs::temp_directory_path() / "yendor_morgue_test";
  fs::remove_all(dir);
  const std::string path = write_morgue((dir / "morgues").string(), game);
  EXPECT_EQ(fs::path(path).filename().string(), "morgue-Morgan-42-77.txt");
  EXPECT_EQ(read_file(path), morgue_text(game));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace yendor::game
