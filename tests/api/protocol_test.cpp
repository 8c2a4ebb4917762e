// Protocol v1 without a socket: Session answers every request, keeps the connection usable
// after any bad one, and serve_stdio frames lines (blank lines, CRLF, too_large, close).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "api/env_test_support.hpp"
#include "yendor/api/protocol.hpp"
#include "yendor/api/server.hpp"

namespace yendor::api {
namespace {

using json = nlohmann::json;

json ask(Session& s, const std::string& request) {
  return json::parse(s.handle(request));
}

std::string error_code(const json& reply) {
  if (reply.at("ok").get<bool>()) return "ok";
  return reply.at("error").at("code").get<std::string>();
}

TEST(Protocol, HelloDescribesTheEnvironment) {
  Session s(game::testing::shared_test_content());
  const json r = ask(s, R"({"op":"hello","id":{"n":[1,2]}})");
  EXPECT_TRUE(r.at("ok").get<bool>());
  EXPECT_EQ(r.at("id"), json::parse(R"({"n":[1,2]})"));
  EXPECT_EQ(r.at("protocol"), 1);
  ASSERT_EQ(r.at("actions").size(), static_cast<std::size_t>(k_action_count));
  EXPECT_EQ(r.at("actions")[24], "wait");
  EXPECT_EQ(r.at("stats").size(), k_stat_count);
  EXPECT_EQ(r.at("monsters").size(), game::testing::shared_test_content()->monsters.size());
  EXPECT_EQ(r.at("tiles")[0], "wall");
}

TEST(Protocol, ResetStepObserveAndTheirFields) {
  Session s(game::testing::shared_test_content());
  EXPECT_EQ(error_code(ask(s, R"({"op":"step","action":0})")), "not_reset");
  EXPECT_EQ(error_code(ask(s, R"({"op":"observe"})")), "not_reset");
  json r = ask(s, R"({"op":"reset","seed":42})");
  ASSERT_TRUE(r.at("ok").get<bool>()) << r.dump();
  const json& o = r.at("observation");
  const int w = o.at("width"), h = o.at("height");
  EXPECT_EQ(o.at("terrain").size(), static_cast<std::size_t>(w * h));
  ASSERT_EQ(o.at("glyphs").size(), static_cast<std::size_t>(h));
  const int x = o.at("stats").at("x"), y = o.at("stats").at("y");
  EXPECT_EQ(
      o.at("glyphs")[static_cast<std::size_t>(y)].get<std::string>()[static_cast<std::size_t>(x)],
      '@');
  EXPECT_EQ(r.at("info").at("state_hash").get<std::string>().size(), 16u);
  for (const char* action :
       {R"(3)", R"("search")", R"({"type":"wait"})", R"({"type":"move","dir":[1,0]})"}) {
    r = ask(s, std::string(R"({"op":"step","fields":["stats"],"action":)") + action + "}");
    ASSERT_TRUE(r.at("ok").get<bool>()) << action << " " << r.dump();
    EXPECT_EQ(r.at("observation").size(), 1u);
    EXPECT_TRUE(r.contains("reward") && r.contains("terminated") && r.contains("truncated"));
  }
  EXPECT_EQ(ask(s, R"({"op":"observe"})").at("info").at("steps"), 4);
  EXPECT_EQ(ask(s, R"({"op":"observe","fields":[]})").at("observation"), json::object());
  EXPECT_EQ(error_code(ask(s, R"({"op":"observe","fields":["colour"]})")), "bad_request");
  const json legal = ask(s, R"({"op":"legal_actions"})");
  const std::string mask = legal.at("mask");
  ASSERT_EQ(mask.size(), static_cast<std::size_t>(k_action_count));
  std::vector<int> ones;
  for (std::size_t i = 0; i < mask.size(); ++i)
    if (mask[i] == '1') ones.push_back(static_cast<int>(i));
  EXPECT_EQ(legal.at("actions").get<std::vector<int>>(), ones);
  EXPECT_NE(ask(s, R"({"op":"render"})").at("text").get<std::string>().find('@'),
            std::string::npos);
}

TEST(Protocol, BadRequestsGetErrorsAndTheSessionStaysUsable) {
  Session s(game::testing::shared_test_content());
  ask(s, R"({"op":"reset","seed":1})");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"op": )", "bad_json"},
      {"[1,2]", "bad_json"},
      {"17", "bad_json"},
      {"\xff\xfe", "bad_json"},
      {R"({"id":3})", "bad_request"},
      {R"({"op":5})", "bad_request"},
      {R"({"op":"frobnicate"})", "unknown_op"},
      {R"({"op":"step"})", "bad_request"},
      {R"({"op":"step","action":505})", "bad_request"},
      {R"({"op":"step","action":-1})", "bad_request"},
      {R"({"op":"step","action":1.5})", "bad_request"},
      {R"({"op":"step","action":"no_such_action"})", "bad_request"},
      {R"({"op":"step","action":{"type":"fly"}})", "bad_request"},
      {R"({"op":"step","action":{"type":"move","dir":"east"}})", "bad_request"},
      {R"({"op":"step","action":{"type":"quaff","item":"ab"}})", "bad_request"},
      {R"({"op":"step","action":{"type":"wait","speed":2}})", "bad_request"},
      {R"({"op":"reset","seed":-4})", "bad_request"},
      {R"({"op":"reset","seed":"x"})", "bad_request"},
      {R"({"op":"reset","options":{"reward":"gold"}})", "bad_request"},
      {R"({"op":"reset","options":{"size":"9x9"}})", "bad_request"},
      {R"({"op":"reset","options":{"levels":-1}})", "bad_request"},
      {R"({"op":"reset","options":{"rules":"nethack"}})", "bad_request"},
      {R"({"op":"reset","options":{"nonsense":1}})", "bad_request"},
      {R"({"op":"reset","options":[]})", "bad_request"},
      {R"({"op":"restore","snapshot":99})", "unknown_snapshot"},
      {R"({"op":"restore"})", "bad_request"},
      {R"({"op":"forget","snapshot":99})", "unknown_snapshot"},
      {R"({"op":"render","mode":"png"})", "bad_request"},
  };
  const std::uint64_t before = std::stoull(
      ask(s, R"({"op":"observe"})").at("info").at("state_hash").get<std::string>(), nullptr, 16);
  for (const auto& [request, code] : cases) {
    const json r = ask(s, request);
    EXPECT_EQ(error_code(r), code) << request << " -> " << r.dump();
    EXPECT_FALSE(r.at("error").at("message").get<std::string>().empty());
    EXPECT_TRUE(ask(s, R"({"op":"hello"})").at("ok").get<bool>()) << "after " << request;
  }
  // None of them changed the game (a failed reset keeps the episode).
  EXPECT_EQ(
      std::stoull(ask(s, R"({"op":"observe"})").at("info").at("state_hash").get<std::string>(),
                  nullptr, 16),
      before);
}

