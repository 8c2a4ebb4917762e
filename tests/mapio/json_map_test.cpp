#include "yendor/mapio/json_map.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/rng.hpp"

namespace yendor {
namespace {

using nlohmann::json;

// A 24x9 level with every tile kind (row 1) and every metadata field filled in.
Level full_level() {
  Level level(Size{24, 9}, Tile::wall);
  for (std::size_t i = 0; i < k_tile_count; ++i)
    level.tiles[Point{static_cast<int>(i) + 1, 1}] = static_cast<Tile>(i);
  level.tiles.fill(Rect{1, 3, 6, 4}, Tile::floor);
  level.tiles.fill(Rect{14, 3, 8, 5}, Tile::floor);
  for (int x = 7; x < 14; ++x)
    level.tiles[Point{x, 5}] = Tile::corridor;

  LevelMeta& m = level.meta;
  m.generator = "bsp";
  m.generator_version = 3;
  m.seed = 0xfedcba9876543210ULL;  // > 2^63: only an unsigned 64-bit integer holds it
  m.depth = 4;
  // Names out of alphabetical order: the ParamSet order must survive.
  m.params.set("zeta", true);
  m.params.set("alpha", std::int64_t{-42});
  m.params.set("big", std::numeric_limits<std::int64_t>::max());
  m.params.set("small", std::numeric_limits<std::int64_t>::min());
  m.params.set("ratio", 2.0);
  m.params.set("tenth", 0.1);
  m.params.set("tiny", -1.5e-300);
  m.params.set("off", false);
  m.params.set("name", std::string("caves \"of\" \xc3\xa9tude\n\t\\"));
  m.params.set("", std::string());
  m.motif = "volcanic";
  m.difficulty = 12;
  m.unique_rate = 0.25;
  AppliedPass water{"water", 2, {}};
  water.params.set("size", 0.1);  // declaration order, not alphabetical, must survive
  water.params.set("liquid", std::string("lava"));
  water.params.set("bridges", true);
  water.params.set("attempts", std::int64_t{40});
  m.passes = {water, AppliedPass{"vaults", 1, {}}};
  m.stairs.up = Point{2, 4};
  m.stairs.down = Point{20, 6};
  m.rooms = {Room{0, Rect{1, 3, 6, 4}, "room"}, Room{7, Rect{14, 3, 8, 5}, "vault"}};
  Corridor c;
  c.from_room = 0;
  c.to_room = 7;
  for (int x = 7; x < 14; ++x)
    c.cells.push_back(Point{x, 5});
  m.corridors = {c, Corridor{7, -1, {Point{22, 7}}}, Corridor{-1, -1, {}}};
  m.doors = {Door{Point{7, 5}, 0}, Door{Point{13, 5}, 7}, Door{Point{0, 0}, -1}};
  m.regions = {Region{3, "lake", Rect{15, 4, 3, 2}, 5}, Region{-2, "", Rect{0, 0, 0, 0}, 0}};
  m.features = {Feature{Point{22, 7}, "dead_end"}, Feature{Point{23, 8}, "x y\u00e9"}};
  m.partitions = {
      PartitionNode{Rect{0, 0, 24, 9}, -1, 1, 2, 0, 'v', -1},
      PartitionNode{Rect{0, 0, 12, 9}, 0, 3, 4, 1, 'h', -1},
      PartitionNode{Rect{12, 0, 12, 9}, 0, -1, -1, 1, 0, 7},
      PartitionNode{Rect{0, 0, 12, 4}, 1, -1, -1, 2, 0, -1},
      PartitionNode{Rect{0, 4, 12, 5}, 1, -1, -1, 2, 0, 0},
  };
  return level;
}

// A small level for the fuzz loops: short JSON, still some of every list.
Level small_level() {
  Level level(Size{5, 3}, Tile::wall);
  level.tiles[Point{1, 1}] = Tile::floor;
  level.tiles[Point{2, 1}] = Tile::door_open;
  level.tiles[Point{3, 1}] = Tile::stairs_up;
  LevelMeta& m = level.meta;
  m.generator = "t";
  m.seed = 9;
  m.params.set("n", std::int64_t{2});
  m.params.set("r", 1.0);
  m.stairs.up = Point{3, 1};
  m.rooms = {Room{0, Rect{1, 1, 3, 1}, "room"}};
  m.corridors = {Corridor{0, -1, {Point{2, 1}}}};
  m.doors = {Door{Point{2, 1}, 0}};
  m.regions = {Region{0, "r", Rect{1, 1, 1, 1}, 1}};
  m.features = {Feature{Point{1, 1}, "f"}};
  m.partitions = {PartitionNode{Rect{0, 0, 5, 3}, -1, -1, -1, 0, 0, 0}};
  return level;
}

ParamSet attrs(std::initializer_list<std::pair<const char*, ParamValue>> entries) {
  ParamSet out;
  for (const auto& [name, value] : entries)
    out.set(name, value);
  return out;
}

// A 12x5 level of a cyclic generator: a mission graph whose attributes have every type (in
// an order that is not alphabetical) and whose ids have gaps (removed nodes and edges), and a
// cycle, locks and keys with every field set away from its default.
Level cyclic_level() {
  Level level(Size{12, 5}, Tile::wall);
  level.tiles.fill(Rect{1, 1, 10, 3}, Tile::floor);
  level.tiles[Point{4, 2}] = Tile::door_barred;
  level.tiles[Point{2, 3}] = Tile::lever;
  level.tiles[Point{7, 1}] = Tile::ledge;
  level.tiles[Point{8, 2}] = Tile::chasm;
  level.tiles[Point{9, 2}] = Tile::door_locked;
  LevelMeta& m = level.meta;
  m.generator = "cyclic";
  m.stairs.up = Point{1, 1};
  m.stairs.down = Point{10, 3};
  MissionGraph& g = m.mission;
  const int start =
      g.add_node(attrs({{"kind", std::string("start")}, {"entrance_of", std::int64_t{1}}}));
  const int gone = g.add_node(attrs({{"kind", std::string("level")}}));
  const int room = g.add_node(attrs({{"kind", std::string("room")},
                                     {"size", std::string("large")},
                                     {"danger", std::int64_t{2}},
                                     {"weight", 0.5},
                                     {"ratio", 2.0},
                                     {"cycle", std::int64_t{1}},
                                     {"path", std::string("a")},
                                     {"quote", std::string("say \"hi\"\n\u00e9")}}));
  const int lock = g.add_node(attrs({{"kind", std::string("lock")},
                                     {"realize", std::string("barred_door")},
                                     {"type", std::string("conditional")},
                                     {"safe", true},
                                     {"lock", std::int64_t{3}}}));
  const int key = g.add_node(attrs({{"kind", std::string("key")},
                                    {"item", std::string("lever")},
                                    {"fixed", true},
                                    {"consumed", false}}));
  const int goal = g.add_node(attrs({{"kind", std::string("goal")}, {"goal_of", std::int64_t{1}}}));
  const int tail = g.add_node({});
  const int e1 = g.add_edge(gone, room, attrs({{"kind", std::string("path")}}));
  g.add_edge(start, room, attrs({{"kind", std::string("link")}}));
  g.add_edge(room, lock, attrs({{"kind", std::string("link")}, {"oneway", true}}));
  g.add_edge(lock, goal, attrs({{"kind", std::string("link")}}));
  g.add_edge(room, key, attrs({{"kind", std::string("contains")}}));
  g.add_edge(key, lock, attrs({{"kind", std::string("unlocks")}}));
  g.add_edge(start, goal, {});
  const int last = g.add_edge(goal, start, attrs({{"kind", std::string("sees")}}));
  g.remove_node(gone);  // also removes e1
  g.remove_node(tail);
  g.remove_edge(last);
  (void)e1;

  m.cycles = {CycleInfo{1, start, goal, 3, 2, "lock_key", -1},
              CycleInfo{4, room, -1, 0, 5, "gambit", 1}};
  LockInfo bars;
  bars.id = 3;
  bars.kind = "barred_door";
  bars.cells = {Point{4, 2}};
  bars.type = LockType::conditional;
  bars.duration = LockDuration::reversible;
  bars.direction = LockDirection::asymmetrical;
  bars.safe = false;
  bars.entry = Point{3, 2};
  bars.keys = {7};
  bars.key_class = "bars";
  bars.bridge_cells = {Point{5, 2}, Point{6, 2}};
  bars.main_path = true;
  bars.mission_node = lock;
  LockInfo drop;
  drop.id = 0;
  drop.kind = "drop";
  drop.cells = {Point{7, 1}, Point{7, 2}};
  drop.type = LockType::uncertain;
  drop.duration = LockDuration::collapsing;
  drop.direction = LockDirection::valve;
  LockInfo chasm;
  chasm.id = 5;
  chasm.kind = "chasm";
  chasm.type = LockType::dangerous;
  chasm.duration = LockDuration::temporary;
  chasm.cells = {Point{8, 2}};
  chasm.keys = {7, 8};
  m.locks = {bars, drop, chasm};
  KeyInfo lever;
  lever.id = 7;
  lever.kind = "lever";
  lever.pos = Point{2, 3};
  lever.multipurpose = true;
  lever.particular = false;
  lever.consumed = true;
  lever.fixed = true;
  lever.key_class = "bars";
  lever.locks = {3, 5};
  lever.mission_node = key;
  KeyInfo potion;
  potion.id = 8;
  potion.kind = "potion_fire_resistance";
  potion.pos = Point{10, 1};
  potion.locks = {5};
  m.keys = {lever, potion};
  return level;
}

// Runs level_from_json; returns the InputError message, or "" if it succeeded. Any other
// exception fails the test.
std::string outcome(std::string_view text) {
  try {
    level_from_json(text);
    return "";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("map json: ", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message.empty() ? "(empty message)" : message;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an InputError: " << e.what() << "\ninput: " << text;
    return "(wrong exception)";
  } catch (...) {
    ADD_FAILURE() << "not an InputError\ninput: " << text;
    return "(wrong exception)";
  }
}

TEST(JsonMap, RoundTripsEveryField) {
  const Level level = full_level();
  const Level back = level_from_json(to_json(level));
  EXPECT_EQ(back.tiles, level.tiles);
  EXPECT_EQ(back.meta.params, level.meta.params);
  EXPECT_EQ(back.meta.partitions, level.meta.partitions);
  EXPECT_EQ(back, level);
}

TEST(JsonMap, RoundTripKeepsParamTypesAndOrder) {
  const Level back = level_from_json(to_json(full_level()));
  const auto& entries = back.meta.params.entries();
  ASSERT_EQ(entries.size(), 10u);
  EXPECT_EQ(entries[0].first, "zeta");
  EXPECT_EQ(entries[1].first, "alpha");
  ASSERT_TRUE(std::holds_alternative<double>(*back.meta.params.find("ratio")));
  EXPECT_EQ(back.meta.params.get_real("ratio"), 2.0);
  ASSERT_TRUE(std::holds_alternative<std::int64_t>(*back.meta.params.find("alpha")));
  EXPECT_EQ(back.meta.params.get_int("big"), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(back.meta.params.get_int("small"), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(back.meta.seed, 0xfedcba9876543210ULL);
}

TEST(JsonMap, DocumentUsesJsonTypes) {
  const json doc = json::parse(to_json(full_level()));
  EXPECT_EQ(doc["format"], "yendor-map");
  EXPECT_EQ(doc["version"], 1);
  EXPECT_EQ(doc["width"], 24);
  EXPECT_EQ(doc["height"], 9);
  EXPECT_TRUE(doc["seed"].is_number_unsigned());
  EXPECT_EQ(doc["seed"].get<std::uint64_t>(), 0xfedcba9876543210ULL);
  EXPECT_TRUE(doc["params"]["ratio"].is_number_float());
  EXPECT_TRUE(doc["params"]["alpha"].is_number_integer());
  EXPECT_TRUE(doc["params"]["zeta"].is_boolean());
  EXPECT_TRUE(doc["params"]["name"].is_string());
  EXPECT_EQ(doc["stairs"]["up"], json::array({2, 4}));
  EXPECT_EQ(doc["partitions"][0]["split"], "v");
  EXPECT_TRUE(doc["partitions"][2]["split"].is_null());
  EXPECT_EQ(doc["rows"][1].get<std::string>().substr(1, k_tile_count), "#.,+'LS<>~WV:=T;{_|\"B/v");
  // The legend lists every tile kind, used or not.
  ASSERT_EQ(doc["legend"].size(), k_tile_count);
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    const TileInfo& info = tile_info(static_cast<Tile>(i));
    const json& entry = doc["legend"][std::string(1, info.symbol)];
    EXPECT_EQ(entry["name"], std::string(info.name));
    EXPECT_EQ(entry["passable"], info.passable);
    EXPECT_EQ(entry["transparent"], info.transparent);
    EXPECT_EQ(entry["door"], info.door);
    EXPECT_EQ(entry["lock"], info.locked);
  }
}

TEST(JsonMap, RealsWithIntegralValuesStayReal) {
  Level level(Size{1, 1});
  level.meta.params.set("a", 2.0);
  level.meta.params.set("b", -0.0);
  level.meta.params.set("c", 1e300);
  level.meta.params.set("d", std::int64_t{2});
  const std::string text = to_json(level);
  EXPECT_NE(text.find("\"a\":2.0"), std::string::npos) << text;
  const Level back = level_from_json(text);
  EXPECT_TRUE(std::holds_alternative<double>(*back.meta.params.find("a")));
  EXPECT_TRUE(std::holds_alternative<double>(*back.meta.params.find("b")));
  EXPECT_TRUE(std::holds_alternative<double>(*back.meta.params.find("c")));
  EXPECT_TRUE(std::holds_alternative<std::int64_t>(*back.meta.params.find("d")));
  EXPECT_EQ(back, level);
}

TEST(JsonMap, FlagsAreNotExported) {
  Level level = full_level();
  level.flags.fill(cell_flag::explored | cell_flag::no_dig);
  const Level back = level_from_json(to_json(level));
  EXPECT_EQ(back.flags, Grid<std::uint16_t>(level.size(), 0));
  EXPECT_EQ(back.tiles, level.tiles);
  EXPECT_EQ(back.meta, level.meta);
}

TEST(JsonMap, IsDeterministic) {
  const std::string a = to_json(full_level());
  const std::string b = to_json(full_level());
  EXPECT_EQ(a, b);
  EXPECT_EQ(to_json(level_from_json(a)), a);
  EXPECT_EQ(a.back(), '\n');
}

TEST(JsonMap, EmptyLevelsRoundTrip) {
  for (Size size : {Size{0, 0}, Size{0, 3}, Size{7, 0}}) {
    const Level level(size);
    EXPECT_EQ(level_from_json(to_json(level)), level) << size.width << "x" << size.height;
  }
}

TEST(JsonMap, MinimalDocumentGetsDefaults) {
  const Level level = level_from_json(R"({"format":"yendor-map","version":1,"width":3,"height":2,
                          "rows":["#.#", "<>~"]})");
  Level expected(Size{3, 2});
  expected.tiles[Point{1, 0}] = Tile::floor;
  expected.tiles[Point{0, 1}] = Tile::stairs_up;
  expected.tiles[Point{1, 1}] = Tile::stairs_down;
  expected.tiles[Point{2, 1}] = Tile::water_shallow;
  EXPECT_EQ(level, expected);
}

TEST(JsonMap, LegendIsInformational) {
  json doc = json::parse(to_json(small_level()));
  doc["legend"] = {{"#", {{"name", "wall"}, {"passable", true}}}, {"?", {{"name", "mystery"}}}};
  EXPECT_EQ(level_from_json(doc.dump()), small_level());
  doc.erase("legend");
  EXPECT_EQ(level_from_json(doc.dump()), small_level());
}

TEST(JsonMap, UnwritableLevelsThrow) {
  Level level(Size{1, 1});
  level.meta.params.set("x", std::numeric_limits<double>::infinity());
  EXPECT_THROW(to_json(level), InputError);
  level.meta.params.set("x", std::string("\xff"));
  EXPECT_THROW(to_json(level), InputError);
  Level split(Size{1, 1});
  split.meta.partitions.push_back(PartitionNode{Rect{0, 0, 1, 1}, -1, -1, -1, 0, 'x', -1});
  EXPECT_THROW(to_json(split), std::logic_error);
}

TEST(JsonMap, CyclicMetadataRoundTrips) {
  const Level level = cyclic_level();
  const std::string text = to_json(level);
  const Level back = level_from_json(text);
  EXPECT_EQ(back.meta.mission, level.meta.mission);
  EXPECT_EQ(back.meta.cycles, level.meta.cycles);
  EXPECT_EQ(back.meta.locks, level.meta.locks);
  EXPECT_EQ(back.meta.keys, level.meta.keys);
  EXPECT_EQ(back, level);
  EXPECT_EQ(to_json(back), text);
}

TEST(JsonMap, MissionAttributesKeepTheirOrderAndTypes) {
  const Level level = cyclic_level();
  const Level back = level_from_json(to_json(level));
  for (const MissionNode& node : level.meta.mission.nodes()) {
    const MissionNode* read = back.meta.mission.find_node(node.id);
    ASSERT_NE(read, nullptr) << node.id;
    ASSERT_EQ(read->attrs.entries().size(), node.attrs.entries().size());
    for (std::size_t i = 0; i < node.attrs.entries().size(); ++i) {
      EXPECT_EQ(read->attrs.entries()[i].first, node.attrs.entries()[i].first);
      EXPECT_EQ(read->attrs.entries()[i].second.index(), node.attrs.entries()[i].second.index())
          << node.attrs.entries()[i].first;
    }
  }
  // In the document: JSON types, and reals keep a fraction.
  const json doc = json::parse(to_json(level));
  const json& room = doc["mission"]["nodes"][1]["attrs"];
  EXPECT_TRUE(room["danger"].is_number_integer());
  EXPECT_TRUE(room["ratio"].is_number_float());
  EXPECT_TRUE(doc["mission"]["nodes"][2]["attrs"]["safe"].is_boolean());
  EXPECT_NE(to_json(level).find("\"ratio\":2.0"), std::string::npos);
}

TEST(JsonMap, LockFieldsUseNamesAndPoints) {
  const json doc = json::parse(to_json(cyclic_level()));
  const json& bars = doc["locks"][0];
  EXPECT_EQ(bars["type"], "conditional");
  EXPECT_EQ(bars["duration"], "reversible");
  EXPECT_EQ(bars["direction"], "asymmetrical");
  EXPECT_EQ(bars["entry"], json::array({3, 2}));
  EXPECT_EQ(bars["cells"], json::array({json::array({4, 2})}));
  EXPECT_TRUE(doc["locks"][1]["entry"].is_null());
  EXPECT_EQ(doc["keys"][0]["pos"], json::array({2, 3}));
  EXPECT_EQ(doc["mission"]["next_node"], 8);
  EXPECT_EQ(doc["mission"]["next_edge"], 9);
  // Every enum value by name.
  for (int t = 0; t < 3; ++t) {
    Level level = cyclic_level();
    level.meta.locks[0].type = static_cast<LockType>(t);
    level.meta.locks[0].direction = static_cast<LockDirection>(t);
    for (int d = 0; d < 4; ++d) {
      level.meta.locks[0].duration = static_cast<LockDuration>(d);
      EXPECT_EQ(level_from_json(to_json(level)), level) << t << " " << d;
    }
  }
}

TEST(JsonMap, OtherLevelsHaveNoCyclicFields) {
  const json doc = json::parse(to_json(full_level()));
  for (const char* field : {"mission", "cycles", "locks", "keys"})
    EXPECT_FALSE(doc.contains(field)) << field;
  // A graph with no nodes left still has its next ids: it is written.
  Level level = small_level();
  const int n = level.meta.mission.add_node({});
  level.meta.mission.remove_node(n);
  const std::string text = to_json(level);
  EXPECT_NE(text.find("\"mission\""), std::string::npos);
  EXPECT_EQ(level_from_json(text), level);
}

// Random graphs built by adding, removing and reconnecting come back identical, and the next
// node and edge get the same ids as in the original.
TEST(JsonMap, RandomMissionGraphsRoundTrip) {
  const std::vector<std::string> names = {"kind", "zeta", "alpha", "m", "b"};
  for (std::uint64_t seed = 0; seed < 120; ++seed) {
    Rng rng(seed);
    Level level(Size{3, 1});
    MissionGraph& g = level.meta.mission;
    const int ops = rng.range(0, 60);
    for (int op = 0; op < ops; ++op) {
      const int what = rng.range(0, 9);
      if (what < 4 || g.nodes().empty()) {
        ParamSet a;
        const int count = rng.range(0, 4);
        for (int i = 0; i < count; ++i) {
          const std::string& name = names[rng.below(static_cast<std::uint32_t>(names.size()))];
          switch (rng.below(4)) {
            case 0:
              a.set(name, rng.chance(0.5));
              break;
            case 1:
              a.set(name, std::int64_t{rng.range(-1000, 1000)});
              break;
            case 2:
              a.set(name, static_cast<double>(rng.range(-8, 8)) / 4.0);
              break;
            default:
              a.set(name, std::string(rng.range(0, 3), 'x'));
          }
        }
        g.add_node(std::move(a));
      } else if (what < 7) {
        const auto& nodes = g.nodes();
        const int from = nodes[rng.below(static_cast<std::uint32_t>(nodes.size()))].id;
        const int to = nodes[rng.below(static_cast<std::uint32_t>(nodes.size()))].id;
        g.add_edge(from, to, attrs({{"kind", std::string("link")}}));
      } else if (what == 7) {
        g.remove_node(g.nodes()[rng.below(static_cast<std::uint32_t>(g.nodes().size()))].id);
      } else if (!g.edges().empty()) {
        g.remove_edge(g.edges()[rng.below(static_cast<std::uint32_t>(g.edges().size()))].id);
      }
    }
    SCOPED_TRACE("seed " + std::to_string(seed));
    Level back = level_from_json(to_json(level));
    ASSERT_EQ(back, level);
    if (!g.nodes().empty()) {
      const int a = g.nodes().front().id;
      EXPECT_EQ(back.meta.mission.add_node({}), level.meta.mission.add_node({}));
      EXPECT_EQ(back.meta.mission.add_edge(a, a, {}), level.meta.mission.add_edge(a, a, {}));
    }
  }
}

TEST(JsonMap, HandWrittenMissionGetsNextIds) {
  const Level level = level_from_json(R"({"format":"yendor-map","version":1,"width":1,"height":1,
      "rows":["."], "mission":{"nodes":[{"id":2,"attrs":{"kind":"start"}},
      {"id":5,"attrs":{}}], "edges":[{"id":3,"from":5,"to":2,"attrs":{"kind":"link"}}]}})");
  const MissionGraph& g = level.meta.mission;
  EXPECT_EQ(g.next_node_id(), 6);
  EXPECT_EQ(g.next_edge_id(), 4);
  ASSERT_EQ(g.nodes().size(), 2u);
  EXPECT_EQ(kind_of(g.find_node(2)->attrs), "start");
  ASSERT_NE(g.find_edge(3), nullptr);
  EXPECT_EQ(g.find_edge(3)->from, 5);
  EXPECT_EQ(g.find_node(1), nullptr);
}

struct BadCase {
  const char* what;
  std::function<void(json&)> edit;  // applied to the parsed small level; or
  std::string text;                 // the document itself when edit is empty
  std::string expected;             // must occur in the message
};

TEST(JsonMap, MalformedDocumentsAreRejectedNamingTheField) {
  const std::string valid = to_json(small_level());
  const std::vector<BadCase> cases = {
      {"empty", nullptr, "", "not JSON: at line 1, column 1 (byte 1)"},
      {"truncated", nullptr, valid.substr(0, valid.size() / 2), "not JSON"},
      {"garbage", nullptr, "yendor", "not JSON"},
      {"two values", nullptr, "{} {}", "not JSON"},
      {"bad UTF-8", nullptr, "{\"format\":\"\xff\"}", "not JSON"},
      {"number overflow", nullptr, "{\"params\":{\"x\":1e400}}", "not JSON"},
      {"array", nullptr, "[]", "not a JSON object"},
      {"null", nullptr, "null", "not a JSON object"},
      {"deep", nullptr, std::string(100000, '[') + std::string(100000, ']'), "not a JSON object"},
      {"no format", [](json& j) { j.erase("format"); }, "", "field 'format': missing"},
      {"other format", [](json& j) { j["format"] = "tiled"; }, "", "field 'format'"},
      {"format type", [](json& j) { j["format"] = 1; }, "", "field 'format'"},
      {"version 2", [](json& j) { j["version"] = 2; }, "", "unsupported format version 2"},
      {"version 0", [](json& j) { j["version"] = 0; }, "", "unsupported format version 0"},
      {"version string", [](json& j) { j["version"] = "1"; }, "", "field 'version'"},
      {"version real", [](json& j) { j["version"] = 1.0; }, "", "field 'version'"},
      {"no version", [](json& j) { j.erase("version"); }, "", "field 'version': missing"},
      {"unknown field", [](json& j) { j["colour"] = 1; }, "", "field 'colour': unknown field"},
      {"no width", [](json& j) { j.erase("width"); }, "", "field 'width': missing"},
      {"negative width", [](json& j) { j["width"] = -5; }, "", "field 'width'"},
      {"huge width", [](json& j) { j["width"] = 10001; }, "", "field 'width'"},
      {"huge height", [](json& j) { j["height"] = 4000000000u; }, "", "field 'height'"},
      {"height type", [](json& j) { j["height"] = "3"; }, "", "field 'height'"},
      {"no rows", [](json& j) { j.erase("rows"); }, "", "field 'rows': missing"},
      {"motif type", [](json& j) { j["motif"] = 3; }, "", "field 'motif': must be a string"},
      {"difficulty type", [](json& j) { j["difficulty"] = "hard"; }, "", "field 'difficulty'"},
      {"unique_rate type", [](json& j) { j["unique_rate"] = "x"; }, "",
       "field 'unique_rate': must be a number"},
      {"passes type", [](json& j) { j["passes"] = 1; }, "", "field 'passes': must be an array"},
      {"pass field",
       [](json& j) {
         j["passes"] = json::array({{{"name", "w"}}});
       },
       "", "field 'passes[0].version': missing"},
      {"pass pair",
       [](json& j) {
         j["passes"] = json::array({{{"name", "w"}, {"version", 1}, {"params", {1, 2}}}});
       },
       "", "field 'passes[0].params[0]': must be a [name, value] pair"},
      {"pass twice",
       [](json& j) {
         const json pairs = json::array({json::array({"a", 1}), json::array({"a", 2})});
         j["passes"] = json::array({{{"name", "w"}, {"version", 1}, {"params", pairs}}});
       },
       "", "field 'passes[0].params[1]': parameter 'a' appears twice"},
      {"rows type", [](json& j) { j["rows"] = "#####"; }, "", "field 'rows'"},
      {"rows count", [](json& j) { j["rows"].erase(1); }, "",
       "field 'rows': has 2 rows, expected 3"},
      {"row type", [](json& j) { j["rows"][1] = 5; }, "", "field 'rows': row 1 is not a string"},
      {"row length", [](json& j) { j["rows"][2] = "####"; }, "",
       "field 'rows': row 2 has length 4, expected 5"},
      {"unknown symbol", [](json& j) { j["rows"][1] = "#.Q<#"; }, "",
       "field 'rows': unknown symbol 'Q' at row 1, column 2"},
      {"non-ASCII symbol", [](json& j) { j["rows"][0] = "#\xc3\xa9##"; }, "",
       "unknown symbol U+00E9 at row 0, column 1"},
      {"control symbol", [](json& j) { j["rows"][0] = "#\n###"; }, "",
       "unknown symbol U+000A at row 0, column 1"},
      {"generator type", [](json& j) { j["generator"] = nullptr; }, "", "field 'generator'"},
      {"generator_version", [](json& j) { j["generator_version"] = -1; }, "",
       "field 'generator_version'"},
      {"depth real", [](json& j) { j["depth"] = 2.5; }, "", "field 'depth'"},
      {"depth huge", [](json& j) { j["depth"] = 1LL << 40; }, "", "field 'depth'"},
      {"seed negative", [](json& j) { j["seed"] = -1; }, "", "field 'seed'"},
      {"seed real", [](json& j) { j["seed"] = 1.5; }, "", "field 'seed'"},
      {"seed string", [](json& j) { j["seed"] = "9"; }, "", "field 'seed'"},
      {"seed too big", nullptr,
       R"({"format":"yendor-map","version":1,"width":0,"height":0,"rows":[],
           "seed":18446744073709551616})",
       "field 'seed'"},
      {"params type", [](json& j) { j["params"] = json::array(); }, "", "field 'params'"},
      {"param type", [](json& j) { j["params"]["n"] = json::array({1}); }, "", "field 'params.n'"},
      {"param null", [](json& j) { j["params"]["r"] = nullptr; }, "", "field 'params.r'"},
      {"param too big", nullptr,
       R"({"format":"yendor-map","version":1,"width":0,"height":0,"rows":[],
           "params":{"big":9223372036854775808}})",
       "field 'params.big'"},
      {"param twice", nullptr,
       R"({"format":"yendor-map","version":1,"width":0,"height":0,"rows":[],
           "params":{"a":1,"b":2,"a":3}})",
       "field 'params.a': appears twice"},
      {"too many params",
       [](json& j) {
         for (int i = 0; i < 1001; ++i)
           j["params"]["p" + std::to_string(i)] = i;
       },
       "", "field 'params': more than 1000 parameters"},
      {"long name", [](json& j) { j["params"][std::string(1000, 'n')] = nullptr; }, "",
       "field 'params." + std::string(93, 'n') + "...': must be"},
      {"legend type", [](json& j) { j["legend"] = json::array(); }, "", "field 'legend'"},
      {"legend renames", [](json& j) { j["legend"]["#"]["name"] = "floor"; }, "",
       "symbol '#' is \"floor\" in the file but \"wall\" in Yendor"},
      {"legend key", [](json& j) { j["legend"]["##"] = json::object(); }, "", "field 'legend.##'"},
      {"legend entry", [](json& j) { j["legend"]["#"] = "wall"; }, "", "field 'legend.#'"},
      {"legend name type", [](json& j) { j["legend"]["."]["name"] = 1; }, "",
       "field 'legend...name'"},
      {"stairs type", [](json& j) { j["stairs"] = json::array(); }, "", "field 'stairs'"},
      {"stairs outside",
       [](json& j) {
         j["stairs"]["up"] = {5, 1};
       },
       "", "field 'stairs.up': (5, 1) is outside the map (5x3)"},
      {"stairs negative",
       [](json& j) {
         j["stairs"]["down"] = {-1, 0};
       },
       "", "field 'stairs.down': (-1, 0) is outside the map"},
      {"stairs short", [](json& j) { j["stairs"]["up"] = {1}; }, "", "field 'stairs.up'"},
      {"stairs type",
       [](json& j) {
         j["stairs"]["up"] = {"1", "1"};
       },
       "", "field 'stairs.up[0]'"},
      {"stairs key", [](json& j) { j["stairs"]["sideways"] = nullptr; }, "",
       "field 'stairs.sideways': unknown field"},
      {"rooms type", [](json& j) { j["rooms"] = json::object(); }, "", "field 'rooms'"},
      {"room type", [](json& j) { j["rooms"][0] = 1; }, "", "field 'rooms[0]'"},
      {"room kind", [](json& j) { j["rooms"][0].erase("kind"); }, "",
       "field 'rooms[0].kind': missing"},
      {"room id", [](json& j) { j["rooms"][0]["id"] = -1; }, "", "field 'rooms[0].id'"},
      {"room duplicate", [](json& j) { j["rooms"].push_back(j["rooms"][0]); }, "",
       "field 'rooms[1].id'"},
      {"room w", [](json& j) { j["rooms"][0]["w"] = -1; }, "", "field 'rooms[0].w'"},
      {"room outside", [](json& j) { j["rooms"][0]["x"] = 3; }, "",
       "field 'rooms[0]': rect (x 3, y 1, w 3, h 1) is outside the map (5x3)"},
      {"room huge", [](json& j) { j["rooms"][0]["w"] = 2147483647; }, "", "field 'rooms[0]'"},
      {"room extra", [](json& j) { j["rooms"][0]["colour"] = "red"; }, "",
       "field 'rooms[0].colour': unknown field"},
      {"corridor from", [](json& j) { j["corridors"][0]["from"] = 99; }, "",
       "field 'corridors[0].from': no room has id 99"},
      {"corridor to", [](json& j) { j["corridors"][0]["to"] = -2; }, "", "field 'corridors[0].to'"},
      {"corridor cells", [](json& j) { j["corridors"][0]["cells"] = 3; }, "",
       "field 'corridors[0].cells'"},
      {"corridor cell",
       [](json& j) {
         j["corridors"][0]["cells"].push_back({9, 9});
       },
       "", "field 'corridors[0].cells[1]'"},
      {"door room", [](json& j) { j["doors"][0]["room"] = 1; }, "", "field 'doors[0].room'"},
      {"door x", [](json& j) { j["doors"][0]["x"] = 10000000000LL; }, "", "field 'doors[0].x'"},
      {"door outside", [](json& j) { j["doors"][0]["y"] = 3; }, "", "field 'doors[0]'"},
      {"door missing", [](json& j) { j["doors"][0].erase("y"); }, "", "field 'doors[0].y'"},
      {"region cells", [](json& j) { j["regions"][0]["cells"] = 2; }, "",
       "field 'regions[0].cells'"},
      {"region kind", [](json& j) { j["regions"][0]["kind"] = 4; }, "", "field 'regions[0].kind'"},
      {"feature tag", [](json& j) { j["features"][0]["tag"] = nullptr; }, "",
       "field 'features[0].tag'"},
      {"features type", [](json& j) { j["features"] = "none"; }, "", "field 'features'"},
      {"partition split", [](json& j) { j["partitions"][0]["split"] = "x"; }, "",
       "field 'partitions[0].split'"},
      {"partition leaf split", [](json& j) { j["partitions"][0]["split"] = "h"; }, "",
       "field 'partitions[0].split'"},
      {"partition parent", [](json& j) { j["partitions"][0]["parent"] = 0; }, "",
       "field 'partitions[0].parent'"},
      {"partition child", [](json& j) { j["partitions"][0]["first"] = 3; }, "",
       "field 'partitions[0].first'"},
      {"partition one child",
       [](json& j) {
         j["partitions"].push_back(j["partitions"][0]);
         j["partitions"][1]["parent"] = 0;
         j["partitions"][0]["first"] = 1;
         j["partitions"][0]["split"] = "v";
       },
       "", "field 'partitions[0]'"},
      {"partition depth", [](json& j) { j["partitions"][0]["depth"] = -1; }, "",
       "field 'partitions[0].depth'"},
      {"partition room", [](json& j) { j["partitions"][0]["room"] = 5; }, "",
       "field 'partitions[0].room'"},
  };

  const json base = json::parse(valid);
  for (const BadCase& c : cases) {
    std::string text = c.text;
    if (c.edit) {
      json doc = base;
      c.edit(doc);
      text = doc.dump();
    }
    const std::string message = outcome(text);
    EXPECT_NE(message.find(c.expected), std::string::npos)
        << c.what << ": expected \"" << c.expected << "\" in \"" << message << "\"";
  }
}

