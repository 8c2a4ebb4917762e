// `caves`: cellular automaton caves (thesis sections 3.4 and 5.3): random noise smoothed by a
// life-like rule, then the separate caves joined by tunnels, cut down to the largest, or left
// apart and reported as regions.

#include <algorithm>
#include <string>

#include "yendor/gen/cellular_automaton.hpp"
#include "yendor/gen/cellular_regions.hpp"
#include "yendor/gen/cellular_tunnels.hpp"
#include "yendor/gen/registry.hpp"

namespace yendor {

namespace {

using cellular::BitGrid;
using cellular::DeadCellRegions;

// A level whose largest cave is smaller than this gets a chamber of this many cells (3x3)
// carved at a random place, so that even rules that leave only rock make a playable level.
constexpr int k_chamber_side = 3;
constexpr std::int64_t k_min_cave_cells = k_chamber_side * k_chamber_side;

GeneratorInfo make_info() {
  GeneratorInfo info;
  info.name = "caves";
  info.summary = "cellular automaton caves: random noise smoothed by a B/S rule (thesis 3.4, 5.3)";
  info.version = 1;
  info.source =
      "thesis-roguelike-analysis-2015 sections 3.4, 5.3 and 5.5; roguebasin-dev-faq "
      "'How do you make sure all your rooms and passages are reachable?'";
  info.description =
      "The map's outer ring is rock. Every cell inside it starts as floor with probability "
      "`fill` (5.3: floors 'at a ratio of 50%'), then a life-like cellular automaton runs up to "
      "`generations` steps over those cells, stopping early once a step changes nothing. `rule` "
      "is B/S notation with WALL as the live state: B lists the numbers of wall cells among "
      "the 8 neighbours that turn a floor cell into wall, S the numbers that keep a wall cell "
      "a wall; the outer ring and anything beyond count as wall. The default B5678/S45678 is "
      "the 4-5 rule read as: a cell is wall next step when at least 5 of the 9 cells of its 3x3 "
      "block (itself included) are wall, so a wall stays wall with 4 or more wall neighbours "
      "and a floor becomes wall with 5 or more. In the thesis's floor terms (5.3) that is: a "
      "floor with fewer than 4 floor neighbours dies, one with 4 or more stays, a wall with 5 "
      "or more floor neighbours becomes floor. The words match at every count but one: 5.3 "
      "('more than 5 they become alive') keeps a wall with exactly 5 floor neighbours; that "
      "literal reading is rule=B5678/S345678, which at fill 0.5 leaves about a quarter of the "
      "map as floor in thousands of small pockets without a large cave. Separate caves (3.4: "
      "'connect the areas in some way'): connect=tunnel joins them by the shortest tunnels "
      "through rock (corridor tiles, listed as corridors): first every wall cell with caves "
      "of two unjoined groups on both sides is dug, then in rounds each group not yet joined "
      "to the largest cave digs to the nearest cave of another group (a breadth-first search "
      "through rock), which halves the groups each round; largest fills every cave but the "
      "largest with rock; none leaves them apart, lists each as a region of kind 'cave' and "
      "puts the up stairs on a random cell of the largest (the post-pass then puts the down "
      "stairs far away among the cells reachable from them, so in the same cave). With "
      "tunnel or largest the one cave left is listed as a region. If the largest cave has "
      "fewer than 9 cells (fill near 0, rules that leave only rock), a 3x3 chamber is dug at a "
      "random place first, so every level has a cave.";
  info.min_size = {8, 8};
  const std::string default_rule = cellular::rules::k_caves_4_5.notation();
  info.schema
      .add_real("fill", 0.5, 0.0, 1.0,
                "share of cells that start as floor (rounded to a multiple of 1/65536)")
      .add_int("generations", 5, 0, 1000,
               "automaton steps (thesis: 3-5 remove most artifacts; its benchmark ran 20)")
      .add_string("rule", default_rule,
                  "life-like rule, wall alive: B = wall neighbours (of 8) that turn floor to "
                  "wall, S = those that keep a wall",
                  cellular::rule_problem)
      .add_choice("connect", "tunnel", {"tunnel", "largest", "none"},
                  "join separate caves by tunnels, keep only the largest, or leave them apart");
  return info;
}

class CavesGenerator final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }

  bool promises_connectivity(const ParamSet& params) const override {
    return params.get_string("connect") != "none";
  }

