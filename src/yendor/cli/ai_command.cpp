#include "yendor/cli/ai_command.hpp"

#include <ostream>
#include <string_view>
#include <vector>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/condition.hpp"
#include "yendor/ai/library.hpp"
#include "yendor/core/param_value.hpp"

namespace yendor::cli {
namespace {

std::string condition_syntax(const ai::ConditionInfo& c) {
  if (!c.takes_value) return std::string(c.name);
  return std::string(c.name) + ":V (" + to_string(ParamValue{c.lo}) + ".." +
         to_string(ParamValue{c.hi}) + ", default " + to_string(ParamValue{c.default_value}) + ")";
}

template <typename Entries>
void print_names(std::string_view section, const Entries& entries, std::ostream& out) {
  out << "  [" << section << "]";
  if (entries.empty()) out << " (none)";
  for (const auto& e : entries)
    out << ' ' << e.name;
  out << '\n';
}

}  // namespace

void print_brain_list(const ai::BrainRegistry& registry, std::ostream& out) {
  out << "Brains (a monster kind's `brain`; `tactics` names an entry of its library section):\n";
  for (const ai::Brain* b : registry.all()) {
    const ai::BrainInfo& info = b->info();
    out << "  " << info.name << " - " << info.summary << "\n      follows " << info.source;
    if (!info.section.empty()) out << "; tactics from [" << info.section << ".NAME]";
    out << '\n';
  }
  out << "\nConditions (\"name\", \"name:value\", \"!name\"):\n";
  for (const ai::ConditionInfo& c : ai::conditions())
    out << "  " << condition_syntax(c) << " - " << c.description << '\n';
  out << "\nBehaviours:\n";
  for (const ai::BehaviourInfo& b : ai::behaviours())
    out << "  " << b.name << " - " << b.description << '\n';
}

void print_brain_markdown(const ai::BrainRegistry& registry, std::ostream& out) {
  out << "# Monster AI reference\n\n"
      << "Generated from the code by `yendor ai list --markdown`; do not edit by hand (a test\n"
      << "compares this file with the command's output). [brains.md](brains.md) explains how\n"
      << "the brains work, their data files and the choices behind them.\n\n"
      << "## Brains\n\n"
      << "A monster kind names its brain in `data/game/monsters.toml` (`brain`, default\n"
      << "`chase`) and, for a data-driven brain, the library entry it runs (`tactics`, an\n"
      << "entry of the brain's section in `data/ai/*.toml`; empty: the brain's built-in\n"
      << "default).\n";
  for (const ai::Brain* b : registry.all()) {
    const ai::BrainInfo& info = b->info();
    out << "\n### " << info.name << "\n\n"
        << info.summary << "\n\n"
        << "Follows " << info.source << ". Tactics: "
        << (info.section.empty() ? std::string("none") : "`[" + info.section + ".NAME]`") << ".\n\n"
        << info.description << "\n";
  }
  out << "\n## Conditions\n\n"
      << "What a decision tree, a state machine's transition or a behaviour tree's condition\n"
      << "leaf tests: `name`, `name:value` for those that take a value, `!name` for its\n"
      << "negation.\n\n"
      << "| condition | value | meaning |\n|---|---|---|\n";
  for (const ai::ConditionInfo& c : ai::conditions()) {
    out << "| `" << c.name << "` | ";
    if (c.takes_value)
      out << to_string(ParamValue{c.lo}) << ".." << to_string(ParamValue{c.hi}) << ", default "
          << to_string(ParamValue{c.default_value});
    else
      out << "-";
    out << " | " << c.description << " |\n";
  }
  out << "\n## Behaviours\n\n"
      << "What a tree's leaf or a state does for one turn.\n\n"
      << "| behaviour | what it does |\n|---|---|\n";
  for (const ai::BehaviourInfo& b : ai::behaviours())
    out << "| `" << b.name << "` | " << b.description << " |\n";
}

void print_content_brains(const game::Content& content, std::ostream& out) {
  const ai::Library& lib = content.ai;
  out << "AI library (";
  for (std::size_t i = 0; i < lib.files.size(); ++i)
    out << (i ? ", " : "") << lib.files[i];
  out << "):\n";
  print_names("tree", lib.trees, out);
  print_names("evolved", lib.evolved, out);
  print_names("fsm", lib.fsm, out);
  print_names("bt", lib.behaviour_trees, out);
  print_names("emotion", lib.emotions, out);
  print_names("swarm", lib.swarms, out);
  out << "\nMonster kinds:\n";
  for (const game::MonsterKind& m : content.monsters)
    out << "  " << m.id << ": " << m.brain
        << (m.tactics.empty() ? std::string(" (default)") : " " + m.tactics) << '\n';
}

}  // namespace yendor::cli
