#include "yendor/api/action_space.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "yendor/game/world.hpp"

namespace yendor::api {
namespace {

constexpr std::array<std::string_view, 8> k_direction_names = {
    "north", "east", "south", "west", "north_east", "south_east", "south_west", "north_west"};
constexpr std::array<std::string_view, k_item_verb_count> k_verb_names = {
    "drop", "quaff", "read", "eat", "wield", "wear", "take_off", "sell", "throw"};
constexpr std::array<game::ActionType, k_item_verb_count> k_verb_types = {
    game::ActionType::drop,     game::ActionType::quaff, game::ActionType::read,
    game::ActionType::eat,      game::ActionType::wield, game::ActionType::wear,
    game::ActionType::take_off, game::ActionType::sell,  game::ActionType::throw_item};
constexpr std::array<std::string_view, 3> k_attribute_names = {"str", "dex", "con"};

struct Simple {
  int index;
  std::string_view name;
  game::ActionType type;
};
constexpr std::array<Simple, 10> k_simple = {{
    {k_wait, "wait", game::ActionType::wait},
    {k_rest, "rest", game::ActionType::rest},
    {k_search, "search", game::ActionType::search},
    {k_pick_up, "pick_up", game::ActionType::pick_up},
    {k_descend, "descend", game::ActionType::descend},
    {k_ascend, "ascend", game::ActionType::ascend},
    {k_pray, "pray", game::ActionType::pray},
    {k_drink, "drink", game::ActionType::drink},
    {k_buy, "buy", game::ActionType::buy},
    {k_operate, "operate", game::ActionType::operate},
}};

// The game actions of indices below k_item_first (moves, doors, the simple ones, raises): the
// same for every state, so the mask asks with these instead of building each one again.
const std::array<game::Action, k_item_first>& base_actions() {
  static const std::array<game::Action, k_item_first> table = [] {
    std::array<game::Action, k_item_first> t{};
    for (int i = 0; i < k_item_first; ++i) {
      game::Action& a = t[static_cast<std::size_t>(i)];
      if (i < k_wait) {
        const int group = i / 8;
        a.type = group == 0   ? game::ActionType::move
                 : group == 1 ? game::ActionType::open
                              : game::ActionType::close;
        a.dir = k_directions8[static_cast<std::size_t>(i % 8)];
      } else if (i >= k_raise_first) {
        a.type = game::ActionType::raise;
        a.choice = i - k_raise_first;
      } else {
        for (const Simple& s : k_simple)
          if (s.index == i) a.type = s.type;  // rest: count 0, until healed; pick up, buy: the top
      }
    }
    return t;
  }();
  return table;
}

void check_index(int index) {
  if (index < 0 || index >= k_action_count)
    throw std::out_of_range("action " + std::to_string(index) + " outside 0.." +
                            std::to_string(k_action_count - 1));
}

}  // namespace

char pack_letter(int rank) {
  return static_cast<char>(rank < 26 ? 'a' + rank : 'A' + (rank - 26));
}

int pack_rank(char letter) {
  if (letter >= 'a' && letter <= 'z') return letter - 'a';
  if (letter >= 'A' && letter <= 'Z') return 26 + (letter - 'A');
  return -1;
}

std::string action_name(int index) {
  check_index(index);
  const auto dir = [](int i) {
    return std::string(k_direction_names[static_cast<std::size_t>(i)]);
  };
  if (index < k_open_first) return "move_" + dir(index - k_move_first);
  if (index < k_close_first) return "open_" + dir(index - k_open_first);
  if (index < k_wait) return "close_" + dir(index - k_close_first);
  for (const Simple& s : k_simple)
    if (s.index == index) return std::string(s.name);
  if (index < k_item_first)
    return "raise_" +
           std::string(k_attribute_names[static_cast<std::size_t>(index - k_raise_first)]);
  const int verb = (index - k_item_first) / k_pack_size;
  const int rank = (index - k_item_first) % k_pack_size;
  return std::string(k_verb_names[static_cast<std::size_t>(verb)]) + "_" + pack_letter(rank);
}

int action_index(std::string_view name) {
  for (int i = 0; i < k_action_count; ++i)
    if (action_name(i) == name) return i;
  return -1;
}

Point throw_target(const game::Game& game) {
  const game::Actor& player = game.state().player;
  const game::Actor* best = nullptr;
  int best_distance = 0;
  for (const game::Actor& m : game.level().monsters) {
    if (m.hp <= 0 || m.peaceful || !game.view().visible(m.pos)) continue;
    const int d = std::max(std::abs(m.pos.x - player.pos.x), std::abs(m.pos.y - player.pos.y));
    if (best == nullptr || d < best_distance) {  // monsters are in id order: ties keep the first
      best = &m;
      best_distance = d;
    }
  }
  return best != nullptr ? best->pos : player.pos;
}

game::Action to_game_action(int index, const game::Game& game) {
  check_index(index);
  if (index < k_item_first) return base_actions()[static_cast<std::size_t>(index)];
  game::Action a;
  const int verb = (index - k_item_first) / k_pack_size;
  a.type = k_verb_types[static_cast<std::size_t>(verb)];
  a.item = pack_letter((index - k_item_first) % k_pack_size);
  if (a.type == game::ActionType::throw_item) a.target = throw_target(game);
  return a;
}

int legal_mask(game::Game& game, std::span<std::uint8_t> mask) {
  if (mask.size() != static_cast<std::size_t>(k_action_count))
    throw std::invalid_argument("legal_mask: the mask must have " + std::to_string(k_action_count) +
                                " entries");
  std::fill(mask.begin(), mask.end(), std::uint8_t{0});
  if (game.over()) return 0;
  int legal = 0;
  const auto ask = [&](int index, const game::Action& a) {
    const bool ok = game.accepts(a);
    mask[static_cast<std::size_t>(index)] = ok ? 1 : 0;
    legal += ok ? 1 : 0;
  };
  // Opening needs a shut door there and closing an open one (the rules' first checks; the
  // tests compare every index with Game::accepts): the other directions are not asked.
  const game::LevelState& level = game.level();
  const Point here = game.state().player.pos;
  const std::array<game::Action, k_item_first>& base = base_actions();
  for (int i = 0; i < k_item_first; ++i) {
    if (i >= k_open_first && i < k_wait) {
      const Point p = here + k_directions8[static_cast<std::size_t>(i % 8)];
      const Tile t = level.level.in_bounds(p) ? level.level.tiles[p] : Tile::wall;
      const bool door = i < k_close_first ? t == Tile::door_closed || t == Tile::door_locked
                                          : t == Tile::door_open;
      if (!door) continue;
    }
    ask(i, base[static_cast<std::size_t>(i)]);
  }
  // Only carried letters can be legal; the throw target is the same for every letter.
  const Point target = throw_target(game);
  for (const game::Item& held : game.state().player.inventory) {
    const int rank = pack_rank(held.letter);
    if (rank < 0) continue;
    for (int verb = 0; verb < k_item_verb_count; ++verb) {
      game::Action a;
      a.type = k_verb_types[static_cast<std::size_t>(verb)];
      a.item = held.letter;
      a.target = target;
      ask(item_action(static_cast<ItemVerb>(verb), rank), a);
    }
  }
  return legal;
}

}  // namespace yendor::api
