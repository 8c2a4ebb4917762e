#include "yendor/api/text_view.hpp"

#include "yendor/game/world.hpp"

namespace yendor::api {
namespace {

std::int32_t stat(const Observation& obs, Stat s) {
  return obs.stats[static_cast<std::size_t>(s)];
}

}  // namespace

std::string render_text(const game::Game& game, const Observation& obs) {
  const game::GameState& s = game.state();
  std::string out;
  const auto number = [&out](std::string_view label, std::int64_t v) {
    out += label;
    out += std::to_string(v);
  };
  number("Depth ", stat(obs, Stat::depth));
  number("/", s.levels);
  number("  HP ", stat(obs, Stat::hp));
  number("/", stat(obs, Stat::max_hp));
  number("  STR ", stat(obs, Stat::str));
  number(" DEX ", stat(obs, Stat::dex));
  number(" CON ", stat(obs, Stat::con));
  number("  AC ", stat(obs, Stat::armour));
  number("  Lv ", stat(obs, Stat::level));
  number(" (", stat(obs, Stat::xp));
  out += " xp)";
  number("  Gold ", stat(obs, Stat::gold));
  number("  Turn ", stat(obs, Stat::turns));
  for (std::size_t k = 0; k < game::k_status_count; ++k) {
    const int left = s.player.status[k];
    if (left <= 0) continue;
    out += "  ";
    out += game::to_string(static_cast<game::Status>(k));
    number(" ", left);
  }
  if (s.info.pending_raises > 0) out += "  [raise an attribute]";
  out += '\n';

  const auto width = static_cast<std::size_t>(obs.size.width);
  for (int y = 0; y < obs.size.height; ++y) {
    const auto* row =
        reinterpret_cast<const char*>(&obs.glyphs[static_cast<std::size_t>(y) * width]);
    std::size_t end = width;
    while (end > 0 && row[end - 1] == ' ')
      --end;
    out.append(row, end);
    out += '\n';
  }

  for (const std::string& m : obs.messages) {
    out += m;
    out += '\n';
  }
  out += "Pack:";
  if (s.player.inventory.empty()) out += " (empty)";
  for (const game::Item& item : s.player.inventory) {
    out += ' ';
    out += item.letter;
    out += ") ";
    out += game::item_name(game.content(), item);
    if (item.id == s.player.wielded) out += " (wielded)";
    if (item.id == s.player.worn) out += " (worn)";
    out += ';';
  }
  if (!s.player.inventory.empty()) out.pop_back();
  out += '\n';
  return out;
}

}  // namespace yendor::api
