#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <set>

#include "support/ascii_level.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/gen/features/vault_library.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/reachability.hpp"

namespace yendor {
namespace {

const std::string k_data_dir = std::string(YENDOR_SOURCE_DIR) + "/data";

// The GenerateOptions these tests vary (every member initialised, so designated initialisers
// may name any of them).
struct Options {
  int depth = 1;
  int difficulty = 1;
  double unique_rate = 1.0;
  std::string data_dir = k_data_dir;
};

GenerateOptions generate_options(const Options& o) {
  GenerateOptions out;
  out.depth = o.depth;
  out.difficulty = o.difficulty;
  out.unique_rate = o.unique_rate;
  out.data_dir = o.data_dir;
  return out;
}

Level make(const char* generator, std::uint64_t seed, const RawParams& vault_params,
           const Options& o = {}, Size size = {80, 50}) {
  const Generator& g = builtin_generators().get(generator);
  GenerateOptions options = generate_options(o);
  options.features.push_back({"vaults", vault_params});
  return generate_level(g, size, seed, g.info().schema.defaults(), options);
}

// Stairs, connectivity from the up stairs and a closed border.
void expect_connected_level(const Level& level) {
  ASSERT_TRUE(level.meta.stairs.up.has_value());
  // With locks (cyclic levels): connected once every lock is open.
  const auto report = check_connectivity(tiles_with_locks_open(level), *level.meta.stairs.up);
  EXPECT_TRUE(report.connected()) << report.reachable << " of " << report.traversable;
  const Rect inside = level.tiles.bounds().expanded(-1);
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      if (!inside.contains(Point{x, y})) {
        EXPECT_FALSE(is_traversable(level.tiles[Point{x, y}])) << "border " << x << "," << y;
      }
  for (const Door& d : level.meta.doors)
    EXPECT_TRUE(tile_info(level.tiles[d.pos]).door);
  for (const Room& r : level.meta.rooms)
    EXPECT_TRUE(inside.contains(r.rect)) << r.kind;
}

struct Placed {
  std::string name;
  Rect rect;  // the whole vault map, wall ring included
  int room = -1;
};

// The vaults of a level, from their "vault:NAME" features and their rooms.
std::vector<Placed> placed_vaults(const Level& level) {
  std::vector<Placed> out;
  for (const Feature& f : level.meta.features) {
    if (!f.tag.starts_with("vault:")) continue;
    Placed p{f.tag.substr(6), {}, -1};
    for (const Room& r : level.meta.rooms)
      if (r.kind == "vault" && r.rect.origin() == f.pos + Point{1, 1}) {
        p.rect = r.rect.expanded(1);
        p.room = r.id;
      }
    EXPECT_GE(p.room, 0) << "no vault room for " << f.tag;
    out.push_back(p);
  }
  return out;
}

// Every marker tag the shipped vaults use, and those of the tests' own vaults. Generators
// record features of their own ("dead_end", "loop"): those are not markers.
bool is_marker_tag(const std::string& tag) {
  static const std::set<std::string> tags = [] {
    std::set<std::string> out;
    for (const VaultGlyph& g : builtin_vault_glyphs())
      out.insert(g.tag);
    const VaultLibrary library = VaultLibrary::load(k_data_dir + "/vaults");
    for (const Vault& v : library.vaults())
      for (const VaultGlyph& g : v.legend)
        out.insert(g.tag);
    out.erase("");
    return out;
  }();
  return tags.contains(tag);
}

// The level holds `vault` at `placed` in one of the orientations its file allows: every cell
// as drawn (stairs may stand on floor), entrances opened to its entrance tile or walled up,
// at least one open, and the markers recorded exactly where they are drawn.
void expect_vault_laid_down(const Level& level, const Vault& vault, const Placed& placed) {
  bool matched = false;
  for (int turns = 0; turns < (vault.rotate ? 4 : 1) && !matched; ++turns)
    for (const bool mirror : {false, true}) {
      if (mirror && !vault.mirror) continue;
      const Grid<std::uint8_t> cells = orient_vault_cells(vault.cells, {turns, mirror});
      if (cells.size() != placed.rect.size()) continue;
      bool same = true;
      int open = 0;
      std::multiset<std::pair<Point, std::string>> markers;
      for (int y = 0; y < cells.height() && same; ++y)
        for (int x = 0; x < cells.width() && same; ++x) {
          const VaultGlyph& g = vault.glyph(cells[Point{x, y}]);
          const Point p = placed.rect.origin() + Point{x, y};
          const Tile t = level.tiles[p];
          if (g.entrance) {
            same = t == vault.entrance_tile || t == Tile::wall;
            open += t == vault.entrance_tile ? 1 : 0;
          } else {
            const bool stairs = t == Tile::stairs_up || t == Tile::stairs_down;
            same = t == g.tile || (stairs && g.tile == Tile::floor);
          }
          if (!g.tag.empty()) markers.insert({p, g.tag});
        }
      if (!same) continue;
      // Symmetric vaults match several orientations by their tiles: the markers decide.
      std::multiset<std::pair<Point, std::string>> recorded;
      for (const Feature& f : level.meta.features)
        if (is_marker_tag(f.tag) && placed.rect.contains(f.pos)) recorded.insert({f.pos, f.tag});
      if (recorded != markers) continue;
      matched = true;
      EXPECT_GE(open, 1) << vault.name << ": every entrance walled up";
      break;
    }
  EXPECT_TRUE(matched) << vault.name << " at " << placed.rect.x << "," << placed.rect.y
                       << " matches none of its orientations";
}

// What every level with vaults keeps; returns the number of vaults.
std::size_t expect_vault_properties(const Level& level, const VaultLibrary& library,
                                    const std::string& context) {
  SCOPED_TRACE(context);
  expect_connected_level(level);
  const std::vector<Placed> vaults = placed_vaults(level);
  const Rect inside = level.tiles.bounds().expanded(-1);
  for (const Placed& p : vaults) {
    const Vault* vault = library.find(p.name);
    EXPECT_NE(vault, nullptr) << p.name;
    if (vault == nullptr) continue;
    EXPECT_TRUE(inside.contains(p.rect)) << p.name;
    expect_vault_laid_down(level, *vault, p);
    for (int y = p.rect.top(); y <= p.rect.bottom(); ++y)
      for (int x = p.rect.left(); x <= p.rect.right(); ++x) {
        const Point c{x, y};
        EXPECT_NE(level.flags[c] & cell_flag::no_dig, 0) << p.name;
        // An opened entrance leads somewhere: the cell outside it is traversable.
        const bool ring =
            x == p.rect.left() || x == p.rect.right() || y == p.rect.top() || y == p.rect.bottom();
        if (ring && is_traversable(level.tiles[c])) {
          const Point out{x == p.rect.left() ? x - 1 : (x == p.rect.right() ? x + 1 : x),
                          y == p.rect.top() ? y - 1 : (y == p.rect.bottom() ? y + 1 : y)};
          EXPECT_TRUE(is_traversable(level.tiles[out])) << p.name << " entrance leads nowhere";
        }
      }
    for (const Placed& q : vaults)
      if (&q != &p) {
        EXPECT_FALSE(p.rect.intersects(q.rect)) << p.name << " overlaps " << q.name;
      }
  }
  // Every marker stands on a passable cell inside a vault.
  for (const Feature& f : level.meta.features) {
    if (!is_marker_tag(f.tag)) continue;
    EXPECT_TRUE(tile_info(level.tiles[f.pos]).passable) << f.tag;
    EXPECT_TRUE(std::any_of(vaults.begin(), vaults.end(),
                            [&](const Placed& p) { return p.rect.contains(f.pos); }))
        << f.tag << " outside every vault";
  }
  return vaults.size();
}

class TempDataDir {
 public:
  TempDataDir() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("yendor_vault_pass_" + std::string(test->name()) + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_ / "vaults");
  }
  ~TempDataDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDataDir(const TempDataDir&) = delete;
  TempDataDir& operator=(const TempDataDir&) = delete;

