#pragma once
// Random inputs for the FOV property tests: maps whose cells are opaque with probability
// `density`, and options (radius 0, meaning unlimited, 30 % of the time).

#include "yendor/core/geometry.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/fov/fov.hpp"
#include "yendor/fov/opacity_map.hpp"

namespace yendor::test {

inline fov::OpacityMap random_map(Rng& rng, Size size, double density) {
  return fov::OpacityMap::from(size, [&](Point) { return rng.chance(density); });
}

inline fov::FovOptions random_options(Rng& rng, int max_radius) {
  fov::FovOptions o;
  o.radius = rng.chance(0.3) ? 0 : rng.range(1, max_radius);
  o.shape = rng.chance(0.5) ? fov::Shape::circle : fov::Shape::square;
  o.light_walls = rng.chance(0.7);
  return o;
}

}  // namespace yendor::test
