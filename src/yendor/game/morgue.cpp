// The morgue file (docs/saves.md, "Morgue files"): a text record of one finished game.
#include <algorithm>
#include <filesystem>
#include <string_view>

#include "yendor/core/file_io.hpp"
#include "yendor/game/highscore.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

constexpr std::size_t k_morgue_messages = 20;

std::string outcome_line(const GameState& s) {
  switch (s.outcome) {
    case Outcome::won:
      return "Victory" + (s.info.cause.empty() ? std::string() : ": " + s.info.cause);
    case Outcome::died:
      return "Died: " + (s.info.cause.empty() ? std::string("unknown causes") : s.info.cause);
    case Outcome::quit:
      return "Quit" + (s.info.cause.empty() ? std::string() : ": " + s.info.cause);
    case Outcome::playing:
      break;
  }
  return "Still playing";
}

// The current level as the player knows it: explored terrain, known traps, items seen
// there, monsters in view and the player.
std::string map_text(const Game& game) {
  const GameState& s = game.state();
  if (s.depth < 1 || static_cast<std::size_t>(s.depth) > s.dungeon.size()) return {};
  const LevelState& here = game.level();
  const Level& level = here.level;
  const Size size = level.size();
  std::vector<std::string> rows(static_cast<std::size_t>(size.height),
                                std::string(static_cast<std::size_t>(size.width), ' '));
  const auto put = [&rows, &level](Point p, char c) {
    if (level.in_bounds(p)) rows[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)] = c;
  };
  const auto explored = [&level](Point p) {
    return level.in_bounds(p) && (level.flags[p] & cell_flag::explored) != 0;
  };
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x) {
      const Point p{x, y};
      if (!explored(p)) continue;
      const TileInfo& info = tile_info(level.tiles[p]);
      put(p, info.glyph < 128 ? static_cast<char>(info.glyph) : info.symbol);
    }
  for (const Trap& t : here.traps)
    if (!t.hidden && explored(t.pos)) put(t.pos, '^');
  for (const Item& item : here.items)
    if (explored(item.pos) && item.kind >= 0 &&
        static_cast<std::size_t>(item.kind) < game.content().items.size())
      put(item.pos, game.content().items[static_cast<std::size_t>(item.kind)].glyph);
  for (const Actor& m : here.monsters)
    if (m.hp > 0 && game.view().visible(m.pos))
      if (const MonsterKind* kind = monster_kind(game, m)) put(m.pos, kind->glyph);
  put(s.player.pos, '@');

  for (std::string& row : rows)
    row.erase(row.find_last_not_of(' ') + 1);
  while (!rows.empty() && rows.back().empty())
    rows.pop_back();
  std::size_t first = 0;
  while (first < rows.size() && rows[first].empty())
    ++first;
  std::string out;
  for (std::size_t i = first; i < rows.size(); ++i)
    out += "  " + rows[i] + "\n";
  return out;
}

}  // namespace

std::string file_safe_name(const std::string& name) {
  std::string out;
  for (const char c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_';
    out += keep ? c : '_';
    if (out.size() >= 32) break;
  }
  return out.empty() ? std::string("player") : out;
}

std::string morgue_text(const Game& game) {
  const GameState& s = game.state();
  const Content& content = game.content();
  const Actor& p = s.player;
  std::string out;
  const auto line = [&out](const std::string& text) { out += text + "\n"; };

  line("Yendor morgue file");
  line("");
  line(s.info.name + ", level " + std::to_string(p.level));
  line(outcome_line(s));
  line("Score: " + std::to_string(compute_score(s, content)));
  line("Seed: " + std::to_string(s.seed));
  line("");
  line("Level " + std::to_string(p.level) + ", experience " + std::to_string(p.xp) +
       (s.info.pending_raises > 0
            ? " (" + std::to_string(s.info.pending_raises) + " raises not chosen)"
            : std::string()));
  line("STR " + std::to_string(p.attr.str) + "  DEX " + std::to_string(p.attr.dex) + "  CON " +
       std::to_string(p.attr.con));
  line("HP " + std::to_string(p.hp) + "/" + std::to_string(p.max_hp));
  line("Gold " + std::to_string(p.gold));
  line("Turns " + std::to_string(s.info.turns) + " (game time " + std::to_string(s.time) + ")");
  line("Depth " + std::to_string(s.depth) + " (deepest " + std::to_string(s.info.deepest) + " of " +
       std::to_string(s.levels) + ")");
  line("Kills " + std::to_string(s.info.kills));

  line("");
  line("Equipment:");
  const auto equipped = [&](const char* slot, ItemId id) {
    std::string what = "nothing";
    for (const Item& item : p.inventory)
      if (item.id == id && id != 0)
        what = std::string(1, item.letter) + ") " + item_name(content, item);
    line(std::string("  ") + slot + ": " + what);
  };
  equipped("wielded", p.wielded);
  equipped("worn", p.worn);

  line("");
  line("Inventory:");
  if (p.inventory.empty()) line("  (empty)");
  for (const Item& item : p.inventory) {
    std::string text =
        "  " + std::string(1, item.letter ? item.letter : '-') + ") " + item_name(content, item);
    if (item.id == p.wielded) text += " (wielded)";
    if (item.id == p.worn) text += " (worn)";
    line(text);
  }

  line("");
  line("Last messages:");
  const std::size_t from =
      s.messages.size() > k_morgue_messages ? s.messages.size() - k_morgue_messages : 0;
  for (std::size_t i = from; i < s.messages.size(); ++i)
    line("  " + std::string(s.messages[i]));

  const std::string map = map_text(game);
  if (!map.empty()) {
    line("");
    line("Level " + std::to_string(s.depth) + ":");
    out += map;
  }
  return out;
}

std::string write_morgue(const std::string& dir, const Game& game) {
  const GameState& s = game.state();
  std::filesystem::path path(dir.empty() ? "." : dir);
  std::error_code ec;
  std::filesystem::create_directories(path, ec);  // write_file_atomic reports a failure
  path /= "morgue-" + file_safe_name(s.info.name) + "-" + std::to_string(s.seed) + "-" +
          std::to_string(s.info.turns) + ".txt";
  write_file_atomic(path.string(), morgue_text(game));
  return path.string();
}

}  // namespace yendor::game
