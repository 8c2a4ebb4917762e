// `genetic`: a genetic algorithm after Valtchanov and Brown as the thesis's section 3.6
// describes it. Chromosomes are trees of rooms (genetic_evolution.hpp); the best chromosome
// after the last generation is carved: its rooms, a straight hallway from each room to its
// parent, doors where hallways meet rooms. A tree of hallways is connected by construction.

#include <algorithm>
#include <array>
#include <numeric>
#include <string>

#include "yendor/core/error.hpp"
#include "yendor/gen/corridors.hpp"
#include "yendor/gen/genetic_evolution.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {

namespace genetic {

namespace {

constexpr std::uint8_t k_all_sides = 0xF;
constexpr int k_max_specials = 3;
constexpr int k_growth_attempts_per_room = 4;

constexpr std::uint8_t opposite(std::uint8_t side) {
  return static_cast<std::uint8_t>((side + 2) & 3);
}
constexpr std::uint8_t bit(std::uint8_t side) {
  return static_cast<std::uint8_t>(1u << side);
}
// A side's length in cells: north and south sides run along x.
constexpr int side_length(int width, int height, std::uint8_t side) {
  return side == k_north || side == k_south ? width : height;
}

Link attach(const Rect& parent, const RoomGene& g) {
  const int a =
      std::clamp<int>(g.along_parent, 0, side_length(parent.width, parent.height, g.side) - 1);
  const int b = std::clamp<int>(g.along_room, 0, side_length(g.width, g.height, g.side) - 1);
  const int gap = g.hall + 1;  // steps from one door to the other
  Link link;
  Point& d = link.parent_door;
  Point& e = link.room_door;
  switch (g.side) {
    case k_north:
      d = {parent.x + a, parent.y - 1};
      e = {d.x, d.y - gap};
      link.room = {e.x - b, e.y - g.height, g.width, g.height};
      break;
    case k_east:
      d = {parent.right() + 1, parent.y + a};
      e = {d.x + gap, d.y};
      link.room = {e.x + 1, e.y - b, g.width, g.height};
      break;
    case k_south:
      d = {parent.x + a, parent.bottom() + 1};
      e = {d.x, d.y + gap};
      link.room = {e.x - b, e.y + 1, g.width, g.height};
      break;
    default:  // k_west
      d = {parent.x - 1, parent.y + a};
      e = {d.x - gap, d.y};
      link.room = {e.x - g.width, e.y - b, g.width, g.height};
      break;
  }
  link.hall = Rect::from_corners(d, e);
  return link;
}

// Rooms and hallways placed so far, bucketed on a coarse grid so a placement checks only its
// neighbourhood. Buckets are linked lists in flat arrays; clear() resets only the buckets used.
class SpatialHash {
 public:
  // Buckets of 2^shift cells a side.
  void reset(Size map, int shift) {
    shift_ = shift;
    const int bucket = 1 << shift;
    cols_ = (map.width + bucket - 1) / bucket;
    rows_ = (map.height + bucket - 1) / bucket;
    head_.assign(static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_), -1);
    entries_.clear();
    touched_.clear();
  }
  void clear() {
    for (int b : touched_)
      head_[static_cast<std::size_t>(b)] = -1;
    touched_.clear();
    entries_.clear();
  }
  void insert(int item, const Rect& r) {
    for_buckets(r, [&](int b) {
      int& head = head_[static_cast<std::size_t>(b)];
      if (head == -1) touched_.push_back(b);
      entries_.push_back({item, head});
      head = static_cast<int>(entries_.size()) - 1;
      return false;
    });
  }
  // True when hit(item) is true for some item in a bucket `r` overlaps.
  template <typename F>
  bool any(const Rect& r, F&& hit) const {
    return for_buckets(r, [&](int b) {
      for (int e = head_[static_cast<std::size_t>(b)]; e != -1;
           e = entries_[static_cast<std::size_t>(e)].next)
        if (hit(entries_[static_cast<std::size_t>(e)].item)) return true;
      return false;
    });
  }

