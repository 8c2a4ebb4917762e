#include "yendor/api/protocol.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "yendor/api/action_space.hpp"
#include "yendor/api/dd_protocol.hpp"
#include "yendor/api/protocol_bots.hpp"
#include "yendor/api/protocol_json.hpp"
#include "yendor/api/text_view.hpp"
#include "yendor/core/error.hpp"
#include "yendor/game/world.hpp"

namespace yendor::api {

using namespace protocol_json;

namespace {

constexpr std::array<std::string_view, 12> k_ops = {
    "hello",   "reset",  "step",   "observe", "legal_actions", "clone",
    "restore", "forget", "render", "replay",  "bot_action",    "close"};

constexpr std::array<std::string_view, 11> k_fields = {"width",   "height",    "glyphs",  "terrain",
                                                       "visible", "monsters",  "items",   "traps",
                                                       "stats",   "inventory", "messages"};

// ---- reading requests ----

// Options of `reset`, over those the connection had: strings and integers, by name.
EnvOptions read_options(const json& object, EnvOptions options) {
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
    validate(options);
  } catch (const InputError& e) {
    bad_request(e.what());
  }
  return options;
}

game::Action read_game_action(const json& object) {
  game::Action a;
  const json* type = field(object, "type");
  if (type == nullptr) bad_request("an action object needs 'type'");
  const auto t = game::action_type_from_string(string_field(*type, "action.type"));
  if (!t) bad_request("unknown action type " + type->dump());
  a.type = *t;
  for (const auto& [key, value] : object.items()) {
    const std::string name = "action." + key;
    if (key == "type") continue;
    if (key == "dir") {
      a.dir = point_field(value, name);
    } else if (key == "target") {
      a.target = point_field(value, name);
    } else if (key == "item") {
      const std::string item = string_field(value, name);
      if (item.size() != 1) bad_request("'" + name + "' must be one pack letter");
      a.item = item[0];
    } else if (key == "count") {
      a.count = static_cast<int>(integer_field(value, name, 0, 1'000'000));
    } else if (key == "choice") {
      a.choice = static_cast<int>(integer_field(value, name, -1000, 1000));
    } else {
      bad_request("unknown action field '" + key +
                  "' (known: type, dir, item, target, count, choice)");
    }
  }
  return a;
}

// ---- writing replies ----

std::vector<bool> wanted_fields(const json& request) {
  return fields_wanted(request, k_fields);
}

json observation_json(const Env& env, const std::vector<bool>& wanted) {
  const Observation& o = env.observation();
  json out = json::object();
  const auto want = [&](std::string_view name) {
    return wanted[static_cast<std::size_t>(std::find(k_fields.begin(), k_fields.end(), name) -
                                           k_fields.begin())];
  };
  if (want("width")) out["width"] = o.size.width;
  if (want("height")) out["height"] = o.size.height;
  if (want("glyphs")) {
    json rows = json::array();
    const auto w = static_cast<std::size_t>(o.size.width);
    for (int y = 0; y < o.size.height; ++y)
      rows.push_back(std::string(
          reinterpret_cast<const char*>(o.glyphs.data() + static_cast<std::size_t>(y) * w), w));
    out["glyphs"] = std::move(rows);
  }
  if (want("terrain")) out["terrain"] = o.terrain;
  if (want("visible")) out["visible"] = o.visible;
  if (want("monsters")) out["monsters"] = o.monsters;
  if (want("items")) out["items"] = o.items;
  if (want("traps")) out["traps"] = o.traps;
  if (want("stats")) {
    json stats = json::object();
    for (std::size_t k = 0; k < k_stat_count; ++k)
      stats[std::string(stat_names()[k])] = o.stats[k];
    out["stats"] = std::move(stats);
  }
  if (want("inventory")) {
    json pack = json::array();
    const game::Game& g = env.game();
    for (const game::Item& item : g.state().player.inventory) {
      json entry = {{"letter", std::string(1, item.letter)},
                    {"kind", item.kind},
                    {"name", game::item_name(g.content(), item)},
                    {"count", item.count},
                    {"enchant", item.enchant}};
      if (item.id == g.state().player.wielded) entry["equipped"] = "wielded";
      if (item.id == g.state().player.worn) entry["equipped"] = "worn";
      pack.push_back(std::move(entry));
    }
    out["inventory"] = std::move(pack);
  }
  if (want("messages")) out["messages"] = o.messages;
  return out;
}

json info_json(const Env& env) {
  const game::GameState& s = env.game().state();
  return {{"steps", env.steps()},
          {"turns", s.info.turns},
          {"depth", s.depth},
          {"outcome", std::string(game::to_string(s.outcome))},
          {"cause", s.info.cause},
          {"seed", env.seed()},
          {"state_hash", hex64(env.state_hash())}};
}

}  // namespace