  std::string str() const { return path_.string(); }
  void add(const std::string& name, std::string_view depth, std::string_view map) const {
    write_file_atomic((path_ / "vaults" / (name + ".txt")).string(),
                      "name: " + name + "\ndepth: " + std::string(depth) + "\nweight: 1\nmap:\n" +
                          std::string(map));
  }

 private:
  std::filesystem::path path_;
};

constexpr std::string_view k_small_map = "#####\n#M.$#\n@...#\n#*.^#\n#####\n";

TEST(VaultsPass, ConnectedVaultsInsideTheMapOnRoomsAndBsp) {
  const VaultLibrary library = VaultLibrary::load(k_data_dir + "/vaults");
  for (const char* generator : {"rooms", "bsp"}) {
    std::size_t levels_with_vaults = 0, vaults = 0;
    const std::uint64_t seeds = 300;
    for (std::uint64_t seed = 0; seed < seeds; ++seed) {
      const Level level =
          make(generator, seed, {{"rate", "2"}}, {.depth = 1 + static_cast<int>(seed % 20)});
      const std::size_t n = expect_vault_properties(
          level, library, std::string(generator) + " seed " + std::to_string(seed));
      vaults += n;
      levels_with_vaults += n > 0 ? 1 : 0;
    }
    EXPECT_GE(levels_with_vaults, seeds * 3 / 4) << generator;
    EXPECT_GE(vaults, seeds) << generator;
  }
}

TEST(VaultsPass, DefaultsGiveAboutOneVaultPerLevel) {
  std::size_t vaults = 0;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const std::size_t n = placed_vaults(make("rooms", seed, {})).size();
    EXPECT_LE(n, 1u);  // rate 1 on 80x50: one wanted, never more
    vaults += n;
  }
  EXPECT_GE(vaults, 60u);
}

