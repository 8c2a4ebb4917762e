#pragma once
// What one environment step returns, for every ruleset's environment (api/env.hpp,
// api/dd_env.hpp).

namespace yendor::api {

struct StepResult {
  double reward = 0;
  bool terminated = false;  // the game ended (died, won, quit)
  bool truncated = false;   // the step limit cut the episode short
  bool refused = false;     // the rules refused the action (no time passed)
};

}  // namespace yendor::api