TEST(JsonMap, MalformedCyclicMetadataIsRejectedNamingTheField) {
  const std::string head =
      R"({"format":"yendor-map","version":1,"width":1,"height":1,"rows":["."],)";
  const std::vector<BadCase> cases = {
      {"mission type", [](json& j) { j["mission"] = json::array(); }, "",
       "field 'mission': must be an object"},
      {"mission field", [](json& j) { j["mission"]["roots"] = 1; }, "",
       "field 'mission.roots': unknown field"},
      {"no nodes", [](json& j) { j["mission"].erase("nodes"); }, "",
       "field 'mission.nodes': missing"},
      {"node id zero", [](json& j) { j["mission"]["nodes"][0]["id"] = 0; }, "",
       "field 'mission.nodes[0].id': must be between 1"},
      {"node ids out of order", [](json& j) { j["mission"]["nodes"][1]["id"] = 1; }, "",
       "field 'mission.nodes[1].id': ids must increase along the list (1 after 1)"},
      {"node attrs type", [](json& j) { j["mission"]["nodes"][0]["attrs"] = json::array(); }, "",
       "field 'mission.nodes[0].attrs': must be an object"},
      {"node attr null", [](json& j) { j["mission"]["nodes"][1]["attrs"]["danger"] = nullptr; }, "",
       "field 'mission.nodes[1].attrs.danger': must be a boolean, integer, real or string"},
      {"node no attrs", [](json& j) { j["mission"]["nodes"][0].erase("attrs"); }, "",
       "field 'mission.nodes[0].attrs': missing"},
      {"edge from", [](json& j) { j["mission"]["edges"][0]["from"] = 2; }, "",
       "field 'mission.edges[0].from': no mission node has id 2"},
      {"edge to", [](json& j) { j["mission"]["edges"][2]["to"] = 99; }, "",
       "field 'mission.edges[2].to': no mission node has id 99"},
      {"edge id", [](json& j) { j["mission"]["edges"][1]["id"] = 2; }, "",
       "field 'mission.edges[1].id': ids must increase along the list (2 after 2)"},
      {"next node", [](json& j) { j["mission"]["next_node"] = 6; }, "",
       "field 'mission.next_node': must be greater than every node id (6), not 6"},
      {"next edge", [](json& j) { j["mission"]["next_edge"] = "9"; }, "",
       "field 'mission.next_edge': must be an integer"},
      {"too many unused ids", [](json& j) { j["mission"]["next_node"] = 2000000000; }, "",
       "field 'mission': too many unused ids to restore"},
      {"cycle entrance", [](json& j) { j["cycles"][0]["entrance"] = 2; }, "",
       "field 'cycles[0].entrance': no mission node has id 2"},
      {"cycle parent", [](json& j) { j["cycles"][1]["parent"] = 3; }, "",
       "field 'cycles[1].parent': no cycle has id 3"},
      {"cycle own parent", [](json& j) { j["cycles"][0]["parent"] = 1; }, "",
       "field 'cycles[0].parent': a cycle cannot be nested in itself"},
      {"cycle twice", [](json& j) { j["cycles"][1]["id"] = 1; }, "",
       "field 'cycles[1].id': another cycle has id 1"},
      {"cycle length", [](json& j) { j["cycles"][0]["a_length"] = -1; }, "",
       "field 'cycles[0].a_length'"},
      {"lock type", [](json& j) { j["locks"][2]["type"] = "sturdy"; }, "",
       "field 'locks[2].type': unknown lock type 'sturdy' (conditional, dangerous or "
       "uncertain)"},
      {"lock duration", [](json& j) { j["locks"][0]["duration"] = "forever"; }, "",
       "field 'locks[0].duration': unknown lock duration 'forever'"},
      {"lock direction", [](json& j) { j["locks"][0]["direction"] = 1; }, "",
       "field 'locks[0].direction': must be a string"},
      {"lock kind", [](json& j) { j["locks"][1]["kind"] = "portcullis"; }, "",
       "field 'locks[1].kind': unknown lock kind 'portcullis' (locked_door, barred_door"},
      {"lock cell outside",
       [](json& j) {
         j["locks"][0]["cells"][0] = {12, 0};
       },
       "", "field 'locks[0].cells[0]': (12, 0) is outside the map (12x5)"},
      {"lock entry", [](json& j) { j["locks"][0]["entry"] = {3}; }, "",
       "field 'locks[0].entry': must be an [x, y] array"},
      {"lock safe", [](json& j) { j["locks"][0]["safe"] = 1; }, "",
       "field 'locks[0].safe': must be true or false"},
      {"lock key", [](json& j) { j["locks"][2]["keys"][1] = 9; }, "",
       "field 'locks[2].keys[1]': no key has id 9"},
      {"lock node", [](json& j) { j["locks"][0]["mission_node"] = 7; }, "",
       "field 'locks[0].mission_node': no mission node has id 7"},
      {"lock twice", [](json& j) { j["locks"][1]["id"] = 3; }, "",
       "field 'locks[1].id': another lock has id 3"},
      {"lock field", [](json& j) { j["locks"][0].erase("bridge_cells"); }, "",
       "field 'locks[0].bridge_cells': missing"},
      {"key kind", [](json& j) { j["keys"][0]["kind"] = "crowbar"; }, "",
       "field 'keys[0].kind': unknown key kind 'crowbar'"},
      {"key pos",
       [](json& j) {
         j["keys"][1]["pos"] = {-1, 0};
       },
       "", "field 'keys[1].pos': (-1, 0) is outside the map"},
      {"key lock", [](json& j) { j["keys"][1]["locks"][0] = 4; }, "",
       "field 'keys[1].locks[0]': no lock has id 4"},
      {"key twice", [](json& j) { j["keys"][1]["id"] = 7; }, "",
       "field 'keys[1].id': another key has id 7"},
      {"key field", [](json& j) { j["keys"][0]["colour"] = "red"; }, "",
       "field 'keys[0].colour': unknown field"},
      {"keys type", [](json& j) { j["keys"] = json::object(); }, "",
       "field 'keys': must be an array"},
      {"edges without nodes", nullptr,
       head + R"("mission":{"next_node":1,"next_edge":3,"nodes":[],"edges":[]}})",
       "field 'mission.next_edge': edge ids were given out but no node ids"},
      {"attr twice", nullptr,
       head + R"("mission":{"nodes":[{"id":1,"attrs":{"a":1,"b":2,"a":3}}],"edges":[]}})",
       "field 'mission.nodes[0].attrs.a': appears twice"},
  };
  const json base = json::parse(to_json(cyclic_level()));
  for (const BadCase& c : cases) {
    std::string text = c.text;
    if (c.edit) {
      json doc = base;
      c.edit(doc);
      text = doc.dump();
    }
    const std::string message = outcome(text);
    EXPECT_NE(message.find(c.expected), std::string::npos)
        << c.what << ": expected \"" << c.expected << "\" in \"" << message << "\"";
  }
}

