#include "yendor/analysis/exploration.hpp"

#include <algorithm>
#include <map>

#include "yendor/map/reachability.hpp"

namespace yendor::analysis {

namespace {

constexpr std::int32_t k_none = -1;

// The recorded stairs when they lie on the map, else the first such tile in scan order.
std::optional<Point> stairs_of(const Level& level, const std::optional<Point>& recorded,
                               Tile tile) {
  if (recorded && level.in_bounds(*recorded)) return recorded;
  for (std::size_t i = 0; i < level.tiles.cell_count(); ++i)
    if (level.tiles[i] == tile) return level.tiles.point_of(i);
  return std::nullopt;
}

Rect clipped(const Rect& r, Size size) {
  const int x0 = std::max(r.x, 0), y0 = std::max(r.y, 0);
  const int x1 = std::min(r.x + r.width, size.width), y1 = std::min(r.y + r.height, size.height);
  if (x1 <= x0 || y1 <= y0) return {};
  return {x0, y0, x1 - x0, y1 - y0};
}

Rect intersection(const Rect& a, const Rect& b) {
  const int x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
  const int x1 = std::min(a.x + a.width, b.x + b.width);
  const int y1 = std::min(a.y + a.height, b.y + b.height);
  if (x1 <= x0 || y1 <= y0) return {};
  return {x0, y0, x1 - x0, y1 - y0};
}

// What the walk knows about one lock of meta.locks.
struct WalkLock {
  bool valve = false;                // entered only from the entry side
  bool asymmetrical = false;         // first crossed from the entry side
  bool uncertain = false;            // a plain door from the entry side
  bool collapsing = false;           // falls once stepped off
  bool one_way = false;              // valve or collapsing: crossed only when nothing else is left
  std::int32_t entry_side = k_none;  // side label of the entry cell
  bool condition = false;            // a key walked over, or no key on the level opens it
  bool opened = false;               // crossed from the entry side (asymmetrical, uncertain)
  bool collapsed = false;
};

class Exploration {
 public:
  Exploration(const Level& level, Point up)
      : level_(level),
        size_(level.size()),
        seen_(level.size(), 0),
        lock_at_(level.size(), k_none),
        room_rank_(level.size(), k_none) {
    init_locks();
    init_keys();
    init_rooms();
    const auto n = static_cast<std::size_t>(size_.area());
    parent_.assign(n, k_none);
    stamp_.assign(n, 0);
    pos_ = level.tiles.index_of(up);
    seen_[pos_] = 1;
    walk_.cells.push_back(up);
    arrive(pos_);
  }

  // Returns false when the walk cannot end on the down stairs.
  bool run(Point down) {
    const std::size_t goal = level_.tiles.index_of(down);
    const auto room_target = [&](std::size_t i) { return room_rank_[i]; };
    const auto key_target = [&](std::size_t i) { return useful_key_at(i); };
    const auto goal_target = [&](std::size_t i) { return i == goal ? 0 : k_none; };
    while (walk_.rooms_visited < static_cast<std::int64_t>(level_.meta.rooms.size())) {
      if (go(false, room_target) || go(true, room_target) || go(true, key_target)) continue;
      break;  // the remaining rooms are out of reach for good
    }
    while (pos_ != goal)
      if (!go(true, goal_target) && !go(true, key_target)) return false;
    return true;
  }

  ExplorationWalk result() && {
    walk_.steps = static_cast<std::int64_t>(walk_.cells.size()) - 1;
    walk_.backtracking = walk_.steps > 0 ? static_cast<double>(walk_.repeated_steps) /
                                               static_cast<double>(walk_.steps)
                                         : 0.0;
    return std::move(walk_);
  }

