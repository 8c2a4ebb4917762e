#include "yendor/path/euclid.hpp"

#include <string>

#include "yendor/core/error.hpp"

namespace yendor::path {
namespace {

void check_point(const CostMap& map, Point p, const char* what) {
  if (!map.in_bounds(p))
    throw InputError(std::string("euclid chase: ") + what + " (" + std::to_string(p.x) + "," +
                     std::to_string(p.y) + ") outside the " + std::to_string(map.width()) + "x" +
                     std::to_string(map.height()) + " map");
}

// k in k_directions8 of a unit step.
int direction_of(Point d) {
  int k = 0;
  while (k < 7 && k_directions8[static_cast<std::size_t>(k)] != d)
    ++k;
  return k;
}

}  // namespace

std::optional<Point> euclid_step(const CostMap& map, Point from, Point to,
                                 const Movement& movement) {
  check(movement);
  check_point(map, from, "start");
  check_point(map, to, "target");
  const StepTable steps(map, movement);
  const std::uint8_t* cells = map.padded();
  const std::size_t i = map.index(from);
  return euclid_step(from, to, [&](Point p) {
    const int k = direction_of(p - from);
    return k < steps.count() && steps.step_cost(cells, i, k) != 0;
  });
}

}  // namespace yendor::path
