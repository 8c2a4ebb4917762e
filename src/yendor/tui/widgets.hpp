#pragma once
// Pieces several screens draw: a titled frame, wrapped text, a bar, a list menu by letter.

#include <string>
#include <string_view>
#include <vector>

#include "yendor/tui/canvas.hpp"

namespace yendor::tui {

// Styles the screens share.
Style text_style();
Style dim_style();
Style title_style();
Style highlight_style();  // the chosen line of a menu
Style warning_style();

// A box round `r` (its border on r's edge) with `title` in the top edge.
void draw_frame(Canvas& canvas, Rect r, std::string_view title);
// `text` wrapped at word boundaries to `width` columns (a word longer than that is cut).
std::vector<std::string> wrap(std::string_view text, int width);
// A bar of `width` cells filled in proportion to value / max, in `fill`, the rest dim.
void draw_bar(Canvas& canvas, Point at, int width, int value, int max, Rgb fill);
// `text` centred on row y of the canvas.
void draw_centred(Canvas& canvas, int y, std::string_view text, Style style);
// The number of code points in `text` (its width on the canvas).
int text_width(std::string_view text);

}  // namespace yendor::tui
