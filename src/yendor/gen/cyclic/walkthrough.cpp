#include "yendor/gen/cyclic/walkthrough.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor::cyclic {

namespace {

using Action = SolveStep::Action;

std::string at(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}

// The compass zone of a point: the map cut into thirds each way.
std::string zone(Point p, Size size) {
  const auto third = [](int v, int side) { return side <= 0 ? 1 : std::min(2, v * 3 / side); };
  static constexpr std::string_view rows[3] = {"north", "", "south"};
  static constexpr std::string_view columns[3] = {"west", "", "east"};
  const std::string_view row = rows[third(p.y, size.height)];
  const std::string_view column = columns[third(p.x, size.width)];
  if (row.empty() && column.empty()) return "centre";
  if (row.empty()) return std::string(column);
  if (column.empty()) return std::string(row);
  return std::string(row) + "-" + std::string(column);
}

// The compass direction from `a` towards `b` ("north", "south-east", ...).
std::string direction(Point a, Point b) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  const std::string ns = dy < 0 ? "north" : "south", ew = dx < 0 ? "west" : "east";
  if (dx == 0 && dy == 0) return "ahead";
  if (std::abs(dx) >= 2 * std::abs(dy)) return ew;
  if (std::abs(dy) >= 2 * std::abs(dx)) return ns;
  return ns + "-" + ew;
}

std::string_view lock_noun(std::string_view realize) {
  if (realize == "locked_door") return "locked door";
  if (realize == "barred_door") return "barred door";
  if (realize == "timed_gate") return "timed gate";
  if (realize == "lava") return "lava";
  if (realize == "chasm") return "chasm";
  if (realize == "secret_door") return "secret door";
  if (realize == "collapsing_bridge") return "rickety bridge";
  if (realize == "drop") return "ledge";
  return "barrier";
}

std::string_view key_noun(std::string_view kind) {
  if (kind == "key") return "key";
  if (kind == "lever") return "lever";
  if (kind == "bridge_lever") return "bridge lever";
  if (kind == "potion_fire_resistance") return "potion of fire resistance";
  if (kind == "scroll_magic_mapping") return "scroll of magic mapping";
  if (kind == "scroll_teleportation") return "scroll of teleportation";
  return "key";
}

// Locks a player sees as barring the way (secret doors are hidden; drops and bridges are
// crossed without a key).
bool visibly_bars(std::string_view realize) {
  return realize == "locked_door" || realize == "barred_door" || realize == "timed_gate" ||
         realize == "lava" || realize == "chasm";
}

std::int64_t distance_to_rect(Point p, const Rect& r) {
  const int dx = p.x < r.left() ? r.left() - p.x : (p.x > r.right() ? p.x - r.right() : 0);
  const int dy = p.y < r.top() ? r.top() - p.y : (p.y > r.bottom() ? p.y - r.bottom() : 0);
  return std::int64_t{dx} + dy;
}

// Writes the walkthrough of one level and solution.
class Narrator {
 public:
  Narrator(const Level& level, const LockGraph& graph, const SolveResult& result)
      : level_(level), meta_(level.meta), graph_(graph), result_(result) {
    check_result();
    index_metadata();
    assign_rooms_to_regions();
  }

  std::string run() {
    std::string out;
    if (!result_.solvable) {
      out += "This level is not proven solvable:\n";
      for (const std::string& problem : result_.problems)
        out += "- " + problem + "\n";
      if (result_.problems.empty()) out += "- (no reason given)\n";
      out += result_.solution.empty() ? "No safe way to the down stairs was found.\n"
                                      : "The safe part the solver found:\n";
    }
    walkthrough();
    for (const std::string& line : lines_)
      out += line + "\n";
    out += optional_places();
    return out;
  }

 private:
  // ---- setup ---------------------------------------------------------------------------

  [[noreturn]] static void bad_result(const std::string& what) {
    throw InputError("explain: the solver result does not fit this level: " + what);
  }

