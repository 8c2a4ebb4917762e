// The Desktop Dungeons ruleset in the Python module (docs/python.md, "The dd rules"): the
// environment (yendor._yendor.DdEnv), the bots (DdBot: any built-in bot's next action, or whole
// games played inside C++, on threads) and the bots' verdict on generators (dd_evaluate).

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "yendor/analysis/metric_columns.hpp"
#include "yendor/api/bots/cluster.hpp"
#include "yendor/api/bots/dd_eval.hpp"
#include "yendor/api/bots/dd_match.hpp"
#include "yendor/api/bots/play_games.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/api/dd_env.hpp"
#include "yendor/api/python/bot_params.hpp"
#include "yendor/core/error.hpp"
#include "yendor/dd/text.hpp"

namespace py = pybind11;

namespace yendor::api {
namespace {

std::shared_ptr<const dd::Content> dd_content_for(const std::string& dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const dd::Content>> loaded;
  const std::lock_guard lock(mutex);
  auto& slot = loaded[dir];
  if (!slot)
    slot = std::make_shared<const dd::Content>(
        dd::load_content(dir.empty() ? dd::default_content_dir() : dir));
  return slot;
}

DdEnvOptions read_dd_options(const py::dict& d, DdEnvOptions o, const dd::Content& content) {
  for (const auto& [key_object, value] : d) {
    const std::string key = py::str(key_object);
    set_option(o, key, option_text(value, key));
  }
  validate(o, content);
  return o;
}

template <typename T, std::size_t N>
py::array_t<T> grid(const std::array<T, N>& cells) {
  py::array_t<T> out({dd::k_side, dd::k_side});
  std::memcpy(out.mutable_data(), cells.data(), sizeof(T) * N);
  return out;
}

py::dict observation_dict(const DdObservation& o) {
  py::dict d;
  d["terrain"] = grid(o.terrain);
  d["monster_level"] = grid(o.monster_level);
  d["monster_kind"] = grid(o.monster_kind);
  d["monster_hp"] = grid(o.monster_hp);
  d["items"] = grid(o.items);
  d["spells"] = grid(o.spells);
  py::array_t<std::int32_t> stats(static_cast<py::ssize_t>(k_dd_stat_count));
  std::memcpy(stats.mutable_data(), o.stats.data(), sizeof(std::int32_t) * k_dd_stat_count);
  d["stats"] = stats;
  return d;
}

py::dict info_dict(const DdEnv& env) {
  const dd::State& s = env.state();
  py::dict d;
  d["steps"] = env.steps();
  d["actions"] = s.tally.actions;
  d["level"] = s.hero.level;
  d["outcome"] = std::string(dd::to_string(s.outcome));
  d["refusal"] = env.last_refusal() == dd::Refusal::none
                     ? std::string()
                     : std::string(dd::to_string(env.last_refusal()));
  d["seed"] = env.seed();
  d["state_hash"] = env.state_hash();
  d["fitness"] = dd::run_fitness(s);
  return d;
}

dd::Action dd_action_from(const py::dict& d) {
  static const std::vector<std::string> types = {"move", "drink_health", "drink_mana",
                                                 "cast", "convert",      "give_up"};
  const std::string type = d["type"].cast<std::string>();
  const auto it = std::find(types.begin(), types.end(), type);
  if (it == types.end()) throw InputError("unknown dd action type '" + type + "'");
  dd::Action a;
  a.kind = static_cast<dd::ActionKind>(it - types.begin());
  for (const auto& [key_object, value] : d) {
    const std::string key = py::str(key_object);
    if (key == "type") continue;
    if (key == "dir" || key == "slot") {
      a.arg = static_cast<std::uint8_t>(value.cast<int>());
    } else if (key == "target") {
      const auto p = value.cast<std::pair<int, int>>();
      if (p.first < 0 || p.second < 0 || p.first >= dd::k_side || p.second >= dd::k_side)
        throw InputError("target outside the 20x20 dungeon");
      a.target = static_cast<std::int16_t>(dd::cell_of(p.first, p.second));
    } else {
      throw InputError("unknown dd action field '" + key + "' (type, dir, slot, target)");
    }
  }
  return a;
}

class PyDdEnv {
 public:
  PyDdEnv(const std::string& content_dir, const py::dict& options)
      : content_(dd_content_for(content_dir)),
        env_(content_, read_dd_options(options, DdEnvOptions(), *content_)) {}

