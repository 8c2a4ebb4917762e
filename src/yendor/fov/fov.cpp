#include "yendor/fov/fov.hpp"

#include <string>

#include "yendor/core/error.hpp"

namespace yendor::fov {

void check(const FovOptions& options) {
  if (options.radius < 0 || options.radius > k_max_radius)
    throw InputError("fov: radius " + std::to_string(options.radius) + " outside [0.." +
                     std::to_string(k_max_radius) + "]");
}

const ParamSchema& fov_schema() {
  static const ParamSchema schema = [] {
    ParamSchema s;
    s.add_int("radius", 0, 0, k_max_radius, "sight radius in cells; 0 sees as far as the map");
    s.add_choice("shape", "circle", {"circle", "square"},
                 "circle: dx²+dy² <= r(r+1); square: max(|dx|,|dy|) <= r");
    s.add_bool("light_walls", true, "mark the opaque cells in view too");
    return s;
  }();
  return schema;
}

FovOptions fov_options(const ParamSet& params) {
  FovOptions o;
  o.radius = static_cast<int>(params.get_int("radius"));
  o.shape = params.get_string("shape") == "square" ? Shape::square : Shape::circle;
  o.light_walls = params.get_bool("light_walls");
  return o;
}

void FovAlgorithm::compute(const OpacityMap& map, Point origin, const FovOptions& options,
                           VisibleSet& out) const {
  check(options);
  if (!map.in_bounds(origin))
    throw InputError("fov: origin (" + std::to_string(origin.x) + "," + std::to_string(origin.y) +
                     ") outside the " + std::to_string(map.width()) + "x" +
                     std::to_string(map.height()) + " map");
  out.reset(map.size());
  scan(map, origin, options, out);
}

const FovRegistry& builtin_fovs() {
  static const FovRegistry registry = [] {
    FovRegistry r;
    r.add(make_symmetric_fov());
    r.add(make_recursive_fov());
    r.add(make_permissive_fov());
    r.add(make_raycast_fov());
    return r;
  }();
  return registry;
}

}  // namespace yendor::fov
