// Replays: recording, the text format (docs/formats.md) and verification by re-running.
#include "yendor/game/replay.hpp"

#include <charconv>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include "yendor/core/error.hpp"
#include "yendor/core/file_io.hpp"
#include "yendor/core/geometry_text.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/game/state_codec.hpp"

namespace yendor::game {
namespace {

constexpr std::string_view k_magic = "yendor replay";
constexpr int k_replay_version = 3;
constexpr int k_oldest_replay_version = 1;  // version 1: no difficulty, generator, size lines

// FNV-1a over a canonical byte form of the content: every field that changes the game.
class ContentHasher {
 public:
  void add(std::string_view s) {
    add(static_cast<std::int64_t>(s.size()));
    h_ = fnv1a64(s, h_);
  }
  void add(std::int64_t v) {
    char bytes[8];
    for (int i = 0; i < 8; ++i)
      bytes[i] = static_cast<char>((v >> (8 * i)) & 0xff);
    h_ = fnv1a64(std::string_view(bytes, 8), h_);
  }
  void add(int v) { add(static_cast<std::int64_t>(v)); }
  void add(bool v) { add(static_cast<std::int64_t>(v ? 1 : 0)); }
  void add(char v) { add(static_cast<std::int64_t>(v)); }
  void add(double v) {
    std::int64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    add(bits);
  }
  void add(IntRange r) {
    add(r.lo);
    add(r.hi);
  }
  void add(Rgb c) {
    add(int{c.r});
    add(int{c.g});
    add(int{c.b});
  }
  void add(const Attributes& a) {
    add(a.str);
    add(a.dex);
    add(a.con);
  }
  void add(const ParamSet& params) {
    add(static_cast<std::int64_t>(params.entries().size()));
    for (const auto& [name, value] : params.entries()) {
      add(name);
      add(static_cast<std::int64_t>(value.index()));
      add(yendor::to_string(value));
    }
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = k_fnv1a64_offset;
};

std::string hex64(std::uint64_t v) {
  static constexpr char k_digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i) {
    out[static_cast<std::size_t>(i)] = k_digits[v & 0xf];
    v >>= 4;
  }
  return out;
}

std::optional<Outcome> outcome_from_string(std::string_view s) {
  for (const Outcome o : {Outcome::playing, Outcome::died, Outcome::won, Outcome::quit})
    if (to_string(o) == s) return o;
  return std::nullopt;
}

// Reads one line of a replay file, reporting problems as "FILE:LINE: ...".
class LineReader {
 public:
  LineReader(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  // The next line without its end ("\n" or "\r\n"); false at the end of the text.
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    const std::size_t end = text_.find('\n', pos_);
    const std::size_t stop = end == std::string::npos ? text_.size() : end;
    line = std::string_view(text_).substr(pos_, stop - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end == std::string::npos ? text_.size() : end + 1;
    ++number_;
    return true;
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw InputError(file_ + ":" + std::to_string(number_ > 0 ? number_ : 1) + ": " + why);
  }
  template <typename T>
  T number(std::string_view token, const char* what) const {
    T v{};
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
    if (token.empty() || ec != std::errc{} || ptr != token.data() + token.size())
      fail(std::string(what) + " '" + std::string(token) + "' is not a valid number");
    return v;
  }
  std::uint64_t hash(std::string_view token, const char* what) const {
    std::uint64_t v = 0;
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), v, 16);
    if (token.size() != 16 || ec != std::errc{} || ptr != token.data() + token.size())
      fail(std::string(what) + " '" + std::string(token) + "' is not 16 hex digits");
    return v;
  }

