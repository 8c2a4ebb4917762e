#include "yendor/mapio/png_image.hpp"

#include <png.h>

#include <csetjmp>
#include <cstdio>
#include <new>
#include <stdexcept>

#include "yendor/core/error.hpp"
#include "yendor/mapio/png_map.hpp"

namespace yendor {

namespace {

// Where libpng's output and its error message go.
struct Output {
  std::string bytes;
  bool out_of_memory = false;
  char message[256] = "";
};

void append_bytes(png_structp png, png_bytep data, std::size_t length) {
  auto* output = static_cast<Output*>(png_get_io_ptr(png));
  bool failed = false;
  try {
    output->bytes.append(reinterpret_cast<const char*>(data), length);
  } catch (...) {  // no exception may cross libpng's C frames
    failed = true;
  }
  if (failed) {
    output->out_of_memory = true;
    png_error(png, "out of memory");  // does not return
  }
}

void flush_nothing(png_structp) {}

// Keeps libpng's message instead of printing it, and jumps back to encode_rows().
void keep_error(png_structp png, png_const_charp message) {
  auto* output = static_cast<Output*>(png_get_error_ptr(png));
  std::snprintf(output->message, sizeof output->message, "%s", message);
  png_longjmp(png, 1);
}

void ignore_warning(png_structp, png_const_charp) {}

// On a libpng error png_error() longjmps back to the setjmp() here and this returns false, so
// nothing with a destructor may live in this function.
bool encode_rows(png_structp png, png_infop info, int width, int height, const std::uint8_t* rgb,
                 Output* output) {
  std::jmp_buf* jump = png_set_longjmp_fn(png, std::longjmp, sizeof(std::jmp_buf));
  if (jump == nullptr) {
    std::snprintf(output->message, sizeof output->message, "%s", "jmp_buf size mismatch");
    return false;
  }
  if (setjmp(*jump) != 0) return false;
  png_set_write_fn(png, output, append_bytes, flush_nothing);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  const std::size_t row_bytes = static_cast<std::size_t>(width) * 3;
  for (int y = 0; y < height; ++y)
    png_write_row(png, rgb + static_cast<std::size_t>(y) * row_bytes);
  png_write_end(png, nullptr);
  return true;
}

}  // namespace

std::string write_png_rgb(int width, int height, std::span<const std::uint8_t> rgb) {
  if (width < 1 || height < 1 || width > k_png_max_side || height > k_png_max_side)
    throw InputError("png image: " + std::to_string(width) + "x" + std::to_string(height) +
                     " pixels is outside 1.." + std::to_string(k_png_max_side) + " on a side");
  if (rgb.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3)
    throw std::invalid_argument("write_png_rgb: " + std::to_string(rgb.size()) + " bytes for a " +
                                std::to_string(width) + "x" + std::to_string(height) +
                                " RGB image");
  Output output;
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, &output, keep_error, ignore_warning);
  if (png == nullptr) throw std::bad_alloc();
  png_infop info = png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    throw std::bad_alloc();
  }
  const bool ok = encode_rows(png, info, width, height, rgb.data(), &output);
  png_destroy_write_struct(&png, &info);
  if (!ok) {
    if (output.out_of_memory) throw std::bad_alloc();
    throw Error(std::string("png image: libpng failed: ") + output.message);
  }
  return std::move(output.bytes);
}

}  // namespace yendor
