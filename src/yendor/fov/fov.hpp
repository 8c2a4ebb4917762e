#pragma once
// Field of view: the algorithm interface, its options and the registry of algorithms by name.
// One algorithm per file (symmetric_shadowcast.cpp, recursive_shadowcast.cpp, permissive.cpp,
// raycast.cpp); `yendor fov list` and docs/fov.md are printed from the registry.

#include <memory>
#include <string>
#include <string_view>

#include "yendor/core/named_registry.hpp"
#include "yendor/core/param_schema.hpp"
#include "yendor/fov/opacity_map.hpp"
#include "yendor/fov/visible_set.hpp"

namespace yendor::fov {

enum class Shape : std::uint8_t { circle, square };

inline constexpr int k_max_radius = 100000;

struct FovOptions {
  // 0: unlimited (the whole map, as far as sight goes).
  int radius = 0;
  // circle: a cell at offset (dx, dy) is in range when dx² + dy² <= radius × (radius + 1),
  // which rounds the circle the way players expect ((r, 0) and (r-1, 1)... are in, the
  // diagonal corner is out). square: max(|dx|, |dy|) <= radius.
  Shape shape = Shape::circle;
  // Opaque cells in view are marked too (you see the wall you face). False: only the
  // transparent cells.
  bool light_walls = true;
};

// Whether offset `d` from the origin is within the options' range.
constexpr bool in_range(Point d, const FovOptions& o) {
  if (o.radius <= 0) return true;
  if (o.shape == Shape::square) return chebyshev({0, 0}, d) <= o.radius;
  const std::int64_t r = o.radius;
  return std::int64_t{d.x} * d.x + std::int64_t{d.y} * d.y <= r * (r + 1);
}

// Throws InputError naming the bad option.
void check(const FovOptions& options);

// The options as a parameter schema (radius, shape, light_walls): what `yendor fov` takes.
const ParamSchema& fov_schema();
FovOptions fov_options(const ParamSet& params);

struct FovInfo {
  std::string name;
  std::string summary;      // one line
  std::string source;       // the section of the reference texts it follows
  std::string description;  // a paragraph for docs/fov.md
  bool symmetric = false;   // a sees b exactly when b sees a (transparent cells)
};

class FovAlgorithm {
 public:
  virtual ~FovAlgorithm() = default;
  virtual const FovInfo& info() const = 0;

  // Resets `out` to the map's size and marks every cell seen from `origin`, the origin
  // included (whatever it holds). Throws InputError when `origin` is outside the map or the
  // options are bad. Once `out` has the map's size, a call allocates nothing and costs what
  // it sees, not the map's area.
  void compute(const OpacityMap& map, Point origin, const FovOptions& options,
               VisibleSet& out) const;

 protected:
  // Called by compute() with `out` already reset and the arguments checked.
  virtual void scan(const OpacityMap& map, Point origin, const FovOptions& options,
                    VisibleSet& out) const = 0;
};

class FovRegistry : public NamedRegistry<FovAlgorithm> {
 public:
  FovRegistry() : NamedRegistry("fov algorithm", "algorithms") {}
};

// symmetric (the default), recursive, permissive, raycast.
const FovRegistry& builtin_fovs();
inline constexpr std::string_view k_default_fov = "symmetric";

// Factories, one per algorithm file.
std::unique_ptr<FovAlgorithm> make_symmetric_fov();
std::unique_ptr<FovAlgorithm> make_recursive_fov();
std::unique_ptr<FovAlgorithm> make_permissive_fov();
std::unique_ptr<FovAlgorithm> make_raycast_fov();

}  // namespace yendor::fov