TEST(VaultsPass, EachPlacementKeepsItsPromise) {
  const VaultLibrary library = VaultLibrary::load(k_data_dir + "/vaults");
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const Options options{.depth = 1 + static_cast<int>(seed % 15)};
    const Level in_rooms = make("bsp", seed, {{"placement", "rooms"}, {"rate", "3"}}, options);
    expect_vault_properties(in_rooms, library, "rooms, seed " + std::to_string(seed));
    for (const Placed& p : placed_vaults(in_rooms)) {
      const auto hall =
          std::find_if(in_rooms.meta.rooms.begin(), in_rooms.meta.rooms.end(), [&](const Room& r) {
            return r.kind == "vault_hall" && r.rect.expanded(-1).contains(p.rect);
          });
      EXPECT_NE(hall, in_rooms.meta.rooms.end()) << p.name << " not inside a hall";
      for (const Corridor& c : in_rooms.meta.corridors)
        EXPECT_NE(c.from_room, p.room) << "a vault in a room needs no corridor";
    }

    const int reach = 1 + static_cast<int>(seed % 12);
    const Level in_rock =
        make("rooms", seed,
             {{"placement", "rock"}, {"rate", "3"}, {"reach", std::to_string(reach)}}, options);
    expect_vault_properties(in_rock, library, "rock, seed " + std::to_string(seed));
    for (const Room& r : in_rock.meta.rooms)
      EXPECT_NE(r.kind, "vault_hall");
    for (const Placed& p : placed_vaults(in_rock)) {
      int corridors = 0;
      for (const Corridor& c : in_rock.meta.corridors) {
        if (c.from_room != p.room) continue;
        ++corridors;
        EXPECT_EQ(c.to_room, -1);
        ASSERT_FALSE(c.cells.empty());
        EXPECT_LE(std::ssize(c.cells), reach);
        EXPECT_TRUE(p.rect.expanded(1).contains(c.cells.front())) << "starts at the vault";
        for (std::size_t i = 0; i < c.cells.size(); ++i) {
          EXPECT_EQ(in_rock.tiles[c.cells[i]], Tile::corridor);
          if (i > 0) {
            EXPECT_EQ(manhattan(c.cells[i - 1], c.cells[i]), 1);
          }
        }
      }
      EXPECT_GE(corridors, 1) << p.name;
    }
  }
}