 private:
  struct Entry {
    int item;
    int next;
  };
  template <typename F>
  bool for_buckets(const Rect& r, F&& f) const {
    const int x0 = std::max(0, r.left()) >> shift_,
              x1 = std::min((cols_ << shift_) - 1, r.right()) >> shift_;
    const int y0 = std::max(0, r.top()) >> shift_,
              y1 = std::min((rows_ << shift_) - 1, r.bottom()) >> shift_;
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        if (f(y * cols_ + x)) return true;
    return false;
  }

  int shift_ = 4, cols_ = 0, rows_ = 0;
  std::vector<int> head_;
  std::vector<Entry> entries_;
  std::vector<int> touched_;
};

}  // namespace

std::vector<Link> decode(std::span<const RoomGene> genes) {
  std::vector<Link> links;
  links.reserve(genes.size());
  for (const RoomGene& g : genes) {
    if (g.parent < 0) {
      links.push_back({Rect{g.along_parent, g.along_room, g.width, g.height}, {}, {}, {}});
      continue;
    }
    links.push_back(attach(links[static_cast<std::size_t>(g.parent)].room, g));
  }
  return links;
}

// Everything the evolution reuses between chromosomes: the population in one flat array of
// genes (max_rooms per chromosome), the placement state and scratch buffers.
struct Evolution::Workspace {
  explicit Workspace(const EvolutionSettings& settings)
      : s(settings),
        cap(std::max(1, settings.max_rooms)),
        interior{1, 1, settings.map.width - 2, settings.map.height - 2},
        room_max_w(std::min(settings.room_max, interior.width)),
        room_max_h(std::min(settings.room_max, interior.height)),
        room_min_w(std::min(settings.room_min, room_max_w)),
        room_min_h(std::min(settings.room_min, room_max_h)),
        edge_scale(std::max(1, (std::min(settings.map.width, settings.map.height) - 2) / 2)),
        special_weight(std::int64_t{settings.room_min + settings.room_max} *
                       (settings.room_min + settings.room_max) / 2) {
    const auto ucap = static_cast<std::size_t>(cap);
    const auto upop = static_cast<std::size_t>(settings.population);
    // Buckets at least as large as a room or hallway with its ring: each spans few buckets.
    int shift = 4;
    while ((1 << shift) < std::max(settings.room_max, settings.hall_max) + 2)
      ++shift;
    hash.reset(settings.map, shift);
    items.reserve(2 * ucap);
    rects.resize(ucap);
    used.resize(ucap);
    children.resize(ucap);
    remap_a.resize(ucap);
    remap_b.resize(ucap);
    in_sub_a.resize(ucap);
    in_sub_b.resize(ucap);
    temp.resize(ucap);
    genes.resize(upop * ucap);
    sizes.assign(upop, 0);
    fitness.assign(upop, 0);
    order.resize(upop);
  }

  RoomGene* slot(int i) {
    return genes.data() + static_cast<std::size_t>(i) * static_cast<std::size_t>(cap);
  }

  // --- placement and fitness -------------------------------------------------------------

  struct Item {
    Rect rect;
    int room;   // the room it belongs to (a hallway belongs to the room it leads to)
    bool hall;  // a hallway (else a room's floor)
  };

  void begin() {
    hash.clear();
    items.clear();
    area = 0;
    hall_cells = 0;
    specials = 0;
    extra_specials = 0;
    closeness = 0;
    box = {};
  }

  void add_item(const Rect& r, int room, bool is_hall) {
    hash.insert(static_cast<int>(items.size()), r);
    items.push_back({r, room, is_hall});
  }

  void score_room(const RoomGene& g, const Rect& r) {
    area += r.area();
    box = box.empty() ? r
                      : Rect::from_corners(
                            {std::min(box.left(), r.left()), std::min(box.top(), r.top())},
                            {std::max(box.right(), r.right()), std::max(box.bottom(), r.bottom())});
    if (g.special == 0) return;
    if (specials == k_max_specials) {
      ++extra_specials;
      return;
    }
    ++specials;
    const int d = std::min({r.left() - interior.left(), r.top() - interior.top(),
                            interior.right() - r.right(), interior.bottom() - r.bottom()});
    closeness += edge_scale - std::min<std::int64_t>(d, edge_scale);
  }

