// The high-score list (docs/saves.md, "High scores"): a text file, one entry per line, best
// first, rewritten atomically on every insertion.
//
//   yendor-scores 1
//   SCORE<TAB>NAME<TAB>DEPTH<TAB>TURNS<TAB>WON<TAB>SEED<TAB>CAUSE
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/game/highscore.hpp"

namespace yendor::game {
namespace {

constexpr std::string_view k_header = "yendor-scores";
constexpr int k_scores_version = 1;
constexpr std::size_t k_fields = 7;
// A victory is worth this much per level of the dungeon on top of everything else.
constexpr std::int64_t k_victory_bonus_per_level = 1000;
constexpr std::int64_t k_points_per_depth = 50;

// Names and causes are one field each: no tabs or line breaks inside.
std::string field_text(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return out;
}

std::vector<std::string_view> split(std::string_view line, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = line.find(sep, start);
    out.push_back(line.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

template <typename T>
T parse_number(std::string_view text, const std::string& where, std::string_view field) {
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty())
    throw InputError(where + ": field '" + std::string(field) + "': '" + std::string(text) +
                     "' is not a valid number");
  return v;
}

std::string format_line(const ScoreEntry& e) {
  return std::to_string(e.score) + '\t' + field_text(e.name) + '\t' + std::to_string(e.depth) +
         '\t' + std::to_string(e.turns) + '\t' + (e.won ? "1" : "0") + '\t' +
         std::to_string(e.seed) + '\t' + field_text(e.cause) + '\n';
}

}  // namespace

std::int64_t compute_score(const GameState& state, const Content&) {
  std::int64_t score =
      std::int64_t{state.player.gold} + state.player.xp + k_points_per_depth * state.info.deepest;
  if (state.outcome == Outcome::won) score += k_victory_bonus_per_level * state.levels;
  return score * difficulty_rules(state.setup.difficulty).score_percent / 100;
}

ScoreEntry score_entry(const GameState& state, const Content& content) {
  ScoreEntry e;
  e.name = state.info.name;
  e.score = compute_score(state, content);
  e.depth = state.info.deepest;
  e.cause = state.info.cause.empty() ? std::string(to_string(state.outcome)) : state.info.cause;
  e.turns = state.info.turns;
  e.seed = state.seed;
  e.won = state.outcome == Outcome::won;
  return e;
}

std::vector<ScoreEntry> read_scores(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  const std::string text = read_file(path);
  std::vector<std::string_view> lines = split(text, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();  // the final newline
  const std::string expected_header =
      std::string(k_header) + " " + std::to_string(k_scores_version);
  std::vector<ScoreEntry> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (line.ends_with('\r')) line.remove_suffix(1);
    const std::string where = path + ":" + std::to_string(i + 1);
    if (i == 0) {
      if (!line.starts_with(std::string(k_header) + " "))
        throw InputError(where + ": not a Yendor score file (expected '" + expected_header + "')");
      const int version = parse_number<int>(line.substr(k_header.size() + 1), where, "version");
      if (version != k_scores_version)
        throw InputError(where + ": score file version " + std::to_string(version) +
                         ", this build reads version " + std::to_string(k_scores_version));
      continue;
    }
    const std::vector<std::string_view> f = split(line, '\t');
    if (f.size() != k_fields)
      throw InputError(where + ": expected " + std::to_string(k_fields) +
                       " tab-separated fields, found " + std::to_string(f.size()));
    ScoreEntry e;
    e.score = parse_number<std::int64_t>(f[0], where, "score");
    e.name = std::string(f[1]);
    e.depth = parse_number<int>(f[2], where, "depth");
    e.turns = parse_number<std::int64_t>(f[3], where, "turns");
    if (f[4] != "0" && f[4] != "1")
      throw InputError(where + ": field 'won': '" + std::string(f[4]) + "' is not 0 or 1");
    e.won = f[4] == "1";
    e.seed = parse_number<std::uint64_t>(f[5], where, "seed");
    e.cause = std::string(f[6]);
    out.push_back(std::move(e));
  }
  if (lines.empty())
    throw InputError(path + ":1: not a Yendor score file (expected '" + expected_header + "')");
  return out;
}

int add_score(const std::string& path, const ScoreEntry& entry, std::size_t keep) {
  std::vector<ScoreEntry> scores = read_scores(path);
  // Best first; a tie goes below the entries already there (they got it first).
  const auto at =
      std::upper_bound(scores.begin(), scores.end(), entry.score,
                       [](std::int64_t score, const ScoreEntry& e) { return score > e.score; });
  const auto rank = static_cast<std::size_t>(at - scores.begin()) + 1;
  scores.insert(at, entry);
  if (scores.size() > keep) scores.resize(keep);
  std::string text = std::string(k_header) + " " + std::to_string(k_scores_version) + "\n";
  for (const ScoreEntry& e : scores)
    text += format_line(e);
  write_file_atomic(path, text);
  return rank <= keep ? static_cast<int>(rank) : 0;
}

}  // namespace yendor::game
