#include "yendor/mapio/json_map.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/mapio/text_map.hpp"

namespace yendor {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr std::string_view k_format = "yendor-map";
constexpr std::size_t k_max_params = 1000;
// Restoring a mission graph's unused ids (removed nodes and edges) costs about
// (unused ids) x (ids in use) steps with MissionGraph's public interface: a bound keeps a
// hostile document from making that slow.
constexpr std::int64_t k_max_restore_work = 20'000'000;

const TileInfo& checked_info(Tile t) {
  if (static_cast<std::size_t>(t) >= k_tile_count)
    throw std::logic_error("to_json: invalid tile value " +
                           std::to_string(static_cast<unsigned>(t)));
  return tile_info(t);
}

// ---------------------------------------------------------------------------------------------
// Writing

ordered_json point_json(Point p) {
  return ordered_json::array({p.x, p.y});
}
ordered_json point_json(const std::optional<Point>& p) {
  return p ? point_json(*p) : ordered_json(nullptr);
}

// Builds the document field by field: one top-level field per line, and for rows, the legend
// and the metadata lists one element per line.
class Writer {
 public:
  void field(std::string_view name, const ordered_json& value) {
    begin(name);
    out_ += dump(value, name);
  }
  // A list whose elements each get a line.
  void list(std::string_view name, const std::vector<ordered_json>& items) {
    begin(name);
    if (items.empty()) {
      out_ += "[]";
      return;
    }
    out_ += '[';
    for (std::size_t i = 0; i < items.size(); ++i) {
      out_ += i == 0 ? "\n    " : ",\n    ";
      out_ += dump(items[i], name);
    }
    out_ += "\n  ]";
  }
  // An object whose members each get a line, in the given order.
  void object(std::string_view name,
              const std::vector<std::pair<std::string, ordered_json>>& items) {
    begin(name);
    if (items.empty()) {
      out_ += "{}";
      return;
    }
    out_ += '{';
    for (std::size_t i = 0; i < items.size(); ++i) {
      out_ += i == 0 ? "\n    " : ",\n    ";
      out_ += dump(ordered_json(items[i].first), name);
      out_ += ": ";
      out_ += dump(items[i].second, name);
    }
    out_ += "\n  }";
  }
  // An object of scalar members and lists, each member on a line and each list element on
  // a line of its own (the mission graph).
  void nested(std::string_view name,
              const std::vector<std::pair<std::string, ordered_json>>& scalars,
              const std::vector<std::pair<std::string, std::vector<ordered_json>>>& lists) {
    begin(name);
    out_ += '{';
    bool first = true;
    auto member_begin = [&](const std::string& key) {
      out_ += first ? "\n    " : ",\n    ";
      first = false;
      out_ += dump(ordered_json(key), name);
      out_ += ": ";
    };
    for (const auto& [key, value] : scalars) {
      member_begin(key);
      out_ += dump(value, name);
    }
    for (const auto& [key, items] : lists) {
      member_begin(key);
      if (items.empty()) {
        out_ += "[]";
        continue;
      }
      out_ += '[';
      for (std::size_t i = 0; i < items.size(); ++i) {
        out_ += i == 0 ? "\n      " : ",\n      ";
        out_ += dump(items[i], name);
      }
      out_ += "\n    ]";
    }
    out_ += first ? "}" : "\n  }";
  }
  std::string finish() {
    out_ += "\n}\n";
    return std::move(out_);
  }

 private:
  void begin(std::string_view name) {
    out_ += out_.empty() ? "{\n  \"" : ",\n  \"";
    out_ += name;
    out_ += "\": ";
  }
  static std::string dump(const ordered_json& value, std::string_view name) {
    try {
      return value.dump();
    } catch (const json::exception&) {
      throw InputError("map json: cannot write field '" + std::string(name) +
                       "': a string in it is not valid UTF-8");
    }
  }

  std::string out_;
};

ordered_json param_json(const std::string& name, const ParamValue& value) {
  if (const double* d = std::get_if<double>(&value); d != nullptr && !std::isfinite(*d))
    throw InputError("map json: cannot write parameter '" + name + "': " + to_string(value) +
                     " is not a JSON number");
  return std::visit([](const auto& v) { return ordered_json(v); }, value);
}

// Attributes of a mission node or edge: a JSON object in the ParamSet's order.
ordered_json attrs_json(const ParamSet& attrs, const std::string& path) {
  ordered_json out = ordered_json::object();
  for (const auto& [name, value] : attrs.entries())
    out[name] = param_json(path + "." + name, value);
  return out;
}

ordered_json points_json(const std::vector<Point>& points) {
  ordered_json out = ordered_json::array();
  for (Point p : points)
    out.push_back(point_json(p));
  return out;
}

void write_mission(Writer& w, const MissionGraph& graph) {
  std::vector<ordered_json> nodes;
  for (const MissionNode& n : graph.nodes())
    nodes.push_back(
        {{"id", n.id}, {"attrs", attrs_json(n.attrs, "mission node " + std::to_string(n.id))}});
  std::vector<ordered_json> edges;
  for (const MissionEdge& e : graph.edges())
    edges.push_back({{"id", e.id},
                     {"from", e.from},
                     {"to", e.to},
                     {"attrs", attrs_json(e.attrs, "mission edge " + std::to_string(e.id))}});
  w.nested("mission", {{"next_node", graph.next_node_id()}, {"next_edge", graph.next_edge_id()}},
           {{"nodes", std::move(nodes)}, {"edges", std::move(edges)}});
}

ordered_json split_json(char split) {
  if (split == 0) return nullptr;
  if (split != 'h' && split != 'v')
    throw std::logic_error("to_json: partition split must be 'h', 'v' or 0, not " +
                           std::to_string(static_cast<int>(split)));
  return std::string(1, split);
}

}  // namespace

