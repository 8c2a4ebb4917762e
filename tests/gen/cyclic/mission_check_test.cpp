// mission_problems on hand-built graphs: a good graph has none, and each way of breaking the
// rules is reported; mission_cycles reads the cycle bookkeeping.

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "gen/cyclic/attrs_support.hpp"
#include "yendor/gen/cyclic/mission_check.hpp"

namespace yendor::cyclic {
namespace {

using test::attrs;
using test::kind;

// start(1) -> room(2) -> lock(3) -> goal(4); room(5) on path b back to start; key(6) in 5.
struct Good {
  MissionGraph g;
  int start, room, lock, goal, back, key, link_in, link_out, unlocks, contains;
  Good() {
    start = g.add_node(attrs({{"kind", std::string("start")},
                              {"entrance_of", std::int64_t{1}},
                              {"pattern", std::string("lock_key")}}));
    room = g.add_node(attrs(
        {{"kind", std::string("room")}, {"cycle", std::int64_t{1}}, {"path", std::string("a")}}));
    lock = g.add_node(attrs({{"kind", std::string("lock")},
                             {"cycle", std::int64_t{1}},
                             {"path", std::string("a")},
                             {"realize", std::string("locked_door")},
                             {"type", std::string("conditional")},
                             {"duration", std::string("permanent")},
                             {"direction", std::string("two_way")},
                             {"safe", true}}));
    goal = g.add_node(attrs({{"kind", std::string("goal")}, {"goal_of", std::int64_t{1}}}));
    back = g.add_node(attrs(
        {{"kind", std::string("room")}, {"cycle", std::int64_t{1}}, {"path", std::string("b")}}));
    key = g.add_node(attrs({{"kind", std::string("key")}, {"item", std::string("key")}}));
    g.add_edge(start, room, kind("link"));
    link_in = g.add_edge(room, lock, kind("link"));
    link_out = g.add_edge(lock, goal, kind("link"));
    g.add_edge(start, back, kind("link"));
    g.add_edge(back, room, kind("link"));
    contains = g.add_edge(back, key, kind("contains"));
    unlocks = g.add_edge(key, lock, kind("unlocks"));
  }
};

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
  for (const std::string& p : problems)
    if (p.find(text) != std::string::npos) return true;
  return false;
}

TEST(MissionCheck, AGoodGraphHasNoProblems) {
  const Good good;
  EXPECT_EQ(mission_problems(good.g), std::vector<std::string>{});
}

TEST(MissionCheck, EachBreakageIsReported) {
  struct Breakage {
    const char* what;
    std::function<void(Good&)> breakage;
    std::string expected;
  };
  const std::vector<Breakage> cases{
      {"two starts",
       [](Good& x) { x.g.add_edge(x.g.add_node(kind("start")), x.room, kind("link")); },
       "2 start nodes"},
      {"no goal", [](Good& x) { x.g.remove_node(x.goal); }, "0 goal nodes"},
      {"a path left", [](Good& x) { x.g.add_edge(x.room, x.goal, kind("path")); }, "is left"},
      {"a link to a content", [](Good& x) { x.g.add_edge(x.room, x.key, kind("link")); },
       "does not join two places"},
      {"a sees edge to a content", [](Good& x) { x.g.add_edge(x.room, x.key, kind("sees")); },
       "does not join two places"},
      {"an unknown edge kind", [](Good& x) { x.g.add_edge(x.room, x.goal, kind("tunnel")); },
       "unknown kind"},
      {"an unknown node kind", [](Good& x) { x.g.add_node(kind("level")); },
       "kind that a finished graph does not hold"},
      {"a place cut off", [](Good& x) { x.g.add_node(kind("room")); }, "cannot be reached"},
      {"a lock with two ways out", [](Good& x) { x.g.add_edge(x.lock, x.back, kind("link")); },
       "1 incoming and 2 outgoing links"},
      {"a lock with no way in", [](Good& x) { x.g.remove_edge(x.link_in); },
       "0 incoming and 1 outgoing"},
      {"an unknown realization",
       [](Good& x) { x.g.find_node(x.lock)->attrs.set("realize", std::string("portcullis")); },
       "not a lock realization"},
      {"a missing type", [](Good& x) { x.g.find_node(x.lock)->attrs.erase("type"); },
       "not a lock type"},
      {"a bad duration",
       [](Good& x) { x.g.find_node(x.lock)->attrs.set("duration", std::string("forever")); },
       "not a lock duration"},
      {"a bad direction",
       [](Good& x) { x.g.find_node(x.lock)->attrs.set("direction", std::int64_t{2}); },
       "not a lock direction"},
      {"safe as text",
       [](Good& x) { x.g.find_node(x.lock)->attrs.set("safe", std::string("yes")); },
       "not true or false"},
      {"a conditional lock without a key", [](Good& x) { x.g.remove_node(x.key); },
       "no key unlocks it"},
      {"a drop that is not a valve",
       [](Good& x) { x.g.find_node(x.lock)->attrs.set("realize", std::string("drop")); },
       "direction is not valve"},
      {"a key in no place", [](Good& x) { x.g.remove_edge(x.contains); }, "contained in 0 places"},
      {"a key in two places", [](Good& x) { x.g.add_edge(x.room, x.key, kind("contains")); },
       "contained in 2 places"},
      {"a treasure in no place", [](Good& x) { x.g.add_node(kind("treasure")); },
       "contained in 0 places"},
      {"a key that opens nothing",
       [](Good& x) {
         x.g.remove_edge(x.unlocks);
         x.g.find_node(x.lock)->attrs.set("type", std::string("uncertain"));
       },
       "unlocks nothing"},
      {"a key of an unknown item",
       [](Good& x) { x.g.find_node(x.key)->attrs.set("item", std::string("crowbar")); },
       "not a key kind"},
      {"unlocks from a place", [](Good& x) { x.g.add_edge(x.room, x.lock, kind("unlocks")); },
       "does not go from a key to a lock"},
      {"contains from a content",
       [](Good& x) {
         const int t = x.g.add_node(kind("treasure"));
         x.g.add_edge(x.room, t, kind("contains"));
         x.g.add_edge(x.key, t, kind("contains"));
       },
       "does not go from a place to a content"},
      {"a cycle without its goal", [](Good& x) { x.g.find_node(x.goal)->attrs.erase("goal_of"); },
       "has an entrance but no goal"},
      {"a cycle with two entrances",
       [](Good& x) { x.g.find_node(x.room)->attrs.set("entrance_of", std::int64_t{1}); },
       "second entrance of cycle 1"},
      {"a parent cycle that does not exist",
       [](Good& x) { x.g.find_node(x.start)->attrs.set("parent_cycle", std::int64_t{7}); },
       "parent cycle 7"},
  };
  for (const Breakage& c : cases) {
    Good good;
    c.breakage(good);
    const std::vector<std::string> problems = mission_problems(good.g);
    EXPECT_TRUE(mentions(problems, c.expected))
        << c.what << ": expected '" << c.expected << "' among " << problems.size() << " problems"
        << (problems.empty() ? "" : ", first: " + problems.front());
  }
}

TEST(MissionCheck, KeylessLocksThatNeedNoKey) {
  for (const char* realize : {"drop", "collapsing_bridge"}) {
    Good good;
    good.g.remove_node(good.key);
    ParamSet& a = good.g.find_node(good.lock)->attrs;
    a.set("realize", std::string(realize));
    a.set("direction", std::string(realize == std::string("drop") ? "valve" : "two_way"));
    EXPECT_EQ(mission_problems(good.g), std::vector<std::string>{}) << realize;
  }
  // A lock opened by a non-particular key of its class needs no unlocks edge of its own.
  Good good;
  good.g.remove_edge(good.unlocks);
  good.g.find_node(good.lock)->attrs.set("class", std::string("small"));
  ParamSet small = attrs({{"kind", std::string("key")},
                          {"item", std::string("key")},
                          {"class", std::string("small")}});
  good.g.find_node(good.key)->attrs = small;
  const int other_lock = good.g.add_node(good.g.find_node(good.lock)->attrs);
  good.g.add_edge(good.back, other_lock, kind("link"));
  good.g.add_edge(other_lock, good.goal, kind("link"));
  good.g.add_edge(good.key, other_lock, kind("unlocks"));
  EXPECT_EQ(mission_problems(good.g), std::vector<std::string>{});
}

TEST(MissionCheck, CyclesAreReadFromTheBookkeeping) {
  Good good;
  // A nested cycle 5 on the back room: entrance `back`, goal a new room.
  ParamSet& back = good.g.find_node(good.back)->attrs;
  back.set("entrance_of", std::int64_t{5});
  back.set("parent_cycle", std::int64_t{1});
  back.set("pattern", std::string("plain"));
  const int inner = good.g.add_node(attrs(
      {{"kind", std::string("room")}, {"cycle", std::int64_t{5}}, {"path", std::string("b")}}));
  const int inner_goal = good.g.add_node(attrs({{"kind", std::string("room")},
                                                {"goal_of", std::int64_t{5}},
                                                {"cycle", std::int64_t{1}},
                                                {"path", std::string("b")}}));
  good.g.add_edge(good.back, inner, kind("link"));
  good.g.add_edge(inner, inner_goal, kind("link"));
  good.g.add_edge(inner_goal, good.room, kind("link"));
  EXPECT_EQ(mission_problems(good.g), std::vector<std::string>{});
  const std::vector<CycleInfo> cycles = mission_cycles(good.g);
  ASSERT_EQ(cycles.size(), 2U);
  EXPECT_EQ(cycles[0], (CycleInfo{1, good.start, good.goal, 2, 2, "lock_key", -1}));
  EXPECT_EQ(cycles[1], (CycleInfo{2, good.back, inner_goal, 0, 1, "plain", 1}));
}

TEST(MissionCheck, AnEmptyGraphLacksStartAndGoal) {
  const std::vector<std::string> problems = mission_problems(MissionGraph{});
  EXPECT_EQ(problems.size(), 2U);
  EXPECT_TRUE(mission_cycles(MissionGraph{}).empty());
}

}  // namespace
}  // namespace yendor::cyclic