  std::int64_t score() const {
    return edge_scale *
               (5 * area - box.area() - 4 * hall_cells - 4 * special_weight * extra_specials) +
           4 * special_weight * closeness;
  }

  void clamp_size(RoomGene& g) const {
    g.width = static_cast<std::int16_t>(std::clamp<int>(g.width, room_min_w, room_max_w));
    g.height = static_cast<std::int16_t>(std::clamp<int>(g.height, room_min_h, room_max_h));
  }

  void place_root(RoomGene& g) {
    clamp_size(g);
    g.parent = -1;
    g.along_parent = static_cast<std::int16_t>(
        std::clamp<int>(g.along_parent, interior.left(), interior.right() - g.width + 1));
    g.along_room = static_cast<std::int16_t>(
        std::clamp<int>(g.along_room, interior.top(), interior.bottom() - g.height + 1));
    g.hall = 0;
    const Rect r{g.along_parent, g.along_room, g.width, g.height};
    add_item(r, 0, false);
    rects[0] = r;
    used[0] = 0;
    score_room(g, r);
  }

  // Places room `room_slot` hanging off `parent_slot` when it breaks no rule (see the header);
  // normalises its genes (sizes and offsets clamped to their ranges) either way. With `check`
  // false the room is known to fit (it kept its place among rooms already checked together).
  bool try_place(RoomGene& g, int parent_slot, int room_slot, bool check = true) {
    clamp_size(g);
    const auto p = static_cast<std::size_t>(parent_slot);
    const Rect& parent = rects[p];
    g.side &= 3;
    g.hall = static_cast<std::int16_t>(std::clamp<int>(g.hall, 0, s.hall_max));
    g.along_parent = static_cast<std::int16_t>(
        std::clamp<int>(g.along_parent, 0, side_length(parent.width, parent.height, g.side) - 1));
    g.along_room = static_cast<std::int16_t>(
        std::clamp<int>(g.along_room, 0, side_length(g.width, g.height, g.side) - 1));
    if ((used[p] & bit(g.side)) != 0) return false;
    const Link link = attach(parent, g);
    if (check && !fits(link, parent_slot)) return false;
    add_item(link.room, room_slot, false);
    add_item(link.hall, room_slot, true);
    const auto r = static_cast<std::size_t>(room_slot);
    rects[r] = link.room;
    used[r] = bit(opposite(g.side));
    used[p] |= bit(g.side);
    hall_cells += link.hall.area();
    score_room(g, link.room);
    return true;
  }

  bool fits(const Link& link, int parent_slot) const {
    if (!interior.contains(link.room) || !interior.contains(link.hall)) return false;
    const Rect ring = link.room.expanded(1);
    if (hash.any(ring,
                 [&](int i) { return items[static_cast<std::size_t>(i)].rect.intersects(ring); }))
      return false;
    const Rect around_hall = link.hall.expanded(1);
    return !hash.any(around_hall, [&](int i) {
      const Item& item = items[static_cast<std::size_t>(i)];
      return !item.hall && item.room != parent_slot && item.rect.intersects(around_hall);
    });
  }

  // Copies the valid part of `in` to `out` (see the header's rules); returns its size and
  // leaves its fitness in score(). The first `known_good` genes are known to be valid together
  // (their rooms are where they were in a valid chromosome): they skip the collision checks.
  int repair(const RoomGene* in, int n, RoomGene* out, int known_good = 0) {
    begin();
    RoomGene root = in[0];
    place_root(root);
    out[0] = root;
    remap_a[0] = 0;
    int m = 1;
    for (int i = 1; i < n && m < cap; ++i) {
      RoomGene g = in[i];
      const auto ui = static_cast<std::size_t>(i);
      remap_a[ui] = -1;
      if (g.width <= 0 || g.parent < 0 || g.parent >= i) continue;
      const int p = remap_a[static_cast<std::size_t>(g.parent)];
      if (p < 0) continue;
      g.parent = static_cast<std::int16_t>(p);
      if (!try_place(g, p, m, i >= known_good)) continue;
      out[m] = g;
      remap_a[ui] = m++;
    }
    return m;
  }

