#pragma once
// Colours for terminals that have fewer than 16 million: the nearest of xterm's 256 (its 6x6x6
// cube and 24 greys) and of the 8 basic colours, the fallback for plain terminals.

#include <cstdint>

#include "yendor/map/tile.hpp"

namespace yendor::tui {

// The xterm-256 index nearest to `c` (16..255; the first 16 vary between terminals and are
// never chosen).
int xterm256(Rgb c);
// The nearest of the 8 basic colours (0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta,
// 6 cyan, 7 white), and whether it is a bright one (shown bold).
struct BasicColour {
  int index = 7;
  bool bright = false;
};
BasicColour basic_colour(Rgb c);
// `c` darkened to `percent` of its brightness (remembered cells out of view).
Rgb dimmed(Rgb c, int percent);

}  // namespace yendor::tui