std::string to_json(const Level& level) {
  const LevelMeta& meta = level.meta;
  Writer w;
  w.field("format", std::string(k_format));
  w.field("version", k_map_json_version);
  w.field("width", level.width());
  w.field("height", level.height());
  w.field("generator", meta.generator);
  w.field("generator_version", meta.generator_version);
  w.field("seed", meta.seed);
  w.field("depth", meta.depth);

  ordered_json params = ordered_json::object();
  for (const auto& [name, value] : meta.params.entries())
    params[name] = param_json(name, value);
  w.field("params", params);
  w.field("motif", meta.motif);
  w.field("difficulty", meta.difficulty);
  w.field("unique_rate", param_json("unique_rate", meta.unique_rate));
  // A pass's parameters as [name, value] pairs: their order (the schema's) is kept exactly.
  std::vector<ordered_json> passes;
  for (const AppliedPass& pass : meta.passes) {
    ordered_json pairs = ordered_json::array();
    for (const auto& [name, value] : pass.params.entries())
      pairs.push_back(ordered_json::array({name, param_json(pass.name + "." + name, value)}));
    passes.push_back({{"name", pass.name}, {"version", pass.version}, {"params", pairs}});
  }
  w.list("passes", passes);

  std::vector<std::pair<std::string, ordered_json>> legend;
  for (std::size_t i = 0; i < k_tile_count; ++i) {
    const TileInfo& info = tile_info(static_cast<Tile>(i));
    legend.emplace_back(std::string(1, info.symbol), ordered_json{{"name", info.name},
                                                                  {"passable", info.passable},
                                                                  {"transparent", info.transparent},
                                                                  {"door", info.door},
                                                                  {"lock", info.locked}});
  }
  w.object("legend", legend);

  std::vector<ordered_json> rows;
  for (int y = 0; y < level.height(); ++y) {
    std::string row;
    for (Tile t : level.tiles.row(y))
      row += checked_info(t).symbol;
    rows.emplace_back(std::move(row));
  }
  w.list("rows", rows);

  w.field("stairs",
          ordered_json{{"up", point_json(meta.stairs.up)}, {"down", point_json(meta.stairs.down)}});

  std::vector<ordered_json> items;
  for (const Room& r : meta.rooms)
    items.push_back({{"id", r.id},
                     {"x", r.rect.x},
                     {"y", r.rect.y},
                     {"w", r.rect.width},
                     {"h", r.rect.height},
                     {"kind", r.kind}});
  w.list("rooms", items);

  items.clear();
  for (const Corridor& c : meta.corridors) {
    ordered_json cells = ordered_json::array();
    for (Point p : c.cells)
      cells.push_back(point_json(p));
    items.push_back({{"from", c.from_room}, {"to", c.to_room}, {"cells", std::move(cells)}});
  }
  w.list("corridors", items);

  items.clear();
  for (const Door& d : meta.doors)
    items.push_back({{"x", d.pos.x}, {"y", d.pos.y}, {"room", d.room}});
  w.list("doors", items);

  items.clear();
  for (const Region& r : meta.regions)
    items.push_back({{"id", r.id},
                     {"kind", r.kind},
                     {"x", r.bounds.x},
                     {"y", r.bounds.y},
                     {"w", r.bounds.width},
                     {"h", r.bounds.height},
                     {"cells", r.cells}});
  w.list("regions", items);

  items.clear();
  for (const Feature& f : meta.features)
    items.push_back({{"x", f.pos.x}, {"y", f.pos.y}, {"tag", f.tag}});
  w.list("features", items);

  items.clear();
  for (const PartitionNode& n : meta.partitions)
    items.push_back({{"x", n.rect.x},
                     {"y", n.rect.y},
                     {"w", n.rect.width},
                     {"h", n.rect.height},
                     {"parent", n.parent},
                     {"first", n.first},
                     {"second", n.second},
                     {"depth", n.depth},
                     {"split", split_json(n.split)},
                     {"room", n.room}});
  w.list("partitions", items);

  // The metadata of cyclic levels, written only when present so other levels' documents
  // stay as they were.
  if (!(meta.mission == MissionGraph{})) write_mission(w, meta.mission);

  if (!meta.cycles.empty()) {
    items.clear();
    for (const CycleInfo& c : meta.cycles)
      items.push_back({{"id", c.id},
                       {"entrance", c.entrance},
                       {"goal", c.goal},
                       {"a_length", c.a_length},
                       {"b_length", c.b_length},
                       {"pattern", c.pattern},
                       {"parent", c.parent}});
    w.list("cycles", items);
  }

  if (!meta.locks.empty()) {
    items.clear();
    for (const LockInfo& l : meta.locks)
      items.push_back({{"id", l.id},
                       {"kind", l.kind},
                       {"cells", points_json(l.cells)},
                       {"type", std::string(to_string(l.type))},
                       {"duration", std::string(to_string(l.duration))},
                       {"direction", std::string(to_string(l.direction))},
                       {"safe", l.safe},
                       {"entry", point_json(l.entry)},
                       {"keys", l.keys},
                       {"key_class", l.key_class},
                       {"bridge_cells", points_json(l.bridge_cells)},
                       {"main_path", l.main_path},
                       {"mission_node", l.mission_node}});
    w.list("locks", items);
  }

  if (!meta.keys.empty()) {
    items.clear();
    for (const KeyInfo& k : meta.keys)
      items.push_back({{"id", k.id},
                       {"kind", k.kind},
                       {"pos", point_json(k.pos)},
                       {"multipurpose", k.multipurpose},
                       {"particular", k.particular},
                       {"consumed", k.consumed},
                       {"fixed", k.fixed},
                       {"key_class", k.key_class},
                       {"locks", k.locks},
                       {"mission_node", k.mission_node}});
    w.list("keys", items);
  }

  return w.finish();
}

// -------------------------------------------------------------------------------------------------
// Reading

namespace {

// Text from the document as a message shows it: control characters escaped, so the message
// stays on one line, and cut short after 100 bytes.
std::string printable(std::string_view s) {
  constexpr std::size_t k_max_shown = 100;
  std::string out;
  if (s.size() > k_max_shown) {
    // Cut before a UTF-8 continuation byte rather than inside a character.
    std::size_t cut = k_max_shown;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xc0u) == 0x80u)
      --cut;
    return printable(s.substr(0, cut)) + "...";
  }
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

[[noreturn]] void fail(std::string_view field, std::string_view problem) {
  throw InputError("map json: field '" + printable(field) + "': " + std::string(problem));
}

std::string in_quotes(std::string_view s) {
  return "\"" + printable(s) + "\"";
}

