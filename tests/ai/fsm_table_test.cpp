// Reading "[fsm.NAME]" tables: what a well-formed table becomes, and a one-line error naming
// file, line and field for each kind of mistake (the line found independently, by searching
// the test's own text for the offending spot).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "ai/library_test_util.hpp"
#include "yendor/ai/fsm_table.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/data_dir.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"

namespace yendor::ai {
namespace {

using testing::load_text;
using testing::shipped_fsm;

// The 1-based line of the first occurrence of `marker` in `text`.
int line_of(std::string_view text, std::string_view marker) {
  const std::size_t at = text.find(marker);
  EXPECT_NE(at, std::string_view::npos) << marker;
  int line = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i)
    line += text[i] == '\n' ? 1 : 0;
  return line;
}

// Loading `text` fails with a message starting "t.toml:LINE: [fsm.x]: field 'FIELD': "
// (LINE where `marker` is) and containing `problem`.
void expect_error(std::string_view text, std::string_view marker, std::string_view field,
                  std::string_view problem) {
  try {
    load_text(text);
    ADD_FAILURE() << "no error for field " << field;
  } catch (const InputError& e) {
    const std::string message = e.what();
    const std::string head = "t.toml:" + std::to_string(line_of(text, marker)) +
                             ": [fsm.x]: field '" + std::string(field) + "': ";
    EXPECT_EQ(message.rfind(head, 0), 0u) << message << "\nexpected to start with: " << head;
    EXPECT_NE(message.find(problem), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

std::string name_of(const FsmTable& t, int index) {
  return t.states.at(static_cast<std::size_t>(index)).name;
}

constexpr std::string_view k_small = R"(
[fsm.x]
loud = 6
[[fsm.x.state]]
name = "A"
behaviour = "wander"
transitions = [
  { when = "sees_player", to = "B" },
  { when = ["!sees_player", "hungry:50"], to = ["B:0.25", "C:0.5"], priority = 3, after = 4 },
]
[[fsm.x.state]]
name = "B"
behaviour = "chase"
observe = "extended"
[[fsm.x.state]]
name = "C"
behaviour = "sleep"
observe = "loud_noises"
transitions = [{ to = "A" }]
)";

TEST(FsmTable, ReadsStatesBehavioursObservationAndTransitions) {
  const Library library = load_text(k_small);
  ASSERT_EQ(library.fsm.size(), 1u);
  const FsmTable& t = library.fsm[0];
  EXPECT_EQ(t.name, "x");
  EXPECT_EQ(t.loud, 6);
  ASSERT_EQ(t.states.size(), 3u);
  EXPECT_EQ(name_of(t, 0), "A");  // no `initial`: the first state written
  EXPECT_EQ(t.states[0].behaviour, Behaviour::wander);
  EXPECT_EQ(t.states[0].observe, Observation::regular);
  EXPECT_EQ(t.states[1].behaviour, Behaviour::chase);
  EXPECT_EQ(t.states[1].observe, Observation::extended);
  EXPECT_EQ(t.states[2].observe, Observation::loud_noises);
  EXPECT_TRUE(t.states[1].transitions.empty());

  const auto& a = t.states[0].transitions;
  ASSERT_EQ(a.size(), 2u);
  // Priority 3 is tried before the default 0, although written second.
  EXPECT_EQ(a[0].priority, 3);
  EXPECT_EQ(a[0].after, 4);
  ASSERT_EQ(a[0].when.size(), 2u);
  EXPECT_EQ(a[0].when[0], parse_condition("!sees_player"));
  EXPECT_EQ(a[0].when[1], parse_condition("hungry:50"));
  ASSERT_EQ(a[0].outcomes.size(), 2u);
  EXPECT_EQ(name_of(t, a[0].outcomes[0].target), "B");
  EXPECT_DOUBLE_EQ(a[0].outcomes[0].probability, 0.25);
  EXPECT_EQ(name_of(t, a[0].outcomes[1].target), "C");
  EXPECT_DOUBLE_EQ(a[0].outcomes[1].probability, 0.5);
  EXPECT_EQ(a[1].priority, 0);
  EXPECT_EQ(a[1].when, std::vector<Condition>{parse_condition("sees_player")});
  ASSERT_EQ(a[1].outcomes.size(), 1u);
  EXPECT_DOUBLE_EQ(a[1].outcomes[0].probability, 1.0);

  // No `when`: always (Table 4.1's "None").
  EXPECT_TRUE(t.states[2].transitions.at(0).when.empty());
  EXPECT_EQ(t.find_state("C"), 2);
  EXPECT_EQ(t.find_state("D"), -1);
}

TEST(FsmTable, PutsTheInitialStateFirstAndKeepsTargetsPointingAtTheirStates) {
  const Library library = load_text(R"(
[fsm.x]
initial = "C"
[[fsm.x.state]]
name = "A"
behaviour = "wander"
transitions = [{ to = "C" }, { to = "B", priority = 1 }, { to = "A", priority = -1 }]
[[fsm.x.state]]
name = "B"
behaviour = "hold"
[[fsm.x.state]]
name = "C"
behaviour = "sleep"
transitions = [{ to = "A" }]
)");
  const FsmTable& t = library.fsm.at(0);
  ASSERT_EQ(t.states.size(), 3u);
  EXPECT_EQ(name_of(t, 0), "C");
  EXPECT_EQ(name_of(t, 1), "A");
  EXPECT_EQ(name_of(t, 2), "B");
  EXPECT_EQ(t.states[0].behaviour, Behaviour::sleep);
  const auto& a = t.states[static_cast<std::size_t>(t.find_state("A"))].transitions;
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(name_of(t, a[0].outcomes[0].target), "B");  // priority 1
  EXPECT_EQ(name_of(t, a[1].outcomes[0].target), "C");  // priority 0
  EXPECT_EQ(name_of(t, a[2].outcomes[0].target), "A");  // priority -1
  EXPECT_EQ(name_of(t, t.states[0].transitions[0].outcomes[0].target), "A");
}

TEST(FsmTable, EqualPrioritiesKeepTheOrderWritten) {
  const Library library = load_text(R"(
[fsm.x]
[[fsm.x.state]]
name = "A"
behaviour = "wander"
transitions = [{ to = "D", priority = 2 }, { to = "B" }, { to = "C" }, { to = "A", priority = 2 }]
[[fsm.x.state]]
name = "B"
behaviour = "hold"
[[fsm.x.state]]
name = "C"
behaviour = "hold"
[[fsm.x.state]]
name = "D"
behaviour = "hold"
)");
  const FsmTable& t = library.fsm.at(0);
  std::string order;
  for (const FsmTransition& tr : t.states[0].transitions)
    order += name_of(t, tr.outcomes[0].target);
  EXPECT_EQ(order, "DABC");
}

// One state "A" with the given transition line; a second state "B" to point at.
std::string one_transition(std::string_view transition) {
  return "[fsm.x]\n[[fsm.x.state]]\nname = \"A\"\nbehaviour = \"wander\"\ntransitions = [\n  " +
         std::string(transition) + ",\n]\n[[fsm.x.state]]\nname = \"B\"\nbehaviour = \"hold\"\n";
}

TEST(FsmTable, RejectsAnUnknownTargetState) {
  const std::string text = one_transition(R"({ when = "sees_player", to = "RUNING" })");
  expect_error(text, "RUNING", "state.A.transitions[1].to", "no state 'RUNING' (states: A, B)");
}

TEST(FsmTable, RejectsAnUnknownStateInAChanceList) {
  const std::string text = one_transition(R"({ to = ["B:0.5", "Q:0.5"] })");
  expect_error(text, "Q:0.5", "state.A.transitions[1].to", "no state 'Q'");
}

TEST(FsmTable, RejectsChancesOutOfRange) {
  expect_error(one_transition(R"({ to = "B:1.5" })"), "B:1.5", "state.A.transitions[1].to",
               "a chance from 0 to 1 expected");
  expect_error(one_transition(R"({ to = "B:-0.1" })"), "B:-0.1", "state.A.transitions[1].to",
               "a chance from 0 to 1 expected");
  expect_error(one_transition(R"({ to = "B:often" })"), "B:often", "state.A.transitions[1].to",
               "a chance after ':' expected");
}

TEST(FsmTable, RejectsChancesAddingUpToMoreThanOne) {
  const std::string text = one_transition(R"({ to = ["A:0.7", "B:0.5"] })");
  expect_error(text, "A:0.7", "state.A.transitions[1].to", "add up to 1.2, more than 1");
}

TEST(FsmTable, AcceptsChancesAddingUpToExactlyOne) {
  const Library library = load_text(one_transition(R"({ to = ["A:0.7", "B:0.3"] })"));
  EXPECT_EQ(library.fsm.at(0).states[0].transitions[0].outcomes.size(), 2u);
}

TEST(FsmTable, RejectsATargetNamedTwice) {
  const std::string text = one_transition(R"({ to = ["B:0.2", "B:0.3"] })");
  expect_error(text, "B:0.2", "state.A.transitions[1].to", "named twice");
}

TEST(FsmTable, RejectsUnknownConditionsAndBadValues) {
  expect_error(one_transition(R"({ when = "sees_playr", to = "B" })"), "sees_playr",
               "state.A.transitions[1].when", "unknown condition 'sees_playr' (conditions:");
  expect_error(one_transition(R"({ when = ["sees_player", "hp_below:2"], to = "B" })"),
               "sees_player", "state.A.transitions[1].when", "hp_below");
  expect_error(one_transition(R"({ when = 3, to = "B" })"), "when = 3",
               "state.A.transitions[1].when", "a condition or an array of conditions expected");
}

TEST(FsmTable, RejectsBadTransitionFields) {
  expect_error(one_transition(R"({ whn = "sees_player", to = "B" })"), "whn",
               "state.A.transitions[1].whn", "unknown field");
  expect_error(one_transition(R"({ when = "sees_player" })"), "when", "state.A.transitions[1].to",
               "missing");
  expect_error(one_transition(R"({ to = "B", priority = 5000 })"), "priority",
               "state.A.transitions[1].priority", "range -1000-1000 expected");
  expect_error(one_transition(R"({ to = "B", after = -1 })"), "after",
               "state.A.transitions[1].after", "range 0-1000000 expected");
  expect_error(one_transition(R"({ to = [] })"), "to = []", "state.A.transitions[1].to",
               "at least one target state");
}

TEST(FsmTable, RejectsADuplicateState) {
  constexpr std::string_view text = R"([fsm.x]
[[fsm.x.state]]
name = "A"
behaviour = "wander"
[[fsm.x.state]]
name = "B"
behaviour = "wander"
[[fsm.x.state]]
name = "A" # again
behaviour = "hold"
)";
  expect_error(text, "\"A\" # again", "state[3].name", "state 'A' is defined twice");
}

TEST(FsmTable, RejectsUnknownBehavioursAndObservationLevels) {
  constexpr std::string_view behaviour = R"([fsm.x]
[[fsm.x.state]]
name = "A"
behaviour = "dance"
)";
  expect_error(behaviour, "dance", "state.A.behaviour", "unknown behaviour 'dance' (behaviours:");
  constexpr std::string_view observe = R"([fsm.x]
[[fsm.x.state]]
name = "A"
behaviour = "hold"
observe = "keen"
)";
  expect_error(observe, "keen", "state.A.observe",
               "unknown observation level 'keen' (levels: loud_noises, regular, extended)");
}

