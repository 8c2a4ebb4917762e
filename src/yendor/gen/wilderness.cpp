// `wilderness`: the Roguelike Dev FAQ's wilderness recipe ("How do you make wilderness?"): a
// passable base terrain, a rough band of impassable terrain around the edge, terrains laid by
// drunkard's walks, then points of interest joined by tunnels that change terrain the way
// wilderness would (a path through trees, a ford or a bridge over deep water).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {

namespace {

constexpr std::int64_t k_cells_per_auto_walk = 1500;
constexpr int k_bridge_min_run = 4;         // crossing=mixed: deep water this long gets a bridge
constexpr std::int64_t k_walk_budget = 16;  // steps a walk may take per cell it must convert
constexpr int k_down_stairs_candidates = 8;
constexpr int k_spot_attempts = 8;  // tries for a point of interest on open land
constexpr double k_max_terrain_share = 0.9;

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "wilderness";
  info.summary =
      "open terrain with a rough edge, drunkard's-walk forests, lakes and rough "
      "ground, points of interest joined by paths (FAQ)";
  info.version = 1;
  info.source =
      "roguebasin-dev-faq \"How do you make wilderness?\" (with the tunnelling of \"How are "
      "dungeons generated?\"); thesis-roguelike-analysis-2015 section 3.8 (drunkard's walks)";
  info.description =
      "Fills the map with a passable base terrain (base=grass: floor; marsh: shallow water). "
      "The edge gets a band of impassable terrain (border: trees, rock or deep water) as the "
      "FAQ draws it: one walk around the map, east along the top, south down the right, west "
      "along the bottom and north up the left, whose depth moves by -1, 0 or +1 at random each "
      "cell and stays between 1 and `edge` (capped at a sixth of the shorter side), so the band "
      "is closed but rough. Then drunkard's walks lay three terrains, in this order: forest "
      "(trees), rough ground (rubble) and lakes (deep water, then a rim of shallow water on the "
      "base cells around it). Each share is the part of the base cells inside the band that its "
      "walks convert; the share is split evenly over `walks` walks (0 = one per 1500 cells), a "
      "walk converts only base cells and stops when it has its quota or after 16 steps per "
      "cell of its quota. Points of interest go inside the band's deepest reach, on open land "
      "when one of 8 random spots is: the entrance "
      "(up stairs), the down stairs (the farthest of 8 random spots from the entrance) and `poi` "
      "more, recorded as features tagged poi. Each point is tunnelled to the nearest earlier "
      "one by a random monotone path (every step toward the target, along x or y with odds "
      "given by the remaining distance), which changes only impassable cells: trees and rock "
      "become a path (corridor), deep water a ford (shallow water) or a bridge (crossing=mixed: "
      "a bridge when 4 or more deep cells in a row are crossed). Finally a breadth-first "
      "search grows from everything connected to the entrance through impassable cells (never "
      "the band); each enclosed pocket of passable land it meets is joined by tunnelling back "
      "the same way along the search's shortest path, or, when it has at most `fill` cells, "
      "filled with the impassable terrain around most of it, so every passable cell is "
      "reachable. Cells cut off by the band alone are filled with the band's terrain. "
      "Every tunnel is recorded as a corridor.";
  info.min_size = {12, 12};
  info.schema
      .add_choice("base", "grass", {"grass", "marsh"},
                  "passable terrain the map starts as: grass (floor) or marsh (shallow water)")
      .add_choice("border", "trees", {"trees", "rock", "water"},
                  "impassable terrain of the rough band around the edge")
      .add_int("edge", 6, 1, 1000,
               "deepest the edge band reaches, in cells (1 = only the outer ring); capped at a "
               "sixth of the shorter side")
      .add_real("forest", 0.2, 0.0, k_max_terrain_share,
                "share of the land inside the band that walks turn into trees")
      .add_real("rough", 0.08, 0.0, k_max_terrain_share,
                "share of the land inside the band that walks turn into rubble")
      .add_real("water", 0.1, 0.0, k_max_terrain_share,
                "share of the land inside the band that walks turn into deep water (lakes get a "
                "shallow rim on top)")
      .add_int("walks", 0, 0, 100000,
               "drunkard's walks per terrain; 0 = one per 1500 cells inside the band")
      .add_int("poi", 3, 0, 1000, "points of interest besides the two stairs")
      .add_choice("crossing", "mixed", {"mixed", "ford", "bridge"},
                  "how a tunnel crosses deep water: fords, bridges, or bridges only over 4+ cells")
      .add_int("fill", 4, 0, 100000000,
               "enclosed pockets of passable land of at most this many cells are filled in, "
               "larger ones joined by a tunnel (0 = join all)");
  return info;
}