// The character starting at s[i] (s is valid UTF-8) as a message shows it.
std::string describe_char(std::string_view s, std::size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  if (lead >= 0x20 && lead < 0x7f) return std::string("'") + s[i] + "'";
  std::uint32_t code = lead;
  std::size_t extra = 0;
  if (lead >= 0xf0) {
    code = lead & 0x07u;
    extra = 3;
  } else if (lead >= 0xe0) {
    code = lead & 0x0fu;
    extra = 2;
  } else if (lead >= 0xc0) {
    code = lead & 0x1fu;
    extra = 1;
  }
  for (std::size_t k = 1; k <= extra && i + k < s.size(); ++k)
    code = (code << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3fu);
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(code));
  return buf;
}

std::string index_path(std::string_view list, std::size_t i) {
  return std::string(list) + "[" + std::to_string(i) + "]";
}

const json* member(const json& object, std::string_view key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const json& required(const json& object, std::string_view path, std::string_view key) {
  const json* v = member(object, key);
  const std::string field =
      path.empty() ? std::string(key) : std::string(path) + "." + std::string(key);
  if (v == nullptr) fail(field, "missing");
  return *v;
}

// Checks that `value` is an object with no fields outside `allowed`.
void check_object(const json& value, std::string_view path,
                  std::initializer_list<std::string_view> allowed) {
  if (!value.is_object()) fail(path, "must be an object");
  for (const auto& item : value.items()) {
    if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end())
      fail(path.empty() ? item.key() : std::string(path) + "." + item.key(), "unknown field");
  }
}

void check_array(const json& value, std::string_view path) {
  if (!value.is_array()) fail(path, "must be an array");
}

std::int64_t get_int64(const json& v, std::string_view path) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      fail(path, "integer " + std::to_string(u) + " is too large");
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<std::int64_t>();
  fail(path, "must be an integer");
}

int get_int(const json& v, std::string_view path, std::int64_t lo = std::numeric_limits<int>::min(),
            std::int64_t hi = std::numeric_limits<int>::max()) {
  const std::int64_t i = get_int64(v, path);
  if (i < lo || i > hi)
    fail(path, "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + ", not " +
                   std::to_string(i));
  return static_cast<int>(i);
}

const std::string& get_string(const json& v, std::string_view path) {
  if (!v.is_string()) fail(path, "must be a string");
  return v.get_ref<const std::string&>();
}

// Integer fields of an object, by key.
int int_field(const json& object, std::string_view path, std::string_view key,
              std::int64_t lo = std::numeric_limits<int>::min(),
              std::int64_t hi = std::numeric_limits<int>::max()) {
  return get_int(required(object, path, key), std::string(path) + "." + std::string(key), lo, hi);
}

const std::string& string_field(const json& object, std::string_view path, std::string_view key) {
  return get_string(required(object, path, key), std::string(path) + "." + std::string(key));
}

bool get_bool(const json& v, std::string_view path) {
  if (!v.is_boolean()) fail(path, "must be true or false");
  return v.get<bool>();
}

bool bool_field(const json& object, std::string_view path, std::string_view key) {
  return get_bool(required(object, path, key), std::string(path) + "." + std::string(key));
}