  // --- operators -----------------------------------------------------------------------

  // Sides in use and child counts of `genes[0..n)` (before repair).
  void survey(const RoomGene* g, int n) {
    std::fill_n(used.begin(), n, 0);
    std::fill_n(children.begin(), n, 0);
    for (int i = 1; i < n; ++i) {
      const auto ui = static_cast<std::size_t>(i);
      const auto p = static_cast<std::size_t>(g[i].parent);
      used[ui] |= bit(opposite(g[i].side));
      used[p] |= bit(g[i].side);
      ++children[p];
    }
  }

  RoomGene random_child(int parent, std::uint8_t side, int parent_side_length, Rng& rng) const {
    RoomGene g;
    g.parent = static_cast<std::int16_t>(parent);
    g.side = side;
    g.width = static_cast<std::int16_t>(rng.range(room_min_w, room_max_w));
    g.height = static_cast<std::int16_t>(rng.range(room_min_h, room_max_h));
    g.along_parent =
        static_cast<std::int16_t>(rng.below(static_cast<std::uint32_t>(parent_side_length)));
    g.along_room = static_cast<std::int16_t>(
        rng.below(static_cast<std::uint32_t>(side_length(g.width, g.height, side))));
    g.hall = static_cast<std::int16_t>(rng.range(0, s.hall_max));
    return g;
  }

  static std::uint8_t random_free_side(std::uint8_t used_sides, Rng& rng) {
    std::array<std::uint8_t, 4> free{};
    std::uint32_t count = 0;
    for (std::uint8_t side = 0; side < 4; ++side)
      if ((used_sides & bit(side)) == 0) free[count++] = side;
    return free[rng.below(count)];
  }

