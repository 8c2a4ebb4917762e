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

class Reader {
 public:
  Reader(const json& root, std::vector<std::string> param_order)
      : root_(root), param_order_(std::move(param_order)) {}

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
                 {"format", "version", "width",    "height",    "generator",  "generator_version",
                  "seed",   "depth",   "params",   "motif",     "difficulty", "unique_rate",
                  "passes", "legend",  "rows",     "stairs",    "rooms",      "corridors",
                  "doors",  "regions", "features", "partitions"});

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

  const json& root_;
  std::vector<std::string> param_order_;
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
  std::string top_key;
  std::vector<std::string> param_order;
  const json::parser_callback_t record_order = [&](int depth, json::parse_event_t event,
                                                   json& parsed) {
    if (event == json::parse_event_t::key) {
      if (depth == 1) {
        top_key = parsed.get<std::string>();
        // Of a repeated "params" the parser keeps the last; so does the order.
        if (top_key == "params") param_order.clear();
      } else if (depth == 2 && top_key == "params") {
        param_order.push_back(parsed.get<std::string>());
      }
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
    return Reader(root, std::move(param_order)).read();
  } catch (const json::exception& e) {
    // The checks above are meant to leave nlohmann nothing to throw; if one slips through it
    // is still bad input.
    throw InputError("map json: invalid document: " + parser_message(e));
  }
}

}  // namespace yendor