// "a, b or c".
template <typename Names>
std::string name_list(const Names& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

// A string field whose value must be one of `names`: "unknown lock type 'sturdy'
// (conditional, dangerous or uncertain)".
template <typename Names>
const std::string& name_field(const json& object, std::string_view path, std::string_view key,
                              std::string_view what, const Names& names) {
  const std::string& s = string_field(object, path, key);
  if (std::find(names.begin(), names.end(), s) == names.end())
    fail(std::string(path) + "." + std::string(key),
         "unknown " + std::string(what) + " '" + printable(s) + "' (" + name_list(names) + ")");
  return s;
}

// The names of the first N values of a lock enum, in order.
template <typename Enum, std::size_t N>
std::array<std::string_view, N> enum_names() {
  std::array<std::string_view, N> names{};
  for (std::size_t i = 0; i < N; ++i)
    names[i] = to_string(static_cast<Enum>(i));
  return names;
}

// The document order of the attribute names of each element of mission.nodes and
// mission.edges (the parsed objects are sorted by name; a ParamSet keeps its order).
struct AttrOrders {
  std::vector<std::vector<std::string>> nodes;
  std::vector<std::vector<std::string>> edges;
};

class Reader {
 public:
  Reader(const json& root, std::vector<std::string> param_order, AttrOrders attr_orders)
      : root_(root), param_order_(std::move(param_order)), attr_orders_(std::move(attr_orders)) {}

  Level read() {
    if (!root_.is_object()) throw InputError("map json: the document is not a JSON object");
    const std::string& format = get_string(required(root_, "", "format"), "format");
    if (format != k_format)
      fail("format", "must be " + in_quotes(k_format) + ", not " + in_quotes(format));
    const std::int64_t version = get_int64(required(root_, "", "version"), "version");
    if (version != k_map_json_version)
      throw InputError("map json: unsupported format version " + std::to_string(version) +
                       " (this Yendor reads version " + std::to_string(k_map_json_version) + ")");
    check_object(root_, "",
                 {"format", "version", "width",    "height",     "generator",  "generator_version",
                  "seed",   "depth",   "params",   "motif",      "difficulty", "unique_rate",
                  "passes", "legend",  "rows",     "stairs",     "rooms",      "corridors",
                  "doors",  "regions", "features", "partitions", "mission",    "cycles",
                  "locks",  "keys"});

    const int width = get_int(required(root_, "", "width"), "width", 0, k_map_max_side);
    const int height = get_int(required(root_, "", "height"), "height", 0, k_map_max_side);
    size_ = Size{width, height};

    read_legend();
    check_rows();  // before allocating: the grid is no larger than the rows in the document
    Level level(size_);
    fill_tiles(level.tiles);

    LevelMeta& meta = level.meta;
    if (const json* v = member(root_, "generator")) meta.generator = get_string(*v, "generator");
    if (const json* v = member(root_, "generator_version"))
      meta.generator_version = get_int(*v, "generator_version", 0);
    if (const json* v = member(root_, "seed")) meta.seed = read_seed(*v);
    if (const json* v = member(root_, "depth")) meta.depth = get_int(*v, "depth");
    read_params(meta.params);
    if (const json* v = member(root_, "motif")) meta.motif = get_string(*v, "motif");
    if (const json* v = member(root_, "difficulty")) meta.difficulty = get_int(*v, "difficulty");
    if (const json* v = member(root_, "unique_rate"))
      meta.unique_rate = read_real(*v, "unique_rate");
    read_passes(meta.passes);
    read_stairs(meta.stairs);
    read_rooms(meta.rooms);
    read_corridors(meta.corridors);
    read_doors(meta.doors);
    read_regions(meta.regions);
    read_features(meta.features);
    read_partitions(meta.partitions);
    read_mission(meta.mission);
    read_cycles(meta.cycles, meta.mission);
    read_locks(meta.locks, meta.mission);
    read_keys(meta.keys, meta.mission);
    check_lock_key_references(meta);
    return level;
  }

 private:
  static std::uint64_t read_seed(const json& v) {
    if (!v.is_number_unsigned())
      fail("seed", "must be an integer from 0 to " +
                       std::to_string(std::numeric_limits<std::uint64_t>::max()));
    return v.get<std::uint64_t>();
  }

  void read_legend() const {
    const json* legend = member(root_, "legend");
    if (legend == nullptr) return;
    if (!legend->is_object()) fail("legend", "must be an object");
    // Informational: only a symbol that we know under another name is an error.
    for (const auto& item : legend->items()) {
      const std::string path = "legend." + item.key();
      if (item.key().size() != 1) fail(path, "a legend key must be a single symbol");
      if (!item.value().is_object()) fail(path, "must be an object");
      const json* name = member(item.value(), "name");
      if (name == nullptr) continue;
      const std::string& file_name = get_string(*name, path + ".name");
      const std::optional<Tile> tile = tile_from_symbol(item.key()[0]);
      if (tile && tile_info(*tile).name != file_name)
        fail("legend", "symbol '" + printable(item.key()) + "' is " + in_quotes(file_name) +
                           " in the file but " + in_quotes(tile_info(*tile).name) + " in Yendor");
    }
  }

  void check_rows() {
    for (std::size_t b = 0; b < by_byte_.size(); ++b)
      by_byte_[b] = tile_from_symbol(static_cast<char>(static_cast<unsigned char>(b)));

    const json& rows = required(root_, "", "rows");
    if (!rows.is_array()) fail("rows", "must be an array of strings");
    if (rows.size() != static_cast<std::size_t>(size_.height))
      fail("rows", "has " + std::to_string(rows.size()) + " rows, expected " +
                       std::to_string(size_.height) + " (the height)");
    for (std::size_t y = 0; y < rows.size(); ++y) {
      if (!rows[y].is_string()) fail("rows", "row " + std::to_string(y) + " is not a string");
      const std::string& row = rows[y].get_ref<const std::string&>();
      for (std::size_t x = 0; x < row.size(); ++x) {
        if (!by_byte_[static_cast<unsigned char>(row[x])])
          fail("rows", "unknown symbol " + describe_char(row, x) + " at row " + std::to_string(y) +
                           ", column " + std::to_string(x));
      }
      if (row.size() != static_cast<std::size_t>(size_.width))
        fail("rows", "row " + std::to_string(y) + " has length " + std::to_string(row.size()) +
                         ", expected " + std::to_string(size_.width) + " (the width)");
    }
  }

  void fill_tiles(Grid<Tile>& tiles) const {
    const json& rows = required(root_, "", "rows");  // checked by check_rows()
    for (int y = 0; y < size_.height; ++y) {
      const std::string& row = rows[static_cast<std::size_t>(y)].get_ref<const std::string&>();
      for (int x = 0; x < size_.width; ++x)
        tiles[Point{x, y}] =
            *by_byte_[static_cast<unsigned char>(row[static_cast<std::size_t>(x)])];
    }
  }

  void read_params(ParamSet& params) const {
    const json* object = member(root_, "params");
    if (object == nullptr) return;
    if (!object->is_object()) fail("params", "must be an object");
    // A ParamSet looks names up one by one: keep a hostile file from making that quadratic.
    if (std::max(object->size(), param_order_.size()) > k_max_params)
      fail("params", "more than " + std::to_string(k_max_params) + " parameters");
    // The parsed object is sorted by name; param_order_ has the names in document order.
    for (const std::string& name : param_order_) {
      if (params.contains(name)) fail("params." + name, "appears twice");
      const json* v = member(*object, name);
      if (v == nullptr) continue;  // cannot happen: every recorded name is in the object
      read_param(params, name, *v);
    }
    // Also cannot happen (every name was recorded), but if one was not, it is still read.
    for (const auto& item : object->items())
      if (!params.contains(item.key())) read_param(params, item.key(), item.value());
  }

  static void read_param(ParamSet& params, const std::string& name, const json& v) {
    read_param(params, name, v, "params." + name);
  }

  static void read_param(ParamSet& params, const std::string& name, const json& v,
                         const std::string& path) {
    if (v.is_boolean())
      params.set(name, v.get<bool>());
    else if (v.is_number_integer())
      params.set(name, get_int64(v, path));
    else if (v.is_number_float())
      params.set(name, v.get<double>());
    else if (v.is_string())
      params.set(name, v.get<std::string>());
    else
      fail(path, "must be a boolean, integer, real or string");
  }

  static double read_real(const json& v, std::string_view path) {
    if (!v.is_number()) fail(path, "must be a number");
    return v.get<double>();
  }

  void read_passes(std::vector<AppliedPass>& passes) const {
    const json* v = list("passes");
    if (v == nullptr) return;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("passes", i);
      const json& item = (*v)[i];
      check_object(item, path, {"name", "version", "params"});
      AppliedPass pass;
      pass.name = string_field(item, path, "name");
      pass.version = int_field(item, path, "version", 0);
      const json& pairs = required(item, path, "params");
      check_array(pairs, path + ".params");
      if (pairs.size() > k_max_params)
        fail(path + ".params", "more than " + std::to_string(k_max_params) + " parameters");
      for (std::size_t k = 0; k < pairs.size(); ++k) {
        const std::string pair_path = index_path(path + ".params", k);
        const json& pair = pairs[k];
        if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string())
          fail(pair_path, "must be a [name, value] pair");
        const std::string& name = pair[0].get_ref<const std::string&>();
        if (pass.params.contains(name)) fail(pair_path, "parameter '" + name + "' appears twice");
        read_param(pass.params, name, pair[1], pair_path);
      }
      passes.push_back(std::move(pass));
    }
  }

  Point read_point(const json& v, std::string_view path) const {
    if (!v.is_array() || v.size() != 2) fail(path, "must be an [x, y] array");
    const Point p{get_int(v[0], std::string(path) + "[0]"),
                  get_int(v[1], std::string(path) + "[1]")};
    check_inside(p, path);
    return p;
  }

  Point read_xy(const json& object, std::string_view path) const {
    const Point p{int_field(object, path, "x"), int_field(object, path, "y")};
    check_inside(p, path);
    return p;
  }

  void check_inside(Point p, std::string_view path) const {
    if (!Rect{0, 0, size_.width, size_.height}.contains(p))
      fail(path, "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ") is outside the map (" +
                     size_text() + ")");
  }

  // The x, y, w, h fields of an object: a rect inside the map (it may be empty).
  Rect read_rect(const json& object, std::string_view path) const {
    const Rect r{int_field(object, path, "x"), int_field(object, path, "y"),
                 int_field(object, path, "w", 0), int_field(object, path, "h", 0)};
    // Every value is within int range and the map side is at most k_map_max_side, so the
    // containment check works in 64 bits without overflow.
    const std::int64_t right = std::int64_t{r.x} + r.width, bottom = std::int64_t{r.y} + r.height;
    if (r.x < 0 || r.y < 0 || right > size_.width || bottom > size_.height)
      fail(path, "rect (x " + std::to_string(r.x) + ", y " + std::to_string(r.y) + ", w " +
                     std::to_string(r.width) + ", h " + std::to_string(r.height) +
                     ") is outside the map (" + size_text() + ")");
    return r;
  }

  std::string size_text() const {
    return std::to_string(size_.width) + "x" + std::to_string(size_.height);
  }

  // A room reference: -1 (none) or the id of a room.
  int room_ref(const json& object, std::string_view path, std::string_view key) const {
    const int id = int_field(object, path, key, -1);
    if (id != -1 && room_ids_.count(id) == 0)
      fail(std::string(path) + "." + std::string(key), "no room has id " + std::to_string(id));
    return id;
  }

  const json* list(std::string_view name) const {
    const json* v = member(root_, name);
    if (v != nullptr) check_array(*v, name);
    return v;
  }

  void read_stairs(Stairs& stairs) const {
    const json* v = member(root_, "stairs");
    if (v == nullptr) return;
    check_object(*v, "stairs", {"up", "down"});
    if (const json* up = member(*v, "up"); up != nullptr && !up->is_null())
      stairs.up = read_point(*up, "stairs.up");
    if (const json* down = member(*v, "down"); down != nullptr && !down->is_null())
      stairs.down = read_point(*down, "stairs.down");
  }

  void read_rooms(std::vector<Room>& rooms) {
    const json* v = list("rooms");
    if (v == nullptr) return;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("rooms", i);
      const json& item = (*v)[i];
      check_object(item, path, {"id", "x", "y", "w", "h", "kind"});
      Room room;
      room.id = int_field(item, path, "id", 0);
      if (!room_ids_.insert(room.id).second)
        fail(path + ".id", "another room has id " + std::to_string(room.id));
      room.rect = read_rect(item, path);
      room.kind = string_field(item, path, "kind");
      rooms.push_back(std::move(room));
    }
  }

  void read_corridors(std::vector<Corridor>& corridors) const {
    const json* v = list("corridors");
    if (v == nullptr) return;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("corridors", i);
      const json& item = (*v)[i];
      check_object(item, path, {"from", "to", "cells"});
      Corridor corridor;
      corridor.from_room = room_ref(item, path, "from");
      corridor.to_room = room_ref(item, path, "to");
      const json& cells = required(item, path, "cells");
      check_array(cells, path + ".cells");
      corridor.cells.reserve(cells.size());
      for (std::size_t k = 0; k < cells.size(); ++k)
        corridor.cells.push_back(read_point(cells[k], index_path(path + ".cells", k)));
      corridors.push_back(std::move(corridor));
    }
  }

  void read_doors(std::vector<Door>& doors) const {
    const json* v = list("doors");
    if (v == nullptr) return;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("doors", i);
      const json& item = (*v)[i];
      check_object(item, path, {"x", "y", "room"});
      doors.push_back(Door{read_xy(item, path), room_ref(item, path, "room")});
    }
  }

  void read_regions(std::vector<Region>& regions) const {
    const json* v = list("regions");
    if (v == nullptr) return;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("regions", i);
      const json& item = (*v)[i];
      check_object(item, path, {"id", "kind", "x", "y", "w", "h", "cells"});
      Region region;
      region.id = int_field(item, path, "id");
      region.kind = string_field(item, path, "kind");
      region.bounds = read_rect(item, path);
      region.cells = get_int64(required(item, path, "cells"), path + ".cells");
      if (region.cells < 0 || region.cells > region.bounds.area())
        fail(path + ".cells", "must be between 0 and " + std::to_string(region.bounds.area()) +
                                  " (the area of its rect), not " + std::to_string(region.cells));
      regions.push_back(std::move(region));
    }
  }

  void read_features(std::vector<Feature>& features) const {
    const json* v = list("features");
    if (v == nullptr) return;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("features", i);
      const json& item = (*v)[i];
      check_object(item, path, {"x", "y", "tag"});
      features.push_back(Feature{read_xy(item, path), string_field(item, path, "tag")});
    }
  }

  void read_partitions(std::vector<PartitionNode>& nodes) const {
    const json* v = list("partitions");
    if (v == nullptr) return;
    const std::int64_t last = static_cast<std::int64_t>(v->size()) - 1;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("partitions", i);
      const json& item = (*v)[i];
      check_object(item, path,
                   {"x", "y", "w", "h", "parent", "first", "second", "depth", "split", "room"});
      PartitionNode node;
      node.rect = read_rect(item, path);
      node.parent = int_field(item, path, "parent", -1, last);
      node.first = int_field(item, path, "first", -1, last);
      node.second = int_field(item, path, "second", -1, last);
      node.depth = int_field(item, path, "depth", 0);
      const json& split = required(item, path, "split");
      if (split.is_string() && split.get_ref<const std::string&>() == "h")
        node.split = 'h';
      else if (split.is_string() && split.get_ref<const std::string&>() == "v")
        node.split = 'v';
      else if (!split.is_null())
        fail(path + ".split", "must be \"h\", \"v\" or null");
      node.room = room_ref(item, path, "room");
      nodes.push_back(node);
    }
    // The tree: parents come before their children (so it has no cycles), links agree both
    // ways, and a node has two children and a split or is a leaf with neither.
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const std::string path = index_path("partitions", i);
      const PartitionNode& n = nodes[i];
      const int self = static_cast<int>(i);
      if (n.parent >= self) fail(path + ".parent", "a parent must come before its children");
      if (n.parent != -1 && nodes[static_cast<std::size_t>(n.parent)].first != self &&
          nodes[static_cast<std::size_t>(n.parent)].second != self)
        fail(path + ".parent", "node " + std::to_string(n.parent) + " does not list it as a child");
      const bool leaf = n.first == -1 && n.second == -1;
      if (!leaf) {
        if (n.first == -1 || n.second == -1 || n.first == n.second)
          fail(path, "a node has two different children or none");
        for (const int child : {n.first, n.second}) {
          if (nodes[static_cast<std::size_t>(child)].parent != self)
            fail(path, "its child " + std::to_string(child) + " has another parent");
        }
      }
      if (leaf != (n.split == 0))
        fail(path + ".split", leaf ? "a leaf has no split (null)" : "must be \"h\" or \"v\"");
    }
  }

  // Attributes of a mission node or edge; `order` is their document order when known.
  static ParamSet read_attrs(const json& v, const std::string& path,
                             const std::vector<std::string>* order) {
    if (!v.is_object()) fail(path, "must be an object");
    if (v.size() > k_max_params || (order != nullptr && order->size() > k_max_params))
      fail(path, "more than " + std::to_string(k_max_params) + " attributes");
    ParamSet attrs;
    if (order != nullptr) {
      for (const std::string& name : *order) {
        if (attrs.contains(name)) fail(path + "." + name, "appears twice");
        if (const json* a = member(v, name)) read_param(attrs, name, *a, path + "." + name);
      }
    }
    for (const auto& item : v.items())
      if (!attrs.contains(item.key()))
        read_param(attrs, item.key(), item.value(), path + "." + item.key());
    return attrs;
  }

  static const std::vector<std::string>* order_of(const std::vector<std::vector<std::string>>& all,
                                                  std::size_t i) {
    return i < all.size() ? &all[i] : nullptr;
  }

  void read_mission(MissionGraph& graph) const {
    const json* v = member(root_, "mission");
    if (v == nullptr) return;
    check_object(*v, "mission", {"next_node", "next_edge", "nodes", "edges"});
    const json& node_items = required(*v, "mission", "nodes");
    check_array(node_items, "mission.nodes");
    const json& edge_items = required(*v, "mission", "edges");
    check_array(edge_items, "mission.edges");

    // Nodes and edges in id order (MissionGraph keeps them so).
    std::vector<MissionNode> nodes;
    nodes.reserve(node_items.size());
    int last_node = 0;
    for (std::size_t i = 0; i < node_items.size(); ++i) {
      const std::string path = index_path("mission.nodes", i);
      const json& item = node_items[i];
      check_object(item, path, {"id", "attrs"});
      MissionNode node;
      node.id = int_field(item, path, "id", 1, std::numeric_limits<int>::max() - 1);
      if (node.id <= last_node)
        fail(path + ".id", "ids must increase along the list (" + std::to_string(node.id) +
                               " after " + std::to_string(last_node) + ")");
      last_node = node.id;
      node.attrs = read_attrs(required(item, path, "attrs"), path + ".attrs",
                              order_of(attr_orders_.nodes, i));
      nodes.push_back(std::move(node));
    }
    const auto is_node = [&nodes](int id) {
      const auto it = std::lower_bound(nodes.begin(), nodes.end(), id,
                                       [](const MissionNode& n, int key) { return n.id < key; });
      return it != nodes.end() && it->id == id;
    };

    std::vector<MissionEdge> edges;
    edges.reserve(edge_items.size());
    int last_edge = 0;
    for (std::size_t i = 0; i < edge_items.size(); ++i) {
      const std::string path = index_path("mission.edges", i);
      const json& item = edge_items[i];
      check_object(item, path, {"id", "from", "to", "attrs"});
      MissionEdge edge;
      edge.id = int_field(item, path, "id", 1, std::numeric_limits<int>::max() - 1);
      if (edge.id <= last_edge)
        fail(path + ".id", "ids must increase along the list (" + std::to_string(edge.id) +
                               " after " + std::to_string(last_edge) + ")");
      last_edge = edge.id;
      edge.from = int_field(item, path, "from");
      if (!is_node(edge.from))
        fail(path + ".from", "no mission node has id " + std::to_string(edge.from));
      edge.to = int_field(item, path, "to");
      if (!is_node(edge.to))
        fail(path + ".to", "no mission node has id " + std::to_string(edge.to));
      edge.attrs = read_attrs(required(item, path, "attrs"), path + ".attrs",
                              order_of(attr_orders_.edges, i));
      edges.push_back(std::move(edge));
    }

    // The next ids: by default one past the last id in use.
    int next_node = last_node + 1, next_edge = last_edge + 1;
    if (const json* n = member(*v, "next_node")) {
      next_node = get_int(*n, "mission.next_node", 1);
      if (next_node <= last_node)
        fail("mission.next_node", "must be greater than every node id (" +
                                      std::to_string(last_node) + "), not " +
                                      std::to_string(next_node));
    }
    if (const json* e = member(*v, "next_edge")) {
      next_edge = get_int(*e, "mission.next_edge", 1);
      if (next_edge <= last_edge)
        fail("mission.next_edge", "must be greater than every edge id (" +
                                      std::to_string(last_edge) + "), not " +
                                      std::to_string(next_edge));
    }
    if (next_edge > 1 && next_node == 1)
      fail("mission.next_edge", "edge ids were given out but no node ids");

    const std::int64_t unused_nodes = std::int64_t{next_node} - 1 - std::ssize(nodes);
    const std::int64_t unused_edges = std::int64_t{next_edge} - 1 - std::ssize(edges);
    if (unused_nodes * (std::ssize(nodes) + 1) + unused_edges * (std::ssize(edges) + 1) >
        k_max_restore_work)
      fail("mission", "too many unused ids to restore (" + std::to_string(unused_nodes) +
                          " node ids and " + std::to_string(unused_edges) +
                          " edge ids are unused)");
    graph = restore_graph(std::move(nodes), std::move(edges), next_node, next_edge);
  }

  // Builds the graph with exactly these ids and next ids through MissionGraph's interface:
  // every id is given out in order, and the unused ones are removed again.
  static MissionGraph restore_graph(std::vector<MissionNode> nodes, std::vector<MissionEdge> edges,
                                    int next_node, int next_edge) {
    MissionGraph graph;
    std::size_t k = 0;
    int anchor = -1;  // an unused node kept while unused edge ids are given out
    for (int id = 1; id < next_node; ++id) {
      if (k < nodes.size() && nodes[k].id == id) {
        graph.add_node(std::move(nodes[k++].attrs));
      } else {
        graph.add_node({});
        if (anchor == -1 && nodes.empty())
          anchor = id;
        else
          graph.remove_node(id);
      }
    }
    const int hook = nodes.empty() ? anchor : nodes.front().id;
    k = 0;
    for (int id = 1; id < next_edge; ++id) {
      if (k < edges.size() && edges[k].id == id) {
        graph.add_edge(edges[k].from, edges[k].to, std::move(edges[k].attrs));
        ++k;
      } else {
        graph.add_edge(hook, hook, {});
        graph.remove_edge(id);
      }
    }
    if (anchor != -1) graph.remove_node(anchor);
    return graph;
  }

  // A mission node reference: -1 (none) or the id of a node of the level's mission graph.
  static int node_ref(const json& object, const std::string& path, std::string_view key,
                      const MissionGraph& graph) {
    const int id = int_field(object, path, key, -1);
    if (id != -1 && graph.find_node(id) == nullptr)
      fail(path + "." + std::string(key), "no mission node has id " + std::to_string(id));
    return id;
  }

  std::vector<Point> read_points(const json& object, const std::string& path,
                                 std::string_view key) const {
    const std::string field = path + "." + std::string(key);
    const json& v = required(object, path, key);
    check_array(v, field);
    std::vector<Point> points;
    points.reserve(v.size());
    for (std::size_t k = 0; k < v.size(); ++k)
      points.push_back(read_point(v[k], index_path(field, k)));
    return points;
  }

  static std::vector<int> read_ids(const json& object, const std::string& path,
                                   std::string_view key) {
    const std::string field = path + "." + std::string(key);
    const json& v = required(object, path, key);
    check_array(v, field);
    std::vector<int> ids;
    ids.reserve(v.size());
    for (std::size_t k = 0; k < v.size(); ++k)
      ids.push_back(get_int(v[k], index_path(field, k)));
    return ids;
  }

  void read_cycles(std::vector<CycleInfo>& cycles, const MissionGraph& graph) const {
    const json* v = list("cycles");
    if (v == nullptr) return;
    std::set<int> ids;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("cycles", i);
      const json& item = (*v)[i];
      check_object(item, path,
                   {"id", "entrance", "goal", "a_length", "b_length", "pattern", "parent"});
      CycleInfo cycle;
      cycle.id = int_field(item, path, "id", 0);
      if (!ids.insert(cycle.id).second)
        fail(path + ".id", "another cycle has id " + std::to_string(cycle.id));
      cycle.entrance = node_ref(item, path, "entrance", graph);
      cycle.goal = node_ref(item, path, "goal", graph);
      cycle.a_length = int_field(item, path, "a_length", 0);
      cycle.b_length = int_field(item, path, "b_length", 0);
      cycle.pattern = string_field(item, path, "pattern");
      cycle.parent = int_field(item, path, "parent", -1);
      cycles.push_back(std::move(cycle));
    }
    for (std::size_t i = 0; i < cycles.size(); ++i) {
      const int parent = cycles[i].parent;
      if (parent == cycles[i].id)
        fail(index_path("cycles", i) + ".parent", "a cycle cannot be nested in itself");
      if (parent != -1 && ids.count(parent) == 0)
        fail(index_path("cycles", i) + ".parent", "no cycle has id " + std::to_string(parent));
    }
  }

  void read_locks(std::vector<LockInfo>& locks, const MissionGraph& graph) {
    const json* v = list("locks");
    if (v == nullptr) return;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("locks", i);
      const json& item = (*v)[i];
      check_object(item, path,
                   {"id", "kind", "cells", "type", "duration", "direction", "safe", "entry", "keys",
                    "key_class", "bridge_cells", "main_path", "mission_node"});
      LockInfo lock;
      lock.id = int_field(item, path, "id", 0);
      if (!lock_ids_.insert(lock.id).second)
        fail(path + ".id", "another lock has id " + std::to_string(lock.id));
      lock.kind = name_field(item, path, "kind", "lock kind", lock_realizations());
      lock.cells = read_points(item, path, "cells");
      lock.type = *lock_type_from_string(
          name_field(item, path, "type", "lock type", enum_names<LockType, 3>()));
      lock.duration = *lock_duration_from_string(
          name_field(item, path, "duration", "lock duration", enum_names<LockDuration, 4>()));
      lock.direction = *lock_direction_from_string(
          name_field(item, path, "direction", "lock direction", enum_names<LockDirection, 3>()));
      lock.safe = bool_field(item, path, "safe");
      if (const json& entry = required(item, path, "entry"); !entry.is_null())
        lock.entry = read_point(entry, path + ".entry");
      lock.keys = read_ids(item, path, "keys");
      lock.key_class = string_field(item, path, "key_class");
      lock.bridge_cells = read_points(item, path, "bridge_cells");
      lock.main_path = bool_field(item, path, "main_path");
      lock.mission_node = node_ref(item, path, "mission_node", graph);
      locks.push_back(std::move(lock));
    }
  }

  void read_keys(std::vector<KeyInfo>& keys, const MissionGraph& graph) {
    const json* v = list("keys");
    if (v == nullptr) return;
    for (std::size_t i = 0; i < v->size(); ++i) {
      const std::string path = index_path("keys", i);
      const json& item = (*v)[i];
      check_object(item, path,
                   {"id", "kind", "pos", "multipurpose", "particular", "consumed", "fixed",
                    "key_class", "locks", "mission_node"});
      KeyInfo key;
      key.id = int_field(item, path, "id", 0);
      if (!key_ids_.insert(key.id).second)
        fail(path + ".id", "another key has id " + std::to_string(key.id));
      key.kind = name_field(item, path, "kind", "key kind", key_kinds());
      key.pos = read_point(required(item, path, "pos"), path + ".pos");
      key.multipurpose = bool_field(item, path, "multipurpose");
      key.particular = bool_field(item, path, "particular");
      key.consumed = bool_field(item, path, "consumed");
      key.fixed = bool_field(item, path, "fixed");
      key.key_class = string_field(item, path, "key_class");
      key.locks = read_ids(item, path, "locks");
      key.mission_node = node_ref(item, path, "mission_node", graph);
      keys.push_back(std::move(key));
    }
  }

  // Locks name their keys and keys their locks by id: every id must resolve.
  void check_lock_key_references(const LevelMeta& meta) const {
    for (std::size_t i = 0; i < meta.locks.size(); ++i)
      for (std::size_t k = 0; k < meta.locks[i].keys.size(); ++k)
        if (key_ids_.count(meta.locks[i].keys[k]) == 0)
          fail(index_path(index_path("locks", i) + ".keys", k),
               "no key has id " + std::to_string(meta.locks[i].keys[k]));
    for (std::size_t i = 0; i < meta.keys.size(); ++i)
      for (std::size_t k = 0; k < meta.keys[i].locks.size(); ++k)
        if (lock_ids_.count(meta.keys[i].locks[k]) == 0)
          fail(index_path(index_path("keys", i) + ".locks", k),
               "no lock has id " + std::to_string(meta.keys[i].locks[k]));
  }

  const json& root_;
  std::vector<std::string> param_order_;
  AttrOrders attr_orders_;
  std::set<int> lock_ids_;
  std::set<int> key_ids_;
  Size size_;
  std::array<std::optional<Tile>, 256> by_byte_{};  // tile by symbol byte
  std::set<int> room_ids_;
};

