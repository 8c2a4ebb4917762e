#include "yendor/dd/belief.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <tuple>

namespace yendor::dd {

void resample_hidden(State& s, Rng& rng) {
  struct Contents {
    std::uint8_t wall;
    std::int8_t monster;
    std::uint8_t item, spell;
  };
  std::array<std::uint16_t, k_cells> cells{};
  std::array<Contents, k_cells> contents{};
  int n = 0;
  for (int c = 0; c < k_cells; ++c) {
    const auto i = static_cast<std::size_t>(c);
    if (s.revealed[i] != 0) continue;
    cells[static_cast<std::size_t>(n)] = static_cast<std::uint16_t>(c);
    contents[static_cast<std::size_t>(n)] = {s.wall[i], s.monster_at[i], s.item_at[i],
                                             s.spell_at[i]};
    ++n;
  }
  // A canonical order first, so that the sample depends on what is hidden, never on where it
  // really is.
  std::sort(contents.begin(), contents.begin() + n, [](const Contents& a, const Contents& b) {
    return std::tie(a.wall, a.monster, a.item, a.spell) <
           std::tie(b.wall, b.monster, b.item, b.spell);
  });
  rng.shuffle(std::span(contents.data(), static_cast<std::size_t>(n)));
  for (int k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(cells[static_cast<std::size_t>(k)]);
    const Contents& x = contents[static_cast<std::size_t>(k)];
    s.wall[i] = x.wall;
    s.monster_at[i] = x.monster;
    s.item_at[i] = x.item;
    s.spell_at[i] = x.spell;
    if (x.monster != k_no_monster)
      s.monsters[static_cast<std::size_t>(x.monster)].cell = static_cast<std::uint16_t>(i);
  }
  s.rng = Rng(rng.next_u64());
}

}  // namespace yendor::dd
