// The canvas screens draw on: text and cells land where asked, UTF-8 decodes, anything outside
// is dropped and counted (the fit check every screen test makes), rows read back as text.
#include "yendor/tui/canvas.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace yendor::tui {
namespace {

TEST(Canvas, TextLandsWhereAskedAndReadsBack) {
  Canvas c({10, 3});
  EXPECT_EQ(c.text({2, 1}, "héllo"), 5);
  EXPECT_EQ(c.at({3, 1}).ch, U'é');
  EXPECT_EQ(c.row(1), "  héllo   ");
  EXPECT_EQ(c.to_text(), "\n  héllo\n");
  EXPECT_EQ(c.clipped(), 0);
}

TEST(Canvas, MaxWidthCutsQuietlyTheEdgeClipsAndCounts) {
  Canvas c({6, 2});
  EXPECT_EQ(c.text({0, 0}, "abcdef", {}, 3), 3);
  EXPECT_EQ(c.row(0), "abc   ");
  EXPECT_EQ(c.clipped(), 0);
  c.text({4, 1}, "xyz");
  EXPECT_EQ(c.row(1), "    xy");
  EXPECT_EQ(c.clipped(), 1);
  c.put({-1, 0}, U'q');
  c.put({0, 2}, U'q');
  EXPECT_EQ(c.clipped(), 3);
  c.clear();
  EXPECT_EQ(c.clipped(), 0);
  EXPECT_EQ(c.to_text(), "\n");
}

TEST(Canvas, FillAndStyles) {
  Canvas c({4, 4});
  Style red;
  red.fg = {255, 0, 0};
  c.fill({1, 1, 2, 2}, U'#', red);
  EXPECT_EQ(c.to_text(), "\n ##\n ##\n");
  EXPECT_EQ(c.at({2, 2}).style, red);
  EXPECT_EQ(c.at({0, 0}).style, Style{});
  c.fill({3, 3, 2, 2}, U'#');
  EXPECT_EQ(c.clipped(), 3);
}

TEST(Canvas, OutsideReadsThrowAndEmptyCanvasesWork) {
  Canvas c({2, 2});
  EXPECT_THROW((void)c.at({2, 0}), std::out_of_range);
  EXPECT_THROW((void)c.row(-1), std::out_of_range);
  Canvas none({-3, 5});
  EXPECT_EQ(none.width(), 0);
  none.put({0, 0}, U'x');
  EXPECT_EQ(none.clipped(), 1);
}

}  // namespace
}  // namespace yendor::tui