  // A random chromosome grown from a random root, written to slot `i`.
  void grow_random(int i, Rng& rng) {
    begin();
    RoomGene root;
    root.width = static_cast<std::int16_t>(rng.range(room_min_w, room_max_w));
    root.height = static_cast<std::int16_t>(rng.range(room_min_h, room_max_h));
    root.along_parent =
        static_cast<std::int16_t>(rng.range(interior.left(), interior.right() - root.width + 1));
    root.along_room =
        static_cast<std::int16_t>(rng.range(interior.top(), interior.bottom() - root.height + 1));
    place_root(root);
    temp[0] = root;
    int m = 1;
    for (int attempt = 0; attempt < k_growth_attempts_per_room * cap && m < cap; ++attempt) {
      const int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(m)));
      const auto uk = static_cast<std::size_t>(k);
      if (used[uk] == k_all_sides) continue;
      const std::uint8_t side = random_free_side(used[uk], rng);
      RoomGene g = random_child(k, side, side_length(rects[uk].width, rects[uk].height, side), rng);
      if (try_place(g, k, m)) temp[static_cast<std::size_t>(m++)] = g;
    }
    const int marks = rng.range(1, k_max_specials);
    for (int k = 0; k < marks; ++k)
      temp[rng.below(static_cast<std::uint32_t>(m))].special = 1;
    trusted = m;
    finish(i, m);
  }

  // Repairs temp[0..n) into slot i and records its size and fitness.
  void finish(int i, int n) {
    const auto ui = static_cast<std::size_t>(i);
    sizes[ui] = repair(temp.data(), n, slot(i), trusted);
    fitness[ui] = score();
  }

  // temp = a with the subtree at a random room replaced by a random subtree of b, attached
  // where the replaced one was; cut to max_rooms. Returns the size.
  int cross(int a, int b, Rng& rng) {
    const RoomGene* ga = slot(a);
    const RoomGene* gb = slot(b);
    const int na = sizes[static_cast<std::size_t>(a)], nb = sizes[static_cast<std::size_t>(b)];
    if (na < 2 || nb < 2) return copy(a);
    const int i = rng.range(1, na - 1), j = rng.range(1, nb - 1);
    mark_subtree(ga, na, i, in_sub_a);
    mark_subtree(gb, nb, j, in_sub_b);
    int m = 0;
    for (int k = 0; k < na; ++k) {
      const auto uk = static_cast<std::size_t>(k);
      if (in_sub_a[uk]) continue;
      RoomGene g = ga[k];
      if (k > 0) g.parent = static_cast<std::int16_t>(remap_a[static_cast<std::size_t>(g.parent)]);
      remap_a[uk] = m;
      temp[static_cast<std::size_t>(m++)] = g;
    }
    trusted = m;  // what is left of a keeps its places
    for (int k = j; k < nb && m < cap; ++k) {
      const auto uk = static_cast<std::size_t>(k);
      if (!in_sub_b[uk]) continue;
      RoomGene g = gb[k];
      if (k == j) {  // takes the replaced subtree's place on the parent
        g.parent = static_cast<std::int16_t>(remap_a[static_cast<std::size_t>(ga[i].parent)]);
        g.side = ga[i].side;
        g.along_parent = ga[i].along_parent;
      } else {
        g.parent = static_cast<std::int16_t>(remap_b[static_cast<std::size_t>(g.parent)]);
      }
      remap_b[uk] = m;
      temp[static_cast<std::size_t>(m++)] = g;
    }
    return m;
  }

  static void mark_subtree(const RoomGene* g, int n, int root, std::vector<std::uint8_t>& in_sub) {
    for (int k = 0; k < n; ++k) {
      const auto uk = static_cast<std::size_t>(k);
      in_sub[uk] =
          k == root || (k > root && in_sub[static_cast<std::size_t>(g[k].parent)] != 0) ? 1 : 0;
    }
  }

  int copy(int a) {
    const int n = sizes[static_cast<std::size_t>(a)];
    std::copy_n(slot(a), n, temp.begin());
    trusted = n;
    return n;
  }

  // One mutation of temp[0..n): grow (the thesis's operator: new child rooms at free sides of
  // random rooms), resize a room, relink a room (its hallway length or a door offset), remove
  // a leaf room, toggle a special mark, move a special mark to another room, or move the
  // root. Returns the new size.
  int mutate(int n, Rng& rng) {
    static constexpr std::array<std::uint32_t, 7> k_weights{4, 2, 2, 1, 1, 1, 1};
    survey(temp.data(), n);
    const auto pick = [&](int lo) { return rng.range(lo, n - 1); };
    switch (rng.weighted_index(k_weights)) {
      case 0: {
        const int rooms = rng.range(1, 3);
        for (int r = 0; r < rooms && n < cap; ++r) {
          const int k = pick(0);
          const auto uk = static_cast<std::size_t>(k);
          if (used[uk] == k_all_sides) continue;
          const std::uint8_t side = random_free_side(used[uk], rng);
          const RoomGene& parent = temp[uk];
          temp[static_cast<std::size_t>(n)] =
              random_child(k, side, side_length(parent.width, parent.height, side), rng);
          used[uk] |= bit(side);
          used[static_cast<std::size_t>(n)] = bit(opposite(side));
          children[static_cast<std::size_t>(n)] = 0;
          ++n;
        }
        break;
      }
      case 1: {
        const int k = pick(0);
        trusted = std::min(trusted, k);  // this room and every later one may move
        RoomGene& g = temp[static_cast<std::size_t>(k)];
        std::int16_t& side = rng.chance(0.5) ? g.width : g.height;
        static constexpr std::array<int, 4> k_steps{-2, -1, 1, 2};
        side = static_cast<std::int16_t>(side + k_steps[rng.below(4)]);
        break;
      }
      case 2: {
        if (n < 2) break;
        const int k = pick(1);
        trusted = std::min(trusted, k);
        RoomGene& g = temp[static_cast<std::size_t>(k)];
        switch (rng.below(3)) {
          case 0:
            g.hall = static_cast<std::int16_t>(rng.range(0, s.hall_max));
            break;
          case 1:
            g.along_parent = static_cast<std::int16_t>(rng.range(0, s.room_max - 1));
            break;
          default:
            g.along_room = static_cast<std::int16_t>(rng.range(0, s.room_max - 1));
            break;
        }
        break;
      }
      case 3: {
        int leaves = 0;
        for (int k = 1; k < n; ++k)
          leaves += children[static_cast<std::size_t>(k)] == 0 ? 1 : 0;
        if (leaves == 0) break;
        int chosen = static_cast<int>(rng.below(static_cast<std::uint32_t>(leaves)));
        for (int k = 1; k < n; ++k)
          if (children[static_cast<std::size_t>(k)] == 0 && chosen-- == 0) {
            temp[static_cast<std::size_t>(k)].width = 0;  // dropped by the repair
            break;
          }
        break;
      }
      case 4: {
        RoomGene& g = temp[static_cast<std::size_t>(pick(0))];
        g.special = g.special != 0 ? 0 : 1;
        break;
      }
      case 5: {  // a special mark moves to another room
        const auto marked = std::count_if(temp.begin(), temp.begin() + n,
                                          [](const RoomGene& g) { return g.special != 0; });
        if (marked == 0) break;
        auto chosen = rng.below(static_cast<std::uint32_t>(marked));
        const auto from = std::find_if(temp.begin(), temp.begin() + n, [&](const RoomGene& g) {
          return g.special != 0 && chosen-- == 0;
        });
        std::swap(from->special, temp[static_cast<std::size_t>(pick(0))].special);
        break;
      }
      default: {
        trusted = 0;  // everything moves with the root
        std::int16_t& at = rng.chance(0.5) ? temp[0].along_parent : temp[0].along_room;
        at = static_cast<std::int16_t>(at + rng.range(-3, 3));
        break;
      }
    }
    return n;
  }

  EvolutionSettings s;
  int cap;
  Rect interior;
  int room_max_w, room_max_h, room_min_w, room_min_h;
  std::int64_t edge_scale;      // D in the header's fitness
  std::int64_t special_weight;  // S in the header's fitness

  SpatialHash hash;
  std::vector<Item> items;
  std::vector<Rect> rects;  // floor of each placed room
  std::vector<std::uint8_t> used;
  std::vector<int> children;
  std::vector<int> remap_a, remap_b;
  std::vector<std::uint8_t> in_sub_a, in_sub_b;
  std::vector<RoomGene> temp;
  std::vector<RoomGene> genes;
  std::vector<int> sizes;
  std::vector<std::int64_t> fitness;
  std::vector<int> order;

  int trusted = 0;  // leading genes of temp whose rooms are known to fit together
  std::int64_t area = 0, hall_cells = 0, closeness = 0;
  int specials = 0, extra_specials = 0;
  Rect box;
};

