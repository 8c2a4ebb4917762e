#include "yendor/game/setup.hpp"

#include <array>

#include "yendor/core/error.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor::game {
namespace {

constexpr std::array<std::string_view, k_difficulty_count> k_difficulty_names{"easy", "normal",
                                                                              "hard"};

}  // namespace

std::string_view to_string(Difficulty d) {
  const auto i = static_cast<std::size_t>(d);
  return i < k_difficulty_names.size() ? k_difficulty_names[i] : std::string_view{"?"};
}

std::optional<Difficulty> difficulty_from_string(std::string_view text) {
  for (std::size_t i = 0; i < k_difficulty_names.size(); ++i)
    if (k_difficulty_names[i] == text) return static_cast<Difficulty>(i);
  return std::nullopt;
}

// Easy halves the monster groups and draws them from one level shallower; hard brings half as
// many groups again, drawn from two levels deeper. The score follows, so a table mixing
// difficulties still ranks the harder games higher.
DifficultyRules difficulty_rules(Difficulty d) {
  switch (d) {
    case Difficulty::easy:
      return {50, -1, 50};
    case Difficulty::normal:
      break;
    case Difficulty::hard:
      return {150, 2, 200};
  }
  return {};
}

void validate_setup(const DungeonSetup& setup) {
  if (static_cast<int>(setup.difficulty) >= k_difficulty_count)
    throw InputError("unknown difficulty " + std::to_string(static_cast<int>(setup.difficulty)));
  if (setup.size == Size{}) {
    if (!setup.generator.empty()) builtin_generators().get(setup.generator);  // throws, listing
    return;
  }
  const auto within = [](int v, int lo, int hi) { return v >= lo && v <= hi; };
  if (!within(setup.size.width, k_min_game_size.width, k_max_game_size.width) ||
      !within(setup.size.height, k_min_game_size.height, k_max_game_size.height))
    throw InputError("map size " + size_text(setup.size) + " is outside " +
                     size_text(k_min_game_size) + ".." + size_text(k_max_game_size));
  if (setup.generator.empty()) return;
  const GeneratorInfo& info = builtin_generators().get(setup.generator).info();
  if (setup.size.width < info.min_size.width || setup.size.height < info.min_size.height)
    throw InputError("map size " + size_text(setup.size) + " is below " + info.name +
                     "'s minimum " + size_text(info.min_size));
}

}  // namespace yendor::game
