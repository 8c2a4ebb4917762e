#pragma once
// How messages print points and sizes: "(3,4)" and "80x50".

#include <string>

#include "yendor/core/geometry.hpp"

namespace yendor {

inline std::string point_text(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

inline std::string size_text(Size s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height);
}

}  // namespace yendor
