// The fixtures compile and build a game (the rules themselves are tested per area).
#include <gtest/gtest.h>

#include "support/game_fixture.hpp"