  void check_result() const {
    const auto n_locks = static_cast<int>(graph_.locks.size());
    const auto n_keys = static_cast<int>(graph_.keys.size());
    for (std::size_t i = 0; i < result_.solution.size(); ++i) {
      const SolveStep& s = result_.solution[i];
      const std::string step = "step " + std::to_string(i + 1) + " ";
      if (s.region < 0 || s.region >= graph_.regions)
        bad_result(step + "names region " + std::to_string(s.region) + " of " +
                   std::to_string(graph_.regions));
      if (s.lock < -1 || s.lock >= n_locks)
        bad_result(step + "names lock index " + std::to_string(s.lock) + " of " +
                   std::to_string(n_locks));
      if (s.key < -1 || s.key >= n_keys)
        bad_result(step + "names key index " + std::to_string(s.key) + " of " +
                   std::to_string(n_keys));
      const bool needs_key = s.action == Action::take_key || s.action == Action::use_lever ||
                             s.action == Action::reveal;
      const bool needs_lock = s.action == Action::cross_lock || s.action == Action::open_lock;
      if (needs_key && s.key < 0) bad_result(step + "has no key");
      if (needs_lock && s.lock < 0) bad_result(step + "has no lock");
    }
    for (int l : result_.main_path_locks)
      if (l < 0 || l >= n_locks) bad_result("main path lock index " + std::to_string(l));
    if (graph_.region_anchor.size() != static_cast<std::size_t>(graph_.regions))
      bad_result("the lock graph has no region anchors");
  }

  void index_metadata() {
    for (const LockInfo& l : meta_.locks)
      lock_by_id_[l.id] = &l;
    for (const KeyInfo& k : meta_.keys)
      key_by_id_[k.id] = &k;
    for (const SolverLock& l : graph_.locks)
      if (!lock_by_id_.count(l.id)) bad_result("lock id " + std::to_string(l.id) + " is unknown");
    for (const SolverKey& k : graph_.keys)
      if (!key_by_id_.count(k.id)) bad_result("key id " + std::to_string(k.id) + " is unknown");
    for (std::size_t i = 0; i < meta_.rooms.size(); ++i)
      room_index_[meta_.rooms[i].id] = i;
    for (const MissionNode& n : meta_.mission.nodes())
      if (is_place_kind(kind_of(n.attrs)) && n.attrs.contains("room"))
        place_of_room_[static_cast<int>(int_attr(n.attrs, "room"))] = &n;
  }

  // Regions as the solver cuts them (lock cells and ledges walled off, components in scan
  // order), matched to the solver's numbering through its anchors; each room belongs to the
  // region holding most of its cells.
  void assign_rooms_to_regions() {
    Grid<Tile> tiles = level_.tiles;
    for (const LockInfo& lock : meta_.locks)
      for (Point p : lock.cells)
        if (tiles.in_bounds(p)) tiles[p] = Tile::wall;
    for (Tile& t : tiles.cells())
      if (t == Tile::ledge) t = Tile::wall;
    labels_ = label_regions(tiles).labels;
    std::map<std::int32_t, int> region_of_label;
    for (int r = 0; r < graph_.regions; ++r) {
      const Point a = graph_.region_anchor[static_cast<std::size_t>(r)];
      if (labels_.in_bounds(a) && labels_[a] >= 0) region_of_label.emplace(labels_[a], r);
    }
    const Rect bounds{0, 0, level_.width(), level_.height()};
    rooms_of_region_.assign(static_cast<std::size_t>(graph_.regions), {});
    std::map<int, std::int64_t> counts;
    for (const Room& room : meta_.rooms) {
      counts.clear();
      for (int y = room.rect.top(); y <= room.rect.bottom(); ++y)
        for (int x = room.rect.left(); x <= room.rect.right(); ++x) {
          const Point p{x, y};
          if (!bounds.contains(p)) continue;
          const auto it = region_of_label.find(labels_[p]);
          if (it != region_of_label.end()) ++counts[it->second];
        }
      int best = -1;
      std::int64_t most = 0;
      for (const auto& [region, count] : counts)
        if (count > most) best = region, most = count;
      region_of_room_[room.id] = best;
      if (best >= 0) rooms_of_region_[static_cast<std::size_t>(best)].push_back(room.id);
    }
  }

  // ---- names -----------------------------------------------------------------------------

  const LockInfo& lock_info(int index) const {
    return *lock_by_id_.at(graph_.locks[static_cast<std::size_t>(index)].id);
  }
  const KeyInfo& key_info(int index) const {
    return *key_by_id_.at(graph_.keys[static_cast<std::size_t>(index)].id);
  }
  const Room& room(int id) const { return meta_.rooms[room_index_.at(id)]; }
  bool is_gate(int room_id) const { return room(room_id).kind == "lock"; }

