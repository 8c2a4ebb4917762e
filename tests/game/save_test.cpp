#include "yendor/game/save.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "rich_state.hpp"
#include "support/temp_dir_test.hpp"
#include "yendor/core/byte_io.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/hash.hpp"

namespace yendor::game {
namespace {

namespace fs = std::filesystem;
using testing::shared_content;
using testing::shared_rich_state;
using testing::shared_test_content;

// A quick state (no level to make again) for the many-corruptions tests.
GameState small_state() {
  GameState s = testing::ascii_state(
      {"############", "#@..g....r.#", "#..+..r....#", "#..#..~....#", "############"},
      shared_content(), 4);
  s.messages = {"Welcome.", "The rat bites you."};
  rebuild_caches(s);
  return s;
}

std::string bytes_of(const std::string& path) {
  return read_file(path);
}

class Save : public test::TempDirTest {
 protected:
  // Loads a file that must be rejected: only SaveError, the file moved aside with its bytes
  // intact, the save path free. Returns the error's message.
  std::string expect_rejected(const std::string& path, const std::string& original,
                              const std::string& expected_moved,
                              const Content& with = shared_content()) {
    std::string message;
    try {
      load_game(path, with);
      ADD_FAILURE() << "accepted";
    } catch (const SaveError& e) {
      message = e.what();
      EXPECT_EQ(e.moved_to(), expected_moved);
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
      EXPECT_NE(message.find("; moved to " + expected_moved), std::string::npos) << message;
      EXPECT_EQ(message.rfind("save " + path + ": ", 0), 0u) << message;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not a SaveError: " << e.what();
    }
    EXPECT_FALSE(fs::exists(path));
    EXPECT_TRUE(fs::exists(expected_moved));
    if (fs::exists(expected_moved)) {
      EXPECT_EQ(bytes_of(expected_moved), original);
    }
    return message;
  }
};

TEST_F(Save, RoundTripsARichState) {
  const std::string file = path("game.sav");
  const SaveReport report = save_game(file, shared_rich_state(), shared_content());
  EXPECT_TRUE(load_game(file, shared_content()) == shared_rich_state());
  EXPECT_EQ(report.file_bytes, fs::file_size(file));
  EXPECT_EQ(report.body_bytes, encode_state(shared_rich_state(), shared_content()).size());
  EXPECT_EQ(report.full_body_bytes,
            encode_state(shared_rich_state(), shared_content(), LevelEncoding::full).size());
  EXPECT_LT(report.body_bytes, report.full_body_bytes);
  EXPECT_LT(report.file_bytes, report.body_bytes);  // compression pays
  EXPECT_EQ(report.levels.levels.size(), 3u);
  // Saving is repeatable and leaves nothing else behind.
  save_game(file, shared_rich_state(), shared_content());
  EXPECT_TRUE(load_game(file, shared_content()) == shared_rich_state());
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_))
    ++entries;
  EXPECT_EQ(entries, 1);
}

TEST_F(Save, HeaderIsAsDocumented) {
  const std::string file = path("game.sav");
  save_game(file, small_state(), shared_content());
  const std::string raw = bytes_of(file);
  ASSERT_GT(raw.size(), 40u);
  EXPECT_EQ(raw.substr(0, 8), "YENDORSV");
  const auto* b = reinterpret_cast<const std::uint8_t*>(raw.data());
  ByteReader r(std::span(b, raw.size()));
  r.bytes(8);
  EXPECT_EQ(r.u32(), k_save_version);
  EXPECT_EQ(r.u32(), 1u);  // zstd
  EXPECT_EQ(r.u64(), encode_state(small_state(), shared_content()).size());
  EXPECT_EQ(r.u64(), raw.size() - 40);
  r.bytes(raw.size() - 40);
  const std::uint64_t sum = r.u64();
  EXPECT_EQ(sum, fnv1a64(std::span(b, raw.size() - 8)));
}

TEST_F(Save, MissingFileIsAnIoErrorAndCreatesNothing) {
  EXPECT_THROW(load_game(path("none.sav"), shared_content()), IoError);
  EXPECT_FALSE(fs::exists(path("none.sav")));
  EXPECT_FALSE(fs::exists(path("none.sav.bad")));
  // A folder in the way is not a bad save to move aside.
  fs::create_directories(path("folder.sav"));
  EXPECT_THROW(load_game(path("folder.sav"), shared_content()), IoError);
  EXPECT_TRUE(fs::is_directory(path("folder.sav")));
  EXPECT_FALSE(fs::exists(path("folder.sav.bad")));
}

TEST_F(Save, TruncatedFilesAreMovedAside) {
  const std::string file = path("game.sav");
  save_game(file, small_state(), shared_content());
  const std::string good = bytes_of(file);
  std::vector<std::size_t> lengths{0, 1, 7, 8, 9, 31, 32, 39, 40, good.size() - 1};
  for (std::size_t n = 41; n < good.size() - 1; n += 7)
    lengths.push_back(n);
  for (std::size_t n : lengths) {
    const std::string cut = good.substr(0, n);
    write_file_atomic(file, cut);
    const std::string message = expect_rejected(file, cut, file + ".bad");
    if (n > 0 && n < 40) {
      EXPECT_NE(message.find("truncated"), std::string::npos) << message;
    }
    fs::remove(file + ".bad");
  }
}

TEST_F(Save, FlippedBitsAreMovedAside) {
  const std::string file = path("game.sav");
  save_game(file, small_state(), shared_content());
  const std::string good = bytes_of(file);
  int checksum_mismatches = 0;
  for (std::size_t i = 0; i < good.size(); i += (i < 48 ? 1 : 5)) {
    std::string bad = good;
    bad[i] = static_cast<char>(bad[i] ^ (1 << (i % 8)));
    write_file_atomic(file, bad);
    const std::string message = expect_rejected(file, bad, file + ".bad");
    if (message.find("checksum mismatch") != std::string::npos) ++checksum_mismatches;
    fs::remove(file + ".bad");
  }
  EXPECT_GT(checksum_mismatches, 0);
}

