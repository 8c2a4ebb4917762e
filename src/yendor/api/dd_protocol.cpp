#include "yendor/api/dd_protocol.hpp"

#include <algorithm>
#include <array>

#include "yendor/api/bots/registry.hpp"
#include "yendor/api/protocol_bots.hpp"
#include "yendor/core/error.hpp"
#include "yendor/dd/text.hpp"

namespace yendor::api {

using namespace protocol_json;

namespace {

constexpr std::array<std::string_view, 10> k_dd_fields = {
    "width",        "height",     "map",   "terrain", "monster_level",
    "monster_kind", "monster_hp", "items", "spells",  "stats"};

constexpr std::array<std::string_view, 6> k_action_types = {"move", "drink_health", "drink_mana",
                                                            "cast", "convert",      "give_up"};

constexpr std::array<std::string_view, 8> k_directions = {
    "north", "east", "south", "west", "northeast", "southeast", "southwest", "northwest"};

DdEnvOptions read_dd_options(const json& object, DdEnvOptions options, const dd::Content& c) {
  if (!object.is_object()) bad_request("'options' must be an object");
  try {
    for (const auto& [key, value] : object.items()) {
      if (value.is_string())
        set_option(options, key, value.get<std::string>());
      else if (value.is_number_integer() || value.is_boolean())
        set_option(options, key, value.dump());
      else
        bad_request("'options." + key + "' must be a string, an integer or a boolean");
    }
    validate(options, c);
  } catch (const InputError& e) {
    bad_request(e.what());
  }
  return options;
}

dd::Action read_dd_action(const json& object) {
  const json* type = field(object, "type");
  if (type == nullptr) bad_request("an action object needs 'type'");
  const std::string t = string_field(*type, "action.type");
  const auto kind = std::find(k_action_types.begin(), k_action_types.end(), t);
  if (kind == k_action_types.end())
    bad_request("unknown dd action type " + type->dump() +
                " (known: " + known_list(k_action_types) + ")");
  dd::Action a;
  a.kind = static_cast<dd::ActionKind>(kind - k_action_types.begin());
  for (const auto& [key, value] : object.items()) {
    const std::string name = "action." + key;
    if (key == "type") continue;
    if (key == "dir") {
      if (value.is_string()) {
        const auto d =
            std::find(k_directions.begin(), k_directions.end(), value.get<std::string>());
        if (d == k_directions.end())
          bad_request("'" + name + "' must be 0-7 or one of " + known_list(k_directions));
        a.arg = static_cast<std::uint8_t>(d - k_directions.begin());
      } else {
        a.arg = static_cast<std::uint8_t>(integer_field(value, name, 0, 7));
      }
    } else if (key == "slot") {
      a.arg = static_cast<std::uint8_t>(integer_field(value, name, 0, dd::k_max_glyph_slots - 1));
    } else if (key == "target") {
      const Point p = point_field(value, name);
      if (p.x < 0 || p.y < 0 || p.x >= dd::k_side || p.y >= dd::k_side)
        bad_request("'" + name + "' must lie in the 20x20 dungeon");
      a.target = static_cast<std::int16_t>(dd::cell_of(p.x, p.y));
    } else {
      bad_request("unknown action field '" + key + "' (known: type, dir, slot, target)");
    }
  }
  return a;
}

std::vector<bool> wanted_dd_fields(const json& request) {
  return fields_wanted(request, k_dd_fields);
}

template <typename Array>
json layer(const Array& cells) {
  return json(std::vector<int>(cells.begin(), cells.end()));
}

json dd_observation_json(const DdEnv& env, const std::vector<bool>& wanted) {
  const DdObservation& o = env.observation();
  const auto want = [&](std::string_view name) {
    return wanted[static_cast<std::size_t>(std::find(k_dd_fields.begin(), k_dd_fields.end(), name) -
                                           k_dd_fields.begin())];
  };
  json out = json::object();
  if (want("width")) out["width"] = dd::k_side;
  if (want("height")) out["height"] = dd::k_side;
  if (want("map")) out["map"] = dd::map_lines(env.state());
  if (want("terrain")) out["terrain"] = layer(o.terrain);
  if (want("monster_level")) out["monster_level"] = layer(o.monster_level);
  if (want("monster_kind")) out["monster_kind"] = layer(o.monster_kind);
  if (want("monster_hp")) out["monster_hp"] = layer(o.monster_hp);
  if (want("items")) out["items"] = layer(o.items);
  if (want("spells")) out["spells"] = layer(o.spells);
  if (want("stats")) {
    json stats = json::object();
    for (std::size_t k = 0; k < k_dd_stat_count; ++k)
      stats[std::string(dd_stat_names()[k])] = o.stats[k];
    out["stats"] = std::move(stats);
  }
  return out;
}

json dd_info_json(const DdEnv& env) {
  const dd::State& s = env.state();
  return {{"rules", "dd"},
          {"steps", env.steps()},
          {"actions", s.tally.actions},
          {"level", s.hero.level},
          {"outcome", std::string(dd::to_string(s.outcome))},
          {"refusal", env.last_refusal() == dd::Refusal::none
                          ? std::string()
                          : std::string(dd::to_string(env.last_refusal()))},
          {"seed", env.seed()},
          {"state_hash", hex64(env.state_hash())}};
}

// The discrete index of `a` in `state`, or -1 when it has none (a fireball at a far cell).
int index_of(const dd::Action& a, const dd::State& state) {
  for (int i = 0; i < k_dd_action_count; ++i)
    if (to_dd_action(i, state) == a) return i;
  return -1;
}

json action_object(const dd::Action& a) {
  json out = {{"type", std::string(k_action_types[static_cast<std::size_t>(a.kind)])}};
  if (a.kind == dd::ActionKind::move) out["dir"] = std::string(k_directions[a.arg]);
  if (a.kind == dd::ActionKind::cast || a.kind == dd::ActionKind::convert) out["slot"] = a.arg;
  if (a.kind == dd::ActionKind::cast && a.target >= 0 && a.target < dd::k_cells)
    out["target"] = {dd::cell_x(a.target), dd::cell_y(a.target)};
  return out;
}

}  // namespace

bool DdSessionOps::wants(const Session& s, const std::string& op, const json& request) {
  if (op == "bot_action") return s.dd_;
  if (op == "hello" || op == "close") return false;
  if (op == "reset") {
    if (const json* o = field(request, "options"); o != nullptr && o->is_object()) {
      if (const json* rules = field(*o, "rules")) return rules->is_string() && *rules == "dd";
    }
    return s.dd_;
  }
  return s.dd_;
}

void DdSessionOps::hello(Session& s, json& reply) {
  if (!s.dd_content_)
    s.dd_content_ =
        std::make_shared<const dd::Content>(dd::load_content(dd::default_content_dir()));
  const dd::Content& c = *s.dd_content_;
  json actions = json::array(), stats = json::array(), monsters = json::array(),
       spells = json::array(), races = json::array(), classes = json::array(),
       items = json::array(), bots = json::array();
  for (int i = 0; i < k_dd_action_count; ++i)
    actions.push_back(dd_action_name(i));
  for (std::string_view n : dd_stat_names())
    stats.push_back(std::string(n));
  for (const dd::MonsterKind& m : c.monsters)
    monsters.push_back(m.id);
  for (const dd::SpellKind& k : c.spells)
    spells.push_back(k.id);
  for (const dd::Race& r : c.races)
    races.push_back(r.id);
  for (const dd::HeroClass& k : c.classes)
    classes.push_back(k.id);
  for (int k = 0; k < dd::k_item_kind_count; ++k)
    items.push_back(std::string(dd::to_string(static_cast<dd::ItemKind>(k))));
  for (const auto* b : bots::builtin_bots().all())
    bots.push_back(b->info().name);
  reply["dd"] = {{"actions", std::move(actions)},   {"stats", std::move(stats)},
                 {"monsters", std::move(monsters)}, {"spells", std::move(spells)},
                 {"races", std::move(races)},       {"classes", std::move(classes)},
                 {"items", std::move(items)},       {"rewards", {"xp", "fitness", "win"}},
                 {"bots", std::move(bots)}};
}

void DdSessionOps::dispatch(Session& s, const std::string& op, const json& request, json& reply) {
  if (!s.dd_content_)
    s.dd_content_ =
        std::make_shared<const dd::Content>(dd::load_content(dd::default_content_dir()));
  const dd::Content& content = *s.dd_content_;
  const auto started = [&]() -> DdEnv& {
    if (!s.dd_ || !s.dd_env_) {
      if (op == "bot_action")
        bad_request("bots play the dd rules: reset with options {\"rules\": \"dd\"} first");
      throw ProtocolError("not_reset", "reset the environment first");
    }
    return *s.dd_env_;
  };
  if (op == "reset") {
    const std::uint64_t seed = seed_field(request);
    DdEnvOptions options = s.dd_options_;
    if (const json* o = field(request, "options")) options = read_dd_options(*o, options, content);
    const std::vector<bool> wanted = wanted_dd_fields(request);
    if (!s.dd_env_) s.dd_env_ = std::make_unique<DdEnv>(s.dd_content_, options);
    try {
      s.dd_env_->reset(seed, options);
    } catch (const InputError& e) {
      bad_request(e.what());
    }
    s.dd_options_ = options;
    s.dd_ = true;
    ++s.dd_bots_.episode;
    reply["observation"] = dd_observation_json(*s.dd_env_, wanted);
    reply["info"] = dd_info_json(*s.dd_env_);
  } else if (op == "step") {
    DdEnv& env = started();
    const json* action = field(request, "action");
    if (action == nullptr) bad_request("'step' needs 'action' (an index, a name or an object)");
    const std::vector<bool> wanted = wanted_dd_fields(request);
    if (env.done())
      throw ProtocolError("episode_over", "the episode is over (terminated or truncated): reset");
    step_with(env, *action, k_dd_action_count, dd_action_index, read_dd_action, reply);
    reply["observation"] = dd_observation_json(env, wanted);
    reply["info"] = dd_info_json(env);
  } else if (op == "observe") {
    const std::vector<bool> wanted = wanted_dd_fields(request);
    reply["observation"] = dd_observation_json(started(), wanted);
    reply["info"] = dd_info_json(*s.dd_env_);
  } else if (op == "legal_actions") {
    write_mask(started().legal_mask(), reply);
  } else if (op == "clone") {
    DdEnv& env = started();
    if (s.snapshots_.size() + s.dd_snapshots_.size() >= k_max_snapshots)
      bad_request("at most " + std::to_string(k_max_snapshots) +
                  " snapshots at once: forget some first");
    const long long id = s.next_snapshot_++;
    s.dd_snapshots_.emplace(id, env.clone());
    reply["snapshot"] = id;
  } else if (op == "restore") {
    const long long id = snapshot_field(request);
    const auto it = s.dd_snapshots_.find(id);
    if (it == s.dd_snapshots_.end())
      throw ProtocolError("unknown_snapshot", "no dd snapshot " + std::to_string(id));
    const std::vector<bool> wanted = wanted_dd_fields(request);
    started().restore(it->second);
    reply["observation"] = dd_observation_json(*s.dd_env_, wanted);
    reply["info"] = dd_info_json(*s.dd_env_);
  } else if (op == "forget") {
    const long long id = snapshot_field(request);
    if (s.dd_snapshots_.erase(id) == 0)
      throw ProtocolError("unknown_snapshot", "no dd snapshot " + std::to_string(id));
  } else if (op == "render") {
    if (const json* mode = field(request, "mode");
        mode != nullptr && (!mode->is_string() || *mode != "text"))
      bad_request("'mode' must be \"text\"");
    const DdEnv& env = started();
    std::string text;
    for (const std::string& line : dd::map_lines(env.state()))
      text += line + "\n";
    reply["text"] = text + dd::status_line(env.state(), content) + "\n";
  } else if (op == "replay") {
    bad_request("dd episodes are not recorded (replays are the main rules')");
  } else if (op == "bot_action") {
    DdEnv& env = started();
    bots::DdBot& bot = requested_bot(request, s.dd_bots_, env,
                                     [&](const std::string& name, const ParamSet& params) {
                                       return bots::make_dd_bot(name, params, content);
                                     });
    if (env.done())
      throw ProtocolError("episode_over", "the episode is over (terminated or truncated): reset");
    const dd::Action a = bot.act(env);
    const int index = index_of(a, env.state());
    reply["action"] = index >= 0 ? json(index) : json(nullptr);
    reply["name"] = index >= 0 ? dd_action_name(index) : std::string();
    reply["action_object"] = action_object(a);
  } else {
    throw ProtocolError("unknown_op", "unknown op '" + op + "'");
  }
}

}  // namespace yendor::api