  // The room of `region` nearest `near` (gates only when nothing else is there); -1: none.
  int room_in_region(int region, Point near) const {
    int best = -1;
    std::int64_t best_distance = 0;
    for (int pass = 0; pass < 2 && best < 0; ++pass) {
      for (int id : rooms_of_region_[static_cast<std::size_t>(region)]) {
        if (is_gate(id) != (pass == 1)) continue;
        const std::int64_t d = distance_to_rect(near, room(id).rect);
        if (best < 0 || d < best_distance) best = id, best_distance = d;
      }
    }
    return best;
  }

  // The room a point lies in (not a gate when another room also holds it); else the nearest
  // room of its region.
  int room_at(Point p) const {
    int best = -1;
    for (const Room& r : meta_.rooms)
      if (r.rect.contains(p) && (best < 0 || (is_gate(best) && r.kind != "lock"))) best = r.id;
    if (best >= 0) return best;
    if (labels_.in_bounds(p))
      for (int region = 0; region < graph_.regions; ++region) {
        const Point a = graph_.region_anchor[static_cast<std::size_t>(region)];
        if (labels_.in_bounds(a) && labels_[a] == labels_[p] && labels_[p] >= 0)
          return room_in_region(region, p);
      }
    return -1;
  }

  // "room 5" and, on its first mention, what it is and where: "room 5 (the shrine,
  // north-east, around (40,6))". `room_id` -1: the passages near `p`.
  std::string room_name(int room_id, Point p) {
    if (room_id < 0) return "the passages around " + at(p);
    std::string out = "room " + std::to_string(room_id);
    if (!named_rooms_.insert(room_id).second) return out;
    const Room& r = room(room_id);
    std::string what;
    if (const auto it = place_of_room_.find(room_id); it != place_of_room_.end()) {
      const ParamSet& a = it->second->attrs;
      what = std::string(text_attr(a, "role"));
      if (what.empty() && kind_of(a) == "start") what = "entrance";
      if (what.empty() && kind_of(a) == "goal") what = "exit";
      if (!what.empty()) what = "the " + what;
      const std::string_view theme = text_attr(a, "theme");
      if (!theme.empty() && theme != "dungeon")
        what += (what.empty() ? "a " : ", a ") + std::string(theme) + " room";
    }
    const Point c = r.rect.center();
    return out + " (" + (what.empty() ? "" : what + ", ") + zone(c, level_.size()) + ", around " +
           at(c) + ")";
  }

  std::string region_room_name(int region, Point near) {
    return room_name(room_in_region(region, near), near);
  }

  Point lock_point(const LockInfo& l) const {
    return l.cells.empty() ? Point{0, 0} : l.cells[l.cells.size() / 2];
  }

  // "the barred door at (20,8) (lock 2)"
  std::string lock_name(int index) const {
    const LockInfo& l = lock_info(index);
    return "the " + std::string(lock_noun(l.kind)) + " at " + at(lock_point(l)) + " (lock " +
           std::to_string(l.id) + ")";
  }

  // "the lever at (3,4)"
  std::string key_name(int index) const {
    const KeyInfo& k = key_info(index);
    return "the " + std::string(key_noun(k.kind)) + " at " + at(k.pos);
  }