TEST_F(Save, WrongVersionAndWrongMagicAreNamed) {
  const std::string file = path("game.sav");
  save_game(file, small_state(), shared_content());
  const std::string good = bytes_of(file);
  std::string newer = good;
  newer[8] = static_cast<char>(k_save_version + 1);
  write_file_atomic(file, newer);
  std::string message = expect_rejected(file, newer, file + ".bad");
  EXPECT_NE(message.find("format version " + std::to_string(k_save_version + 1)), std::string::npos)
      << message;
  std::string other = good;
  other[0] = 'X';
  write_file_atomic(file, other);
  message = expect_rejected(file, other, file + ".bad-2");  // .bad is taken: never overwritten
  EXPECT_NE(message.find("wrong magic"), std::string::npos) << message;
  EXPECT_EQ(bytes_of(file + ".bad"), newer);
  write_file_atomic(file, "");
  message = expect_rejected(file, "", file + ".bad-3");
  EXPECT_NE(message.find("empty"), std::string::npos) << message;
  // A text file is not a save either.
  write_file_atomic(file, "hello world, this is not a save file at all, really not");
  expect_rejected(file, "hello world, this is not a save file at all, really not", file + ".bad-4");
}

TEST_F(Save, ChecksumMismatchMessageIsOneLine) {
  const std::string file = path("game.sav");
  save_game(file, small_state(), shared_content());
  std::string bad = bytes_of(file);
  bad[bad.size() - 1] = static_cast<char>(bad[bad.size() - 1] ^ 0x10);
  write_file_atomic(file, bad);
  EXPECT_EQ(expect_rejected(file, bad, file + ".bad"),
            "save " + file + ": checksum mismatch; moved to " + file + ".bad");
}

TEST_F(Save, AnUndecodableBodyWithAGoodChecksumIsMovedAside) {
  // Content that lacks a kind the state uses: the file is sound, the state cannot be had.
  const std::string file = path("game.sav");
  save_game(file, shared_rich_state(), shared_content());
  const std::string good = bytes_of(file);
  Content other = shared_content();
  other.items.erase(other.items.begin() + other.item_index("dagger"));
  const std::string message = expect_rejected(file, good, file + ".bad", other);
  EXPECT_NE(message.find("unknown item kind 'dagger'"), std::string::npos) << message;
}

TEST_F(Save, FailedWritesKeepThePreviousSave) {
  const std::string file = path("game.sav");
  save_game(file, small_state(), shared_content());
  const std::string good = bytes_of(file);
  // The file system refuses mid-write: the file size limit makes write() fail (EFBIG).
  rlimit old{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 64;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  bool threw_io_error = false;
  try {
    save_game(file, shared_rich_state(), shared_content());
  } catch (const IoError&) {
    threw_io_error = true;
  }
  setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_TRUE(threw_io_error);
  EXPECT_EQ(bytes_of(file), good);
  EXPECT_TRUE(load_game(file, shared_content()) == small_state());
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_))
    ++entries;
  EXPECT_EQ(entries, 1) << "a temporary file was left behind";
  // A folder that does not exist.
  EXPECT_THROW(save_game(path("missing/game.sav"), small_state(), shared_content()), IoError);
  // An unwritable folder (root may write anywhere: then there is nothing to test).
  if (::geteuid() != 0) {
    fs::permissions(dir_, fs::perms::owner_read | fs::perms::owner_exec);
    EXPECT_THROW(save_game(file, shared_rich_state(), shared_content()), IoError);
    fs::permissions(dir_, fs::perms::owner_all);
    EXPECT_EQ(bytes_of(file), good);
  }
}

TEST_F(Save, RemoveSaveIsQuietWhenAbsent) {
  const std::string file = path("game.sav");
  save_game(file, small_state(), shared_content());
  remove_save(file);
  EXPECT_FALSE(fs::exists(file));
  EXPECT_NO_THROW(remove_save(file));
  EXPECT_THROW(load_game(file, shared_content()), IoError);
}

TEST_F(Save, SaveLoadContinueEqualsUninterruptedPlay) {
  int continued = 0;
  for (std::uint64_t seed = 1; seed <= 8 && continued < 3; ++seed) {
    Game game = testing::new_test_game(seed);
    Rng actions(seed);
    testing::play_random_steps(game, actions, 300);
    if (game.over()) continue;  // nothing to continue
    const std::string file = path("game.sav");
    const SaveReport report = save_game(file, game.state(), shared_content());
    Game loaded(shared_test_content(), load_game(file, shared_content()));
    EXPECT_TRUE(loaded.state() == game.state());
    const std::uint64_t at_save = state_hash(game.state(), shared_content());
    Rng a = actions;
    Rng b = actions;
    testing::play_random_steps(game, a, 400);
    testing::play_random_steps(loaded, b, 400);
    EXPECT_NE(state_hash(game.state(), shared_content()), at_save) << "the game went on";
    EXPECT_EQ(encode_state(loaded.state(), shared_content(), LevelEncoding::full),
              encode_state(game.state(), shared_content(), LevelEncoding::full))
        << "seed " << seed;
    ++continued;
    std::cout << "[ save     ] seed " << seed << ": file " << report.file_bytes << " B, body "
              << report.body_bytes << " B, body with whole levels " << report.full_body_bytes
              << " B\n";
  }
  EXPECT_GT(continued, 0) << "every game ended within 300 steps";
}

}  // namespace
}  // namespace yendor::game
