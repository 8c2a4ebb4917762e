#pragma once
// Life-like cellular automata on a bit-packed grid: 64 cells per 64-bit word, one generation
// computed for 64 cells at a time with bitwise adders (no per-cell loop).
//
// A life-like rule (B/S notation, "B3/S23" is Conway's Life) decides a cell's next state from
// its own state and the number of live cells among its 8 neighbours. Which map state is
// "alive" is the caller's choice: `caves` makes wall alive. Cells beyond the grid have a fixed
// state (`outside_alive`), so a map's surroundings count as wall (or as floor) in every step.
//
// How a generation is computed, per row of words:
//   1. column sums: for each column, the live cells of the rows above, at and below it, as a
//      2-bit number in two bit planes (a full adder across the three row words);
//   2. block sums: the column sums of the column to the west, the column itself and the column
//      to the east, added into a 4-bit count 0..9 of live cells in the 3x3 block (shifts by one
//      bit move the west and east columns into place; the neighbouring word supplies the bit
//      that crosses a word boundary);
//   3. the rule as a multiplexer tree over the four count bits, once for dead cells (born with
//      n live neighbours: block count n) and once for live cells (survive with n: count n + 1).
// Words whose neighbourhood (the words beside them in the rows above, at and below) did not
// change in the last generation are skipped: they cannot change in this one (the thesis's
// "keeping track of unchanged cells"); each row keeps the span of its words that changed.

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "yendor/core/grid.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::cellular {

inline constexpr int k_neighbours = 8;

// A life-like rule: which neighbour counts (0..8 of the 8 neighbours) bring a dead cell to
// life, and which keep a live cell alive. Every other cell is dead next generation.
struct Rule {
  std::uint16_t birth = 0;     // bit n set: a dead cell with n live neighbours comes alive
  std::uint16_t survival = 0;  // bit n set: a live cell with n live neighbours stays alive

  constexpr bool born(int n) const { return ((birth >> n) & 1u) != 0; }
  constexpr bool survives(int n) const { return ((survival >> n) & 1u) != 0; }
  constexpr bool next(bool alive, int live_neighbours) const {
    return alive ? survives(live_neighbours) : born(live_neighbours);
  }
  // Canonical B/S notation, counts ascending: "B5678/S345678"; "B/S" for the empty rule.
  std::string notation() const {
    std::string out = "B";
    for (int n = 0; n <= k_neighbours; ++n)
      if (born(n)) out += static_cast<char>('0' + n);
    out += "/S";
    for (int n = 0; n <= k_neighbours; ++n)
      if (survives(n)) out += static_cast<char>('0' + n);
    return out;
  }
  constexpr bool operator==(const Rule&) const = default;
};

// Parses B/S notation: a B part (the birth counts) and an S part (the survival counts)
// separated by one '/', in either order, letters in either case; each part lists digits 0..8,
// each at most once, in any order, and may be empty. "B3/S23", "b5678/s45678", "S23/B3" and
// "B/S" are rules; "23/3", "B3S23", "B9/S" and "B33/S" are not. On failure returns nullopt and,
// when `problem` is given, stores what is wrong as a phrase for an error message.
inline std::optional<Rule> parse_rule(std::string_view text, std::string* problem = nullptr) {
  const auto fail = [&](const std::string& why) -> std::optional<Rule> {
    if (problem != nullptr)
      *problem = "must be B/S notation such as B3/S23 or B5678/S45678 (" + why + ")";
    return std::nullopt;
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos || text.find('/', slash + 1) != std::string_view::npos)
    return fail("one '/' between the B part and the S part");
  Rule rule;
  bool seen[2] = {false, false};  // B, S
  for (const std::string_view part : {text.substr(0, slash), text.substr(slash + 1)}) {
    if (part.empty() || (part[0] != 'B' && part[0] != 'b' && part[0] != 'S' && part[0] != 's'))
      return fail("each part starts with B or S");
    const bool is_birth = part[0] == 'B' || part[0] == 'b';
    if (seen[is_birth ? 0 : 1]) return fail("one B part and one S part");
    seen[is_birth ? 0 : 1] = true;
    std::uint16_t& counts = is_birth ? rule.birth : rule.survival;
    for (const char c : part.substr(1)) {
      if (c < '0' || c > '8') return fail("neighbour counts are the digits 0-8");
      const auto bit = static_cast<std::uint16_t>(1u << (c - '0'));
      if ((counts & bit) != 0) return fail(std::string("count ") + c + " repeated");
      counts = static_cast<std::uint16_t>(counts | bit);
    }
  }
  return rule;
}