enum class Crossing { mixed, ford, bridge };

// How deep the edge band reaches from each side: per column (top, bottom) and per row (left,
// right). A cell is in the band when it lies within any of the four depths.
struct EdgeBand {
  std::vector<int> top, bottom, left, right;
  int max_depth = 1;
};

// The FAQ's rough edge: one walk around the map, clockwise from the top-left corner, the
// depth carried over from side to side.
EdgeBand make_band(Size size, int max_depth, Rng& rng) {
  EdgeBand band;
  band.max_depth = max_depth;
  const auto w = static_cast<std::size_t>(size.width), h = static_cast<std::size_t>(size.height);
  band.top.resize(w);
  band.bottom.resize(w);
  band.left.resize(h);
  band.right.resize(h);
  int depth = rng.range(1, max_depth);
  const auto walk = [&](std::vector<int>& side, bool forward) {
    for (std::size_t i = 0; i < side.size(); ++i) {
      side[forward ? i : side.size() - 1 - i] = depth;
      depth = std::clamp(depth + rng.range(-1, 1), 1, max_depth);
    }
  };
  walk(band.top, true);      // east along the top
  walk(band.right, true);    // south down the right
  walk(band.bottom, false);  // west along the bottom
  walk(band.left, false);    // north up the left
  return band;
}

class WildernessGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  void check(const ParamSet& params, Size) const override {
    const double total =
        params.get_real("forest") + params.get_real("rough") + params.get_real("water");
    if (total > k_max_terrain_share + 1e-9)
      throw InputError("wilderness: forest + rough + water (" + to_string(ParamValue{total}) +
                       ") must be at most 0.9, leaving some open land");
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    Builder(level, params, rng).run();
  }

 private:
  // One generation: the level, its settings and the scratch buffers the passes share.
  class Builder {
   public:
    Builder(Level& level, const ParamSet& params, Rng& rng)
        : level_(level),
          rng_(rng),
          params_(params),
          w_(level.width()),
          h_(level.height()),
          base_(params.get_string("base") == "marsh" ? Tile::water_shallow : Tile::floor),
          border_(border_tile(params.get_string("border"))),
          crossing_(crossing_from(params.get_string("crossing"))),
          fill_limit_(static_cast<std::size_t>(params.get_int("fill"))) {}

    void run() {
      const int depth = static_cast<int>(std::max<std::int64_t>(
          1, std::min<std::int64_t>(params_.get_int("edge"), std::min(w_, h_) / 6)));
      level_.tiles.fill(base_);
      band_ = make_band(level_.size(), depth, rng_);
      paint_band();
      interior_ = std::count(level_.tiles.cells().begin(), level_.tiles.cells().end(), base_);

      lay(Tile::tree, params_.get_real("forest"));
      lay(Tile::rubble, params_.get_real("rough"));
      lay(Tile::water_deep, params_.get_real("water"));
      add_shallow_rims();

      place_points();
      join_points();
      join_pockets();
      fill_unreached();
    }

   private:
    static Tile border_tile(const std::string& name) {
      if (name == "rock") return Tile::wall;
      if (name == "water") return Tile::water_deep;
      return Tile::tree;
    }
    static Crossing crossing_from(const std::string& name) {
      if (name == "ford") return Crossing::ford;
      if (name == "bridge") return Crossing::bridge;
      return Crossing::mixed;
    }

    std::uint32_t index(Point p) const {
      return static_cast<std::uint32_t>(level_.tiles.index_of(p));
    }
    Tile& tile(std::uint32_t i) { return level_.tiles[static_cast<std::size_t>(i)]; }

    // Calls f(index) for every cell of the band (cells in two sides' reach more than once).
    template <typename F>
    void for_each_band_cell(F&& f) const {
      const auto w = static_cast<std::size_t>(w_);
      const auto at = [w](int x, int y) {
        return static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x);
      };
      for (int x = 0; x < w_; ++x) {
        const auto ux = static_cast<std::size_t>(x);
        for (int y = 0; y < band_.top[ux]; ++y)
          f(at(x, y));
        for (int y = h_ - band_.bottom[ux]; y < h_; ++y)
          f(at(x, y));
      }
      for (int y = 0; y < h_; ++y) {
        const auto uy = static_cast<std::size_t>(y);
        for (int x = 0; x < band_.left[uy]; ++x)
          f(at(x, y));
        for (int x = w_ - band_.right[uy]; x < w_; ++x)
          f(at(x, y));
      }
    }

    void paint_band() {
      for_each_band_cell([this](std::size_t i) { level_.tiles[i] = border_; });
    }

    // Drunkard's walks turning `share` of the base land into `terrain`.
    void lay(Tile terrain, double share) {
      const auto total =
          static_cast<std::int64_t>(std::llround(share * static_cast<double>(interior_)));
      if (total <= 0) return;
      std::int64_t walks = params_.get_int("walks");
      if (walks == 0) walks = std::max<std::int64_t>(1, interior_ / k_cells_per_auto_walk);
      walks = std::min(walks, total);
      for (std::int64_t i = 0; i < walks; ++i)
        walk(terrain, total / walks + (i < total % walks ? 1 : 0));
    }

    // One walk: random orthogonal steps inside the map's inner rectangle, converting the base
    // cells it steps on until `quota` are converted or its step budget is spent.
    void walk(Tile terrain, std::int64_t quota) {
      int x = 0, y = 0;
      for (int attempt = 0; attempt < 20; ++attempt) {
        x = rng_.range(1, w_ - 2);
        y = rng_.range(1, h_ - 2);
        if (level_.tiles[{x, y}] == base_) break;
      }
      const std::int64_t budget = k_walk_budget * quota + 64;
      std::int64_t converted = 0;
      std::uint64_t bits = 0;
      int bits_left = 0;
      Tile* cells = level_.tiles.data();
      const auto w = static_cast<std::size_t>(w_);
      for (std::int64_t step = 0; step < budget; ++step) {
        Tile& t = cells[static_cast<std::size_t>(y) * w + static_cast<std::size_t>(x)];
        if (t == base_) {
          t = terrain;
          if (terrain == Tile::water_deep)
            water_.push_back(static_cast<std::uint32_t>(static_cast<std::size_t>(y) * w +
                                                        static_cast<std::size_t>(x)));
          if (++converted == quota) return;
        }
        // Two random bits per step: 32 steps from one draw.
        if (bits_left == 0) {
          bits = rng_.next_u64();
          bits_left = 32;
        }
        const auto direction = static_cast<unsigned>(bits & 3u);
        bits >>= 2;
        --bits_left;
        const Point d = k_directions4[direction];
        const int nx = x + d.x, ny = y + d.y;
        if (nx >= 1 && ny >= 1 && nx <= w_ - 2 && ny <= h_ - 2) {
          x = nx;
          y = ny;
        }
      }
    }

    // Lakes get a rim: base cells touching deep water (8 neighbours) become shallow water.
    void add_shallow_rims() {
      const auto w = static_cast<std::ptrdiff_t>(w_);
      const std::array<std::ptrdiff_t, 8> offsets{-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
      Tile* cells = level_.tiles.data();
      for (std::uint32_t i : water_)
        for (std::ptrdiff_t o : offsets) {
          Tile& t = cells[static_cast<std::ptrdiff_t>(i) + o];
          if (t == base_) t = Tile::water_shallow;
        }
    }

    // The entrance, the down stairs and `poi` more, inside the band's deepest reach (so the
    // straight-ish tunnels between them never touch the band), on open land when one of a few
    // random spots is.
    void place_points() {
      const int d = band_.max_depth;
      const auto random_spot = [&] {
        Point p;
        for (int attempt = 0; attempt < k_spot_attempts; ++attempt) {
          p = {rng_.range(d, w_ - 1 - d), rng_.range(d, h_ - 1 - d)};
          if (is_traversable(level_.tiles[p])) break;
        }
        return p;
      };
      const Point up = random_spot();
      Point down = up;
      for (int i = 0; i < k_down_stairs_candidates; ++i) {
        const Point p = random_spot();
        if (distance_squared(p, up) > distance_squared(down, up)) down = p;
      }
      if (down == up) down = up.x > d ? Point{up.x - 1, up.y} : Point{up.x + 1, up.y};
      points_ = {up, down};
      const auto wanted = static_cast<std::size_t>(params_.get_int("poi"));
      for (std::size_t n = 0; n < wanted; ++n)
        for (int attempt = 0; attempt < 20; ++attempt) {
          const Point p = random_spot();
          if (std::find(points_.begin(), points_.end(), p) != points_.end()) continue;
          points_.push_back(p);
          level_.tiles[p] = base_;
          level_.meta.features.push_back({p, "poi"});
          break;
        }
      level_.tiles[up] = Tile::stairs_up;
      level_.tiles[down] = Tile::stairs_down;
      level_.meta.stairs = {up, down};
    }

    // Each point to the nearest one before it: a tree of tunnels over all points.
    void join_points() {
      for (std::size_t i = 1; i < points_.size(); ++i) {
        std::size_t nearest = 0;
        for (std::size_t j = 1; j < i; ++j)
          if (distance_squared(points_[i], points_[j]) <
              distance_squared(points_[i], points_[nearest]))
            nearest = j;
        path_.clear();
        Point at = points_[nearest];
        const Point to = points_[i];
        path_.push_back(index(at));
        while (at != to) {
          const int dx = to.x - at.x, dy = to.y - at.y;
          const auto ax = static_cast<std::uint32_t>(std::abs(dx));
          const auto ay = static_cast<std::uint32_t>(std::abs(dy));
          if (rng_.below(ax + ay) < ax)
            at.x += dx > 0 ? 1 : -1;
          else
            at.y += dy > 0 ? 1 : -1;
          path_.push_back(index(at));
        }
        open_tunnel();
      }
    }

    // Makes the impassable cells of `path_` (in walking order) passable, the wilderness way,
    // and records the changed cells as a corridor.
    void open_tunnel() {
      std::vector<Point> carved;
      for (std::size_t k = 0; k < path_.size(); ++k) {
        Tile& t = tile(path_[k]);
        if (is_traversable(t)) continue;
        if (t != Tile::water_deep) {
          t = Tile::corridor;  // a path through trees, a passage through rock
          carved.push_back(level_.tiles.point_of(path_[k]));
          continue;
        }
        std::size_t end = k;
        while (end < path_.size() && tile(path_[end]) == Tile::water_deep)
          ++end;
        const bool bridge =
            crossing_ == Crossing::bridge ||
            (crossing_ == Crossing::mixed && end - k >= static_cast<std::size_t>(k_bridge_min_run));
        for (; k < end; ++k) {
          tile(path_[k]) = bridge ? Tile::bridge : Tile::water_shallow;
          carved.push_back(level_.tiles.point_of(path_[k]));
        }
        --k;
      }
      if (!carved.empty()) level_.meta.corridors.push_back({-1, -1, std::move(carved)});
    }

    // state_: 0 an impassable cell not yet searched; 1..4 an impassable cell the search reached
    // from the neighbour in that direction (k_directions4[state - 1]); k_open passable land not
    // yet joined; k_joined cells connected to the entrance; k_band the band, which no search
    // enters. The searches read only this byte per cell, never the tiles.
    static constexpr std::uint8_t k_joined = 5;
    static constexpr std::uint8_t k_band = 6;
    static constexpr std::uint8_t k_open = 7;

    // The search state of every cell from its tile and the band; an empty queue.
    void prepare_search() {
      const auto cells = level_.tiles.cells();
      state_.resize(cells.size());
      std::transform(cells.begin(), cells.end(), state_.begin(),
                     [](Tile t) { return is_traversable(t) ? k_open : std::uint8_t{0}; });
      for_each_band_cell([this](std::size_t i) { state_[i] = k_band; });
      queue_.clear();
      queue_.reserve(level_.tiles.cell_count());
    }

    // Marks the passable region of `start` as joined and appends it to the queue.
    void flood(std::uint32_t start) {
      std::size_t k = queue_.size();
      state_[start] = k_joined;
      queue_.push_back(start);
      for (; k < queue_.size(); ++k) {
        const std::uint32_t c = queue_[k];
        for (std::ptrdiff_t o : offsets()) {
          const auto n = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(c) + o);
          if (state_[n] != k_open) continue;
          state_[n] = k_joined;
          queue_.push_back(n);
        }
      }
    }

    // Marks the passable region of `start` as joined, a row span at a time (the entrance's
    // region can be most of a big map: spans visit it in nearly scan order).
    void flood_spans(std::uint32_t start) {
      const auto open = [this](std::uint32_t i) { return state_[i] == k_open; };
      const auto w = static_cast<std::uint32_t>(w_);
      stack_.clear();
      stack_.push_back(start);
      while (!stack_.empty()) {
        const std::uint32_t seed = stack_.back();
        stack_.pop_back();
        if (!open(seed)) continue;
        std::uint32_t left = seed, right = seed;
        while (open(left - 1))
          --left;
        while (open(right + 1))
          ++right;
        std::fill(state_.begin() + left, state_.begin() + right + 1, k_joined);
        for (const std::uint32_t row : {left - w, left + w}) {
          bool in_run = false;
          for (std::uint32_t i = row; i <= row + (right - left); ++i) {
            const bool here = open(i);
            if (here && !in_run) stack_.push_back(i);
            in_run = here;
          }
        }
      }
    }

    std::array<std::ptrdiff_t, 4> offsets() const {
      std::array<std::ptrdiff_t, 4> out{};
      for (std::size_t d = 0; d < 4; ++d)
        out[d] = k_directions4[d].y * static_cast<std::ptrdiff_t>(w_) + k_directions4[d].x;
      return out;
    }

    // One breadth-first search from the entrance's region through impassable cells: whenever
    // it meets passable land not yet joined, it tunnels back along its own search tree to the
    // joined land and adds that region to the search. It starts from the impassable cells next
    // to the entrance's region, found in one scan (so the region itself, often most of the map,
    // is never queued). The band is never entered, so every searched cell has four neighbours.
    void join_pockets() {
      prepare_search();
      flood_spans(index(*level_.meta.stairs.up));
      const auto offs = offsets();
      for (std::uint32_t i = 0; i < state_.size(); ++i) {
        if (state_[i] != 0) continue;
        for (std::size_t d = 0; d < 4; ++d)
          if (state_[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + offs[d])] ==
              k_joined) {
            state_[i] = static_cast<std::uint8_t>(1 + d);  // toward the joined neighbour
            queue_.push_back(i);
            break;
          }
      }
      for (std::size_t head = 0; head < queue_.size(); ++head) {
        const std::uint32_t c = queue_[head];
        for (std::size_t d = 0; d < 4; ++d) {
          const auto n = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(c) + offs[d]);
          if (state_[n] == 0) {
            state_[n] = static_cast<std::uint8_t>(1 + (d + 2) % 4);  // back toward c
            queue_.push_back(n);
            continue;
          }
          if (state_[n] != k_open || !take_pocket(n)) continue;
          path_.clear();
          for (std::uint32_t p = c; !is_traversable(tile(p));
               p = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(p) +
                                              offs[static_cast<std::size_t>(state_[p] - 1)]))
            path_.push_back(p);
          std::reverse(path_.begin(), path_.end());  // from the joined land to the pocket
          open_tunnel();
        }
      }
    }

    // Joins the passable region of `start` (marks it and appends it to the queue), unless it
    // has at most `fill` cells: then it is filled in and taken back off the queue.
    bool take_pocket(std::uint32_t start) {
      const std::size_t first = queue_.size();
      flood(start);
      if (queue_.size() - first > fill_limit_) return true;
      fill_region(first);
      queue_.resize(first);
      return false;
    }

    // Fills the cells queued from `first` on with the impassable terrain that borders most of
    // them (the lowest tile kind on a tie); they count as unsearched impassable cells again.
    void fill_region(std::size_t first) {
      std::array<std::int64_t, k_tile_count> around{};
      for (std::size_t k = first; k < queue_.size(); ++k)
        for (std::ptrdiff_t o : offsets()) {
          const Tile t =
              tile(static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(queue_[k]) + o));
          if (!is_traversable(t)) ++around[static_cast<std::uint8_t>(t)];
        }
      const auto most =
          static_cast<Tile>(std::max_element(around.begin(), around.end()) - around.begin());
      for (std::size_t k = first; k < queue_.size(); ++k) {
        tile(queue_[k]) = most;
        state_[queue_[k]] = 0;
      }
    }

    // Passable cells the search never met (only cells the band cuts off) are filled in.
    void fill_unreached() {
      for (std::uint32_t i = 0; i < state_.size(); ++i) {
        if (state_[i] != k_open) continue;
        const std::size_t first = queue_.size();
        flood(i);
        fill_region(first);
      }
    }

    Level& level_;
    Rng& rng_;
    const ParamSet& params_;
    const int w_, h_;
    const Tile base_, border_;
    const Crossing crossing_;
    const std::size_t fill_limit_;
    EdgeBand band_;
    std::int64_t interior_ = 0;
    std::vector<std::uint32_t> water_;  // deep water cells the walks laid
    std::vector<Point> points_;         // up stairs, down stairs, then the other points
    std::vector<std::uint32_t> path_;   // a tunnel's cells in walking order
    std::vector<std::uint8_t> state_;
    std::vector<std::uint32_t> queue_;
    std::vector<std::uint32_t> stack_;
  };

  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_wilderness_generator() {
  return std::make_unique<WildernessGenerator>();
}

}  // namespace yendor