TEST(Protocol, CloneRestoreForget) {
  Session s(game::testing::shared_test_content());
  ask(s, R"({"op":"reset","seed":5})");
  const json snap = ask(s, R"({"op":"clone"})");
  const long long id = snap.at("snapshot");
  const std::string hash = ask(s, R"({"op":"observe"})").at("info").at("state_hash");
  std::vector<std::string> first;
  for (int i = 0; i < 10; ++i)
    first.push_back(ask(s, R"({"op":"step","action":"search"})").at("info").at("state_hash"));
  const json back = ask(s, R"({"op":"restore","snapshot":)" + std::to_string(id) + "}");
  EXPECT_EQ(back.at("info").at("state_hash"), hash);
  EXPECT_EQ(back.at("info").at("steps"), 0);
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(ask(s, R"({"op":"step","action":"search"})").at("info").at("state_hash"),
              first[static_cast<std::size_t>(i)]);
  EXPECT_TRUE(
      ask(s, R"({"op":"forget","snapshot":)" + std::to_string(id) + "}").at("ok").get<bool>());
  EXPECT_EQ(error_code(ask(s, R"({"op":"restore","snapshot":)" + std::to_string(id) + "}")),
            "unknown_snapshot");
  for (std::size_t i = 0; i < k_max_snapshots; ++i)
    ASSERT_TRUE(ask(s, R"({"op":"clone"})").at("ok").get<bool>());
  EXPECT_EQ(error_code(ask(s, R"({"op":"clone"})")), "bad_request");
}

TEST(Protocol, OptionsStayAndEpisodesEnd) {
  Session s(game::testing::shared_test_content());
  ask(s, R"({"op":"reset","seed":2,"options":{"max_steps":2}})");
  ask(s, R"({"op":"step","action":"search"})");
  const json r = ask(s, R"({"op":"step","action":"search"})");
  EXPECT_TRUE(r.at("truncated").get<bool>());
  EXPECT_FALSE(r.at("terminated").get<bool>());
  EXPECT_EQ(error_code(ask(s, R"({"op":"step","action":"search"})")), "episode_over");
  ask(s, R"({"op":"reset","seed":2})");  // max_steps stays 2
  ask(s, R"({"op":"step","action":"search"})");
  EXPECT_TRUE(ask(s, R"({"op":"step","action":"search"})").at("truncated").get<bool>());
  const json quit = [&] {
    ask(s, R"({"op":"reset","seed":2,"options":{"max_steps":0}})");
    return ask(s, R"({"op":"step","action":{"type":"quit"}})");
  }();
  EXPECT_TRUE(quit.at("terminated").get<bool>());
  EXPECT_EQ(quit.at("info").at("outcome"), "quit");
  EXPECT_FALSE(s.closed());
  EXPECT_TRUE(ask(s, R"({"op":"close"})").at("ok").get<bool>());
  EXPECT_TRUE(s.closed());
}

TEST(Protocol, StdioFramesLines) {
  std::istringstream in("\n{\"op\":\"hello\",\"id\":1}\r\n   \n" + std::string(300, 'x') +
                        "\n{\"op\":\"reset\"}\n{\"op\":\"close\"}\n{\"op\":\"hello\"}\n");
  std::ostringstream out;
  EXPECT_EQ(serve_stdio(game::testing::shared_test_content(), in, out, 200), 0);
  std::vector<json> replies;
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);)
    replies.push_back(json::parse(line));
  ASSERT_EQ(replies.size(), 4u);  // hello, too_large, reset, close; nothing after close
  EXPECT_EQ(replies[0].at("id"), 1);
  EXPECT_EQ(error_code(replies[1]), "too_large");
  EXPECT_TRUE(replies[2].at("ok").get<bool>());
  EXPECT_TRUE(replies[3].at("ok").get<bool>());
}

}  // namespace
}  // namespace yendor::api