  void generate(Level& level, const ParamSet& params, Rng& rng) const override {
    const cellular::Rule rule = *cellular::parse_rule(params.get_string("rule"));
    const std::string& connect = params.get_string("connect");

    // The automaton runs inside the rock ring; the ring and beyond count as wall (alive).
    BitGrid cave({level.width() - 2, level.height() - 2}, true);
    cave.randomize(rng, 1.0 - params.get_real("fill"));
    cave.run(rule, static_cast<int>(params.get_int("generations")));

    DeadCellRegions regions(cave);
    if (regions.largest() < 0 ||
        regions.regions()[static_cast<std::size_t>(regions.largest())].cells < k_min_cave_cells) {
      const int x = rng.range(0, cave.width() - k_chamber_side);
      const int y = rng.range(0, cave.height() - k_chamber_side);
      for (int dy = 0; dy < k_chamber_side; ++dy)
        cave.set_run(y + dy, x, x + k_chamber_side - 1, false);
      regions = DeadCellRegions(cave);
    }
    const int largest = regions.largest();
    const auto& summaries = regions.regions();

    if (connect == "largest") {
      for (std::size_t i = 0; i < regions.runs().size(); ++i) {
        const cellular::Run& run = regions.runs()[i];
        if (regions.region_of_run(i) != largest) cave.set_run(run.y, run.x0, run.x1, true);
      }
    }
    cave.write_to(level.tiles, {1, 1}, Tile::wall, Tile::floor);

    auto& out = level.meta.regions;
    const auto shifted = [](Rect r) { return Rect{r.x + 1, r.y + 1, r.width, r.height}; };
    if (connect == "none") {
      for (std::size_t r = 0; r < summaries.size(); ++r)
        out.push_back(
            {static_cast<int>(r), "cave", shifted(summaries[r].bounds), summaries[r].cells});
      place_up_stairs(level, regions, largest, rng);
      return;
    }
    const cellular::RegionSummary whole = connect == "tunnel"
                                              ? joined(level, cave, regions)
                                              : summaries[static_cast<std::size_t>(largest)];
    out.push_back({0, "cave", shifted(whole.bounds), whole.cells});
  }

 private:
  // Tunnels between all caves; the summary of the one cave they make (in automaton cells,
  // tunnels included).
  static cellular::RegionSummary joined(Level& level, const BitGrid& cave,
                                        const DeadCellRegions& regions) {
    cellular::RegionSummary whole{regions.regions().front().bounds, 0};
    for (const auto& s : regions.regions()) {
      whole.cells += s.cells;
      whole.bounds = hull(whole.bounds, s.bounds);
    }
    const std::size_t before = level.meta.corridors.size();
    whole.cells += cellular::TunnelDigger(level, cave, regions).dig();
    for (std::size_t c = before; c < level.meta.corridors.size(); ++c)
      for (const Point p : level.meta.corridors[c].cells)
        whole.bounds = hull(whole.bounds, Rect{p.x - 1, p.y - 1, 1, 1});
    return whole;
  }

  static Rect hull(const Rect& a, const Rect& b) {
    return Rect::from_corners({std::min(a.left(), b.left()), std::min(a.top(), b.top())},
                              {std::max(a.right(), b.right()), std::max(a.bottom(), b.bottom())});
  }

  // connect=none: the up stairs on a uniformly random cell of the largest cave. The shared
  // post-pass then puts the down stairs far away among the cells reachable from them.
  static void place_up_stairs(Level& level, const DeadCellRegions& regions, int largest, Rng& rng) {
    const auto cells = regions.regions()[static_cast<std::size_t>(largest)].cells;
    std::int64_t k = rng.below(static_cast<std::uint32_t>(cells));
    for (const std::uint32_t run_id : regions.runs_of(largest)) {
      const cellular::Run& run = regions.runs()[run_id];
      if (k < run.length()) {
        const Point p{run.x0 + static_cast<int>(k) + 1, run.y + 1};
        level.tiles[p] = Tile::stairs_up;
        level.meta.stairs.up = p;
        return;
      }
      k -= run.length();
    }
  }

  GeneratorInfo info_ = make_info();
};

}  // namespace

std::unique_ptr<Generator> make_caves_generator() {
  return std::make_unique<CavesGenerator>();
}

}  // namespace yendor
