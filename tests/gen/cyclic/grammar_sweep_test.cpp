// The long sweep of the shipped grammar (label `long`, not in the default run): every cycle
// count 1..6 and size 10..60, branch rates and themes, 85 seeds per setting (2040 recipe
// runs), each checked like the default run's smaller sweep.

#include "grammar_data_support.hpp"

namespace yendor::cyclic {
namespace {

TEST(GrammarDataLong, SweepOfSizes) {
  test::sweep_sizes(85);
}

}  // namespace
}  // namespace yendor::cyclic