// Attribute orders are tracked per element, also when an element repeats "attrs" (the last
// one counts) or has no attributes.
TEST(JsonMap, AttributeOrderFollowsTheDocument) {
  const Level level = level_from_json(R"({"format":"yendor-map","version":1,"width":1,
      "height":1,"rows":["."],"mission":{"nodes":[
        {"attrs":{"z":1,"a":2},"id":1},
        {"id":2,"attrs":{}},
        {"id":3,"attrs":{"q":true},"attrs":{"y":"s","b":1.5,"x":false}}],
      "edges":[{"id":1,"from":3,"to":1,"attrs":{"zz":1,"kind":"link"}}]}})");
  const MissionGraph& g = level.meta.mission;
  const auto names = [](const ParamSet& a) {
    std::vector<std::string> out;
    for (const auto& entry : a.entries())
      out.push_back(entry.first);
    return out;
  };
  EXPECT_EQ(names(g.find_node(1)->attrs), (std::vector<std::string>{"z", "a"}));
  EXPECT_TRUE(g.find_node(2)->attrs.empty());
  EXPECT_EQ(names(g.find_node(3)->attrs), (std::vector<std::string>{"y", "b", "x"}));
  EXPECT_EQ(names(g.find_edge(1)->attrs), (std::vector<std::string>{"zz", "kind"}));
}

