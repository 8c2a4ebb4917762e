#include "yendor/analysis/metric_columns.hpp"

#include <array>
#include <charconv>
#include <cmath>

#include "yendor/core/error.hpp"

namespace yendor::analysis {

namespace {

using Value = std::optional<double>;

Value number(std::int64_t v) {
  return static_cast<double>(v);
}

constexpr std::optional<double> k_none;

const std::array<MetricColumn, 28> k_columns{{
    {"width", "map width in cells", true, k_none, k_none,
     [](const LevelMetrics& m) -> Value { return m.size.width; }},
    {"height", "map height in cells", true, k_none, k_none,
     [](const LevelMetrics& m) -> Value { return m.size.height; }},
    {"floor_cells", "traversable cells (passable or a door)", true, k_none, k_none,
     [](const LevelMetrics& m) { return number(m.floor_cells); }},
    {"floor_share", "traversable cells / area", false, 0.0, 1.0,
     [](const LevelMetrics& m) -> Value { return m.floor_share; }},
    {"regions", "connected groups of traversable cells (orthogonal steps)", true, k_none, k_none,
     [](const LevelMetrics& m) { return number(m.regions); }},
    {"largest_region_share", "cells of the largest region / traversable cells", false, 0.0, 1.0,
     [](const LevelMetrics& m) -> Value { return m.largest_region_share; }},
    {"connected", "1 when the level is one region, else 0", true, 0.0, 1.0,
     [](const LevelMetrics& m) -> Value { return m.connected ? 1.0 : 0.0; }},
    {"rooms", "rooms in the level's metadata", true, k_none, k_none,
     [](const LevelMetrics& m) { return number(m.rooms); }},
    {"areas", "areas of the room/junction graph: rooms and places two or more cells wide", true,
     k_none, k_none, [](const LevelMetrics& m) { return number(m.areas); }},
    {"corridor_cells", "corridor tiles plus recorded corridor cells outside rooms", true, k_none,
     k_none, [](const LevelMetrics& m) { return number(m.corridor_cells); }},
    {"doors", "door tiles of any state", true, k_none, k_none,
     [](const LevelMetrics& m) { return number(m.doors); }},
    {"dead_end_cells", "traversable cells with exactly one traversable neighbour", true, k_none,
     k_none, [](const LevelMetrics& m) { return number(m.dead_end_cells); }},
    {"dead_end_rooms", "areas with exactly one way out (degree 1 in the room/junction graph)", true,
     k_none, k_none, [](const LevelMetrics& m) { return number(m.dead_end_rooms); }},
    {"loops", "independent ways around an obstacle (cyclomatic number, open floor excluded)", true,
     k_none, k_none, [](const LevelMetrics& m) { return number(m.loops); }},
    {"stairs_path", "steps from the up to the down stairs (empty: no such path)", true, k_none,
     k_none,
     [](const LevelMetrics& m) -> Value {
       if (!m.stairs_path) return std::nullopt;
       return static_cast<double>(*m.stairs_path);
     }},
    {"stairs_ratio", "stairs_path / straight-line distance between the stairs", false, k_none,
     k_none, [](const LevelMetrics& m) -> Value { return m.stairs_ratio; }},
    {"articulation_points", "cells whose blocking splits their region", true, k_none, k_none,
     [](const LevelMetrics& m) { return number(m.articulation_points); }},
    {"chokepoint_x", "column of the cell cutting most cells off the up stairs", true, k_none,
     k_none,
     [](const LevelMetrics& m) -> Value {
       if (!m.chokepoint) return std::nullopt;
       return m.chokepoint->x;
     }},
    {"chokepoint_y", "row of that cell", true, k_none, k_none,
     [](const LevelMetrics& m) -> Value {
       if (!m.chokepoint) return std::nullopt;
       return m.chokepoint->y;
     }},
    {"chokepoint_cut", "traversable cells that blocking it cuts off from the up stairs", true,
     k_none, k_none, [](const LevelMetrics& m) { return number(m.chokepoint_cut); }},
    {"chokepoint_share", "chokepoint_cut / traversable cells", false, 0.0, 1.0,
     [](const LevelMetrics& m) -> Value { return m.chokepoint_share; }},
    {"entropy", "Shannon entropy in bits of the 3x3 traversable patterns (0 to 9)", false, 0.0, 9.0,
     [](const LevelMetrics& m) -> Value { return m.entropy; }},
    {"backtracking",
     "share of the exploration walk's steps onto cells walked before (empty: not measured)", false,
     0.0, 1.0, [](const LevelMetrics& m) -> Value { return m.backtracking; }},
    {"cycles", "cycles of the mission graph (cyclic levels)", true, k_none, k_none,
     [](const LevelMetrics& m) { return number(m.cycles); }},
    {"locks", "locks in the level's metadata (cyclic levels)", true, k_none, k_none,
     [](const LevelMetrics& m) { return number(m.locks); }},
    {"keys", "keys and levers in the level's metadata (cyclic levels)", true, k_none, k_none,
     [](const LevelMetrics& m) { return number(m.keys); }},
    {"mean_a_length", "mean places on a cycle's path a, entrance to goal (empty: no cycles)", false,
     k_none, k_none, [](const LevelMetrics& m) -> Value { return m.mean_a_length; }},
    {"mean_b_length", "mean places on a cycle's path b, goal back to entrance", false, k_none,
     k_none, [](const LevelMetrics& m) -> Value { return m.mean_b_length; }},
}};

}  // namespace

std::span<const MetricColumn> metric_columns() {
  return k_columns;
}

std::size_t metric_column_index(std::string_view name, std::string_view option) {
  std::string known;
  for (std::size_t i = 0; i < k_columns.size(); ++i) {
    if (k_columns[i].name == name) return i;
    known += (i == 0 ? "" : ", ") + std::string(k_columns[i].name);
  }
  throw InputError(std::string(option) + ": unknown metric '" + std::string(name) +
                   "' (metrics: " + known + ")");
}

std::string format_number(double value, bool integer) {
  char buffer[512];  // fixed notation of any double fits
  if (integer && std::abs(value) < 9.0e15) {
    const auto r =
        std::to_chars(buffer, buffer + sizeof buffer, static_cast<long long>(std::llround(value)));
    return std::string(buffer, r.ptr);
  }
  const auto r = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 6);
  std::string text(buffer, r.ptr);
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

}  // namespace yendor::analysis
