// Light sources: the union of each source's field of view (a circle of its radius, walls lit).
// Each source's view is computed into `scratch` and OR-ed into `lit` word by word over the
// view's bounding box (both the row-major and the transposed bits), so a source costs what it
// lights, not the map's area.

#include "yendor/fov/lighting.hpp"

#include <string>

#include "yendor/core/error.hpp"

namespace yendor::fov {
namespace {

void check(const LightSource& source) {
  if (source.radius < 1 || source.radius > k_max_radius)
    throw InputError("lighting: light source at (" + std::to_string(source.position.x) + "," +
                     std::to_string(source.position.y) + ") has radius " +
                     std::to_string(source.radius) + " outside [1.." +
                     std::to_string(k_max_radius) + "]");
}

// Adds every cell of `from` to `to` (same size).
void merge(VisibleSet& to, VisibleSet& from) {
  if (from.empty()) return;
  const Rect box = from.bounds();
  const auto xw0 = static_cast<std::size_t>(box.left()) >> 6;
  const auto xw1 = static_cast<std::size_t>(box.right()) >> 6;
  for (int y = box.top(); y <= box.bottom(); ++y) {
    std::uint64_t* dst = to.row(y);
    const std::uint64_t* src = from.row(y);
    for (std::size_t w = xw0; w <= xw1; ++w)
      dst[w] |= src[w];
  }
  const auto yw0 = static_cast<std::size_t>(box.top()) >> 6;
  const auto yw1 = static_cast<std::size_t>(box.bottom()) >> 6;
  for (int x = box.left(); x <= box.right(); ++x) {
    std::uint64_t* dst = to.column(x);
    const std::uint64_t* src = from.column(x);
    for (std::size_t w = yw0; w <= yw1; ++w)
      dst[w] |= src[w];
  }
  to.grow_box(box.left(), box.right(), box.top(), box.bottom());
}

}  // namespace

void compute_lighting(const OpacityMap& map, std::span<const LightSource> sources,
                      const FovAlgorithm& algorithm, VisibleSet& lit, VisibleSet& scratch) {
  for (const LightSource& source : sources)
    check(source);
  lit.reset(map.size());
  FovOptions options;
  options.shape = Shape::circle;
  options.light_walls = true;
  for (const LightSource& source : sources) {
    if (!map.in_bounds(source.position)) continue;
    options.radius = source.radius;
    algorithm.compute(map, source.position, options, scratch);
    merge(lit, scratch);
  }
}

}  // namespace yendor::fov