TEST(VaultsPass, OutOfDepthVaultsNeverAppear) {
  const TempDataDir data;
  data.add("shallow", "1-3", k_small_map);
  data.add("deep", "5-9", k_small_map);
  const VaultLibrary library = VaultLibrary::load(data.str() + "/vaults");
  std::set<std::string> seen;
  for (int depth = 1; depth <= 10; ++depth)
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
      const Level level =
          make("rooms", seed, {{"rate", "3"}}, {.depth = depth, .data_dir = data.str()});
      const auto vaults = placed_vaults(level);
      expect_vault_properties(level, library, "depth " + std::to_string(depth));
      for (const Placed& p : vaults) {
        EXPECT_TRUE(library.find(p.name)->allows_depth(depth)) << p.name << " at " << depth;
        seen.insert(p.name);
      }
      if (depth == 4 || depth == 10) {
        EXPECT_TRUE(vaults.empty());
      }
    }
  EXPECT_EQ(seen, (std::set<std::string>{"deep", "shallow"}));
  // Difficulty 41..50 chooses as if four levels deeper.
  std::size_t deep = 0;
  for (std::uint64_t seed = 0; seed < 12; ++seed) {
    const Level level = make("rooms", seed, {{"rate", "3"}},
                             {.depth = 1, .difficulty = 45, .data_dir = data.str()});
    for (const Placed& p : placed_vaults(level)) {
      EXPECT_EQ(p.name, "deep");
      ++deep;
    }
  }
  EXPECT_GT(deep, 0u);
  // The shipped vaults keep their depths too.
  const VaultLibrary shipped = VaultLibrary::load(k_data_dir + "/vaults");
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const int depth = 1 + static_cast<int>(seed);
    for (const Placed& p : placed_vaults(make("bsp", seed, {{"rate", "3"}}, {.depth = depth})))
      EXPECT_TRUE(shipped.find(p.name)->allows_depth(depth)) << p.name << " at " << depth;
  }
}

TEST(VaultsPass, SameSeedSameLevel) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Level a = make("rooms", seed, {{"rate", "4"}}, {.depth = 6});
    EXPECT_EQ(a, make("rooms", seed, {{"rate", "4"}}, {.depth = 6}));
    // Vaults only add: the generator's level underneath is the same with or without them.
    const Generator& g = builtin_generators().get("rooms");
    const Level plain = generate_level(g, {80, 50}, seed, g.info().schema.defaults(),
                                       generate_options({.depth = 6}));
    EXPECT_EQ(a.meta.rooms.size(), plain.meta.rooms.size() + placed_vaults(a).size());
  }
}

TEST(VaultsPass, RateZeroOrMaxZeroPlacesNothing) {
  const Generator& g = builtin_generators().get("bsp");
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    Level plain = generate_level(g, {80, 50}, seed, g.info().schema.defaults());
    for (const Level& level :
         {make("bsp", seed, {{"rate", "0"}}), make("bsp", seed, {{"max", "0"}, {"rate", "9"}}),
          make("bsp", seed, {{"rate", "9"}}, {.unique_rate = 0.0})}) {
      EXPECT_EQ(level.tiles, plain.tiles);
      EXPECT_EQ(level.flags, plain.flags);
      EXPECT_EQ(level.meta.rooms, plain.meta.rooms);
      EXPECT_EQ(level.meta.features, plain.meta.features);
    }
  }
}