// "" when `text` is a rule, else the problem (a ParamSchema text validator).
inline std::string rule_problem(std::string_view text) {
  std::string problem;
  return parse_rule(text, &problem) ? std::string() : problem;
}

namespace detail {

using Word = std::uint64_t;
inline constexpr Word k_all = ~Word{0};

// s ? b : a, bitwise.
constexpr Word mux(Word a, Word b, Word s) {
  return a ^ (s & (a ^ b));
}

// The next states of a word of cells as a multiplexer tree over the 3x3 block count (c0..c3,
// 0..9, the cell itself included). `dead(n)` / `live(n)` give the next state of a dead / live
// cell with block count n as a whole word; with compile-time leaves the tree folds to a few
// operations, with run-time leaves it costs 2 x 9 multiplexers.
template <typename Leaves>
inline Word next_word(const Leaves& leaves, Word cell, Word c0, Word c1, Word c2, Word c3) {
  const auto tree = [&](auto leaf) {
    const Word p0 = mux(leaf(0), leaf(1), c0), p1 = mux(leaf(2), leaf(3), c0);
    const Word p2 = mux(leaf(4), leaf(5), c0), p3 = mux(leaf(6), leaf(7), c0);
    const Word p4 = mux(leaf(8), leaf(9), c0);
    const Word r = mux(mux(p0, p1, c1), mux(p2, p3, c1), c2);
    return mux(r, p4, c3);  // c3 is set only for counts 8 and 9
  };
  const Word dead = tree([&](int n) { return leaves.dead(n); });
  const Word live = tree([&](int n) { return leaves.live(n); });
  return mux(dead, live, cell);
}

// Leaves by block count: a dead cell with block count n has n live neighbours; a live one has
// n - 1. Impossible leaves (dead with 9, live with 0) copy a neighbouring leaf, which lets the
// compiler merge branches.
constexpr Word dead_leaf(const Rule& r, int n) {
  return r.born(n < 9 ? n : 8) ? k_all : 0;
}
constexpr Word live_leaf(const Rule& r, int n) {
  return r.survives(n > 0 ? n - 1 : 0) ? k_all : 0;
}

struct RuntimeLeaves {
  explicit RuntimeLeaves(const Rule& r) {
    for (int n = 0; n < 10; ++n) {
      dead_[static_cast<std::size_t>(n)] = dead_leaf(r, n);
      live_[static_cast<std::size_t>(n)] = live_leaf(r, n);
    }
  }
  Word dead(int n) const { return dead_[static_cast<std::size_t>(n)]; }
  Word live(int n) const { return live_[static_cast<std::size_t>(n)]; }
  std::array<Word, 10> dead_{}, live_{};
};

template <std::uint16_t Birth, std::uint16_t Survival>
struct FixedLeaves {
  static constexpr Rule k_rule{Birth, Survival};
  static constexpr Word dead(int n) { return dead_leaf(k_rule, n); }
  static constexpr Word live(int n) { return live_leaf(k_rule, n); }
};

constexpr std::uint16_t counts(std::initializer_list<int> ns) {
  std::uint16_t out = 0;
  for (int n : ns)
    out = static_cast<std::uint16_t>(out | (1u << n));
  return out;
}

}  // namespace detail

// Rules common enough to get a kernel compiled for them (any rule works; these are faster).
// For caves the live state is wall.
namespace rules {
// The 4-5 cave rule: wall when at least 5 of the 9 cells of the 3x3 block are wall.
inline constexpr Rule k_caves_4_5{detail::counts({5, 6, 7, 8}), detail::counts({4, 5, 6, 7, 8})};
// The thesis's wording taken literally (a wall needs 6 floor neighbours to become floor).
inline constexpr Rule k_caves_4_5_literal{detail::counts({5, 6, 7, 8}),
                                          detail::counts({3, 4, 5, 6, 7, 8})};
inline constexpr Rule k_maze{detail::counts({3}), detail::counts({1, 2, 3, 4, 5})};
inline constexpr Rule k_mazectric{detail::counts({3}), detail::counts({1, 2, 3, 4})};
}  // namespace rules

// A W x H grid of cells, each alive or dead, 64 to a word. Bit b of word i of row y is cell
// (64 i + b, y). Each row has a guard word on both sides and there is a guard row above and
// below, all holding the outside state, so the kernel needs no edge cases.
class BitGrid {
 public:
  using Word = detail::Word;
  static constexpr int k_word_bits = 64;