TEST(FsmTable, RejectsBadTablesAndStates) {
  expect_error("[fsm.x]\nstate = []\n", "state", "state", "at least one state");
  expect_error("[fsm.x]\nloud = 4\n", "[fsm.x]", "state", "missing");
  expect_error("[fsm.x]\nsate = 1\n[[fsm.x.state]]\nname = \"A\"\nbehaviour = \"hold\"\n", "sate",
               "sate", "unknown field");
  expect_error("[fsm.x]\ninitial = \"Z\"\n[[fsm.x.state]]\nname = \"A\"\nbehaviour = \"hold\"\n",
               "initial", "initial", "no state 'Z' (states: A)");
  expect_error("[fsm.x]\n[[fsm.x.state]]\nname = \"A B\"\nbehaviour = \"hold\"\n", "A B",
               "state[1].name", "a state name is");
  expect_error("[fsm.x]\n[[fsm.x.state]]\nbehaviour = \"hold\"\n", "[[fsm", "state[1].name",
               "missing");
  expect_error("[fsm.x]\n[[fsm.x.state]]\nname = \"A\"\n", "[[fsm", "state.A.behaviour", "missing");
  expect_error("[fsm.x]\n[[fsm.x.state]]\nname = \"A\"\nbehaviour = \"hold\"\nmood = 1\n", "mood",
               "state.A.mood", "unknown field");
  expect_error("[fsm.x]\nloud = 0\n[[fsm.x.state]]\nname = \"A\"\nbehaviour = \"hold\"\n", "loud",
               "loud", "range 1-1000 expected");
}