// The ops, with access to the session's state.
struct SessionOps {
  static Env& started(Session& s) {
    if (!s.env_.started()) throw ProtocolError("not_reset", "reset the environment first");
    return s.env_;
  }

  static void observe(Session& s, const json& request, json& reply) {
    const std::vector<bool> wanted = wanted_fields(request);
    reply["observation"] = observation_json(started(s), wanted);
    reply["info"] = info_json(s.env_);
  }

  static void hello(Session& s, json& reply) {
    const game::Content& c = *s.content_;
    json actions = json::array();
    for (int i = 0; i < k_action_count; ++i)
      actions.push_back(action_name(i));
    json tiles = json::array(), monsters = json::array(), items = json::array(),
         traps = json::array();
    for (std::size_t t = 0; t < k_tile_count; ++t)
      tiles.push_back(std::string(tile_info(static_cast<Tile>(t)).name));
    for (const game::MonsterKind& m : c.monsters)
      monsters.push_back(m.id);
    for (const game::ItemKind& k : c.items)
      items.push_back(k.id);
    for (std::size_t t = 0; t < static_cast<std::size_t>(game::TrapKind::count); ++t)
      traps.push_back(std::string(game::to_string(static_cast<game::TrapKind>(t))));
    json stats = json::array();
    for (std::string_view n : stat_names())
      stats.push_back(std::string(n));
    json item_fields = json::array();
    for (std::string_view n : item_field_names())
      item_fields.push_back(std::string(n));
    reply["protocol"] = k_protocol_version;
    reply["server"] = "yendor";
    reply["capabilities"] = {"clone",  "restore", "legal_actions", "render_text",
                             "fields", "replay",  "rules_dd",      "bot_action"};
    reply["actions"] = std::move(actions);
    reply["stats"] = std::move(stats);
    reply["item_fields"] = std::move(item_fields);
    reply["tiles"] = std::move(tiles);
    reply["monsters"] = std::move(monsters);
    reply["items"] = std::move(items);
    reply["traps"] = std::move(traps);
    reply["rules"] = {"main", "dd"};
    reply["rewards"] = {"score", "depth", "win"};
    DdSessionOps::hello(s, reply);
  }

  static void reset(Session& s, const json& request, json& reply) {
    const std::uint64_t seed = seed_field(request);
    EnvOptions options = s.options_;
    if (const json* o = field(request, "options")) options = read_options(*o, options);
    const std::vector<bool> wanted = wanted_fields(request);
    try {
      s.env_.reset(seed, options);
    } catch (const InputError& e) {
      bad_request(e.what());
    }
    s.options_ = options;
    s.dd_ = false;
    ++s.main_bots_.episode;
    reply["observation"] = observation_json(s.env_, wanted);
    reply["info"] = info_json(s.env_);
  }

  static void step(Session& s, const json& request, json& reply) {
    Env& env = started(s);
    const json* action = field(request, "action");
    if (action == nullptr) bad_request("'step' needs 'action' (an index, a name or an object)");
    const std::vector<bool> wanted = wanted_fields(request);
    if (env.done())
      throw ProtocolError("episode_over", "the episode is over (terminated or truncated): reset");
    step_with(env, *action, k_action_count, action_index, read_game_action, reply);
    reply["observation"] = observation_json(env, wanted);
    reply["info"] = info_json(env);
  }

  static void legal_actions(Session& s, json& reply) { write_mask(started(s).legal_mask(), reply); }

  static void clone(Session& s, json& reply) {
    Env& env = started(s);
    if (s.snapshots_.size() >= k_max_snapshots)
      bad_request("at most " + std::to_string(k_max_snapshots) +
                  " snapshots at once: forget some first");
    const long long id = s.next_snapshot_++;
    s.snapshots_.emplace(id, env.clone());
    reply["snapshot"] = id;
  }

  static void restore(Session& s, const json& request, json& reply) {
    const long long id = snapshot_field(request);
    const auto it = s.snapshots_.find(id);
    if (it == s.snapshots_.end())
      throw ProtocolError("unknown_snapshot", "no snapshot " + std::to_string(id));
    const std::vector<bool> wanted = wanted_fields(request);
    s.env_.restore(it->second);
    reply["observation"] = observation_json(s.env_, wanted);
    reply["info"] = info_json(s.env_);
  }