Evolution::Evolution(const EvolutionSettings& settings, Rng& rng)
    : work_(std::make_unique<Workspace>(settings)) {
  for (int i = 0; i < settings.population; ++i)
    work_->grow_random(i, rng);
}

Evolution::~Evolution() = default;

void Evolution::next_generation(Rng& rng) {
  Workspace& w = *work_;
  std::iota(w.order.begin(), w.order.end(), 0);
  rng.shuffle(w.order);
  const int population = w.s.population;
  const int tournament = std::max(2, w.s.tournament);
  for (int first = 0; first < population; first += tournament) {
    const auto group = w.order.begin() + first;
    const int size = std::min(tournament, population - first);
    std::sort(group, group + size, [&](int a, int b) {
      const std::int64_t fa = w.fitness[static_cast<std::size_t>(a)];
      const std::int64_t fb = w.fitness[static_cast<std::size_t>(b)];
      return fa != fb ? fa > fb : a < b;
    });
    const int top = (size + 1) / 2;
    for (int r = top; r < size; ++r) {
      const int p1 = group[rng.below(static_cast<std::uint32_t>(top))];
      const int p2 = group[rng.below(static_cast<std::uint32_t>(top))];
      const bool cross = rng.chance(w.s.crossover);
      int n = cross && p1 != p2 ? w.cross(p1, p2, rng) : w.copy(p1);
      if (rng.chance(w.s.mutation)) n = w.mutate(n, rng);
      w.finish(group[r], n);
    }
  }
}

int Evolution::population() const {
  return work_->s.population;
}

std::span<const RoomGene> Evolution::chromosome(int i) const {
  return {work_->slot(i), static_cast<std::size_t>(work_->sizes[static_cast<std::size_t>(i)])};
}