  py::tuple reset(std::uint64_t seed, const std::optional<py::dict>& options) {
    if (options)
      env_.reset(seed, read_dd_options(*options, env_.options(), *content_));
    else
      env_.reset(seed);
    return py::make_tuple(observation_dict(env_.observation()), info_dict(env_));
  }

  py::tuple step(const py::object& action) {
    StepResult r;
    if (py::isinstance<py::dict>(action)) {
      r = env_.step(dd_action_from(action.cast<py::dict>()));
    } else if (py::isinstance<py::str>(action)) {
      const int index = dd_action_index(action.cast<std::string>());
      if (index < 0)
        throw InputError("unknown dd action name '" + action.cast<std::string>() + "'");
      r = env_.step(index);
    } else {
      const auto index = action.cast<long long>();
      if (index < 0 || index >= k_dd_action_count)
        throw InputError("action " + std::to_string(index) + " outside 0.." +
                         std::to_string(k_dd_action_count - 1));
      r = env_.step(static_cast<int>(index));
    }
    py::dict info = info_dict(env_);
    info["refused"] = r.refused;
    return py::make_tuple(observation_dict(env_.observation()), r.reward, r.terminated, r.truncated,
                          info);
  }

  py::array_t<std::uint8_t> action_mask() {
    const DdMask& mask = env_.legal_mask();
    py::array_t<std::uint8_t> out(static_cast<py::ssize_t>(mask.size()));
    std::memcpy(out.mutable_data(), mask.data(), mask.size());
    return out;
  }

  PyDdEnv clone() const { return *this; }
  void restore(const PyDdEnv& snapshot) { env_.restore(snapshot.env_); }
  std::string render_text() const {
    std::string text;
    for (const std::string& line : dd::map_lines(env_.state()))
      text += line + "\n";
    return text + dd::status_line(env_.state(), *content_) + "\n";
  }
  std::uint64_t state_hash() const { return env_.state_hash(); }
  bool done() const { return env_.done(); }
  const DdEnv& env() const { return env_; }
  const std::shared_ptr<const dd::Content>& content() const { return content_; }

 private:
  std::shared_ptr<const dd::Content> content_;
  DdEnv env_;
};

py::dict result_dict(const bots::DdGameResult& r) {
  py::dict d;
  d["seed"] = r.seed;
  d["outcome"] = std::string(dd::to_string(r.outcome));
  d["level"] = r.level;
  d["xp"] = r.xp;
  d["turns"] = r.turns;
  d["kills"] = r.kills;
  d["health_potions_used"] = r.health_potions_used;
  d["mana_potions_used"] = r.mana_potions_used;
  d["killer_level"] = r.killer_level;
  d["fitness"] = r.fitness;
  return d;
}

class PyDdBot {
 public:
  PyDdBot(const std::string& name, const std::string& content_dir, const py::dict& params)
      : name_(name),
        content_dir_(content_dir),
        params_(read_bot_params(name, params)),
        bot_(bots::make_dd_bot(name, params_, *dd_content_for(content_dir))) {}

  // The bot's next action in `env` (an index, or an action dict when it has no index).
  py::object act(PyDdEnv& env) {
    if (!env.env().started()) throw InputError("reset the environment first");
    if (env.env().done()) throw InputError("the episode is over: reset");
    const dd::State& s = env.env().state();
    if (episode_ != &env || seed_ != s.seed || s.tally.actions < last_actions_) {
      bot_->start(env.env());
      episode_ = &env;
      seed_ = s.seed;
    }
    last_actions_ = s.tally.actions;
    const dd::Action a = bot_->act(env.env());
    for (int i = 0; i < k_dd_action_count; ++i)
      if (to_dd_action(i, s) == a) return py::int_(i);
    py::dict d;
    d["type"] = "cast";
    d["slot"] = static_cast<int>(a.arg);
    d["target"] = py::make_tuple(dd::cell_x(a.target), dd::cell_y(a.target));
    return d;
  }

  // Whole games inside C++, one per seed, on `threads` threads; a list of result dicts.
  py::list play(const std::vector<std::uint64_t>& seeds, const py::dict& options, int threads,
                int action_limit) {
    const auto content = dd_content_for(content_dir_);
    const DdEnvOptions o = read_dd_options(options, DdEnvOptions(), *content);
    if (threads < 1 || threads > 256) throw InputError("threads must be 1 to 256");
    std::vector<bots::DdGameResult> results;
    {
      py::gil_scoped_release release;
      results = bots::play_games<bots::DdGameResult>(
          seeds, threads, [&] { return DdEnv(content, o); },
          [&] { return bots::make_dd_bot(name_, params_, *content); },
          [&](DdEnv& env, bots::DdBot& bot, std::uint64_t seed) {
            return bots::play_dd_game(env, bot, seed, action_limit);
          });
    }
    py::list out;
    for (const bots::DdGameResult& r : results)
      out.append(result_dict(r));
    return out;
  }