  // Key indices that open lock `l`: its particular keys and levers, and keys of its class.
  std::vector<int> keys_of(int l) const {
    const SolverLock& lock = graph_.locks[static_cast<std::size_t>(l)];
    std::vector<int> out = lock.keys;
    for (std::size_t k = 0; k < graph_.keys.size(); ++k) {
      const SolverKey& key = graph_.keys[k];
      if (!key.particular && !key.fixed && !lock.key_class.empty() &&
          key.key_class == lock.key_class)
        out.push_back(static_cast<int>(k));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  // ---- the walkthrough ----------------------------------------------------------------------

  void line(std::string text) {
    lines_.push_back("(" + std::to_string(lines_.size() + 1) + ") " + std::move(text));
  }

  // Locks of `region` that bar the way and that the solution opens later, with where
  // their keys are: "The way east is barred by the barred door at (20,8) (lock 2); its lever
  // is in room 9 (...)."
  std::string blockers(int region, std::size_t from_step) {
    std::string out;
    for (std::size_t s = from_step; s < result_.solution.size(); ++s) {
      const SolveStep& step = result_.solution[s];
      if (step.action != Action::cross_lock) continue;
      const int l = step.lock;
      const SolverLock& lock = graph_.locks[static_cast<std::size_t>(l)];
      if (opened_.count(l) || mentioned_locks_.count(l) || !visibly_bars(lock_info(l).kind))
        continue;
      if (std::find(lock.sides.begin(), lock.sides.end(), region) == lock.sides.end()) continue;
      mentioned_locks_.insert(l);
      const int here = room_in_region(region, lock_point(lock_info(l)));
      const Point from = here >= 0 ? room(here).rect.center() : lock_point(lock_info(l));
      out +=
          " The way " + direction(from, lock_point(lock_info(l))) + " is barred by " + lock_name(l);
      const std::vector<int> keys = keys_of(l);
      std::vector<std::string> where;
      for (int k : keys) {
        if (held_.count(k)) {
          where.push_back("you already have " + key_name(k));
          continue;
        }
        const KeyInfo& key = key_info(k);
        where.push_back(std::string(key.fixed ? "its " : "a ") + std::string(key_noun(key.kind)) +
                        (key.fixed ? " stands in " : " lies in ") +
                        room_name(room_at(key.pos), key.pos));
      }
      if (!where.empty()) {
        out += "; ";
        for (std::size_t i = 0; i < where.size(); ++i)
          out += (i == 0 ? "" : i + 1 == where.size() ? " and " : ", ") + where[i];
      }
      out += ".";
    }
    return out;
  }

  // `sees` edges out of the places of `region`: "Across the chasm you can see room 9, where
  // the lever stands."
  std::string foreshadowing(int region) {
    std::string out;
    for (int room_id : rooms_of_region_[static_cast<std::size_t>(region)]) {
      const auto place = place_of_room_.find(room_id);
      if (place == place_of_room_.end()) continue;
      for (int e : meta_.mission.out_edges(place->second->id, "sees")) {
        if (!seen_edges_.insert(e).second) continue;
        const MissionNode* target = meta_.mission.find_node(meta_.mission.find_edge(e)->to);
        if (target == nullptr || !target->attrs.contains("room")) continue;
        const int seen = static_cast<int>(int_attr(target->attrs, "room"));
        if (!room_index_.count(seen)) continue;
        const auto seen_region = region_of_room_.find(seen);
        if (seen_region != region_of_room_.end() && visited_.count(seen_region->second)) continue;
        out += " Across the chasm you can see " + room_name(seen, room(seen).rect.center());
        std::vector<std::string> there;
        for (const KeyInfo& k : meta_.keys)
          if (room_at(k.pos) == seen)
            there.push_back(std::string(k.fixed ? "the " : "a ") + std::string(key_noun(k.kind)) +
                            (k.fixed ? " stands" : " lies"));
        if (!there.empty()) {
          out += ", where " + there.front();
          for (std::size_t i = 1; i < there.size(); ++i)
            out += " and " + there[i];
        }
        out += ", but you cannot reach it yet.";
      }
    }
    return out;
  }

  std::string arrive(int region, std::size_t next_step) {
    if (!visited_.insert(region).second) return "";
    return blockers(region, next_step) + foreshadowing(region);
  }

  std::string cross_text(const SolveStep& step, bool back) {
    const int l = step.lock;
    const LockInfo& lock = lock_info(l);
    const std::string there = region_room_name(step.region, lock_point(lock));
    const std::string name = lock_name(l);
    std::string out;
    if (lock.kind == "drop") {
      out = "Drop down " + name + " into " + there + "; there is no way back up";
    } else if (lock.kind == "collapsing_bridge" || lock.duration == LockDuration::collapsing) {
      out = "Cross " + name + " to " + there + "; the bridge collapses behind you";
    } else if (lock.kind == "lava") {
      out = (step.key >= 0 ? "Wade through " + name + " unharmed, protected by the potion, to "
                           : "Cross " + name + " to ") +
            there;
    } else if (lock.kind == "chasm") {
      out = "Cross the bridge over " + name.substr(4) + " to " + there;
    } else if (lock.kind == "timed_gate" || lock.duration == LockDuration::temporary) {
      out = "Hurry through " + name + " before it shuts, to " + there;
    } else {
      out = (back ? "Go back through " : "Go through ") + name + " to " + there;
    }
    const bool one_way = lock.kind == "drop" || lock.direction == LockDirection::valve;
    if (one_way && lock.kind != "drop") out += "; it lets you through one way only";
    if (back) out += one_way ? ": a quick way back" : " (the way back)";
    return out + ".";
  }

  std::string lever_effect(int l) const {
    const LockInfo& lock = lock_info(l);
    const std::string name = lock_name(l);
    std::string out;
    if (lock.kind == "barred_door")
      out = "the bars of " + name + " lift";
    else if (lock.kind == "timed_gate")
      out = name + " opens for a few turns";
    else if (lock.kind == "chasm" || lock.kind == "lava")
      out = "a bridge extends across " + name;
    else
      out = name + " opens";
    if (lock.duration == LockDuration::reversible) out += " (pulling it again closes them)";
    return out;
  }

  void walkthrough() {
    const std::optional<Point> up = meta_.stairs.up;
    const Point start_point =
        up.value_or(graph_.region_anchor.empty()
                        ? Point{0, 0}
                        : graph_.region_anchor[static_cast<std::size_t>(graph_.start)]);
    const int start_room = room_at(start_point);
    line("You enter the level in " + room_name(start_room, start_point) + ", at the up stairs " +
         at(start_point) + "." + arrive(graph_.start, 0));

    int region = graph_.start;
    for (std::size_t i = 0; i < result_.solution.size(); ++i) {
      const SolveStep& step = result_.solution[i];
      switch (step.action) {
        case Action::move:
          line("Go on to " +
               region_room_name(step.region,
                                graph_.region_anchor[static_cast<std::size_t>(step.region)]) +
               "." + arrive(step.region, i + 1));
          break;
        case Action::take_key: {
          const KeyInfo& key = key_info(step.key);
          held_.insert(step.key);
          std::string text =
              "Take " + key_name(step.key) + " in " + room_name(room_at(key.pos), key.pos);
          std::vector<std::string> opens;
          for (std::size_t l = 0; l < graph_.locks.size(); ++l) {
            const std::vector<int> keys = keys_of(static_cast<int>(l));
            if (std::find(keys.begin(), keys.end(), step.key) != keys.end())
              opens.push_back(lock_name(static_cast<int>(l)));
          }
          if (!opens.empty()) {
            text += "; it opens " + opens.front();
            for (std::size_t k = 1; k < opens.size(); ++k)
              text += (k + 1 == opens.size() ? " and " : ", ") + opens[k];
          } else if (key.kind == "scroll_teleportation") {
            text += "; it can take you out of a trap";
          }
          line(text + ".");
          break;
        }
        case Action::use_lever: {
          const KeyInfo& key = key_info(step.key);
          std::string text =
              "Pull " + key_name(step.key) + " in " + room_name(room_at(key.pos), key.pos);
          if (step.lock >= 0) {
            text += ": " + lever_effect(step.lock);
            opened_.insert(step.lock);
          }
          line(text + ".");
          break;
        }
        case Action::open_lock: {
          const LockInfo& lock = lock_info(step.lock);
          std::string text;
          if (step.key < 0) {
            text = "Open " + lock_name(step.lock);
          } else {
            const KeyInfo& key = key_info(step.key);
            if (key.kind == "potion_fire_resistance")
              text = "Drink " + std::string("the potion of fire resistance") + " before " +
                     lock_name(step.lock);
            else if (key.fixed)
              text = "Pull " + key_name(step.key) + ": " + lever_effect(step.lock);
            else if (lock.kind == "locked_door")
              text = "Unlock " + lock_name(step.lock) + " with " + key_name(step.key);
            else
              text = "Open " + lock_name(step.lock) + " with " + key_name(step.key);
            if (key.consumed && !key.fixed) text += " (it is used up)";
          }
          opened_.insert(step.lock);
          line(text + ".");
          break;
        }
        case Action::reveal: {
          std::string text = "Read " + key_name(step.key) + ": it reveals ";
          text += step.lock >= 0 ? lock_name(step.lock) : std::string("the secret doors");
          if (step.lock >= 0) opened_.insert(step.lock);
          line(text + ".");
          break;
        }
        case Action::cross_lock: {
          const bool back = visited_.count(step.region) > 0;
          crossed_.insert(step.lock);
          line(cross_text(step, back) + arrive(step.region, i + 1));
          break;
        }
      }
      region = step.region;
    }
    if (region == graph_.goal && meta_.stairs.down) {
      const Point down = *meta_.stairs.down;
      line("Take the stairs down at " + at(down) + " in " + room_name(room_at(down), down) + ".");
    }
  }

  // ---- optional places ----------------------------------------------------------------------

  std::string optional_places() {
    std::vector<std::string> items;
    for (const int node : meta_.mission.nodes_of_kind("treasure")) {
      const auto in = meta_.mission.in_edges(node, "contains");
      if (in.empty()) continue;
      const MissionNode* place = meta_.mission.find_node(meta_.mission.find_edge(in[0])->from);
      if (place == nullptr || !place->attrs.contains("room")) continue;
      const int room_id = static_cast<int>(int_attr(place->attrs, "room"));
      if (!room_index_.count(room_id)) continue;
      const auto region = region_of_room_.find(room_id);
      const bool on_way = region != region_of_room_.end() && visited_.count(region->second);
      items.push_back("Treasure in " + room_name(room_id, room(room_id).rect.center()) +
                      (on_way ? ", on the way." : ", off the main path."));
    }
    for (std::size_t l = 0; l < graph_.locks.size(); ++l) {
      const int index = static_cast<int>(l);
      if (crossed_.count(index)) continue;
      const SolverLock& lock = graph_.locks[l];
      std::string between;
      for (std::size_t s = 0; s < lock.sides.size(); ++s) {
        const int side = lock.sides[s];
        const int r = room_in_region(side, lock_point(lock_info(index)));
        between += (s == 0                       ? ""
                    : s + 1 == lock.sides.size() ? " and "
                                                 : ", ") +
                   (r >= 0 ? "room " + std::to_string(r) : "region " + std::to_string(side));
      }
      const bool hidden = lock_info(index).kind == "secret_door";
      std::string text = lock_name(index) + " between " + between +
                         (hidden ? ": a hidden path, not needed on the main path."
                                 : ": a side way, not needed on the main path.");
      text[0] = 'T';
      items.push_back(text);
    }
    std::vector<int> unvisited;
    for (const Room& r : meta_.rooms) {
      if (r.kind == "lock") continue;
      const auto region = region_of_room_.find(r.id);
      if (region == region_of_room_.end() || region->second < 0 || !visited_.count(region->second))
        unvisited.push_back(r.id);
    }
    if (!unvisited.empty()) {
      std::string text = unvisited.size() == 1 ? "Room " : "Rooms ";
      for (std::size_t i = 0; i < unvisited.size(); ++i)
        text += (i == 0                      ? ""
                 : i + 1 == unvisited.size() ? " and "
                                             : ", ") +
                std::to_string(unvisited[i]);
      items.push_back(text + (unvisited.size() == 1 ? " is" : " are") + " off the main path.");
    }
    std::string out = "\nOptional:\n";
    if (items.empty()) return out + "- nothing: every place is on the way.\n";
    for (const std::string& item : items)
      out += "- " + item + "\n";
    return out;
  }

  const Level& level_;
  const LevelMeta& meta_;
  const LockGraph& graph_;
  const SolveResult& result_;

  std::map<int, const LockInfo*> lock_by_id_;
  std::map<int, const KeyInfo*> key_by_id_;
  std::map<int, std::size_t> room_index_;            // room id -> index in meta.rooms
  std::map<int, const MissionNode*> place_of_room_;  // room id -> its place node
  std::map<int, int> region_of_room_;                // room id -> solver region, -1 none
  std::vector<std::vector<int>> rooms_of_region_;    // region -> room ids
  Grid<std::int32_t> labels_;

  std::vector<std::string> lines_;
  std::set<int> named_rooms_, visited_, held_, opened_, crossed_, mentioned_locks_, seen_edges_;
};

// ---- DOT ------------------------------------------------------------------------------------

// A DOT string literal's content: quotes and backslashes escaped, control characters as spaces.
std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      out += ' ';
    else
      out += c;
  }
  return out;
}