TEST(JsonMap, TruncatedCyclicDocumentsOnlyThrowInputError) {
  const std::string valid = to_json(cyclic_level());
  ASSERT_EQ(outcome(valid), "");
  for (std::size_t n = 0; n + 1 < valid.size(); n += 13)
    EXPECT_NE(outcome(std::string_view(valid).substr(0, n)), "") << "accepted length " << n;
}

TEST(JsonMap, ParserMessageNamesThePosition) {
  EXPECT_EQ(outcome("{\"format\":\n tru}"),
            "map json: not JSON: at line 2, column 5 (byte 16): syntax error while parsing value - "
            "invalid literal; last read: '\"format\":<U+000A> tru}'");
  // A long bad token is cut short.
  const std::string message = outcome("{\"a\": \"" + std::string(100000, 'x'));
  EXPECT_LT(message.size(), 300u) << message;
  EXPECT_NE(message.find("(byte 100008)"), std::string::npos) << message;
}

TEST(JsonMap, TruncatedDocumentsOnlyThrowInputError) {
  const std::string valid = to_json(small_level());
  ASSERT_EQ(outcome(valid), "");
  for (std::size_t n = 0; n < valid.size(); ++n) {
    const std::string message = outcome(std::string_view(valid).substr(0, n));
    // Only the newline after the closing brace may go.
    if (n + 1 < valid.size()) {
      EXPECT_NE(message, "") << "accepted a prefix of length " << n;
    }
  }
}

TEST(JsonMap, CorruptedDocumentsOnlyThrowInputError) {
  const std::string valid = to_json(small_level());
  const std::string alphabet = "{}[]\":,0123456789-+.eE \ntrufalsn#.<>Q\\\xff\x01";
  Rng rng(20240611);
  int accepted = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = valid;
    const int flips = rng.range(1, 4);
    for (int f = 0; f < flips; ++f) {
      const std::size_t at = rng.below(static_cast<std::uint32_t>(text.size()));
      switch (rng.below(3)) {
        case 0:  // replace
          text[at] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
          break;
        case 1:  // delete
          text.erase(at, 1);
          break;
        default:  // insert
          text.insert(at, 1, alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))]);
      }
    }
    if (outcome(text).empty()) ++accepted;
  }
  // Some edits (a digit for a digit, a space) leave a valid document; most do not.
  EXPECT_LT(accepted, 3000);
}

}  // namespace
}  // namespace yendor