TEST(VaultsPass, NeverMoreThanWantedOrMax) {
  std::size_t most = 0;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    EXPECT_LE(placed_vaults(make("bsp", seed, {{"rate", "2.5"}})).size(), 3u);
    EXPECT_LE(placed_vaults(make("bsp", seed, {{"rate", "50"}, {"max", "2"}})).size(), 2u);
    // unique_rate scales the rate: 0.5 x 2 = one vault wanted.
    EXPECT_LE(placed_vaults(make("rooms", seed, {{"rate", "2"}}, {.unique_rate = 0.5})).size(), 1u);
    most = std::max(most, placed_vaults(make("bsp", seed, {{"rate", "50"}, {"max", "4"}})).size());
  }
  EXPECT_EQ(most, 4u);
}

// On a hand-made level with one room and rock all round, vaults go into the rock with
// corridors to the room; entrances that cannot reach it are walled up.
TEST(VaultsPass, IntoRockBesideAHandMadeRoom) {
  const TempDataDir data;
  data.add("two_doors", "1", "#######\n#M...$#\n@.....@\n#######\n");
  const VaultLibrary library = VaultLibrary::load(data.str() + "/vaults");
  std::vector<std::string> rows(24, std::string(40, '#'));
  for (int y = 9; y < 14; ++y)
    rows[static_cast<std::size_t>(y)].replace(17, 6, "......");
  const Level base = test::ascii_level(rows);
  const FeaturePass& pass = builtin_feature_passes().get("vaults");
  const ParamSet params =
      pass.info().schema.parse("vaults", {{"placement", "rock"}, {"reach", "4"}, {"rate", "20"}});
  int placed = 0, one_open = 0, both_open = 0;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    Level level = base;
    Rng rng(seed);
    const std::string data_dir = data.str();  // the context only views it
    FeatureContext context;
    context.data_dir = data_dir;
    pass.apply(level, params, context, rng);
    const auto report = check_connectivity(level.tiles, {18, 10});
    EXPECT_TRUE(report.connected()) << report.reachable << " of " << report.traversable;
    for (const Placed& p : placed_vaults(level)) {
      ++placed;
      expect_vault_laid_down(level, *library.find(p.name), p);
      int open = 0;
      for (int y = p.rect.top(); y <= p.rect.bottom(); ++y)
        for (int x = p.rect.left(); x <= p.rect.right(); ++x)
          if (!p.rect.expanded(-1).contains(Point{x, y}) && is_traversable(level.tiles[{x, y}]))
            ++open;
      one_open += open == 1 ? 1 : 0;
      both_open += open == 2 ? 1 : 0;
    }
    for (int x = 0; x < level.width(); ++x)
      EXPECT_FALSE(is_traversable(level.tiles[Point{x, 0}]));
  }
  EXPECT_GE(placed, 40);
  EXPECT_GT(one_open, 0) << "no entrance was ever walled up";
  EXPECT_GT(both_open, 0) << "no vault ever kept both entrances";
}

// On open ground (a field with a line of trees), vaults stand like buildings with the ground open
// all round them.
TEST(VaultsPass, OnOpenGroundAsBuildings) {
  const VaultLibrary library = VaultLibrary::load(k_data_dir + "/vaults");
  std::vector<std::string> rows(30, std::string(50, '.'));
  for (std::size_t y = 0; y < rows.size(); ++y)
    for (std::size_t x = 0; x < rows[y].size(); ++x)
      if (y == 0 || x == 0 || y + 1 == rows.size() || x + 1 == rows[y].size())
        rows[y][x] = '#';
      else if (x == y + 10 && y % 2 == 0)
        rows[y][x] = 'T';
  const Level base = test::ascii_level(rows);
  const FeaturePass& pass = builtin_feature_passes().get("vaults");
  const ParamSet params =
      pass.info().schema.parse("vaults", {{"placement", "ground"}, {"rate", "10"}});
  const std::string data_dir = k_data_dir;
  FeatureContext context;
  context.data_dir = data_dir;
  int placed = 0;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    Level level = base;
    level.meta.depth = 1 + static_cast<int>(seed % 20);
    Rng rng(seed);
    pass.apply(level, params, context, rng);
    const auto report = check_connectivity(level.tiles, {1, 1});
    EXPECT_TRUE(report.connected()) << report.reachable << " of " << report.traversable;
    for (const Placed& p : placed_vaults(level)) {
      ++placed;
      expect_vault_laid_down(level, *library.find(p.name), p);
      const Rect outer = p.rect.expanded(1);
      for (int y = outer.top(); y <= outer.bottom(); ++y)
        for (int x = outer.left(); x <= outer.right(); ++x)
          if (!p.rect.contains(Point{x, y})) {
            EXPECT_TRUE(tile_info(level.tiles[{x, y}]).passable) << "margin closed at " << x;
          }
    }
  }
  EXPECT_GE(placed, 30);
}