 private:
  void init_locks() {
    const std::vector<LockInfo>& infos = level_.meta.locks;
    locks_.resize(infos.size());
    for (std::size_t l = 0; l < infos.size(); ++l)
      for (const Point p : infos[l].cells)
        if (level_.in_bounds(p)) lock_at_[p] = static_cast<std::int32_t>(l);
    if (infos.empty()) return;
    // Sides: connected parts of the traversable cells outside every lock.
    Grid<Tile> outside = level_.tiles;
    for (std::size_t i = 0; i < outside.cell_count(); ++i)
      if (lock_at_[i] != k_none) outside[i] = Tile::wall;
    side_ = label_regions(outside).labels;
    for (std::size_t l = 0; l < infos.size(); ++l) {
      const LockInfo& info = infos[l];
      WalkLock& w = locks_[l];
      w.valve = info.direction == LockDirection::valve || info.kind == "drop";
      w.asymmetrical = info.direction == LockDirection::asymmetrical;
      w.uncertain = info.type == LockType::uncertain;
      w.collapsing = info.duration == LockDuration::collapsing || info.kind == "collapsing_bridge";
      w.one_way = w.valve || w.collapsing;
      if (info.entry && level_.in_bounds(*info.entry) && lock_at_[*info.entry] == k_none)
        w.entry_side = side_[*info.entry];
      w.condition = true;  // until a key that opens it turns up below
    }
  }

  static bool contains(const std::vector<int>& ids, int id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  }

  void init_keys() {
    const std::vector<KeyInfo>& keys = level_.meta.keys;
    const std::vector<LockInfo>& infos = level_.meta.locks;
    key_locks_.resize(keys.size());
    key_taken_.assign(keys.size(), false);
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const KeyInfo& key = keys[k];
      for (std::size_t l = 0; l < infos.size(); ++l) {
        const LockInfo& lock = infos[l];
        const bool opens =
            contains(lock.keys, key.id) || contains(key.locks, lock.id) ||
            (!key.particular && !key.key_class.empty() && key.key_class == lock.key_class);
        if (!opens) continue;
        key_locks_[k].push_back(l);
        locks_[l].condition = false;
      }
      if (level_.in_bounds(key.pos)) key_cells_.emplace_back(level_.tiles.index_of(key.pos), k);
    }
    std::sort(key_cells_.begin(), key_cells_.end());
  }

  // Room ranks order rooms by (id, index); room_rank_ holds the least rank of the unvisited
  // rooms covering each cell.
  void init_rooms() {
    const std::vector<Room>& rooms = level_.meta.rooms;
    rank_to_room_.resize(rooms.size());
    for (std::size_t i = 0; i < rooms.size(); ++i)
      rank_to_room_[i] = i;
    std::stable_sort(rank_to_room_.begin(), rank_to_room_.end(),
                     [&](std::size_t a, std::size_t b) { return rooms[a].id < rooms[b].id; });
    visited_.assign(rooms.size(), false);
    paint_ranks(level_.tiles.bounds());
  }

  // Repaints room_rank_ inside `area` from the unvisited rooms.
  void paint_ranks(const Rect& area) {
    room_rank_.fill(area, k_none);
    for (std::size_t rank = rank_to_room_.size(); rank-- > 0;) {
      const std::size_t r = rank_to_room_[rank];
      if (visited_[r]) continue;
      const Rect part = intersection(clipped(level_.meta.rooms[r].rect, size_), area);
      if (!part.empty()) room_rank_.fill(part, static_cast<std::int32_t>(rank));
    }
  }

  // The key index (as a target priority) of an untaken key at cell i that opens a lock the
  // walk cannot yet pass; k_none otherwise.
  std::int32_t useful_key_at(std::size_t i) const {
    auto it = std::lower_bound(key_cells_.begin(), key_cells_.end(),
                               std::pair<std::size_t, std::size_t>{i, 0});
    for (; it != key_cells_.end() && it->first == i; ++it) {
      if (key_taken_[it->second]) continue;
      for (const std::size_t l : key_locks_[it->second])
        if (!locks_[l].condition && !locks_[l].collapsed)
          return static_cast<std::int32_t>(it->second);
    }
    return k_none;
  }

  bool lock_cell_passable(std::size_t i, std::int32_t l) const {
    const LockInfo& info = level_.meta.locks[static_cast<std::size_t>(l)];
    return is_traversable(open_lock_tile(info, level_.tiles[i]));
  }