  BitGrid() = default;
  // Every cell `alive` (or dead); cells beyond the grid count as `outside_alive`.
  BitGrid(Size size, bool outside_alive, bool alive = false)
      : size_(checked(size)),
        outside_(outside_alive),
        words_((static_cast<std::size_t>(size.width) + k_word_bits - 1) / k_word_bits),
        stride_(words_ + 2),
        cells_(stride_ * (static_cast<std::size_t>(size.height) + 2),
               outside_alive ? detail::k_all : 0),
        changed_(static_cast<std::size_t>(size.height) + 2) {
    const int tail = size.width % k_word_bits;
    last_mask_ = tail == 0 ? detail::k_all : (Word{1} << tail) - 1;
    pad_ = outside_alive ? ~last_mask_ : 0;
    for (int y = 0; y < size.height; ++y)
      std::fill_n(data_row(cells_, y), words_, alive ? detail::k_all : 0);
    normalize_padding(cells_);
  }

  Size size() const { return size_; }
  int width() const { return size_.width; }
  int height() const { return size_.height; }
  bool outside_alive() const { return outside_; }
  std::size_t words_per_row() const { return words_; }

  // Unchecked: `p` must be inside the grid.
  bool alive(Point p) const {
    const Word w = row_words(p.y)[static_cast<std::size_t>(p.x) / k_word_bits];
    return ((w >> (p.x % k_word_bits)) & 1u) != 0;
  }
  void set(Point p, bool alive) {
    Word& w = row_words(p.y)[static_cast<std::size_t>(p.x) / k_word_bits];
    const Word bit = Word{1} << (p.x % k_word_bits);
    w = alive ? (w | bit) : (w & ~bit);
  }

  // Cells x0..x1 (inclusive) of row y; unchecked: 0 <= x0 <= x1 < width().
  void set_run(int y, int x0, int x1, bool alive) {
    const auto row = row_words(y);
    for (int i = x0 / k_word_bits; i <= x1 / k_word_bits; ++i) {
      const int lo = std::max(x0, i * k_word_bits) - i * k_word_bits;
      const int hi = std::min(x1, i * k_word_bits + k_word_bits - 1) - i * k_word_bits;
      const Word mask = (hi == k_word_bits - 1 ? detail::k_all : (Word{1} << (hi + 1)) - 1) &
                        ~((Word{1} << lo) - 1);
      Word& w = row[static_cast<std::size_t>(i)];
      w = alive ? (w | mask) : (w & ~mask);
    }
  }

  // The words of row y. Bits at and beyond width() in the last word do not belong to cells:
  // writes to them are ignored. Writing through the mutable span is fine at any time.
  std::span<Word> row_words(int y) {
    history_ = false;  // the caller may change cells behind step()'s back
    return {data_row(cells_, y), words_};
  }
  std::span<const Word> row_words(int y) const { return {data_row(cells_, y), words_}; }
  // The mask of the bits of the last word of a row that are cells.
  Word last_word_mask() const { return last_mask_; }

  std::int64_t population() const {
    std::int64_t n = 0;
    for (int y = 0; y < height(); ++y) {
      const auto row = row_words(y);
      for (std::size_t i = 0; i < words_; ++i)
        n += std::popcount(i + 1 == words_ ? row[i] & last_mask_ : row[i]);
    }
    return n;
  }

  // Every cell alive independently with probability `p`, rounded to a multiple of 1/65536.
  // Each word takes up to 16 draws (one for p = 0.5): bit-sliced, the draws compare the
  // binary fraction of p with a random one, 64 cells at a time. Draws run row by row.
  void randomize(Rng& rng, double p) {
    const auto q = static_cast<std::uint32_t>(std::lround(std::clamp(p, 0.0, 1.0) * 65536.0));
    for (int y = 0; y < height(); ++y) {
      for (Word& w : row_words(y)) {
        if (q == 0 || q == 65536) {
          w = q == 0 ? 0 : detail::k_all;
          continue;
        }
        // From the lowest set bit of q upward: acc = bit ? acc | r : acc & r; the probability
        // that a bit of acc is set is then q / 65536.
        Word acc = 0;
        for (int bit = std::countr_zero(q); bit < 16; ++bit) {
          const Word r = rng.next_u64();
          acc = ((q >> bit) & 1u) != 0 ? (acc | r) : (acc & r);
        }
        w = acc;
      }
    }
  }

  // One generation under `rule`. Returns false when no cell changed (a fixed point).
  bool step(const Rule& rule) {
    if (rule == rules::k_caves_4_5) return step_with(fixed<rules::k_caves_4_5>());
    if (rule == rules::k_caves_4_5_literal) return step_with(fixed<rules::k_caves_4_5_literal>());
    if (rule == rules::k_maze) return step_with(fixed<rules::k_maze>());
    if (rule == rules::k_mazectric) return step_with(fixed<rules::k_mazectric>());
    return step_with(detail::RuntimeLeaves(rule));
  }
  // Makes the next step compute every word (it normally skips words whose neighbourhood did
  // not change in the step before). Never changes results; for measuring a full generation.
  void forget_unchanged_rows() { history_ = false; }