// ---- the shipped tables, read from data/ai/fsm.toml alone ----

// "FROM --when--> TO[:p] / TO[:p]" for every transition, in the order tried.
std::string describe(const FsmTable& t) {
  std::string out;
  for (const FsmState& s : t.states) {
    out += s.name + " (" + std::string(to_string(s.behaviour)) + ", " +
           std::string(to_string(s.observe)) + ")\n";
    for (const FsmTransition& tr : s.transitions) {
      out += "  ";
      for (const Condition& c : tr.when)
        out += to_string(c) + " ";
      if (tr.after > 0) out += "after " + std::to_string(tr.after) + " ";
      out += "->";
      for (const FsmOutcome& o : tr.outcomes) {
        out += " " + name_of(t, o.target);
        if (o.probability < 1) out += ":" + std::to_string(static_cast<int>(o.probability * 100));
      }
      out += "\n";
    }
  }
  return out;
}

// The tables as docs/brains.md reads them, cell by cell (the specification the data follows).
TEST(FsmTable, ShipsTable51AsRead) {
  const Library& library = shipped_fsm();
  const FsmTable& t = library.fsm.at(
      static_cast<std::size_t>(find_entry(library.fsm, "thesis_prototype", "fsm table")));
  EXPECT_EQ(describe(t),
            "ROAMING (wander, regular)\n"
            "  sees_player -> CHASING\n"
            "CHASING (chase, regular)\n"
            "  hp_below:0.3 -> ESCAPING\n"
            "  !sees_player -> ROAMING:80 SLEEPING:20\n"
            "ESCAPING (flee, regular)\n"
            "  !sees_player -> ROAMING\n"
            "  cornered -> CORNERED\n"
            "SLEEPING (sleep, regular)\n"
            "  hp_below:0.3 -> ESCAPING\n"
            "  sees_player -> ROAMING:20\n"
            "CORNERED (fight, regular)\n"
            "  !sees_player -> ROAMING\n"
            "  !cornered -> ESCAPING\n");
}

TEST(FsmTable, ShipsTable41AsRead) {
  const Library& library = shipped_fsm();
  const FsmTable& t = library.fsm.at(
      static_cast<std::size_t>(find_entry(library.fsm, "thesis_tactical", "fsm table")));
  EXPECT_EQ(t.loud, 4);
  EXPECT_EQ(describe(t),
            "SLEEPING (sleep, loud_noises)\n"
            "  heard_noise:4.0 -> WAKING\n"
            "  hungry:200.0 -> HUNGRY\n"
            "WAKING (fight, regular)\n"
            "  treasure_missing -> ENRAGED\n"
            "  hungry:200.0 -> HUNGRY\n"
            "  after 2 -> CURIOUS\n"
            "ENRAGED (hunt, regular)\n"
            "  !sees_player after 20 -> WAKING\n"
            "HUNGRY (hunt, regular)\n"
            "  treasure_missing -> ENRAGED\n"
            "  !hungry:200.0 -> WAKING\n"
            "CURIOUS (follow_noise, extended)\n"
            "  treasure_missing -> ENRAGED\n"
            "  hungry:200.0 -> HUNGRY\n");
}

}  // namespace
}  // namespace yendor::ai