// Attributes worth showing beside a node's title, as "name=value" (kind and the ones the
// title already shows are left out).
std::string other_attrs(const ParamSet& attrs, std::initializer_list<std::string_view> shown) {
  std::string out;
  for (const auto& [name, value] : attrs.entries()) {
    if (name == "kind" || std::find(shown.begin(), shown.end(), name) != shown.end()) continue;
    out += (out.empty() ? "" : ", ") + name + "=" + to_string(value);
  }
  return out;
}

std::string node_line(const MissionNode& n) {
  const std::string_view kind = kind_of(n.attrs);
  const ParamSet& a = n.attrs;
  std::vector<std::string> label;
  std::string shape = "box", style;
  if (kind == "lock") {
    shape = "octagon";
    label.push_back("lock #" + std::to_string(n.id) + ": " + std::string(text_attr(a, "realize")));
    const std::string rest = other_attrs(a, {"realize"});
    if (!rest.empty()) label.push_back(rest);
  } else if (kind == "key") {
    shape = "ellipse";
    label.push_back("key #" + std::to_string(n.id) + ": " + std::string(text_attr(a, "item")));
    const std::string rest = other_attrs(a, {"item"});
    if (!rest.empty()) label.push_back(rest);
  } else if (kind == "treasure" || kind == "monster" || kind == "trap") {
    shape = "ellipse";
    label.push_back(std::string(kind) + " #" + std::to_string(n.id));
    const std::string rest = other_attrs(a, {});
    if (!rest.empty()) label.push_back(rest);
  } else {
    if (!is_place_kind(kind)) style = "dashed";  // abstract nodes (the axiom)
    label.push_back((kind.empty() ? std::string("node") : std::string(kind)) + " #" +
                    std::to_string(n.id));
    std::string what;
    for (const std::string_view name : {"role", "theme"})
      if (const std::string_view v = text_attr(a, name); !v.empty())
        what += (what.empty() ? "" : ", ") + std::string(v);
    if (a.contains("room"))
      what += (what.empty() ? "room " : ", room ") + to_string(*a.find("room"));
    if (!what.empty()) label.push_back(what);
    const std::string rest = other_attrs(a, {"role", "theme", "room"});
    if (!rest.empty()) label.push_back(rest);
  }
  std::string joined;
  for (std::size_t i = 0; i < label.size(); ++i)
    joined += (i == 0 ? "" : "\\n") + escape(label[i]);
  std::string out = "  n" + std::to_string(n.id) + " [shape=" + shape;
  if (!style.empty()) out += ", style=" + style;
  if (kind == "start" || kind == "goal") out += ", peripheries=2";
  return out + ", label=\"" + joined + "\"];\n";
}