  // Up to `generations` generations, stopping early at a fixed point (every further
  // generation would be the same). Returns the number of generations that changed cells.
  int run(const Rule& rule, int generations) {
    for (int g = 0; g < generations; ++g)
      if (!step(rule)) return g;
    return generations;
  }

  // The cells of `area` of `grid` (alive where `is_alive(value)`), as a grid of area's size.
  template <typename T, typename IsAlive>
  static BitGrid from_grid(const Grid<T>& grid, const Rect& area, IsAlive is_alive,
                           bool outside_alive) {
    BitGrid out(area.size(), outside_alive);
    for (int y = 0; y < area.height; ++y) {
      Word* row = out.data_row(out.cells_, y);
      for (int x = 0; x < area.width; ++x)
        if (is_alive(grid[Point{area.x + x, area.y + y}]))
          row[static_cast<std::size_t>(x) / k_word_bits] |= Word{1} << (x % k_word_bits);
    }
    return out;
  }

  // Writes every cell into `grid` at `origin` + (x, y): `alive_value` or `dead_value`. The
  // grid must hold the whole rectangle. One-byte types go 8 cells per store.
  template <typename T>
  void write_to(Grid<T>& grid, Point origin, T alive_value, T dead_value) const {
    const auto w = static_cast<std::size_t>(width());
    if constexpr (sizeof(T) == 1) {
      unsigned char alive_byte = 0, dead_byte = 0;
      std::memcpy(&alive_byte, &alive_value, 1);
      std::memcpy(&dead_byte, &dead_value, 1);
      std::array<std::array<unsigned char, 8>, 256> spread{};  // 8 bits -> 8 bytes
      for (std::size_t bits = 0; bits < 256; ++bits)
        for (std::size_t b = 0; b < 8; ++b)
          spread[bits][b] = ((bits >> b) & 1u) != 0 ? alive_byte : dead_byte;
      for (int y = 0; y < height(); ++y) {
        auto* dst = reinterpret_cast<unsigned char*>(&grid[Point{origin.x, origin.y + y}]);
        const auto row = row_words(y);
        std::size_t x = 0;
        for (; x + 8 <= w; x += 8)
          std::memcpy(dst + x, spread[(row[x / k_word_bits] >> (x % k_word_bits)) & 0xffu].data(),
                      8);
        for (; x < w; ++x)
          dst[x] = ((row[x / k_word_bits] >> (x % k_word_bits)) & 1u) != 0 ? alive_byte : dead_byte;
      }
    } else {
      for (int y = 0; y < height(); ++y)
        for (int x = 0; x < width(); ++x)
          grid[Point{origin.x + x, origin.y + y}] = alive({x, y}) ? alive_value : dead_value;
    }
  }

  // Same size, outside state and cells.
  friend bool operator==(const BitGrid& a, const BitGrid& b) {
    if (a.size_ != b.size_ || a.outside_ != b.outside_) return false;
    for (int y = 0; y < a.height(); ++y) {
      const auto ra = a.row_words(y), rb = b.row_words(y);
      for (std::size_t i = 0; i < a.words_; ++i)
        if (((ra[i] ^ rb[i]) & (i + 1 == a.words_ ? a.last_mask_ : detail::k_all)) != 0)
          return false;
    }
    return true;
  }

 private:
  template <const Rule& R>
  static detail::FixedLeaves<R.birth, R.survival> fixed() {
    return {};
  }

  static Size checked(Size s) {
    if (s.width < 0 || s.height < 0) throw std::invalid_argument("BitGrid: negative size");
    return s;
  }

  Word* data_row(std::vector<Word>& buf, int y) const {
    return buf.data() + static_cast<std::size_t>(y + 1) * stride_ + 1;
  }
  const Word* data_row(const std::vector<Word>& buf, int y) const {
    return buf.data() + static_cast<std::size_t>(y + 1) * stride_ + 1;
  }
  // Bits beyond the width in each row's last word take the outside state.
  void normalize_padding(std::vector<Word>& buf) const {
    if (words_ == 0) return;
    for (int y = 0; y < height(); ++y) {
      Word& w = data_row(buf, y)[words_ - 1];
      w = (w & last_mask_) | pad_;
    }
  }

