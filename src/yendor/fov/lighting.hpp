#pragma once
// Light sources: cells are lit when some source's field of view reaches them. A roguelike
// shows what is both in the player's FOV and lit (the FAQ's "What is LoS"); a level without
// light sources is usually treated as lit everywhere by the game.

#include <span>

#include "yendor/fov/fov.hpp"

namespace yendor::fov {

struct LightSource {
  Point position;
  int radius = 1;  // >= 1; lit cells are those in a circle FOV of this radius
};

// Resets `lit` to the map's size and marks every cell some source lights (walls included, so
// the lit wall of a room shows). `scratch` is working space, kept for reuse. Sources outside
// the map light nothing. Throws InputError for a radius < 1.
void compute_lighting(const OpacityMap& map, std::span<const LightSource> sources,
                      const FovAlgorithm& algorithm, VisibleSet& lit, VisibleSet& scratch);

}  // namespace yendor::fov
