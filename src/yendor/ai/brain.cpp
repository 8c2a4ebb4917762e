#include "yendor/ai/brain.hpp"

#include <array>

#include "yendor/ai/library.hpp"
#include "yendor/core/error.hpp"

namespace yendor::ai {

namespace {
constexpr std::array<std::string_view, k_emotion_count> k_emotion_names{"anger", "fear", "joy",
                                                                        "distress"};
constexpr std::array<std::string_view, k_trait_count> k_trait_names{
    "openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism"};

bool free_cell(const View& view, Point p) {
  return view.walkable(p) && !view.occupied(p);
}
}  // namespace

std::string_view to_string(Emotion e) {
  return k_emotion_names.at(static_cast<std::size_t>(e));
}

std::string_view to_string(Trait t) {
  return k_trait_names.at(static_cast<std::size_t>(t));
}

const Library& View::library() const {
  return empty_library();
}

std::uint32_t View::walkable_box(Point centre) const {
  std::uint32_t mask = 0;
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx)
      if (walkable(centre + Point{dx, dy})) mask |= box5_bit({dx, dy});
  return mask;
}

std::uint32_t View::occupied_box(Point centre) const {
  std::uint32_t mask = 0;
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx)
      if (occupied(centre + Point{dx, dy})) mask |= box5_bit({dx, dy});
  return mask;
}

bool View::sees(Point p) const {
  return chebyshev(self(), p) <= vision();
}

int View::player_distance() const {
  return sees_player() ? chebyshev(self(), player()) : k_far;
}

Point View::chase_step() const {
  return step_toward(*this, player());
}

Point View::flee_step() const {
  const Point from = self(), threat = player();
  int best = chebyshev(from, threat);
  Point best_dir{};
  for (Point d : k_directions8) {
    const Point p = from + d;
    if (!free_cell(*this, p)) continue;
    if (const int far = chebyshev(p, threat); far > best) {
      best = far;
      best_dir = d;
    }
  }
  return best_dir;
}

Point View::path_step(Point target) const {
  return step_toward(*this, target);
}

int Brain::resolve(const Library& /*library*/, std::string_view name) const {
  if (name.empty()) return -1;
  throw InputError("brain '" + info().name + "' reads no tables, so it takes no tactics (got '" +
                   std::string(name) + "')");
}

const BrainRegistry& builtin_brains() {
  static const BrainRegistry registry = [] {
    BrainRegistry r;
    r.add(make_chase_brain());
    r.add(make_stateless_brain());
    r.add(make_fsm_brain());
    r.add(make_swarm_brain());
    r.add(make_ambush_brain());
    r.add(make_emotion_brain());
    r.add(make_genetic_brain());
    return r;
  }();
  return registry;
}

}  // namespace yendor::ai