  // Changed words of a row: [first, last], empty when first > last.
  struct Span {
    std::int32_t first = 1, last = 0;
  };

  template <typename Leaves>
  bool step_with(const Leaves& leaves) {
    if (words_ == 0 || height() == 0) return false;
    if (next_.size() != cells_.size()) {
      next_ = cells_;  // guards and padding in place; history_ is false on the first step
      next_changed_.assign(changed_.size(), Span{});
      column_lo_.assign(stride_, outside_ ? detail::k_all : 0);  // guards: 3 outside cells
      column_hi_.assign(stride_, outside_ ? detail::k_all : 0);
    }
    if (!history_) normalize_padding(cells_);
    const auto n = static_cast<std::int32_t>(words_);
    Word* lo = column_lo_.data() + 1;  // lo[-1] and lo[n] are guards
    Word* hi = column_hi_.data() + 1;
    bool any = false;
    for (int y = 0; y < height(); ++y) {
      const auto yi = static_cast<std::size_t>(y);
      // The words to compute: those next to a word that changed in the rows around in the
      // last step (every word when there is no last step). The others keep their state, and
      // next_ already holds it: it equals the current one there.
      std::int32_t first = 0, last = n - 1;
      if (history_) {
        first = std::min({changed_[yi].first, changed_[yi + 1].first, changed_[yi + 2].first});
        last = std::max({changed_[yi].last, changed_[yi + 1].last, changed_[yi + 2].last});
        next_changed_[yi + 1] = Span{};
        if (first > last) continue;
        first = std::max(first - 1, 0);
        last = std::min(last + 1, n - 1);
      }
      const Word* up = data_row(cells_, y - 1);
      const Word* mid = data_row(cells_, y);
      const Word* down = data_row(cells_, y + 1);
      Word* out = data_row(next_, y);
      // Column sums (a full adder over three rows) for the words and their neighbours.
      const std::int32_t sum_first = std::max(first - 1, 0), sum_last = std::min(last + 1, n - 1);
      for (std::int32_t i = sum_first; i <= sum_last; ++i) {
        const Word a = up[i], b = mid[i], c = down[i], ab = a ^ b;
        lo[i] = ab ^ c;
        hi[i] = (a & b) | (ab & c);
      }
      for (std::int32_t i = first; i <= last; ++i) {
        // West / east columns: shift by one cell, the bit crossing the word edge from the
        // neighbouring word (the guards supply the outside state).
        const Word l0 = (lo[i] << 1) | (lo[i - 1] >> 63), r0 = (lo[i] >> 1) | (lo[i + 1] << 63);
        const Word l1 = (hi[i] << 1) | (hi[i - 1] >> 63), r1 = (hi[i] >> 1) | (hi[i + 1] << 63);
        const Word m0 = lo[i], m1 = hi[i];
        // (l1 l0) + (m1 m0) + (r1 r0) = (c3 c2 c1 c0), 0..9.
        const Word x0 = l0 ^ m0, s0 = x0 ^ r0, k0 = (l0 & m0) | (x0 & r0);
        const Word x1 = l1 ^ m1, s1 = x1 ^ r1, k1 = (l1 & m1) | (x1 & r1);
        const Word c1 = s1 ^ k0, carry = s1 & k0;
        out[i] = detail::next_word(leaves, mid[i], s0, c1, k1 ^ carry, k1 & carry);
      }
      if (last == n - 1) out[n - 1] = (out[n - 1] & last_mask_) | pad_;
      Span& changed = next_changed_[yi + 1];
      changed = Span{};
      std::int32_t i = first;
      while (i <= last && out[i] == mid[i])
        ++i;
      if (i > last) continue;
      changed.first = i;
      for (i = last; out[i] == mid[i]; --i) {
      }
      changed.last = i;
      any = true;
    }
    std::swap(cells_, next_);
    std::swap(changed_, next_changed_);
    history_ = true;
    return any;
  }

  Size size_{};
  bool outside_ = true;
  std::size_t words_ = 0;   // words per row holding cells
  std::size_t stride_ = 0;  // words_ + 2 guards
  Word last_mask_ = detail::k_all;
  Word pad_ = 0;
  std::vector<Word> cells_;  // (height + 2) rows of stride_ words
  // The previous generation (while history_ holds) and scratch for the next one.
  std::vector<Word> next_;
  // changed_[y + 1]: the words of row y that differ between cells_ and next_ (valid while
  // history_ holds); the guard rows' entries stay empty.
  std::vector<Span> changed_, next_changed_;
  std::vector<Word> column_lo_, column_hi_;  // one row of column sums, with guards
  bool history_ = false;
};

}  // namespace yendor::cellular