  bool can_step(std::size_t from, std::size_t to, bool allow_one_way) const {
    const std::int32_t l = lock_at_[to];
    if (l == k_none) return is_traversable(level_.tiles[to]);
    const WalkLock& w = locks_[static_cast<std::size_t>(l)];
    if (w.collapsed || !lock_cell_passable(to, l)) return false;
    if (lock_at_[from] == l) return true;  // moving about inside the lock
    if (w.one_way && !allow_one_way) return false;
    const bool known_entry = w.entry_side != k_none;
    const bool from_entry = known_entry && side_[from] == w.entry_side;
    if (w.valve && known_entry && !from_entry) return false;
    if (w.condition || w.opened) {
      if (w.asymmetrical && !w.opened && known_entry && !from_entry) return false;
      return true;
    }
    return w.uncertain && from_entry;  // a secret door is a plain door from its entry side
  }

  // Breadth-first search from the walker to the nearest cell where `priority` is not k_none
  // (the least priority, then the first in scan order, among the nearest); walks there.
  // False when no such cell is reachable.
  template <typename Priority>
  bool go(bool allow_one_way, const Priority& priority) {
    ++generation_;
    queue_.clear();
    queue_.push_back(pos_);
    stamp_[pos_] = generation_;
    parent_[pos_] = k_none;
    const auto w = static_cast<std::size_t>(size_.width);
    std::size_t begin = 0;
    while (begin < queue_.size()) {
      const std::size_t end = queue_.size();
      std::size_t best = queue_.size();
      std::int32_t best_priority = 0;
      for (std::size_t q = begin; q < end; ++q) {
        const std::int32_t p = priority(queue_[q]);
        if (p == k_none || queue_[q] == pos_) continue;
        if (best == queue_.size() || p < best_priority ||
            (p == best_priority && queue_[q] < queue_[best])) {
          best = q;
          best_priority = p;
        }
      }
      if (best != queue_.size()) {
        walk_to(queue_[best]);
        return true;
      }
      for (std::size_t q = begin; q < end; ++q) {
        const std::size_t i = queue_[q];
        const std::size_t x = i % w;
        const std::size_t next[4] = {i >= w ? i - w : i, x + 1 < w ? i + 1 : i,
                                     i + w < queue_limit() ? i + w : i, x > 0 ? i - 1 : i};
        for (const std::size_t j : next) {
          if (j == i || stamp_[j] == generation_ || !can_step(i, j, allow_one_way)) continue;
          stamp_[j] = generation_;
          parent_[j] = static_cast<std::int32_t>(i);
          queue_.push_back(j);
        }
      }
      begin = end;
    }
    return false;
  }

  std::size_t queue_limit() const { return static_cast<std::size_t>(size_.area()); }

  void walk_to(std::size_t target) {
    path_.clear();
    for (auto i = static_cast<std::int32_t>(target); i != k_none;
         i = parent_[static_cast<std::size_t>(i)])
      path_.push_back(static_cast<std::size_t>(i));
    // path_ runs target .. pos_; walk it backwards, skipping the walker's own cell.
    for (std::size_t k = path_.size() - 1; k-- > 0;)
      if (!step(path_[k])) return;  // a bridge fell behind the walker: plan again
  }

  // One step; false when it closed a lock behind the walker (the rest of the plan may use it).
  bool step(std::size_t to) {
    const std::int32_t left = lock_at_[pos_];
    const std::int32_t entered = lock_at_[to];
    if (entered != k_none && entered != left) {
      WalkLock& w = locks_[static_cast<std::size_t>(entered)];
      if (w.asymmetrical || w.uncertain) w.opened = true;
    }
    pos_ = to;
    walk_.repeated_steps += seen_[to];
    seen_[to] = 1;
    walk_.cells.push_back(level_.tiles.point_of(to));
    arrive(to);
    if (left != k_none && left != entered && locks_[static_cast<std::size_t>(left)].collapsing) {
      locks_[static_cast<std::size_t>(left)].collapsed = true;
      return false;
    }
    return true;
  }

  // Takes the keys and visits the rooms at cell i.
  void arrive(std::size_t i) {
    auto it = std::lower_bound(key_cells_.begin(), key_cells_.end(),
                               std::pair<std::size_t, std::size_t>{i, 0});
    for (; it != key_cells_.end() && it->first == i; ++it) {
      if (key_taken_[it->second]) continue;
      key_taken_[it->second] = true;
      for (const std::size_t l : key_locks_[it->second])
        locks_[l].condition = true;
    }
    if (room_rank_[i] == k_none) return;
    const Point p = level_.tiles.point_of(i);
    for (std::size_t r = 0; r < visited_.size(); ++r) {
      if (visited_[r] || !clipped(level_.meta.rooms[r].rect, size_).contains(p)) continue;
      visited_[r] = true;
      ++walk_.rooms_visited;
      paint_ranks(clipped(level_.meta.rooms[r].rect, size_));
    }
  }