// nlohmann's message without its "[json.exception.parse_error.101] " prefix, on one line, in
// plain ASCII (it may quote bytes of the input) and at most k_max_message characters long.
std::string parser_message(const json::exception& e) {
  constexpr std::size_t k_max_message = 200;
  std::string_view what = e.what();
  if (const std::size_t end = what.find("] ");
      what.starts_with("[json.exception.") && end != std::string_view::npos)
    what.remove_prefix(end + 2);
  std::string out;
  for (char c : what.substr(0, k_max_message)) {
    const auto u = static_cast<unsigned char>(c);
    out += u >= 0x20 && u < 0x7f ? c : '?';
  }
  if (what.size() > k_max_message) out += "...";
  return out;
}

// "not JSON: at line 1, column 15 (byte 15): syntax error while parsing value - ...".
std::string syntax_error_message(const json::parse_error& e) {
  std::string message = parser_message(e);
  constexpr std::string_view k_head = "parse error ";
  const std::size_t colon = message.find(": ");
  if (message.starts_with(k_head) && colon != std::string::npos)
    return "map json: not JSON: " + message.substr(k_head.size(), colon - k_head.size()) +
           " (byte " + std::to_string(e.byte) + ")" + message.substr(colon);
  return "map json: not JSON: at byte " + std::to_string(e.byte) + ": " + message;
}

}  // namespace

