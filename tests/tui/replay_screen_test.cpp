// The replay viewer without a terminal: ticks play it at its speed, keys pause, step and jump
// both ways to exactly the states a fresh re-run reaches, the end and a divergence stop it and
// say so, and a replay of other content is refused before anything is shown.
#include "yendor/tui/replay_screen.hpp"

#include <gtest/gtest.h>

#include <string>

#include "support/game_test_content.hpp"
#include "yendor/core/error.hpp"
#include "yendor/game/random_player.hpp"
#include "yendor/game/state_codec.hpp"
#include "yendor/tui/app.hpp"

namespace yendor::tui {
namespace {

using game::testing::shared_test_content;

// A game of the random player recorded with a check every 10 actions.
game::Replay record(std::uint64_t seed, int steps) {
  game::GameOptions options;
  options.seed = seed;
  options.name = "Watched";
  game::Game g(shared_test_content(), options);
  game::ReplayHeader h;
  h.seed = seed;
  h.name = options.name;
  h.content_hash = game::content_hash(*shared_test_content());
  h.check_every = 10;
  game::ReplayRecorder recorder(h);
  Rng bot = Rng::for_stream(seed, "bot");
  for (int i = 0; i < steps && !g.over(); ++i) {
    const game::Action a = game::random_action(g, bot);
    g.step(a);
    recorder.record(a, g);
  }
  recorder.finish(g);
  return recorder.replay();
}

// The state hash after the replay's first `n` actions, from a fresh game.
std::uint64_t hash_after(const game::Replay& r, std::int64_t n) {
  game::Game g(shared_test_content(), game::replay_game_options(r.header));
  for (std::int64_t i = 0; i < n; ++i)
    g.step(r.actions[static_cast<std::size_t>(i)]);
  return game::state_hash(g.state(), g.content());
}

std::uint64_t hash_of(const ReplayScreen& s) {
  return game::state_hash(s.game().state(), s.game().content());
}

std::string frame_of(const ReplayScreen& s) {
  Canvas canvas(k_min_size);
  s.draw(canvas);
  EXPECT_EQ(canvas.clipped(), 0) << canvas.to_text();
  return canvas.to_text();
}

TEST(ReplayScreen, TicksPlayAtTheChosenSpeed) {
  const game::Replay r = record(3, 300);
  ASSERT_GE(r.actions.size(), 100u);
  ReplayScreen slow(shared_test_content(), r, "g.replay", {10, false});
  EXPECT_EQ(slow.wait_ms(), 100);
  slow.handle(Input::of(InputKind::tick));
  slow.handle(Input::of(InputKind::tick));
  EXPECT_EQ(slow.position(), 2);
  EXPECT_NE(frame_of(slow).find("Replay 2/"), std::string::npos) << frame_of(slow);
  EXPECT_NE(slow.status_line().find("g.replay"), std::string::npos) << slow.status_line();
  // No game-screen greeting ("? lists the keys"): the viewer's keys are its own.
  EXPECT_EQ(
      frame_of(ReplayScreen(shared_test_content(), r, "g", {10, true})).find("lists the keys"),
      std::string::npos);
  EXPECT_NE(slow.status_line().find("at 10/s"), std::string::npos);

  // Faster than a frame every 20 ms: several actions a frame.
  ReplayScreen fast(shared_test_content(), r, "g.replay", {1000, false});
  EXPECT_EQ(fast.wait_ms(), 20);
  fast.handle(Input::of(InputKind::tick));
  EXPECT_EQ(fast.position(), 20);
  EXPECT_EQ(hash_of(fast), hash_after(r, 20));

  // Paused: no ticks asked for, and one that comes anyway does nothing.
  ReplayScreen paused(shared_test_content(), r, "g.replay", {10, true});
  EXPECT_EQ(paused.wait_ms(), std::nullopt);
  paused.handle(Input::of(InputKind::tick));
  EXPECT_EQ(paused.position(), 0);
  EXPECT_NE(paused.status_line().find("paused"), std::string::npos);
  paused.handle(Input::of_key(U' '));
  EXPECT_FALSE(paused.paused());
  EXPECT_EQ(paused.wait_ms(), 100);
}

TEST(ReplayScreen, SpeedKeysMoveThroughTheLadder) {
  const game::Replay r = record(3, 50);
  ReplayScreen s(shared_test_content(), r, "g", {10, false});
  s.handle(Input::of_key(U'+'));
  EXPECT_EQ(s.speed(), 20);
  s.handle(Input::of_key(U'-'));
  s.handle(Input::of_key(U'-'));
  EXPECT_EQ(s.speed(), 5);
  for (int i = 0; i < 20; ++i)
    s.handle(Input::of_key(U'-'));
  EXPECT_EQ(s.speed(), 0.5);
  EXPECT_EQ(s.wait_ms(), 2000);
  for (int i = 0; i < 20; ++i)
    s.handle(Input::of_key(U'+'));
  EXPECT_EQ(s.speed(), 1000);
  EXPECT_THROW(ReplayScreen(shared_test_content(), r, "g", {0, false}), InputError);
  EXPECT_THROW(ReplayScreen(shared_test_content(), r, "g", {5000, false}), InputError);
}

// Stepping and jumping either way lands on the state a fresh re-run has there, across the
// kept snapshots (every 100 actions).
TEST(ReplayScreen, StepsAndJumpsReachTheRecordedStates) {
  const game::Replay r = record(8, 450);
  ASSERT_GE(r.actions.size(), 350u);
  ReplayScreen s(shared_test_content(), r, "g", {10, true});
  const auto expect_at = [&](std::int64_t n) {
    EXPECT_EQ(s.position(), n);
    EXPECT_EQ(hash_of(s), hash_after(r, n)) << "at " << n;
  };
  s.handle(Input::of_key(U'.'));
  expect_at(1);
  s.handle(Input::of_key(U']'));
  s.handle(Input::of_key(U']'));
  s.handle(Input::of_key(U']'));
  expect_at(301);
  s.handle(Input::of_key(U','));
  expect_at(300);
  s.handle(Input::of_key(Key::left));
  expect_at(299);
  s.handle(Input::of_key(U'['));
  expect_at(199);
  s.handle(Input::of_key(Key::right));
  expect_at(200);
  s.handle(Input::of_key(U'g'));
  expect_at(0);
  s.handle(Input::of_key(U','));  // nothing before the start
  expect_at(0);
  s.seek(137);
  expect_at(137);
  EXPECT_TRUE(s.problem().empty()) << s.problem();
}

TEST(ReplayScreen, TheEndIsShownWithItsOutcome) {
  const game::Replay r = record(4, 8000);  // the random player dies with the test content
  ASSERT_NE(r.outcome, game::Outcome::playing);
  ReplayScreen s(shared_test_content(), r, "g", {10, false});
  s.handle(Input::of_key(Key::end));
  EXPECT_EQ(s.position(), s.length());
  EXPECT_EQ(s.wait_ms(), std::nullopt);
  EXPECT_TRUE(s.problem().empty()) << s.problem();
  const std::string frame = frame_of(s);
  EXPECT_NE(frame.find("End of replay at " + std::to_string(s.length())), std::string::npos)
      << frame;
  EXPECT_NE(frame.find(std::string(game::to_string(*r.outcome))), std::string::npos) << frame;
  s.handle(Input::of_key(U'.'));  // nothing after the end
  EXPECT_EQ(s.position(), s.length());
}

TEST(ReplayScreen, ADivergenceStopsPlaybackThere) {
  game::Replay r = record(8, 300);
  ASSERT_GE(r.checks.size(), 12u);
  ASSERT_EQ(r.checks[10].step, 110);
  r.checks[10].hash ^= 1;  // the check at action 110 no longer matches
  ReplayScreen s(shared_test_content(), r, "g", {1000, false});
  for (int i = 0; i < 20; ++i)
    s.handle(Input::of(InputKind::tick));
  EXPECT_EQ(s.position(), 110);
  EXPECT_EQ(s.wait_ms(), std::nullopt);
  EXPECT_NE(s.problem().find("Diverges at action 110"), std::string::npos) << s.problem();
  EXPECT_NE(frame_of(s).find("Diverges at action 110"), std::string::npos);
  s.handle(Input::of_key(Key::end));  // no further than the divergence
  EXPECT_EQ(s.position(), 110);
  s.handle(Input::of_key(U','));  // back is still possible, and the status says where
  EXPECT_EQ(s.position(), 109);
  EXPECT_NE(s.status_line().find("109/"), std::string::npos) << s.status_line();

  // Actions after the game ended are a divergence too.
  game::Replay dead = record(4, 8000);
  const auto ended = static_cast<std::int64_t>(dead.actions.size());
  dead.actions.push_back(game::Action{});
  dead.outcome.reset();
  ReplayScreen after(shared_test_content(), dead, "g", {10, true});
  after.handle(Input::of_key(Key::end));
  EXPECT_EQ(after.position(), ended);
  EXPECT_NE(after.problem().find("1 action left"), std::string::npos) << after.problem();
}

TEST(ReplayScreen, OtherContentIsRefusedUpFront) {
  const game::Replay r = record(2, 20);
  game::Content other = game::testing::test_content();
  other.monsters[0].base_xp += 1;
  try {
    ReplayScreen s(std::make_shared<const game::Content>(other), r, "g.replay", {});
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("g.replay: replay was recorded with other content"),
              std::string::npos)
        << e.what();
  }
}

TEST(ReplayScreen, QuitClosesTheViewer) {
  for (const Input quit :
       {Input::of_key(U'q'), Input::of_key(Key::escape), Input::of_key(ctrl('c'))}) {
    App app(std::make_unique<ReplayScreen>(shared_test_content(), record(2, 20), "g",
                                           ReplayViewOptions{}));
    EXPECT_EQ(app.top()->name(), "replay");
    app.feed(Input::of(InputKind::tick));
    EXPECT_FALSE(app.done());
    app.feed(quit);
    EXPECT_TRUE(app.done());
  }
}

}  // namespace
}  // namespace yendor::tui