// Every generator that is built keeps its level valid with vaults on it.
TEST(VaultsPass, OnEveryGenerator) {
  const VaultLibrary library = VaultLibrary::load(k_data_dir + "/vaults");
  for (const Generator* g : builtin_generators().all()) {
    try {
      make(g->info().name.c_str(), 0, {});
    } catch (const InputError&) {
      continue;  // not built yet
    }
    if (!g->promises_connectivity(g->info().schema.defaults())) continue;
    for (std::uint64_t seed = 0; seed < 30; ++seed)
      expect_vault_properties(make(g->info().name.c_str(), seed, {{"rate", "3"}},
                                   {.depth = 1 + static_cast<int>(seed)}),
                              library, g->info().name + " seed " + std::to_string(seed));
  }
}

TEST(VaultsPass, BadDataAndParametersAreInputErrors) {
  const Generator& g = builtin_generators().get("rooms");
  const auto run = [&](const RawParams& raw, const std::string& data_dir) {
    GenerateOptions options;
    options.features = {{"vaults", raw}};
    options.data_dir = data_dir;
    generate_level(g, {80, 50}, 1, g.info().schema.defaults(), options);
  };
  for (const RawParams& raw : std::vector<RawParams>{{{"rate", "-1"}},
                                                     {{"rate", "101"}},
                                                     {{"max", "-1"}},
                                                     {{"placement", "everywhere"}},
                                                     {{"attempts", "0"}},
                                                     {{"reach", "0"}},
                                                     {{"reach", "101"}},
                                                     {{"size", "3"}}})
    EXPECT_THROW(run(raw, k_data_dir), InputError) << raw[0].first << "=" << raw[0].second;

  const TempDataDir data;
  try {
    run({}, data.str() + "/nowhere");
    FAIL() << "a missing data directory accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(data.str() + "/nowhere/vaults"), std::string::npos)
        << e.what();
  }
  data.add("broken", "1-x", k_small_map);
  try {
    run({}, data.str());
    FAIL() << "a broken vault file accepted";
  } catch (const InputError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with(data.str() + "/vaults/broken.txt:2: field "
                                                               "'depth': "))
        << e.what();
  }
}

TEST(VaultsPass, SmallAndNarrowMaps) {
  const VaultLibrary library = VaultLibrary::load(k_data_dir + "/vaults");
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    expect_vault_properties(make("rooms", seed, {{"rate", "50"}}, {}, {8, 8}), library, "8x8");
    expect_vault_properties(make("bsp", seed, {{"rate", "5"}}, {.depth = 12}, {200, 20}), library,
                            "200x20");
    expect_vault_properties(make("rooms", seed, {{"rate", "5"}}, {.depth = 12}, {14, 120}), library,
                            "14x120");
  }
}

TEST(VaultsPass, DescribedAndRegistered) {
  const FeaturePass& pass = builtin_feature_passes().get("vaults");
  EXPECT_EQ(pass.info().name, "vaults");
  EXPECT_NE(pass.info().source.find("3.2"), std::string::npos);
  EXPECT_FALSE(pass.info().summary.empty());
  EXPECT_EQ(pass.info().summary.find('\n'), std::string::npos);
  for (const ParamSpec& spec : pass.info().schema.specs())
    EXPECT_NE(pass.info().description.find(spec.name), std::string::npos)
        << "the description never names " << spec.name;
}

}  // namespace
}  // namespace yendor
