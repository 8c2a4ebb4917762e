#pragma once
// A generator's declared parameters: name, type, default, range or choices, help.
// `yendor gen list`, `yendor gen NAME --help` and docs/generators.md are printed from these,
// and every value is validated against them before generation starts.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "yendor/core/param_value.hpp"

namespace yendor {

enum class ParamType { boolean, integer, real, choice, text };
std::string_view to_string(ParamType type);

struct ParamSpec {
  std::string name;
  ParamType type = ParamType::integer;
  ParamValue default_value;
  std::optional<double> min;  // inclusive, for integer and real
  std::optional<double> max;
  std::vector<std::string> choices;  // for choice
  std::string help;
  // For text: "" when a value is acceptable, else what is wrong with it, phrased to follow
  // "parameter 'NAME' " ("must be B/S notation such as B3/S23"). Empty: any text.
  std::function<std::string(std::string_view)> check_text;

  // "integer 4 [2..200]", "choice delaunay {previous|nearest|mst|delaunay}", "text B3/S23"
  std::string describe() const;
};

// Raw key=value pairs as a user typed them (CLI --set, protocol messages).
using RawParams = std::vector<std::pair<std::string, std::string>>;

class ParamSchema {
 public:
  ParamSchema& add_bool(std::string name, bool fallback, std::string help);
  ParamSchema& add_int(std::string name, std::int64_t fallback, std::int64_t min, std::int64_t max,
                       std::string help);
  ParamSchema& add_real(std::string name, double fallback, double min, double max,
                        std::string help);
  ParamSchema& add_choice(std::string name, std::string fallback, std::vector<std::string> choices,
                          std::string help);
  // Free text, accepted when `check` (see ParamSpec::check_text) finds no problem; the fallback
  // must pass it (std::logic_error otherwise).
  ParamSchema& add_string(std::string name, std::string fallback, std::string help,
                          std::function<std::string(std::string_view)> check = {});

  const std::vector<ParamSpec>& specs() const { return specs_; }
  const ParamSpec* find(std::string_view name) const;

  // Every parameter at its default, in declaration order.
  ParamSet defaults() const;
  // Defaults overridden by `raw`; text is parsed by type. Throws InputError naming `owner`,
  // the parameter and the problem: unknown name, unparsable value, out of range, bad choice,
  // text its check rejects.
  ParamSet parse(std::string_view owner, const RawParams& raw) const;
  // Defaults overridden by typed values (an integer is accepted where a real is declared).
  ParamSet validate(std::string_view owner, const ParamSet& values) const;

 private:
  ParamSchema& add(ParamSpec spec);
  void check_value(std::string_view owner, const ParamSpec& spec, const ParamValue& value) const;

  std::vector<ParamSpec> specs_;
};

}  // namespace yendor