 private:
  std::string name_;
  std::string content_dir_;
  ParamSet params_;
  std::unique_ptr<bots::DdBot> bot_;
  const PyDdEnv* episode_ = nullptr;
  std::uint64_t seed_ = 0;
  std::int32_t last_actions_ = 0;
};

py::list dd_evaluate(const std::string& bot, const std::vector<std::string>& generators,
                     std::uint64_t first_seed, int games, const py::dict& bot_params,
                     const py::dict& options, int threads, const std::string& content_dir) {
  const auto content = dd_content_for(content_dir);
  bots::EvalOptions e;
  e.bot = bot;
  e.bot_params = read_bot_params(bot, bot_params);
  e.generators = generators;
  e.first_seed = first_seed;
  e.games = games;
  e.env = read_dd_options(options, DdEnvOptions(), *content);
  e.threads = threads;
  std::vector<bots::GeneratorEval> results;
  {
    py::gil_scoped_release release;
    bots::Cluster alone;
    results = bots::evaluate_generators(content, e, alone);
  }
  py::list out;
  const auto columns = analysis::metric_columns();
  for (const bots::GeneratorEval& r : results) {
    py::dict d;
    d["generator"] = r.generator;
    d["games"] = r.games;
    d["wins"] = r.wins;
    d["gave_up"] = r.gave_up;
    d["cut"] = r.cut;
    d["deaths_by_level"] = std::vector<int>(r.deaths_by_level.begin(), r.deaths_by_level.end());
    d["mean_turns"] = r.mean_turns;
    d["mean_xp"] = r.mean_xp;
    d["mean_health_potions_used"] = r.mean_health_potions_used;
    d["mean_mana_potions_used"] = r.mean_mana_potions_used;
    d["replaced"] = r.replaced;
    py::dict metrics;
    for (std::size_t c = 0; c < columns.size(); ++c)
      metrics[py::str(std::string(columns[c].name))] = r.metrics[c];
    d["metrics"] = metrics;
    out.append(d);
  }
  return out;
}

}  // namespace

void add_dd(py::module_& m) {
  py::class_<PyDdEnv>(m, "DdEnv")
      .def(py::init<const std::string&, const py::dict&>(), py::arg("content_dir") = "",
           py::arg("options") = py::dict())
      .def("reset", &PyDdEnv::reset, py::arg("seed"), py::arg("options") = py::none())
      .def("step", &PyDdEnv::step, py::arg("action"))
      .def("action_mask", &PyDdEnv::action_mask)
      .def("clone", &PyDdEnv::clone)
      .def("restore", &PyDdEnv::restore, py::arg("snapshot"))
      .def("render_text", &PyDdEnv::render_text)
      .def("state_hash", &PyDdEnv::state_hash)
      .def_property_readonly("done", &PyDdEnv::done);
  py::class_<PyDdBot>(m, "DdBot")
      .def(py::init<const std::string&, const std::string&, const py::dict&>(), py::arg("name"),
           py::arg("content_dir") = "", py::arg("params") = py::dict())
      .def("act", &PyDdBot::act, py::arg("env"))
      .def("play", &PyDdBot::play, py::arg("seeds"), py::arg("options") = py::dict(),
           py::arg("threads") = 1, py::arg("action_limit") = bots::k_default_action_limit);
  m.def("dd_evaluate", &dd_evaluate, py::arg("bot"), py::arg("generators"), py::arg("first_seed"),
        py::arg("games"), py::arg("bot_params") = py::dict(), py::arg("options") = py::dict(),
        py::arg("threads") = 1, py::arg("content_dir") = "");
  std::vector<std::string> actions, stats, bots_list;
  for (int i = 0; i < k_dd_action_count; ++i)
    actions.push_back(dd_action_name(i));
  for (std::string_view n : dd_stat_names())
    stats.emplace_back(n);
  for (const auto* b : bots::builtin_bots().all())
    bots_list.push_back(b->info().name);
  m.attr("DD_ACTION_COUNT") = k_dd_action_count;
  m.attr("DD_ACTION_NAMES") = actions;
  m.attr("DD_STAT_NAMES") = stats;
  m.attr("DD_BOTS") = bots_list;
}

}  // namespace yendor::api