std::int64_t Evolution::fitness(int i) const {
  return work_->fitness[static_cast<std::size_t>(i)];
}

int Evolution::best() const {
  const auto& f = work_->fitness;
  return static_cast<int>(std::max_element(f.begin(), f.end()) - f.begin());
}

std::vector<RoomGene> Evolution::crossover(int a, int b, Rng& rng) {
  const int n = work_->cross(a, b, rng);
  return repaired(n);
}

std::vector<RoomGene> Evolution::mutate(int a, Rng& rng) {
  const int n = work_->mutate(work_->copy(a), rng);
  return repaired(n);
}

std::vector<RoomGene> Evolution::repaired(int n) {
  Workspace& w = *work_;
  std::vector<RoomGene> out(static_cast<std::size_t>(w.cap));
  out.resize(static_cast<std::size_t>(w.repair(w.temp.data(), n, out.data(), w.trusted)));
  return out;
}

std::vector<RoomGene> Evolution::repair(std::span<const RoomGene> genes, std::int64_t* fitness) {
  std::vector<RoomGene> out(static_cast<std::size_t>(work_->cap));
  if (genes.empty()) return {};
  const std::vector<RoomGene> in(
      genes.begin(), genes.begin() + std::min<std::ptrdiff_t>(std::ssize(genes), work_->cap));
  out.resize(
      static_cast<std::size_t>(work_->repair(in.data(), static_cast<int>(in.size()), out.data())));
  if (fitness != nullptr) *fitness = work_->score();
  return out;
}

}  // namespace genetic

namespace {

constexpr std::int64_t k_cells_per_auto_room = 150;
constexpr std::int64_t k_max_auto_rooms = 100;
// Rooms placed, about: population x (generations + 4) x max_rooms (the initial population
// tries 4 x max_rooms rooms per chromosome); 100 x 504 x 100 fits, about a second.
constexpr std::int64_t k_work_budget = 6'000'000;

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "genetic";
  info.summary =
      "evolved trees of rooms: tight clusters, short hallways, special rooms at the "
      "edges (thesis 3.6)";
  info.version = 1;
  info.source =
      "thesis-roguelike-analysis-2015 section 3.6 (after Valtchanov and Brown), "
      "with 3.8's running time";
  info.description =
      "A genetic algorithm over chromosomes that are trees of rooms: each room hangs off a free "
      "side of its parent by a straight hallway, and its genes are its size, the door offsets "
      "along both walls, the hallway length and a special mark. The initial population grows "
      "random trees up to max_rooms. Each generation deals the population into random "
      "tournaments of `tournament`; in each, sorted by fitness, the bottom half is replaced by "
      "children of the top half: a crossover of two top parents (with chance `crossover`: a "
      "random subtree of the first replaced by a random subtree of the second) or a copy, then "
      "with chance `mutation` one mutation: add 1-3 child rooms at free sides of random rooms "
      "(the thesis's operator; weight 4), resize a room (2), change a hallway length or door "
      "offset (2), remove a leaf room (1), toggle a special mark (1), move a special mark to "
      "another room (1) or move the root "
      "(1). Every "
      "child is repaired: rooms that leave the map, touch another room's floor or wall ring, "
      "or whose hallway runs into another room are dropped with their subtrees. The top half "
      "survives, so the best fitness never falls. Fitness (exact, in integers) = room cells - "
      "a quarter of the empty cells in the rooms' bounding rectangle - hallway cells (doors "
      "included) + S x (1 - d / D) for each of the first three rooms marked special, at "
      "distance d from the map's inner edge (D = half the shorter inner side, S = (room_min + "
      "room_max)^2 / 2, about two average rooms), - S for each "
      "further mark: it favours tight clusters of rooms joined by short hallways and up to three "
      "special rooms near the edges (Valtchanov's model). The best chromosome of the last "
      "generation is carved: rooms (kind special for the three counted marks), hallways "
      "(corridors from each room to its parent) and doors. The thesis quotes about 30 s for 500 "
      "generations of 100 rooms. The work, population x (generations + 4) x max_rooms, is limited "
      "to 6,000,000 (population 100, 500 generations and 100 rooms fit).";
  info.min_size = {8, 8};
  info.schema.add_int("population", 30, 2, 1000, "chromosomes in the population")
      .add_int("generations", 40, 0, 10000, "generations of tournaments")
      .add_int("max_rooms", 0, 0, 1000,
               "rooms per chromosome; 0 = one per 150 cells inside the map, at most 100")
      .add_int("tournament", 4, 2, 1000, "candidates per tournament; the bottom half is replaced")
      .add_real("mutation", 0.8, 0.0, 1.0, "chance a child is mutated")
      .add_real("crossover", 0.7, 0.0, 1.0,
                "chance a child is the crossover of two parents (else a copy of one)")
      .add_int("room_min", 3, 2, 50, "smallest room side (floor cells)")
      .add_int("room_max", 8, 2, 50, "largest room side (floor cells)")
      .add_int("hall_max", 6, 0, 50, "longest hallway between two doors (cells)");
  add_door_params(info.schema);
  return info;
}

