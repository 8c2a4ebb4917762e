#include "yendor/api/dd_actions.hpp"

#include <stdexcept>

namespace yendor::api {

namespace {

constexpr std::array<std::string_view, 8> k_dir_names = {
    "north", "east", "south", "west", "northeast", "southeast", "southwest", "northwest"};

// The cell one step from `cell` in direction `dir`; -1 off the map.
int neighbour(int cell, int dir) {
  const int x = dd::cell_x(cell) + dd::k_dir_dx[static_cast<std::size_t>(dir)];
  const int y = dd::cell_y(cell) + dd::k_dir_dy[static_cast<std::size_t>(dir)];
  if (x < 0 || y < 0 || x >= dd::k_side || y >= dd::k_side) return -1;
  return dd::cell_of(x, y);
}

// A directed cast's target: the neighbour, or a cell past the map (never -1, which would be an
// untargeted cast) that the rules refuse.
int directed_target(int cell, int dir) {
  const int n = neighbour(cell, dir);
  return n < 0 ? dd::k_cells : n;
}

}  // namespace

std::string dd_action_name(int i) {
  if (i < 0 || i >= k_dd_action_count) return "?";
  if (i < k_dd_drink_health) return "move_" + std::string(k_dir_names[static_cast<std::size_t>(i)]);
  if (i == k_dd_drink_health) return "drink_health";
  if (i == k_dd_drink_mana) return "drink_mana";
  if (i < k_dd_cast_at_first) return "cast_" + std::to_string(i - k_dd_cast_first);
  if (i < k_dd_convert_first) {
    const int k = i - k_dd_cast_at_first;
    return "cast_" + std::to_string(k / 8) + "_" +
           std::string(k_dir_names[static_cast<std::size_t>(k % 8)]);
  }
  if (i < k_dd_give_up) return "convert_" + std::to_string(i - k_dd_convert_first);
  return "give_up";
}

int dd_action_index(std::string_view name) {
  for (int i = 0; i < k_dd_action_count; ++i)
    if (dd_action_name(i) == name) return i;
  return -1;
}

dd::Action to_dd_action(int i, const dd::State& state) {
  if (i < 0 || i >= k_dd_action_count)
    throw std::out_of_range("dd action " + std::to_string(i) + " outside 0.." +
                            std::to_string(k_dd_action_count - 1));
  if (i < k_dd_drink_health) return dd::move_action(i);
  if (i == k_dd_drink_health) return {dd::ActionKind::drink_health};
  if (i == k_dd_drink_mana) return {dd::ActionKind::drink_mana};
  if (i < k_dd_cast_at_first) return dd::cast_action(i - k_dd_cast_first);
  if (i < k_dd_convert_first) {
    const int k = i - k_dd_cast_at_first;
    return dd::cast_action(k / 8, directed_target(state.hero.cell, k % 8));
  }
  if (i < k_dd_give_up) return dd::convert_action(i - k_dd_convert_first);
  return {dd::ActionKind::give_up};
}

int dd_legal_mask(const dd::State& s, const dd::Content& content, DdMask& mask) {
  mask.fill(0);
  if (s.outcome != dd::Outcome::playing) return 0;
  int count = 0;
  const auto allow = [&](int i) {
    mask[static_cast<std::size_t>(i)] = 1;
    ++count;
  };
  for (int d = 0; d < 8; ++d) {
    const int n = neighbour(s.hero.cell, d);
    if (n >= 0 && s.wall[static_cast<std::size_t>(n)] == 0) allow(k_dd_move_first + d);
  }
  const dd::Hero& h = s.hero;
  if (h.health_potions > 0 && h.hp < h.max_hp) allow(k_dd_drink_health);
  if (h.mana_potions > 0 && h.mana < h.max_mana) allow(k_dd_drink_mana);
  for (int slot = 0; slot < h.glyph_slots; ++slot) {
    const int spell = h.glyphs[static_cast<std::size_t>(slot)];
    if (spell < 0) continue;
    allow(k_dd_convert_first + slot);
    if (dd::is_targeted(content.spells[static_cast<std::size_t>(spell)].effect)) {
      for (int d = 0; d < 8; ++d)
        if (dd::accepts(s, content, dd::cast_action(slot, directed_target(h.cell, d))))
          allow(k_dd_cast_at_first + slot * 8 + d);
    } else if (dd::accepts(s, content, dd::cast_action(slot))) {
      allow(k_dd_cast_first + slot);
    }
  }
  allow(k_dd_give_up);
  return count;
}

}  // namespace yendor::api