Level level_from_json(std::string_view text) {
  // Parses into std::map objects (fast for any number of keys) and records the document order
  // of the names in "params", which a ParamSet keeps.
  // Likewise the order of the attributes of mission nodes and edges: in
  // {"mission": {"nodes": [{"attrs": {NAME: ...}}]}} the names are keys at depth 5.
  std::string top_key, mission_key, element_key;
  std::vector<std::string> param_order;
  AttrOrders attr_orders;
  const auto mission_list = [&]() -> std::vector<std::vector<std::string>>* {
    if (top_key != "mission") return nullptr;
    if (mission_key == "nodes") return &attr_orders.nodes;
    if (mission_key == "edges") return &attr_orders.edges;
    return nullptr;
  };
  const json::parser_callback_t record_order = [&](int depth, json::parse_event_t event,
                                                   json& parsed) {
    if (event == json::parse_event_t::key) {
      if (depth == 1) {
        top_key = parsed.get<std::string>();
        mission_key.clear();
        // Of a repeated "params" the parser keeps the last; so does the order.
        if (top_key == "params") param_order.clear();
        if (top_key == "mission") attr_orders = AttrOrders{};
      } else if (depth == 2 && top_key == "params") {
        param_order.push_back(parsed.get<std::string>());
      } else if (depth == 2 && top_key == "mission") {
        mission_key = parsed.get<std::string>();
        if (auto* orders = mission_list()) orders->clear();
      } else if (depth == 4 && mission_list() != nullptr) {
        element_key = parsed.get<std::string>();
        if (element_key == "attrs" && !mission_list()->empty()) mission_list()->back().clear();
      } else if (depth == 5 && element_key == "attrs" && mission_list() != nullptr &&
                 !mission_list()->empty()) {
        mission_list()->back().push_back(parsed.get<std::string>());
      }
    } else if (event == json::parse_event_t::object_start && depth == 3) {
      // A new element of mission.nodes or mission.edges.
      if (auto* orders = mission_list()) orders->emplace_back();
      element_key.clear();
    }
    return true;
  };

  json root;
  try {
    root = json::parse(text.data(), text.data() + text.size(), record_order);
  } catch (const json::parse_error& e) {
    throw InputError(syntax_error_message(e));
  } catch (const json::exception& e) {
    throw InputError("map json: not JSON: " + parser_message(e));
  }

  try {
    return Reader(root, std::move(param_order), std::move(attr_orders)).read();
  } catch (const json::exception& e) {
    // The checks above are meant to leave nlohmann nothing to throw; if one slips through it
    // is still bad input.
    throw InputError("map json: invalid document: " + parser_message(e));
  }
}

}  // namespace yendor
