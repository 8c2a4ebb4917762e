// Colour fallbacks: the cube's own colours and the greys map to themselves, everything maps
// into 16..255, basic colours find their own, dimming scales.
#include "yendor/tui/colour.hpp"

#include <gtest/gtest.h>

namespace yendor::tui {
namespace {

TEST(Colour, Xterm256FindsCubeAndGreyColoursExactly) {
  EXPECT_EQ(xterm256({255, 0, 0}), 196);
  EXPECT_EQ(xterm256({0, 0, 0}), 16);
  EXPECT_EQ(xterm256({255, 255, 255}), 231);
  EXPECT_EQ(xterm256({128, 128, 128}), 244);  // grey 8 + 10 * 12
  EXPECT_EQ(xterm256({95, 135, 175}), 16 + 36 * 1 + 6 * 2 + 3);
  for (int v = 0; v < 256; v += 5) {
    const int i = xterm256({static_cast<std::uint8_t>(v), 40, static_cast<std::uint8_t>(255 - v)});
    EXPECT_GE(i, 16);
    EXPECT_LE(i, 255);
  }
}

TEST(Colour, BasicColoursFindTheirOwn) {
  EXPECT_EQ(basic_colour({170, 0, 0}).index, 1);
  EXPECT_FALSE(basic_colour({170, 0, 0}).bright);
  EXPECT_EQ(basic_colour({255, 255, 85}).index, 3);
  EXPECT_TRUE(basic_colour({255, 255, 85}).bright);
  EXPECT_EQ(basic_colour({0, 0, 0}).index, 0);
  EXPECT_EQ(basic_colour({200, 200, 190}).index, 7);
}

TEST(Colour, DimmedScales) {
  EXPECT_EQ(dimmed({200, 100, 0}, 50), (Rgb{100, 50, 0}));
  EXPECT_EQ(dimmed({200, 100, 0}, 0), (Rgb{0, 0, 0}));
}

}  // namespace
}  // namespace yendor::tui
