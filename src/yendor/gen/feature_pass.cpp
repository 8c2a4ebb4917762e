#include "yendor/gen/feature_pass.hpp"

#include <stdexcept>

#include "yendor/core/error.hpp"

namespace yendor {

const FeaturePassRegistry& builtin_feature_passes() {
  static const FeaturePassRegistry registry = [] {
    FeaturePassRegistry r;
    r.add(make_water_pass());
    r.add(make_vegetation_pass());
    r.add(make_vaults_pass());
    r.add(make_shops_pass());
    r.add(make_temples_pass());
    r.add(make_fountains_pass());
    return r;
  }();
  return registry;
}

FeatureRequest parse_feature_request(std::string_view text) {
  FeatureRequest request;
  const std::size_t colon = text.find(':');
  request.name = std::string(text.substr(0, colon));
  if (request.name.empty())
    throw InputError("--feature '" + std::string(text) + "': expected NAME[:key=value,...]");
  if (colon == std::string_view::npos) return request;
  std::string_view rest = text.substr(colon + 1);
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view pair = rest.substr(0, comma);
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw InputError("--feature '" + std::string(text) + "': '" + std::string(pair) +
                       "' is not key=value");
    request.params.emplace_back(std::string(pair.substr(0, eq)), std::string(pair.substr(eq + 1)));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
    if (rest.empty()) throw InputError("--feature '" + std::string(text) + "': ends with a comma");
  }
  return request;
}

}  // namespace yendor