std::int64_t rooms_for(const ParamSet& params, Size size) {
  const std::int64_t asked = params.get_int("max_rooms");
  if (asked > 0) return asked;
  const std::int64_t inside = std::int64_t{size.width - 2} * (size.height - 2);
  return std::clamp<std::int64_t>(inside / k_cells_per_auto_room, 1, k_max_auto_rooms);
}

class GeneticGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void check(const ParamSet& params, Size size) const override {
    check_not_above("genetic", params, "room_min", "room_max");
    check_room_fits("genetic", params.get_int("room_min"), size);
    const std::int64_t work = params.get_int("population") * (params.get_int("generations") + 4) *
                              rooms_for(params, size);
    if (work > k_work_budget)
      throw InputError("genetic: population x (generations + 4) x max_rooms (" +
                       std::to_string(work) + ") is above " + std::to_string(k_work_budget) +
                       "; lower one of them");
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    genetic::EvolutionSettings s;
    s.map = level.size();
    s.population = static_cast<int>(params.get_int("population"));
    s.tournament = static_cast<int>(params.get_int("tournament"));
    s.max_rooms = static_cast<int>(rooms_for(params, level.size()));
    s.room_min = static_cast<int>(params.get_int("room_min"));
    s.room_max = static_cast<int>(params.get_int("room_max"));
    s.hall_max = static_cast<int>(params.get_int("hall_max"));
    s.mutation = params.get_real("mutation");
    s.crossover = params.get_real("crossover");
    genetic::Evolution evolution(s, rng);
    for (std::int64_t g = 0; g < params.get_int("generations"); ++g)
      evolution.next_generation(rng);
    carve(level, evolution.chromosome(evolution.best()));
    place_doors(level, rng, params.get_real("doors"), params.get_real("open_doors"));
  }

 private:
  static void carve(Level& level, std::span<const genetic::RoomGene> genes) {
    const std::vector<genetic::Link> links = genetic::decode(genes);
    int specials = 0;
    for (std::size_t i = 0; i < links.size(); ++i) {
      level.tiles.fill(links[i].room, Tile::floor);
      const bool special = genes[i].special != 0 && specials < 3;
      specials += special ? 1 : 0;
      level.meta.rooms.push_back(
          {static_cast<int>(i), links[i].room, special ? "special" : "room"});
    }
    for (std::size_t i = 1; i < links.size(); ++i) {
      const genetic::Link& link = links[i];
      const Point step{link.room_door.x > link.parent_door.x   ? 1
                       : link.room_door.x < link.parent_door.x ? -1
                                                               : 0,
                       link.room_door.y > link.parent_door.y   ? 1
                       : link.room_door.y < link.parent_door.y ? -1
                                                               : 0};
      Corridor corridor{genes[i].parent, static_cast<int>(i), {}};
      for (Point p = link.parent_door;; p += step) {
        level.tiles[p] = Tile::corridor;
        corridor.cells.push_back(p);
        if (p == link.room_door) break;
      }
      level.meta.corridors.push_back(std::move(corridor));
    }
  }

  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_genetic_generator() {
  return std::make_unique<GeneticGenerator>();
}

}  // namespace yendor
