#pragma once
// The one fake ai::View of the AI tests: a map drawn as ASCII ('#' wall, '.' floor, 'm' the
// monster itself, '@' the player, 'x' another monster) plus the rest of the situation as plain
// public fields a test sets. Every field's default keeps the View's own default answer, so a
// test sets only what it is about.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "yendor/ai/brain.hpp"
#include "yendor/ai/library.hpp"

namespace yendor::ai::testing {

class FakeView final : public View {
 public:
  explicit FakeView(std::vector<std::string> rows) : rows_(std::move(rows)) {
    locate();
    sees = has_player_;
  }

  // ---- the map ----
  Point self() const override { return self_; }
  Size map_size() const override {
    return {static_cast<int>(rows_[0].size()), static_cast<int>(rows_.size())};
  }
  Point player() const override { return player_; }
  bool walkable(Point p) const override {
    const char c = at(p);
    return c != '#' && c != 0;
  }
  bool occupied(Point p) const override {
    const char c = at(p);
    return c == '@' || c == 'x';
  }

  // ---- the fields ----
  int hp() const override { return hp_now; }
  int max_hp() const override { return hp_max; }
  bool sees_player() const override { return sees && has_player_; }
  bool can_fire_at_player() const override { return can_fire && sees_player(); }
  bool has_ranged() const override { return ranged || can_fire; }
  int player_hp() const override { return player_hp_now; }
  int player_max_hp() const override { return player_hp_max; }
  std::int64_t turn() const override { return turn_now; }
  int vision() const override { return sight; }
  const Library& library() const override { return library_ ? *library_ : View::library(); }
  int tactics() const override { return tactics_index; }
  // Those of `seen` the look asks for (within its radius capped by the vision, its kind when
  // kin_only, at most its limit), in the order listed.
  std::span<const Seen> others(const Look& look) const override {
    const int r = std::min(look.radius, vision());
    const std::size_t limit = std::min({look.limit, within_.size(), k_max_seen});
    std::size_t n = 0;
    for (const Seen& s : seen)
      if (n < limit && chebyshev(self_, s.pos) <= r && (s.kin || !look.kin_only)) within_[n++] = s;
    return {within_.data(), n};
  }
  int kin_deaths_seen() const override { return kin_deaths; }
  int damage_taken() const override { return damage; }
  int noise() const override { return noise_level; }
  Point noise_step() const override { return noise_dir; }
  Point scent_step() const override { return scent_dir; }
  bool treasure_missing() const override { return treasure_gone; }
  int player_distance() const override {
    return walking_distance ? *walking_distance : View::player_distance();
  }
  Point chase_step() const override { return chase_dir ? *chase_dir : View::chase_step(); }
  Point flee_step() const override { return flee_dir ? *flee_dir : View::flee_step(); }
  Point path_step(Point target) const override {
    return path_to ? path_to(target) : View::path_step(target);
  }

  void use(const Library& library, int tactics) {
    library_ = &library;
    tactics_index = tactics;
  }
  // Moves the monster, or the player (what the game does with a step).
  void move_self(Point d) {
    set(self_, '.');
    self_ = self_ + d;
    set(self_, 'm');
  }
  void move_player(Point d) {
    set(player_, '.');
    player_ = player_ + d;
    set(player_, '@');
  }
  void set(Point p, char c) {
    rows_[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)] = c;
  }
  // Draws a new map (of any size; one of the same size allocates nothing) and finds 'm' and
  // '@' on it again. `sees` is left as it was.
  void redraw(const std::vector<std::string>& rows) {
    rows_ = rows;
    locate();
  }

  int hp_now = 10, hp_max = 10;
  int player_hp_now = 1, player_hp_max = 1;
  bool sees = false;  // whether it sees the player (set true when the map has one)
  bool can_fire = false;
  bool ranged = false;
  std::int64_t turn_now = 0;
  int sight = 8;  // vision()
  int tactics_index = -1;
  std::vector<Seen> seen;  // the others it sees, nearest first (others())
  int kin_deaths = 0;
  int damage = 0;
  int noise_level = 0;
  Point noise_dir{}, scent_dir{};
  bool treasure_gone = false;
  // The path services' answers; unset: the View's defaults (Chebyshev distance, a greedy step
  // towards the player, away from him, towards the target).
  std::optional<int> walking_distance;
  std::optional<Point> chase_dir, flee_dir;
  std::function<Point(Point)> path_to;

 private:
  char at(Point p) const {
    if (p.y < 0 || p.x < 0 || p.y >= static_cast<int>(rows_.size()) ||
        p.x >= static_cast<int>(rows_[0].size()))
      return 0;
    return rows_[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)];
  }
  void locate() {
    self_ = player_ = {};
    has_player_ = false;
    for (std::size_t y = 0; y < rows_.size(); ++y) {
      const Point row{0, static_cast<int>(y)};
      if (const auto x = rows_[y].find('m'); x != std::string::npos)
        self_ = row + Point{static_cast<int>(x), 0};
      if (const auto x = rows_[y].find('@'); x != std::string::npos) {
        player_ = row + Point{static_cast<int>(x), 0};
        has_player_ = true;
      }
    }
  }
  std::vector<std::string> rows_;
  Point self_{}, player_{};
  bool has_player_ = false;
  const Library* library_ = nullptr;
  mutable std::array<Seen, k_max_seen> within_{};
};

// An open room of `width` x `height` floor cells walled round, the monster at `self`, the
// player (when `player` is not {-1, -1}) at `player` (coordinates inside the walls).
inline std::vector<std::string> open_room(int width, int height, Point self,
                                          Point player = {-1, -1}) {
  std::vector<std::string> rows(static_cast<std::size_t>(height + 2),
                                std::string(static_cast<std::size_t>(width + 2), '.'));
  for (auto& row : rows)
    row.front() = row.back() = '#';
  rows.front() = rows.back() = std::string(static_cast<std::size_t>(width + 2), '#');
  rows[static_cast<std::size_t>(self.y + 1)][static_cast<std::size_t>(self.x + 1)] = 'm';
  if (player != Point{-1, -1})
    rows[static_cast<std::size_t>(player.y + 1)][static_cast<std::size_t>(player.x + 1)] = '@';
  return rows;
}

}  // namespace yendor::ai::testing