  static void forget(Session& s, const json& request) {
    const long long id = snapshot_field(request);
    if (s.snapshots_.erase(id) == 0)
      throw ProtocolError("unknown_snapshot", "no snapshot " + std::to_string(id));
  }

  static void render(Session& s, const json& request, json& reply) {
    if (const json* mode = field(request, "mode");
        mode != nullptr && (!mode->is_string() || *mode != "text"))
      bad_request("'mode' must be \"text\"");
    Env& env = started(s);
    reply["text"] = render_text(env.game(), env.observation());
  }

  static void bot_action(Session& s, const json& request, json& reply) {
    Env& env = started(s);
    bots::MainBot& bot = requested_bot(request, s.main_bots_, env,
                                       [&](const std::string& name, const ParamSet& params) {
                                         return bots::make_main_bot(name, params, *s.content_);
                                       });
    if (env.done())
      throw ProtocolError("episode_over", "the episode is over (terminated or truncated): reset");
    const int index = bot.act(env);
    reply["action"] = index;
    reply["name"] = action_name(index);
  }

  static void replay(Session& s, json& reply) {
    const Env& env = started(s);
    if (!env.recording())
      bad_request("this episode is not recorded: reset with options {\"record\": true}");
    reply["replay"] = game::format_replay(env.replay());
    reply["steps"] = env.steps();
  }
};

Session::Session(std::shared_ptr<const game::Content> content,
                 std::shared_ptr<const dd::Content> dd_content)
    : content_(std::move(content)), env_(content_), dd_content_(std::move(dd_content)) {}

std::string Session::error_reply(std::string_view code, std::string_view message) {
  json reply = {{"ok", false},
                {"error", {{"code", std::string(code)}, {"message", std::string(message)}}}};
  return reply.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string Session::handle(std::string_view message) {
  json reply = json::object();
  json id;
  try {
    json request;
    try {
      request = json::parse(message.begin(), message.end());
    } catch (const json::parse_error& e) {
      throw ProtocolError("bad_json", std::string("not JSON: ") + e.what());
    }
    if (!request.is_object()) throw ProtocolError("bad_json", "a request must be a JSON object");
    if (const json* i = field(request, "id")) id = *i;
    const json* op_value = field(request, "op");
    if (op_value == nullptr) bad_request("a request needs 'op'");
    if (!op_value->is_string()) bad_request("'op' must be a string");
    const std::string op = op_value->get<std::string>();
    if (op == "hello") {
      SessionOps::hello(*this, reply);
    } else if (DdSessionOps::wants(*this, op, request)) {
      DdSessionOps::dispatch(*this, op, request, reply);
    } else if (op == "reset") {
      SessionOps::reset(*this, request, reply);
    } else if (op == "step") {
      SessionOps::step(*this, request, reply);
    } else if (op == "observe") {
      SessionOps::observe(*this, request, reply);
    } else if (op == "legal_actions") {
      SessionOps::legal_actions(*this, reply);
    } else if (op == "clone") {
      SessionOps::clone(*this, reply);
    } else if (op == "restore") {
      SessionOps::restore(*this, request, reply);
    } else if (op == "forget") {
      SessionOps::forget(*this, request);
    } else if (op == "render") {
      SessionOps::render(*this, request, reply);
    } else if (op == "replay") {
      SessionOps::replay(*this, reply);
    } else if (op == "bot_action") {
      SessionOps::bot_action(*this, request, reply);
    } else if (op == "close") {
      closed_ = true;
    } else {
      throw ProtocolError("unknown_op",
                          "unknown op '" + op + "' (known: " + known_list(k_ops) + ")");
    }
  } catch (const ProtocolError& e) {
    reply = {{"ok", false}, {"error", {{"code", e.code}, {"message", e.what()}}}};
    if (!id.is_null()) reply["id"] = id;
    return reply.dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (const json::exception& e) {
    reply = {{"ok", false}, {"error", {{"code", "bad_request"}, {"message", e.what()}}}};
    if (!id.is_null()) reply["id"] = id;
    return reply.dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (const std::exception& e) {
    reply = {{"ok", false}, {"error", {{"code", "internal"}, {"message", e.what()}}}};
    if (!id.is_null()) reply["id"] = id;
    return reply.dump(-1, ' ', false, json::error_handler_t::replace);
  }
  json out = {{"ok", true}};
  if (!id.is_null()) out["id"] = id;
  for (auto& [key, value] : reply.items())
    out[key] = std::move(value);
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace yendor::api
