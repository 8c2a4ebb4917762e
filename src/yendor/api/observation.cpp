#include "yendor/api/observation.hpp"

#include <algorithm>

#include "yendor/api/action_space.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::api {
namespace {

constexpr std::array<std::string_view, k_stat_count> k_stat_names = {
    "hp",        "max_hp",    "str",   "dex",     "con",       "armour",    "level",
    "xp",        "gold",      "depth", "deepest", "turns",     "nutrition", "pending_raises",
    "x",         "y",         "haste", "slow",    "confusion", "poison",    "fire_resistance",
    "telepathy", "levitation"};
constexpr std::array<std::string_view, k_item_field_count> k_item_field_names = {
    "kind", "count", "enchant", "equipped"};

// What the player takes a tile for: a secret door is a wall until found.
std::uint8_t apparent(Tile t) {
  return static_cast<std::uint8_t>(t == Tile::door_secret ? Tile::wall : t);
}

std::uint32_t cell_index(Size size, Point p) {
  return static_cast<std::uint32_t>(p.y) * static_cast<std::uint32_t>(size.width) +
         static_cast<std::uint32_t>(p.x);
}

}  // namespace

std::span<const std::string_view> stat_names() {
  return k_stat_names;
}

std::span<const std::string_view> item_field_names() {
  return k_item_field_names;
}

void ObservationTracker::reset(const game::Game& game) {
  const game::Content& content = game.content();
  auto glyphs = std::make_shared<Glyphs>();
  glyphs->monster.assign(2, '@');
  for (const game::MonsterKind& m : content.monsters)
    glyphs->monster.push_back(m.glyph);
  glyphs->item.assign(1, ' ');
  for (const game::ItemKind& k : content.items)
    glyphs->item.push_back(k.glyph);
  glyphs->terrain.assign(1, ' ');
  for (std::size_t t = 0; t < k_tile_count; ++t)
    glyphs->terrain.push_back(static_cast<char>(tile_info(static_cast<Tile>(t)).glyph));
  glyphs_ = std::move(glyphs);
  remembered_.clear();
  depth_ = 0;
  obs_.messages.clear();
  update(game, {});
}

void ObservationTracker::load_level(const game::Game& game) {
  if (depth_ > 0) remembered_[static_cast<std::size_t>(depth_ - 1)] = obs_.terrain;
  depth_ = game.state().depth;
  const Size size = game.level().level.size();
  const auto cells = static_cast<std::size_t>(size.width) * static_cast<std::size_t>(size.height);
  if (remembered_.size() < static_cast<std::size_t>(depth_))
    remembered_.resize(static_cast<std::size_t>(depth_));
  std::vector<std::uint8_t>& memory = remembered_[static_cast<std::size_t>(depth_ - 1)];
  if (memory.size() != cells) memory.assign(cells, 0);
  obs_.size = size;
  obs_.terrain = memory;
  obs_.visible.assign(cells, 0);
  obs_.monsters.assign(cells, 0);
  obs_.items.assign(cells, 0);
  obs_.traps.assign(cells, 0);
  obs_.glyphs.assign(cells, ' ');
  for (std::uint32_t i = 0; i < cells; ++i)
    if (obs_.terrain[i] != 0) draw(i);
  view_cells_.clear();
  overlay_cells_.clear();
  trap_cells_.clear();
  view_drawn_ = false;
}

void ObservationTracker::draw(std::uint32_t i) {
  char glyph = ' ';
  if (const int m = obs_.monsters[i]; m > 0) {
    glyph = glyphs_->monster[static_cast<std::size_t>(m)];
  } else if (const int item = obs_.items[i]; item > 0) {
    glyph = glyphs_->item[static_cast<std::size_t>(item)];
  } else if (obs_.traps[i] != 0) {
    glyph = '^';
  } else {
    glyph = glyphs_->terrain[obs_.terrain[i]];
  }
  obs_.glyphs[i] = static_cast<std::uint8_t>(glyph);
}