 private:
  const std::string& text_;
  const std::string& file_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

// "key rest-of-line": the key and the value (the value may hold spaces: names).
std::pair<std::string_view, std::string_view> key_value(std::string_view line) {
  const std::size_t space = line.find(' ');
  if (space == std::string_view::npos) return {line, {}};
  return {line.substr(0, space), line.substr(space + 1)};
}

bool blank_or_comment(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t");
  return first == std::string_view::npos || line[first] == '#';
}

std::string divergence(std::int64_t step, const Game& game, const std::string& what) {
  return "replay diverges at step " + std::to_string(step) + " (turn " +
         std::to_string(game.state().info.turns) + "): " + what;
}

}  // namespace

std::uint64_t content_hash(const Content& content) {
  ContentHasher h;
  h.add(static_cast<std::int64_t>(content.races.size()));
  for (const Race& r : content.races) {
    h.add(r.id);
    h.add(r.name);
    h.add(r.color);
    h.add(r.attribute_bonus);
    h.add(r.poison_immune);
    h.add(r.sees_invisible);
    h.add(r.undead);
  }
  h.add(static_cast<std::int64_t>(content.monsters.size()));
  for (const MonsterKind& m : content.monsters) {
    h.add(m.id);
    h.add(m.name);
    h.add(m.glyph);
    h.add(m.color);
    h.add(m.race);
    h.add(m.str);
    h.add(m.dex);
    h.add(m.con);
    h.add(m.speed);
    h.add(m.base_xp);
    h.add(m.armour);
    h.add(m.damage);
    h.add(m.attack_verb);
    h.add(m.vision);
    h.add(m.brain);
    h.add(m.tactics);
    for (const IntRange& r : m.personality)
      h.add(r);
    h.add(m.depth);
    h.add(m.frequency);
    h.add(m.group);
    h.add(m.gold);
    h.add(static_cast<std::int64_t>(m.drops.size()));
    for (const Drop& d : m.drops) {
      h.add(d.item);
      h.add(d.chance);
      h.add(d.count);
    }
    h.add(m.ranged.has_value());
    if (m.ranged) {
      h.add(m.ranged->name);
      h.add(m.ranged->damage);
      h.add(m.ranged->range);
      h.add(m.ranged->chance);
    }
    h.add(m.boss);
    h.add(m.unique);
    h.add(m.shopkeeper);
    h.add(m.leaves_corpse);
  }
  h.add(static_cast<std::int64_t>(content.items.size()));
  for (const ItemKind& k : content.items) {
    h.add(k.id);
    h.add(k.name);
    h.add(k.plural);
    h.add(static_cast<int>(k.item_class));
    h.add(k.glyph);
    h.add(k.color);
    h.add(k.effect);
    h.add(k.power);
    h.add(k.damage);
    h.add(k.to_hit);
    h.add(k.thrown_damage);
    h.add(k.armour);
    h.add(k.evasion_penalty);
    h.add(k.nutrition);
    h.add(k.stackable);
    h.add(k.price);
    h.add(k.depth);
    h.add(k.frequency);
  }
  // The AI library's text and the instancing rules (their per-kind results follow from
  // these and the kinds above).
  h.add(static_cast<std::int64_t>(content.ai.text_hash));
  h.add(content.instancing.tries);
  h.add(static_cast<std::int64_t>(content.instancing.rules.size()));
  for (const InstancingRule& r : content.instancing.rules) {
    h.add(r.id);
    for (const KindTest& k : r.kinds) {
      h.add(static_cast<int>(k.what));
      h.add(k.value);
      h.add(k.negated);
    }
    for (const InstanceCondition& c : r.forbid) {
      h.add(static_cast<int>(c.field));
      h.add(static_cast<int>(c.op));
      h.add(c.threshold);
    }
    h.add(static_cast<int>(r.reroll));
    h.add(static_cast<int>(r.fallback));
    h.add(r.fallback_value);
  }
  const DungeonRecipe& d = content.dungeon;
  h.add(d.levels);
  h.add(d.size.width);
  h.add(d.size.height);
  h.add(static_cast<std::int64_t>(d.bands.size()));
  for (const DepthBand& b : d.bands) {
    h.add(b.depths);
    h.add(static_cast<std::int64_t>(b.levels.size()));
    for (const LevelChoice& c : b.levels) {
      h.add(c.generator);
      h.add(c.params);
      h.add(c.motif);
      h.add(static_cast<std::int64_t>(c.features.size()));
      for (const FeatureRequest& f : c.features) {
        h.add(f.name);
        for (const auto& [key, value] : f.params) {
          h.add(key);
          h.add(value);
        }
      }
      h.add(c.weight);
    }
    h.add(b.monsters);
    h.add(b.items);
    h.add(b.traps);
  }
  h.add(d.boss);
  h.add(d.difficulty_per_depth);
  h.add(d.catch_up_turns);
  h.add(d.start_attributes);
  h.add(static_cast<std::int64_t>(d.start_items.size()));
  for (const std::string& id : d.start_items)
    h.add(id);
  h.add(static_cast<std::int64_t>(content.legend.size()));
  for (const LegendEntry& e : content.legend) {
    h.add(e.tag);
    h.add(e.spawn);
    h.add(e.depth_bonus);
    h.add(e.item_class);
  }
  return h.value();
}

ReplayRecorder::ReplayRecorder(const ReplayHeader& header) {
  for (const char c : header.name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw InputError("the player's name may not contain control characters");
  if (header.check_every < 1)
    throw InputError("replay check interval must be at least 1; got " +
                     std::to_string(header.check_every));
  replay_.header = header;
}

ReplayRecorder::ReplayRecorder(Replay so_far) : replay_(std::move(so_far)) {
  replay_.outcome.reset();
  replay_.final_hash = 0;
}

void ReplayRecorder::record(const Action& action, const Game& game) {
  replay_.actions.push_back(action);
  const auto step = static_cast<std::int64_t>(replay_.actions.size());
  if (step % replay_.header.check_every == 0)
    replay_.checks.push_back({step, state_hash(game.state(), game.content())});
}

void ReplayRecorder::finish(const Game& game) {
  replay_.outcome = game.state().outcome;
  replay_.final_hash = state_hash(game.state(), game.content());
}

Replay ReplayRecorder::finished(const Game& game) const {
  Replay out = replay_;
  out.outcome = game.state().outcome;
  out.final_hash = state_hash(game.state(), game.content());
  return out;
}

std::string format_replay(const Replay& replay) {
  const ReplayHeader& h = replay.header;
  std::string out;
  out.reserve(64 + replay.actions.size() * 10 + replay.checks.size() * 32);
  // Always the current version: a version 1 replay continued is written out whole again.
  out += std::string(k_magic) + " " + std::to_string(k_replay_version) + "\n";
  out += "seed " + std::to_string(h.seed) + "\n";
  out += "name " + h.name + "\n";
  out += "levels " + std::to_string(h.levels) + "\n";
  out += "difficulty " + std::string(to_string(h.setup.difficulty)) + "\n";
  out += "generator " + (h.setup.generator.empty() ? "-" : h.setup.generator) + "\n";
  out += "size " + (h.setup.size == Size{} ? "-" : size_text(h.setup.size)) + "\n";
  out += "start_depth " + std::to_string(h.start_depth) + "\n";
  out += "content " + hex64(h.content_hash) + "\n";
  out += "check_every " + std::to_string(h.check_every) + "\n";
  std::size_t next_check = 0;
  for (std::size_t i = 0; i <= replay.actions.size(); ++i) {
    while (next_check < replay.checks.size() &&
           replay.checks[next_check].step == static_cast<std::int64_t>(i)) {
      out += "check " + std::to_string(replay.checks[next_check].step) + " " +
             hex64(replay.checks[next_check].hash) + "\n";
      ++next_check;
    }
    if (i < replay.actions.size()) out += format_action(replay.actions[i]) + "\n";
  }
  if (replay.outcome)
    out += "end " + std::string(to_string(*replay.outcome)) + " " + hex64(replay.final_hash) + "\n";
  return out;
}

Replay parse_replay(const std::string& text, const std::string& file_name) {
  LineReader reader(text, file_name);
  Replay replay;
  ReplayHeader& h = replay.header;
  std::string_view line;

  if (!reader.next(line) || line.size() <= k_magic.size() || line.rfind(k_magic, 0) != 0 ||
      line[k_magic.size()] != ' ')
    reader.fail("not a replay file (it should start with \"yendor replay VERSION\")");
  h.version = reader.number<int>(line.substr(k_magic.size() + 1), "version");
  if (h.version < k_oldest_replay_version || h.version > k_replay_version)
    reader.fail("replay version " + std::to_string(h.version) + " is not supported (this build " +
                "reads versions " + std::to_string(k_oldest_replay_version) + " to " +
                std::to_string(k_replay_version) + ")");

  // The header: these keys, in this order.
  std::vector<const char*> keys = {"seed", "name", "levels", "content", "check_every"};
  if (h.version >= 2) keys.insert(keys.begin() + 3, {"difficulty", "generator", "size"});
  if (h.version >= 3) keys.insert(keys.begin() + 6, "start_depth");
  for (const char* key : keys) {
    do {
      if (!reader.next(line)) reader.fail(std::string("the header ends before '") + key + "'");
    } while (blank_or_comment(line));
    const auto [k, v] = key_value(line);
    if (k != key) reader.fail(std::string("expected header line '") + key + " ...'");
    const std::string_view field = key;
    if (field == "seed") h.seed = reader.number<std::uint64_t>(v, "seed");
    if (field == "name") h.name = std::string(v);
    if (field == "levels") {
      h.levels = reader.number<int>(v, "levels");
      if (h.levels < 0) reader.fail("levels must not be negative");
    }
    if (field == "difficulty") {
      const std::optional<Difficulty> d = difficulty_from_string(v);
      if (!d) reader.fail("unknown difficulty '" + std::string(v) + "' (easy, normal or hard)");
      h.setup.difficulty = *d;
    }
    if (field == "generator") h.setup.generator = v == "-" ? "" : std::string(v);
    if (field == "size" && v != "-") {
      const std::optional<Size> size = parse_size_text(v);
      if (!size) reader.fail("size must be WIDTHxHEIGHT or -");
      h.setup.size = *size;
    }
    if (field == "start_depth") {
      h.start_depth = reader.number<int>(v, "start_depth");
      if (h.start_depth < 1) reader.fail("start_depth must be at least 1");
    }
    if (field == "content") h.content_hash = reader.hash(v, "content hash");
    if (field == "check_every") {
      h.check_every = reader.number<int>(v, "check_every");
      if (h.check_every < 1) reader.fail("check_every must be at least 1");
    }
  }

  bool ended = false;
  while (reader.next(line)) {
    if (blank_or_comment(line)) continue;
    if (ended) reader.fail("nothing may follow the end line");
    const auto [k, v] = key_value(line);
    if (k == "check") {
      const auto [step_text, hash_text] = key_value(v);
      const auto step = reader.number<std::int64_t>(step_text, "check step");
      const auto actions = static_cast<std::int64_t>(replay.actions.size());
      if (step != actions)
        reader.fail("check at step " + std::to_string(step) + " follows " +
                    std::to_string(actions) + " actions");
      replay.checks.push_back({step, reader.hash(hash_text, "check hash")});
    } else if (k == "end") {
      const auto [outcome_text, hash_text] = key_value(v);
      const std::optional<Outcome> outcome = outcome_from_string(outcome_text);
      if (!outcome)
        reader.fail("unknown outcome '" + std::string(outcome_text) +
                    "' (playing, died, won or quit)");
      replay.outcome = outcome;
      replay.final_hash = reader.hash(hash_text, "final hash");
      ended = true;
    } else {
      try {
        replay.actions.push_back(parse_action(line));
      } catch (const InputError& e) {
        reader.fail(e.what());
      }
    }
  }
  return replay;
}

void write_replay(const std::string& path, const Replay& replay) {
  write_file_atomic(path, format_replay(replay));
}

Replay read_replay(const std::string& path) {
  return parse_replay(read_file(path), path);
}

std::string content_mismatch(const ReplayHeader& header, const Content& content) {
  const std::uint64_t here = content_hash(content);
  if (here == header.content_hash) return "";
  return "replay was recorded with other content (content hash " + hex64(header.content_hash) +
         ", this content " + hex64(here) +
         "): run it with the content it was made with (--content DIR)";
}

GameOptions replay_game_options(const ReplayHeader& header) {
  GameOptions options;
  options.seed = header.seed;
  options.name = header.name;
  options.levels = header.levels;
  options.setup = header.setup;
  options.start_depth = header.start_depth;
  return options;
}

ReplayHeader replay_header(const GameOptions& options, const Content& content, int check_every) {
  ReplayHeader header;
  header.seed = options.seed;
  header.name = options.name;
  header.levels = options.levels;
  header.setup = options.setup;
  header.start_depth = options.start_depth;
  header.content_hash = content_hash(content);
  header.check_every = check_every;
  return header;
}

ReplayResult verify_replay(const Replay& replay, std::shared_ptr<const Content> content) {
  ReplayResult result;
  const ReplayHeader& h = replay.header;
  if (std::string why = content_mismatch(h, *content); !why.empty()) {
    result.message = std::move(why);
    return result;
  }
  const GameOptions options = replay_game_options(h);
  std::optional<Game> made;
  try {
    made.emplace(std::move(content), options);
  } catch (const InputError& e) {
    result.message = std::string("replay's game cannot be made here: ") + e.what();
    return result;
  }
  Game& game = *made;
  const auto fail = [&result](std::int64_t step, std::string message) {
    result.first_divergence = step;
    result.message = std::move(message);
    return result;
  };

  std::size_t next_check = 0;
  const auto check = [&](std::int64_t step) -> std::optional<std::string> {
    while (next_check < replay.checks.size() && replay.checks[next_check].step == step) {
      const std::uint64_t hash = state_hash(game.state(), game.content());
      const std::uint64_t expected = replay.checks[next_check++].hash;
      if (hash != expected)
        return divergence(step, game,
                          "state hash " + hex64(hash) + ", expected " + hex64(expected));
    }
    return std::nullopt;
  };

  if (auto bad = check(0)) return fail(0, *bad);
  const auto total = static_cast<std::int64_t>(replay.actions.size());
  for (std::int64_t step = 1; step <= total; ++step) {
    if (game.over())
      return fail(step - 1,
                  divergence(step - 1, game,
                             "the game ended (" + std::string(to_string(game.state().outcome)) +
                                 ") with " + std::to_string(total - step + 1) +
                                 (total - step + 1 == 1 ? " action" : " actions") + " left"));
    game.step(replay.actions[static_cast<std::size_t>(step - 1)]);
    result.steps = step;
    if (auto bad = check(step)) return fail(step, *bad);
  }
  result.outcome = game.state().outcome;
  if (replay.outcome) {
    if (*replay.outcome != game.state().outcome)
      return fail(
          total,
          divergence(total, game,
                     "the outcome is " + std::string(to_string(game.state().outcome)) +
                         " at the end, expected " + std::string(to_string(*replay.outcome))));
    const std::uint64_t hash = state_hash(game.state(), game.content());
    if (hash != replay.final_hash)
      return fail(total, divergence(total, game,
                                    "final state hash " + hex64(hash) + ", expected " +
                                        hex64(replay.final_hash)));
  }
  result.ok = true;
  std::string outcome(to_string(result.outcome));
  if (!game.state().info.cause.empty()) outcome += " (" + game.state().info.cause + ")";
  if (!replay.outcome) outcome += ", no end line";
  result.message = "replay ok: " + std::to_string(total) + (total == 1 ? " step, " : " steps, ") +
                   std::to_string(game.state().info.turns) + " turns, outcome " + outcome;
  return result;
}

}  // namespace yendor::game
