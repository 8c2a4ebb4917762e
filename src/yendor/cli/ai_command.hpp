#pragma once
// `yendor ai list`: the monster brains, the conditions and behaviours their data is written
// in, and (from a content directory) the AI library's entries and which monster kind runs
// which brain and tactics. docs/ai-reference.md is `yendor ai list --markdown`.

#include <iosfwd>
#include <string>

#include "yendor/ai/brain.hpp"
#include "yendor/game/content.hpp"

namespace yendor::cli {

// Brains (name, summary, source, library section), conditions and behaviours: code only.
void print_brain_list(const ai::BrainRegistry& registry, std::ostream& out);
// docs/ai-reference.md is this output; a test keeps the file in step with the code.
void print_brain_markdown(const ai::BrainRegistry& registry, std::ostream& out);
// The loaded content's AI library, entry names by section, and each monster kind's brain and
// tactics.
void print_content_brains(const game::Content& content, std::ostream& out);

}  // namespace yendor::cli