  const Level& level_;
  Size size_;
  Grid<std::uint8_t> seen_;
  Grid<std::int32_t> lock_at_;  // index into meta.locks, k_none off locks
  Grid<std::int32_t> side_;     // labels of the cells outside locks
  std::vector<WalkLock> locks_;
  std::vector<std::vector<std::size_t>> key_locks_;  // per key: the locks it opens
  std::vector<bool> key_taken_;
  std::vector<std::pair<std::size_t, std::size_t>> key_cells_;  // (cell, key), sorted
  std::vector<std::size_t> rank_to_room_;
  std::vector<bool> visited_;
  Grid<std::int32_t> room_rank_;
  // Search buffers, reused by every leg (generation stamps instead of clearing).
  std::vector<std::int32_t> parent_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t generation_ = 0;
  std::vector<std::size_t> queue_;
  std::vector<std::size_t> path_;
  std::size_t pos_ = 0;
  ExplorationWalk walk_;
};

// Every room has a cell reachable from `up` with every lock open.
bool every_room_reachable(const Level& level, Point up) {
  const Grid<std::int32_t> steps = walk_distances(tiles_with_locks_open(level), up);
  for (const Room& room : level.meta.rooms) {
    const Rect r = clipped(room.rect, level.size());
    bool reached = false;
    for (int y = r.top(); !reached && y <= r.bottom(); ++y)
      for (int x = r.left(); !reached && x <= r.right(); ++x)
        reached = steps[{x, y}] != k_unreachable;
    if (!reached) return false;
  }
  return true;
}

}  // namespace

std::optional<ExplorationWalk> exploration_walk(const Level& level) {
  if (level.meta.rooms.empty() || level.tiles.cell_count() == 0) return std::nullopt;
  if (level.tiles.cell_count() > 0x7fffffffu) return std::nullopt;  // indices are int32
  const std::optional<Point> up = stairs_of(level, level.meta.stairs.up, Tile::stairs_up);
  const std::optional<Point> down = stairs_of(level, level.meta.stairs.down, Tile::stairs_down);
  if (!up || !down || !every_room_reachable(level, *up)) return std::nullopt;
  Exploration exploration(level, *up);
  if (!exploration.run(*down)) return std::nullopt;
  return std::move(exploration).result();
}

LockKeyCounts count_locks_and_keys(const Level& level) {
  LockKeyCounts c;
  const LevelMeta& meta = level.meta;
  c.cycles = static_cast<std::int64_t>(meta.cycles.size());
  if (!meta.cycles.empty()) {
    double a = 0.0, b = 0.0;
    for (const CycleInfo& cycle : meta.cycles) {
      a += cycle.a_length;
      b += cycle.b_length;
    }
    c.mean_a_length = a / static_cast<double>(meta.cycles.size());
    c.mean_b_length = b / static_cast<double>(meta.cycles.size());
  }
  c.locks = static_cast<std::int64_t>(meta.locks.size());
  c.keys = static_cast<std::int64_t>(meta.keys.size());
  std::map<std::string, std::int64_t> counts;
  const auto flag = [](bool v) { return v ? "true" : "false"; };
  for (const LockInfo& lock : meta.locks) {
    ++counts["type:" + std::string(to_string(lock.type))];
    ++counts["duration:" + std::string(to_string(lock.duration))];
    ++counts["direction:" + std::string(to_string(lock.direction))];
    ++counts["kind:" + lock.kind];
    ++counts[std::string("safe:") + flag(lock.safe)];
  }
  for (const KeyInfo& key : meta.keys) {
    ++counts["key:" + key.kind];
    ++counts[std::string("consumed:") + flag(key.consumed)];
    ++counts[std::string("particular:") + flag(key.particular)];
    ++counts[std::string("fixed:") + flag(key.fixed)];
    ++counts[std::string("multipurpose:") + flag(key.multipurpose)];
  }
  c.by_attribute.assign(counts.begin(), counts.end());
  return c;
}

}  // namespace yendor::analysis
