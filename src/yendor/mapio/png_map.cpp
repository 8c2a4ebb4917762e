#include "yendor/mapio/png_map.hpp"

#include <png.h>

#include <csetjmp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <new>
#include <stdexcept>
#include <vector>

#include "yendor/core/error.hpp"

namespace yendor {

namespace {

// Where libpng's output and its error message go.
struct Sink {
  std::string bytes;
  bool out_of_memory = false;
  char message[256] = "";
};

void on_write(png_structp png, png_bytep data, std::size_t length) {
  auto* sink = static_cast<Sink*>(png_get_io_ptr(png));
  bool failed = false;
  try {
    sink->bytes.append(reinterpret_cast<const char*>(data), length);
  } catch (...) {  // std::bad_alloc or std::length_error: no exception may cross libpng
    failed = true;
  }
  if (failed) {
    sink->out_of_memory = true;
    png_error(png, "out of memory");  // does not return
  }
}

void on_flush(png_structp) {}

// Replaces libpng's handler, which would print to stderr: keep the message, jump back.
void on_error(png_structp png, png_const_charp message) {
  auto* sink = static_cast<Sink*>(png_get_error_ptr(png));
  std::snprintf(sink->message, sizeof sink->message, "%s", message);
  png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

// Runs libpng. On a libpng error, png_error() longjmps back to the setjmp() here and this
// returns false. So nothing with a destructor may be created in this function after setjmp().
bool encode(png_structp png, png_infop info, const Level& level, int scale, png_bytep row,
            Sink* sink) {
  std::jmp_buf* jump = png_set_longjmp_fn(png, std::longjmp, sizeof(std::jmp_buf));
  if (jump == nullptr) {
    std::snprintf(sink->message, sizeof sink->message, "%s", "jmp_buf size mismatch");
    return false;
  }
  if (setjmp(*jump) != 0) return false;

  const int width = level.width(), height = level.height();
  png_set_write_fn(png, sink, on_write, on_flush);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width * scale),
               static_cast<png_uint_32>(height * scale), 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int y = 0; y < height; ++y) {
    png_bytep pixel = row;
    for (int x = 0; x < width; ++x) {
      const Rgb color = tile_info(level.tiles[Point{x, y}]).color;
      for (int s = 0; s < scale; ++s) {
        *pixel++ = color.r;
        *pixel++ = color.g;
        *pixel++ = color.b;
      }
    }
    for (int s = 0; s < scale; ++s)
      png_write_row(png, row);
  }
  png_write_end(png, nullptr);
  return true;
}

}  // namespace

std::string to_png(const Level& level, int scale) {
  if (scale < k_png_min_scale || scale > k_png_max_scale)
    throw InputError("png map: scale " + std::to_string(scale) + " is outside " +
                     std::to_string(k_png_min_scale) + ".." + std::to_string(k_png_max_scale));
  const std::string size_text =
      std::to_string(level.width()) + "x" + std::to_string(level.height());
  if (level.width() == 0 || level.height() == 0)
    throw InputError("png map: the level is empty (" + size_text +
                     "), and a PNG image needs at least one pixel");
  const std::int64_t pixel_width = std::int64_t{level.width()} * scale;
  const std::int64_t pixel_height = std::int64_t{level.height()} * scale;
  if (pixel_width > k_png_max_side || pixel_height > k_png_max_side)
    throw InputError("png map: a " + size_text + " level at scale " + std::to_string(scale) +
                     " is " + std::to_string(pixel_width) + "x" + std::to_string(pixel_height) +
                     " pixels, more than " + std::to_string(k_png_max_side) +
                     " on a side; use a smaller scale");
  for (Tile t : level.tiles.cells())
    if (static_cast<std::size_t>(t) >= k_tile_count)
      throw std::logic_error("to_png: invalid tile value " +
                             std::to_string(static_cast<unsigned>(t)));

  Sink sink;
  std::vector<png_byte> row(static_cast<std::size_t>(pixel_width) * 3);
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
  if (png == nullptr) throw std::bad_alloc();
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    throw std::bad_alloc();
  }
  const bool ok = encode(png, info, level, scale, row.data(), &sink);
  png_destroy_write_struct(&png, &info);
  if (!ok) {
    if (sink.out_of_memory) throw std::bad_alloc();
    throw Error(std::string("png map: libpng failed: ") + sink.message);
  }
  return std::move(sink.bytes);
}

}  // namespace yendor
