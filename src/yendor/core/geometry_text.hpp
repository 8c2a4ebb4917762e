#pragma once
// How messages print points and sizes: "(3,4)" and "80x50"; and sizes read back.

#include <charconv>
#include <optional>
#include <string>
#include <string_view>

#include "yendor/core/geometry.hpp"

namespace yendor {

inline std::string point_text(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

inline std::string size_text(Size s) {
  return std::to_string(s.width) + "x" + std::to_string(s.height);
}

// "WxH" (or "WXH") with positive whole numbers -> Size; nullopt otherwise.
inline std::optional<Size> parse_size_text(std::string_view text) {
  const auto side = [](std::string_view s) -> std::optional<int> {
    int v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc{} || ptr != s.data() + s.size() || v <= 0) return std::nullopt;
    return v;
  };
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) return std::nullopt;
  const auto w = side(text.substr(0, x));
  const auto h = side(text.substr(x + 1));
  if (!w || !h) return std::nullopt;
  return Size{*w, *h};
}

}  // namespace yendor