std::string edge_line(const MissionEdge& e) {
  const std::string_view kind = kind_of(e.attrs);
  std::string attrs = "id=\"e" + std::to_string(e.id) + "\"";
  if (kind == "link") {
    if (!bool_attr(e.attrs, "oneway")) attrs += ", dir=none";
  } else if (kind == "contains") {
    attrs += ", style=dotted, arrowhead=none";
  } else if (kind == "unlocks") {
    attrs += ", style=dashed, color=red";
  } else if (kind == "sees") {
    attrs += ", style=dashed, color=blue";
  } else if (kind == "path") {
    attrs += ", style=bold, label=\"path " + std::to_string(int_attr(e.attrs, "len")) + " " +
             escape(text_attr(e.attrs, "label")) + "\"";
  } else {
    attrs += ", label=\"" + escape(kind) + "\"";
  }
  return "  n" + std::to_string(e.from) + " -> n" + std::to_string(e.to) + " [" + attrs + "];\n";
}

}  // namespace

std::string explain_level(const Level& level, const SolveResult& result) {
  LockGraph graph;
  try {
    graph = lock_graph_from_level(level);
  } catch (const GenerationError& e) {
    throw InputError(std::string("explain: ") + e.what());
  }
  return explain_level(level, graph, result);
}

std::string explain_level(const Level& level, const LockGraph& graph, const SolveResult& result) {
  return Narrator(level, graph, result).run();
}

std::string mission_to_dot(const MissionGraph& graph) {
  std::string out = "digraph mission {\n  graph [rankdir=LR];\n  node [fontname=\"Helvetica\"];\n";
  out += "  edge [fontname=\"Helvetica\"];\n";
  for (const MissionNode& n : graph.nodes())
    out += node_line(n);
  for (const MissionEdge& e : graph.edges())
    out += edge_line(e);
  return out + "}\n";
}

}  // namespace yendor::cyclic
