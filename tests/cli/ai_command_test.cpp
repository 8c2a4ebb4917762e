#include "yendor/cli/ai_command.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/condition.hpp"
#include "yendor/core/data_dir.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/game/content.hpp"

namespace yendor::cli {
namespace {

TEST(AiCommand, ListShowsEveryBrainConditionAndBehaviour) {
  std::ostringstream out;
  print_brain_list(ai::builtin_brains(), out);
  for (const ai::Brain* b : ai::builtin_brains().all()) {
    EXPECT_NE(out.str().find("  " + b->info().name + " - " + b->info().summary), std::string::npos)
        << b->info().name;
    EXPECT_NE(out.str().find(b->info().source), std::string::npos) << b->info().name;
  }
  for (const ai::ConditionInfo& c : ai::conditions())
    EXPECT_NE(out.str().find("  " + std::string(c.name)), std::string::npos) << c.name;
  for (const ai::BehaviourInfo& b : ai::behaviours())
    EXPECT_NE(out.str().find("  " + std::string(b.name) + " - "), std::string::npos) << b.name;
  EXPECT_NE(out.str().find("hp_below:V (0.0..1.0, default 0.3)"), std::string::npos) << out.str();
}

TEST(AiCommand, ReferenceDocsAreUpToDate) {
  std::ostringstream out;
  print_brain_markdown(ai::builtin_brains(), out);
  EXPECT_EQ(read_file(YENDOR_SOURCE_DIR "/docs/ai-reference.md"), out.str())
      << "docs/ai-reference.md is stale: run yendor ai list --markdown > docs/ai-reference.md";
}

TEST(AiCommand, ContentListNamesEveryLibraryEntryAndKind) {
  const game::Content content = game::load_content(game::default_content_dir());
  std::ostringstream out;
  print_content_brains(content, out);
  for (const ai::FsmTable& t : content.ai.fsm)
    EXPECT_NE(out.str().find(' ' + t.name), std::string::npos) << t.name;
  for (const ai::SwarmParams& s : content.ai.swarms)
    EXPECT_NE(out.str().find(' ' + s.name), std::string::npos) << s.name;
  for (const game::MonsterKind& m : content.monsters)
    EXPECT_NE(out.str().find("  " + m.id + ": " + m.brain), std::string::npos) << m.id;
}

}  // namespace
}  // namespace yendor::cli