void ObservationTracker::update(const game::Game& game, const std::vector<game::Event>& events) {
  const game::GameState& s = game.state();
  const game::LevelState& level = game.level();
  if (s.depth != depth_ || level.level.size() != obs_.size) load_level(game);
  const Size size = obs_.size;

  // The last step's overlays come off first; their cells are drawn again below.
  old_overlay_.cells.swap(overlay_cells_);
  overlay_cells_.clear();
  for (const std::uint32_t i : old_overlay_.cells) {
    obs_.monsters[i] = 0;
    obs_.items[i] = 0;
  }

  // The view: only when the game computed a new one (tiles in view only change with it).
  // Its cells are drawn as they are marked (terrain or trap: the overlays are off now).
  const fov::VisibleSet& view = game.view();
  if (view_drawn_ && game.view_version() != view_version_ && level.epoch.value == view_epoch_) {
    // The same tiles seen from elsewhere (a step): only the cells that came into view or left
    // it change; the rest keep their terrain and glyph.
    const Rect now = view.bounds();
    const int x0 = std::min(now.x, view_box_.x), y0 = std::min(now.y, view_box_.y);
    const int x1 = std::max(now.x + now.width, view_box_.x + view_box_.width);
    const int y1 = std::max(now.y + now.height, view_box_.y + view_box_.height);
    view_cells_.clear();
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) {
        const Point p{x, y};
        const std::uint32_t i = cell_index(size, p);
        const bool seen = view.visible(p);
        if (seen) view_cells_.push_back(i);
        if (seen == (obs_.visible[i] != 0)) continue;
        obs_.visible[i] = seen ? 1 : 0;
        if (seen) obs_.terrain[i] = static_cast<std::uint8_t>(1 + apparent(level.level.tiles[p]));
        draw(i);
      }
    view_box_ = now;
    view_version_ = game.view_version();
  } else if (!view_drawn_ || game.view_version() != view_version_) {
    old_view_.cells.swap(view_cells_);
    view_cells_.clear();
    for (const std::uint32_t i : old_view_.cells)
      obs_.visible[i] = 0;
    const Grid<Tile>& tiles = level.level.tiles;
    view.for_each([&](Point p) {
      const std::uint32_t i = cell_index(size, p);
      obs_.visible[i] = 1;
      obs_.terrain[i] = static_cast<std::uint8_t>(1 + apparent(tiles[p]));
      draw(i);
      view_cells_.push_back(i);
    });
    for (const std::uint32_t i : old_view_.cells)  // left the view
      if (obs_.visible[i] == 0) draw(i);
    view_version_ = game.view_version();
    view_epoch_ = level.epoch.value;
    view_box_ = view.bounds();
    view_drawn_ = true;
  }

  // The overlays: monsters in view (every one under telepathy), the player, top items.
  const bool telepathy = game::status_turns(s.player, game::Status::telepathy) > 0;
  for (const game::Actor& m : level.monsters) {
    if (m.hp <= 0 || m.kind < 0 || !level.level.in_bounds(m.pos)) continue;
    const std::uint32_t i = cell_index(size, m.pos);
    if (obs_.visible[i] == 0 && !telepathy) continue;
    obs_.monsters[i] = static_cast<std::int16_t>(2 + m.kind);
    overlay_cells_.push_back(i);
  }
  if (level.level.in_bounds(s.player.pos)) {
    const std::uint32_t i = cell_index(size, s.player.pos);
    obs_.monsters[i] = 1;
    overlay_cells_.push_back(i);
  }
  for (const game::Item& item : level.items) {  // in id order: the top item comes last
    if (!level.level.in_bounds(item.pos)) continue;
    const std::uint32_t i = cell_index(size, item.pos);
    if (obs_.visible[i] == 0) continue;
    obs_.items[i] = static_cast<std::int16_t>(1 + item.kind);
    overlay_cells_.push_back(i);
  }
  // Found traps on explored cells, in or out of view.
  for (const std::uint32_t i : trap_cells_) {
    obs_.traps[i] = 0;
    draw(i);
  }
  trap_cells_.clear();
  for (const game::Trap& trap : level.traps) {
    if (trap.hidden || !level.level.in_bounds(trap.pos)) continue;
    if ((level.level.flags[trap.pos] & cell_flag::explored) == 0) continue;
    const std::uint32_t i = cell_index(size, trap.pos);
    obs_.traps[i] = static_cast<std::uint8_t>(1 + static_cast<int>(trap.kind));
    trap_cells_.push_back(i);
  }
  for (const std::uint32_t i : trap_cells_)
    draw(i);
  for (const std::uint32_t i : old_overlay_.cells)
    draw(i);
  for (const std::uint32_t i : overlay_cells_)
    draw(i);

  update_stats(game);
  obs_.messages.clear();
  for (const game::Event& e : events)
    if (!e.text.empty()) obs_.messages.push_back(e.text);
}

void ObservationTracker::update_stats(const game::Game& game) {
  const game::GameState& s = game.state();
  const game::Actor& p = s.player;
  auto& st = obs_.stats;
  const auto set = [&st](Stat k, std::int64_t v) {
    st[static_cast<std::size_t>(k)] = static_cast<std::int32_t>(v);
  };
  set(Stat::hp, p.hp);
  set(Stat::max_hp, p.max_hp);
  set(Stat::str, p.attr.str);
  set(Stat::dex, p.attr.dex);
  set(Stat::con, p.attr.con);
  set(Stat::armour, game::armour_of(game, p));
  set(Stat::level, p.level);
  set(Stat::xp, p.xp);
  set(Stat::gold, p.gold);
  set(Stat::depth, s.depth);
  set(Stat::deepest, s.info.deepest);
  set(Stat::turns, s.info.turns);
  set(Stat::nutrition, s.info.nutrition);
  set(Stat::pending_raises, s.info.pending_raises);
  set(Stat::x, p.pos.x);
  set(Stat::y, p.pos.y);
  for (std::size_t k = 0; k < game::k_status_count; ++k)
    st[static_cast<std::size_t>(Stat::haste) + k] = p.status[k];

  obs_.inventory.assign(static_cast<std::size_t>(k_pack_size) * k_item_field_count, 0);
  for (const game::Item& item : p.inventory) {
    const int rank = pack_rank(item.letter);
    if (rank < 0) continue;
    std::int32_t* row = &obs_.inventory[static_cast<std::size_t>(rank) * k_item_field_count];
    row[0] = item.kind + 1;
    row[1] = item.count;
    row[2] = item.enchant;
    row[3] = item.id == p.wielded ? 1 : item.id == p.worn ? 2 : 0;
  }
}

}  // namespace yendor::api
