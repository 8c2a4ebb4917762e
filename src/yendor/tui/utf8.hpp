#pragma once
// UTF-8 in and out for the terminal front end: decoding what screens draw, encoding what the
// terminal shows and tests read back.

#include <string>
#include <string_view>

namespace yendor::tui {

inline constexpr char32_t k_replacement = U'\uFFFD';

// Calls f(char32_t) for each code point of `text`; a malformed or overlong sequence, a
// surrogate or a value past U+10FFFF gives one k_replacement and decoding goes on after it.
template <typename F>
void for_each_code_point(std::string_view text, F&& f) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    int extra = 0;
    char32_t cp = 0;
    if (b < 0x80) {
      cp = b;
    } else if ((b & 0xE0) == 0xC0) {
      extra = 1;
      cp = b & 0x1F;
    } else if ((b & 0xF0) == 0xE0) {
      extra = 2;
      cp = b & 0x0F;
    } else if ((b & 0xF8) == 0xF0) {
      extra = 3;
      cp = b & 0x07;
    } else {
      f(k_replacement);
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    bool ok = true;
    for (int k = 0; k < extra; ++k, ++j) {
      if (j >= text.size() || (static_cast<unsigned char>(text[j]) & 0xC0) != 0x80) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (static_cast<unsigned char>(text[j]) & 0x3F);
    }
    static constexpr char32_t k_least[] = {0, 0x80, 0x800, 0x10000};
    if (!ok || cp < k_least[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      f(k_replacement);
      i = j;  // after the sequence, or at the byte that broke it (j > i always)
      continue;
    }
    f(cp);
    i = j;
  }
}

// `cp` as UTF-8 appended to `out` (k_replacement for a value that is not a scalar value).
void append_utf8(std::string& out, char32_t cp);

}  // namespace yendor::tui
