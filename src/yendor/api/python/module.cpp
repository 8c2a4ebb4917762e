// The Python module's native part, `yendor._yendor` (pybind11): the environment, the vector
// environment stepping many games inside C++, and generate/analyze. The package around it
// (python/yendor/__init__.py) gives it the Gymnasium shape. docs/python.md.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "yendor/analysis/level_metrics.hpp"
#include "yendor/analysis/metric_columns.hpp"
#include "yendor/api/action_space.hpp"
#include "yendor/api/bots/main_match.hpp"
#include "yendor/api/bots/play_games.hpp"
#include "yendor/api/bots/registry.hpp"
#include "yendor/api/env.hpp"
#include "yendor/api/python/bot_params.hpp"
#include "yendor/api/text_view.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/gen/generate.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/map/tile.hpp"

namespace py = pybind11;

namespace yendor::api {
namespace {

// Contents by directory, loaded once per process ("" = the shipped content).
std::shared_ptr<const game::Content> content_for(const std::string& dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const game::Content>> loaded;
  const std::lock_guard lock(mutex);
  auto& slot = loaded[dir];
  if (!slot)
    slot = std::make_shared<const game::Content>(
        game::load_content(dir.empty() ? game::default_content_dir() : dir));
  return slot;
}

// Options from keyword arguments, the same names as the protocol's (docs/env.md): strings,
// integers, a (width, height) size, None for the default generator or no step limit.
EnvOptions read_options(const py::dict& d, EnvOptions o) {
  for (const auto& [key_object, value] : d) {
    const std::string key = py::str(key_object);
    std::string text;
    if (value.is_none()) {
      text = key == "max_steps" ? "0" : "";
    } else if (py::isinstance<py::tuple>(value) || py::isinstance<py::list>(value)) {
      const auto wh = value.cast<std::pair<int, int>>();
      text = std::to_string(wh.first) + "x" + std::to_string(wh.second);
    } else if (py::isinstance<py::str>(value) || py::isinstance<py::int_>(value)) {
      text = py::str(value);
    } else {
      throw InputError("option " + key + " must be a string or an integer");
    }
    set_option(o, key, text);
  }
  validate(o);
  return o;
}

// The episode of `env` as replay text; ValueError (InputError) when it is not recorded.
std::string episode_replay(const Env& env) {
  try {
    return game::format_replay(env.replay());
  } catch (const std::logic_error& e) {
    throw InputError(std::string(e.what()) + " (record=True)");
  }
}

// The shape every observation of a game with these options has (one size for every level).
Size map_shape(const game::Content& content, const EnvOptions& o) {
  return o.setup.size.width > 0 ? o.setup.size : content.dungeon.size;
}

template <typename T>
py::array_t<T> grid_array(const std::vector<T>& values, Size shape) {
  py::array_t<T> out({shape.height, shape.width});
  std::memcpy(out.mutable_data(), values.data(), values.size() * sizeof(T));
  return out;
}

void check_shape(const Observation& o, Size shape) {
  if (o.size != shape)
    throw std::runtime_error("level of " + std::to_string(o.size.width) + "x" +
                             std::to_string(o.size.height) + " in an environment of " +
                             std::to_string(shape.width) + "x" + std::to_string(shape.height));
}

py::dict observation_dict(const Observation& o, Size shape) {
  check_shape(o, shape);
  py::dict d;
  d["glyphs"] = grid_array(o.glyphs, shape);
  d["terrain"] = grid_array(o.terrain, shape);
  d["visible"] = grid_array(o.visible, shape);
  d["monsters"] = grid_array(o.monsters, shape);
  d["items"] = grid_array(o.items, shape);
  d["traps"] = grid_array(o.traps, shape);
  py::array_t<std::int32_t> stats(static_cast<py::ssize_t>(k_stat_count));
  std::memcpy(stats.mutable_data(), o.stats.data(), sizeof(std::int32_t) * k_stat_count);
  d["stats"] = stats;
  py::array_t<std::int32_t> pack(
      {static_cast<py::ssize_t>(k_pack_size), static_cast<py::ssize_t>(k_item_field_count)});
  std::memcpy(pack.mutable_data(), o.inventory.data(), sizeof(std::int32_t) * o.inventory.size());
  d["inventory"] = pack;
  return d;
}

py::dict info_dict(const Env& env) {
  const game::GameState& s = env.game().state();
  py::dict d;
  d["steps"] = env.steps();
  d["turns"] = s.info.turns;
  d["depth"] = s.depth;
  d["outcome"] = std::string(game::to_string(s.outcome));
  d["cause"] = s.info.cause;
  d["seed"] = env.seed();
  d["state_hash"] = env.state_hash();
  d["messages"] = env.observation().messages;
  return d;
}

game::Action game_action_from(const py::dict& d) {
  game::Action a;
  const auto type = game::action_type_from_string(d["type"].cast<std::string>());
  if (!type) throw InputError("unknown action type " + d["type"].cast<std::string>());
  a.type = *type;
  for (const auto& [key_object, value] : d) {
    const std::string key = py::str(key_object);
    if (key == "type") continue;
    if (key == "dir" || key == "target") {
      const auto p = value.cast<std::pair<int, int>>();
      (key == "dir" ? a.dir : a.target) = {p.first, p.second};
    } else if (key == "item") {
      const std::string item = value.cast<std::string>();
      if (item.size() != 1) throw InputError("item must be one pack letter");
      a.item = item[0];
    } else if (key == "count") {
      a.count = value.cast<int>();
    } else if (key == "choice") {
      a.choice = value.cast<int>();
    } else {
      throw InputError("unknown action field '" + key + "'");
    }
  }
  return a;
}

class PyEnv {
 public:
  PyEnv(const std::string& content_dir, const py::dict& options)
      : content_(content_for(content_dir)),
        env_(content_, read_options(options, EnvOptions())),
        shape_(map_shape(*content_, env_.options())) {}

  py::tuple reset(std::uint64_t seed, const std::optional<py::dict>& options) {
    if (options) {
      const EnvOptions o = read_options(*options, env_.options());
      if (map_shape(*content_, o) != shape_)
        throw InputError("reset options may not change the map size of an environment");
      env_.reset(seed, o);
    } else {
      env_.reset(seed);
    }
    return py::make_tuple(observation_dict(env_.observation(), shape_), info_dict(env_));
  }

  py::tuple step(const py::object& action) {
    StepResult r;
    if (py::isinstance<py::dict>(action)) {
      r = env_.step(game_action_from(action.cast<py::dict>()));
    } else if (py::isinstance<py::str>(action)) {
      const int index = action_index(action.cast<std::string>());
      if (index < 0) throw InputError("unknown action name '" + action.cast<std::string>() + "'");
      r = env_.step(index);
    } else {
      const auto index = action.cast<long long>();
      if (index < 0 || index >= k_action_count)
        throw InputError("action " + std::to_string(index) + " outside 0.." +
                         std::to_string(k_action_count - 1));
      r = env_.step(static_cast<int>(index));
    }
    py::dict info = info_dict(env_);
    info["refused"] = r.refused;
    return py::make_tuple(observation_dict(env_.observation(), shape_), r.reward, r.terminated,
                          r.truncated, info);
  }

  py::array_t<std::uint8_t> action_mask() {
    const std::vector<std::uint8_t>& mask = env_.legal_mask();
    py::array_t<std::uint8_t> out(static_cast<py::ssize_t>(mask.size()));
    std::memcpy(out.mutable_data(), mask.data(), mask.size());
    return out;
  }

  PyEnv clone() const { return *this; }
  void restore(const PyEnv& other) {
    if (other.content_ != content_ || other.shape_ != shape_)
      throw InputError("restore needs a clone of an environment of the same content and size");
    env_.restore(other.env_);
  }
  std::string render_text() const { return api::render_text(env_.game(), env_.observation()); }
  std::string replay_text() const { return episode_replay(env_); }
  Size shape() const { return shape_; }
  const Env& env() const { return env_; }
  Env& env() { return env_; }
  const game::Content& content() const { return *content_; }

 private:
  std::shared_ptr<const game::Content> content_;
  Env env_;
  Size shape_;
};

py::dict main_result_dict(const bots::MainGameResult& r) {
  py::dict d;
  d["seed"] = r.seed;
  d["outcome"] = std::string(game::to_string(r.outcome));
  d["deepest"] = r.deepest;
  d["level"] = r.level;
  d["xp"] = r.xp;
  d["turns"] = r.turns;
  d["kills"] = r.kills;
  d["score"] = r.score;
  d["cause"] = r.cause;
  d["fitness"] = r.fitness;
  return d;
}

// A built-in bot of the main rules (docs/bots.md): its next action in an Env, or whole games
// inside C++ on threads.
class PyBot {
 public:
  PyBot(const std::string& name, const std::string& content_dir, const py::dict& params)
      : name_(name),
        content_dir_(content_dir),
        params_(read_bot_params(name, params)),
        bot_(bots::make_main_bot(name, params_, *content_for(content_dir))) {}

  // The bot's next action index in `env` (started again when env holds another episode).
  int act(PyEnv& env) {
    Env& e = env.env();
    if (!e.started()) throw InputError("reset the environment first");
    if (e.done()) throw InputError("the episode is over: reset");
    if (episode_ != &env || seed_ != e.seed() || e.steps() < last_steps_) {
      bot_->start(e);
      episode_ = &env;
      seed_ = e.seed();
    }
    last_steps_ = e.steps();
    return bot_->act(e);
  }

  py::list play(const std::vector<std::uint64_t>& seeds, const py::dict& options, int threads,
                int action_limit) {
    const auto content = content_for(content_dir_);
    const EnvOptions o = read_options(options, EnvOptions());
    if (threads < 1 || threads > 256) throw InputError("threads must be 1 to 256");
    std::vector<bots::MainGameResult> results;
    {
      py::gil_scoped_release release;
      results = bots::play_games<bots::MainGameResult>(
          seeds, threads, [&] { return Env(content, o); },
          [&] { return bots::make_main_bot(name_, params_, *content); },
          [&](Env& env, bots::MainBot& bot, std::uint64_t seed) {
            return bots::play_main_game(env, bot, seed, action_limit);
          });
    }
    py::list out;
    for (const bots::MainGameResult& r : results)
      out.append(main_result_dict(r));
    return out;
  }

 private:
  std::string name_;
  std::string content_dir_;
  ParamSet params_;
  std::unique_ptr<bots::MainBot> bot_;
  const PyEnv* episode_ = nullptr;
  std::uint64_t seed_ = 0;
  std::int64_t last_steps_ = 0;
};

// Many environments stepped together; the observations of all of them are written into
// preallocated batch arrays (first axis: the environment), with the GIL released.
// Auto-reset, as Gymnasium's next-step mode: the step after an episode ends resets that
// environment (its action is ignored) and reports reward 0, not terminated, not truncated.
class PyVectorEnv {
 public:
  PyVectorEnv(int n, const std::string& content_dir, const py::dict& options, int threads)
      : content_(content_for(content_dir)), threads_(threads) {
    if (n < 1 || n > 65536) throw InputError("num_envs must be 1 to 65536");
    if (threads < 1 || threads > 256) throw InputError("threads must be 1 to 256");
    const EnvOptions o = read_options(options, EnvOptions());
    shape_ = map_shape(*content_, o);
    envs_.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      envs_.emplace_back(content_, o);
    seeds_.assign(static_cast<std::size_t>(n), 0);
    needs_reset_.assign(static_cast<std::size_t>(n), 0);
    const py::ssize_t N = n, H = shape_.height, W = shape_.width;
    glyphs_ = py::array_t<std::uint8_t>({N, H, W});
    terrain_ = py::array_t<std::uint8_t>({N, H, W});
    visible_ = py::array_t<std::uint8_t>({N, H, W});
    monsters_ = py::array_t<std::int16_t>({N, H, W});
    items_ = py::array_t<std::int16_t>({N, H, W});
    traps_ = py::array_t<std::uint8_t>({N, H, W});
    stats_ = py::array_t<std::int32_t>({N, static_cast<py::ssize_t>(k_stat_count)});
    inventory_ = py::array_t<std::int32_t>(
        {N, static_cast<py::ssize_t>(k_pack_size), static_cast<py::ssize_t>(k_item_field_count)});
    rewards_ = py::array_t<double>(N);
    terminated_ = py::array_t<bool>(N);
    truncated_ = py::array_t<bool>(N);
    masks_ = py::array_t<std::uint8_t>({N, static_cast<py::ssize_t>(k_action_count)});
    steps_ = py::array_t<std::int64_t>(N);
    depth_ = py::array_t<std::int32_t>(N);
  }

  void reset(const std::vector<std::uint64_t>& seeds) {
    if (seeds.size() != envs_.size()) throw InputError("reset needs one seed per environment");
    seeds_ = seeds;
    Buffers b = buffers();
    py::gil_scoped_release release;
    run([&](std::size_t i) {
      envs_[i].reset(seeds_[i]);
      needs_reset_[i] = 0;
      write(i, b, StepResult{});
    });
  }

  void step(const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& actions) {
    if (actions.ndim() != 1 || static_cast<std::size_t>(actions.shape(0)) != envs_.size())
      throw InputError("step needs one action per environment");
    const std::int64_t* a = actions.data();
    for (std::size_t i = 0; i < envs_.size(); ++i)
      if (a[i] < 0 || a[i] >= k_action_count)
        throw InputError("action " + std::to_string(a[i]) + " of environment " + std::to_string(i) +
                         " outside 0.." + std::to_string(k_action_count - 1));
    Buffers b = buffers();
    py::gil_scoped_release release;
    run([&](std::size_t i) {
      Env& env = envs_[i];
      if (needs_reset_[i] != 0) {
        seeds_[i] = mix64(seeds_[i] + 1);
        env.reset(seeds_[i]);
        needs_reset_[i] = 0;
        write(i, b, StepResult{});
        return;
      }
      const StepResult r = env.step(static_cast<int>(a[i]));
      needs_reset_[i] = r.terminated || r.truncated ? 1 : 0;
      write(i, b, r);
    });
  }

  void compute_masks() {
    std::uint8_t* out = masks_.mutable_data();
    py::gil_scoped_release release;
    run([&](std::size_t i) {
      const std::vector<std::uint8_t>& m = envs_[i].legal_mask();
      std::memcpy(out + i * m.size(), m.data(), m.size());
    });
  }

  std::size_t size() const { return envs_.size(); }
  Size shape() const { return shape_; }
  std::vector<std::uint64_t> seeds() const { return seeds_; }
  std::string render_text(std::size_t i) const {
    const Env& env = envs_.at(i);
    return api::render_text(env.game(), env.observation());
  }
  std::vector<std::string> messages(std::size_t i) const {
    return envs_.at(i).observation().messages;
  }
  std::uint64_t state_hash(std::size_t i) const { return envs_.at(i).state_hash(); }
  std::string replay(std::size_t i) const { return episode_replay(envs_.at(i)); }

  py::array_t<std::uint8_t> glyphs_, terrain_, visible_, traps_, masks_;
  py::array_t<std::int16_t> monsters_, items_;
  py::array_t<std::int32_t> stats_, inventory_, depth_;
  py::array_t<double> rewards_;
  py::array_t<bool> terminated_, truncated_;
  py::array_t<std::int64_t> steps_;

 private:
  struct Buffers {
    std::uint8_t *glyphs, *terrain, *visible, *traps;
    std::int16_t *monsters, *items;
    std::int32_t *stats, *inventory, *depth;
    double* rewards;
    bool *terminated, *truncated;
    std::int64_t* steps;
  };
  Buffers buffers() {
    return {glyphs_.mutable_data(),  terrain_.mutable_data(),    visible_.mutable_data(),
            traps_.mutable_data(),   monsters_.mutable_data(),   items_.mutable_data(),
            stats_.mutable_data(),   inventory_.mutable_data(),  depth_.mutable_data(),
            rewards_.mutable_data(), terminated_.mutable_data(), truncated_.mutable_data(),
            steps_.mutable_data()};
  }

  void write(std::size_t i, const Buffers& b, const StepResult& r) const {
    const Env& env = envs_[i];
    const Observation& o = env.observation();
    check_shape(o, shape_);
    const std::size_t cells = o.glyphs.size();
    std::memcpy(b.glyphs + i * cells, o.glyphs.data(), cells);
    std::memcpy(b.terrain + i * cells, o.terrain.data(), cells);
    std::memcpy(b.visible + i * cells, o.visible.data(), cells);
    std::memcpy(b.traps + i * cells, o.traps.data(), cells);
    std::memcpy(b.monsters + i * cells, o.monsters.data(), cells * sizeof(std::int16_t));
    std::memcpy(b.items + i * cells, o.items.data(), cells * sizeof(std::int16_t));
    std::memcpy(b.stats + i * k_stat_count, o.stats.data(), sizeof(std::int32_t) * k_stat_count);
    std::memcpy(b.inventory + i * o.inventory.size(), o.inventory.data(),
                sizeof(std::int32_t) * o.inventory.size());
    b.rewards[i] = r.reward;
    b.terminated[i] = r.terminated;
    b.truncated[i] = r.truncated;
    b.steps[i] = env.steps();
    b.depth[i] = env.game().state().depth;
  }

  // f(i) for every environment, split over threads_ threads (this one included).
  template <typename F>
  void run(F&& f) {
    const std::size_t n = envs_.size();
    const std::size_t workers = std::min<std::size_t>(static_cast<std::size_t>(threads_), n);
    if (workers <= 1) {
      for (std::size_t i = 0; i < n; ++i)
        f(i);
      return;
    }
    std::vector<std::exception_ptr> errors(workers);
    const auto part = [&](std::size_t w) {
      try {
        for (std::size_t i = w * n / workers; i < (w + 1) * n / workers; ++i)
          f(i);
      } catch (...) {
        errors[w] = std::current_exception();
      }
    };
    std::vector<std::thread> pool;
    for (std::size_t w = 1; w < workers; ++w)
      pool.emplace_back(part, w);
    part(0);
    for (std::thread& t : pool)
      t.join();
    for (const std::exception_ptr& e : errors)
      if (e) std::rethrow_exception(e);
  }

  std::shared_ptr<const game::Content> content_;
  int threads_ = 1;
  Size shape_;
  std::vector<Env> envs_;
  std::vector<std::uint64_t> seeds_;
  std::vector<std::uint8_t> needs_reset_;
};

// yendor.generate: the tiles (uint8 ids, shape (height, width)) and the level's metadata.
py::tuple generate(const std::string& name, int width, int height, std::uint64_t seed,
                   const py::dict& params) {
  const Generator& generator = builtin_generators().get(name);
  RawParams raw;
  for (const auto& [key, value] : params) {
    std::string text = py::str(value);
    if (py::isinstance<py::bool_>(value)) text = value.cast<bool>() ? "true" : "false";
    raw.emplace_back(py::str(key), text);
  }
  const ParamSet values = generator.info().schema.parse(generator.info().name, raw);
  Level level;
  {
    py::gil_scoped_release release;
    level = generate_level(generator, {width, height}, seed, values);
  }
  py::array_t<std::uint8_t> tiles({height, width});
  std::uint8_t* out = tiles.mutable_data();
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      out[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
          static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(level.tiles[{x, y}]);
  py::dict meta;
  meta["generator"] = name;
  meta["seed"] = seed;
  meta["size"] = py::make_tuple(width, height);
  if (level.meta.stairs.up)
    meta["stairs_up"] = py::make_tuple(level.meta.stairs.up->x, level.meta.stairs.up->y);
  if (level.meta.stairs.down)
    meta["stairs_down"] = py::make_tuple(level.meta.stairs.down->x, level.meta.stairs.down->y);
  py::list rooms;
  for (const Room& r : level.meta.rooms)
    rooms.append(py::make_tuple(r.rect.x, r.rect.y, r.rect.width, r.rect.height, r.kind));
  meta["rooms"] = rooms;
  return py::make_tuple(tiles, meta);
}

// yendor.analyze: the metrics of `yendor analyze` for a tile array.
py::dict analyze(
    const py::array_t<std::uint8_t, py::array::c_style | py::array::forcecast>& tiles) {
  if (tiles.ndim() != 2) throw InputError("analyze needs a 2-d array of tile ids");
  const int height = static_cast<int>(tiles.shape(0)), width = static_cast<int>(tiles.shape(1));
  if (width < 1 || height < 1) throw InputError("analyze needs a non-empty array");
  Level level(Size{width, height});
  const std::uint8_t* in = tiles.data();
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const std::uint8_t t = in[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                                static_cast<std::size_t>(x)];
      if (t >= k_tile_count) throw InputError("tile id " + std::to_string(t) + " is not a tile");
      level.tiles[{x, y}] = static_cast<Tile>(t);
    }
  const analysis::LevelMetrics m = analysis::measure_level(level);
  py::dict out;
  for (const analysis::MetricColumn& c : analysis::metric_columns()) {
    const std::optional<double> v = c.value(m);
    if (!v)
      out[py::str(std::string(c.name))] = py::none();
    else if (c.integer)
      out[py::str(std::string(c.name))] = static_cast<long long>(*v);
    else
      out[py::str(std::string(c.name))] = *v;
  }
  return out;
}

// yendor.verify_replay: re-runs replay text headless, as `yendor replay --headless` does.
py::dict verify_replay_text(const std::string& text, const std::string& content_dir) {
  const game::Replay replay = game::parse_replay(text, "replay");
  game::ReplayResult result;
  {
    py::gil_scoped_release release;
    result = game::verify_replay(replay, content_for(content_dir));
  }
  py::dict out;
  out["ok"] = result.ok;
  out["steps"] = result.steps;
  out["outcome"] = std::string(game::to_string(result.outcome));
  out["first_divergence"] =
      result.first_divergence ? py::cast(*result.first_divergence) : py::none();
  out["message"] = result.message;
  return out;
}

}  // namespace
}  // namespace yendor::api

namespace yendor::api {
void add_dd(py::module_& m);  // dd_module.cpp: the Desktop Dungeons ruleset and its bots
}  // namespace yendor::api

PYBIND11_MODULE(_yendor, m) {
  using namespace yendor;
  using namespace yendor::api;
  m.doc() = "Yendor's native module (use the yendor package)";
  py::register_exception<InputError>(m, "InputError", PyExc_ValueError);

  m.attr("ACTION_COUNT") = k_action_count;
  py::list actions;
  for (int i = 0; i < k_action_count; ++i)
    actions.append(action_name(i));
  m.attr("ACTION_NAMES") = actions;
  py::list stats;
  for (std::string_view s : stat_names())
    stats.append(std::string(s));
  m.attr("STAT_NAMES") = stats;
  py::list fields;
  for (std::string_view s : item_field_names())
    fields.append(std::string(s));
  m.attr("ITEM_FIELDS") = fields;
  py::list tiles;
  for (std::size_t t = 0; t < k_tile_count; ++t)
    tiles.append(std::string(tile_info(static_cast<Tile>(t)).name));
  m.attr("TILE_NAMES") = tiles;
  py::list generators;
  for (const Generator* g : builtin_generators().all())
    generators.append(std::string(g->info().name));
  m.attr("GENERATORS") = generators;

  py::class_<PyEnv>(m, "Env")
      .def(py::init<const std::string&, const py::dict&>(), py::arg("content_dir"),
           py::arg("options"))
      .def("reset", &PyEnv::reset, py::arg("seed"), py::arg("options") = py::none())
      .def("step", &PyEnv::step, py::arg("action"))
      .def("action_mask", &PyEnv::action_mask)
      .def("clone", &PyEnv::clone)
      .def("restore", &PyEnv::restore, py::arg("snapshot"))
      .def("render_text", &PyEnv::render_text)
      .def("replay", &PyEnv::replay_text)
      .def_property_readonly(
          "shape", [](const PyEnv& e) { return py::make_tuple(e.shape().height, e.shape().width); })
      .def_property_readonly("monster_names",
                             [](const PyEnv& e) {
                               std::vector<std::string> out;
                               for (const game::MonsterKind& k : e.content().monsters)
                                 out.push_back(k.id);
                               return out;
                             })
      .def_property_readonly("item_names", [](const PyEnv& e) {
        std::vector<std::string> out;
        for (const game::ItemKind& k : e.content().items)
          out.push_back(k.id);
        return out;
      });

  py::class_<PyBot>(m, "Bot")
      .def(py::init<const std::string&, const std::string&, const py::dict&>(), py::arg("name"),
           py::arg("content_dir"), py::arg("params"))
      .def("act", &PyBot::act, py::arg("env"))
      .def("play", &PyBot::play, py::arg("seeds"), py::arg("options") = py::dict(),
           py::arg("threads") = 1, py::arg("action_limit") = bots::k_default_main_action_limit);
  py::list main_bots;
  for (const bots::BotFactory* b : bots::builtin_bots().all())
    if (b->info().rules.find("main") != std::string::npos) main_bots.append(b->info().name);
  m.attr("BOTS") = main_bots;

  py::class_<PyVectorEnv>(m, "VectorEnv")
      .def(py::init<int, const std::string&, const py::dict&, int>(), py::arg("num_envs"),
           py::arg("content_dir"), py::arg("options"), py::arg("threads"))
      .def("reset", &PyVectorEnv::reset, py::arg("seeds"))
      .def("step", &PyVectorEnv::step, py::arg("actions"))
      .def("compute_masks", &PyVectorEnv::compute_masks)
      .def("render_text", &PyVectorEnv::render_text, py::arg("index"))
      .def("messages", &PyVectorEnv::messages, py::arg("index"))
      .def("state_hash", &PyVectorEnv::state_hash, py::arg("index"))
      .def("replay", &PyVectorEnv::replay, py::arg("index"))
      .def_property_readonly("num_envs", &PyVectorEnv::size)
      .def_property_readonly("seeds", &PyVectorEnv::seeds)
      .def_property_readonly(
          "shape",
          [](const PyVectorEnv& e) { return py::make_tuple(e.shape().height, e.shape().width); })
      .def_readonly("glyphs", &PyVectorEnv::glyphs_)
      .def_readonly("terrain", &PyVectorEnv::terrain_)
      .def_readonly("visible", &PyVectorEnv::visible_)
      .def_readonly("monsters", &PyVectorEnv::monsters_)
      .def_readonly("items", &PyVectorEnv::items_)
      .def_readonly("traps", &PyVectorEnv::traps_)
      .def_readonly("stats", &PyVectorEnv::stats_)
      .def_readonly("inventory", &PyVectorEnv::inventory_)
      .def_readonly("rewards", &PyVectorEnv::rewards_)
      .def_readonly("terminated", &PyVectorEnv::terminated_)
      .def_readonly("truncated", &PyVectorEnv::truncated_)
      .def_readonly("masks", &PyVectorEnv::masks_)
      .def_readonly("steps", &PyVectorEnv::steps_)
      .def_readonly("depth", &PyVectorEnv::depth_);

  m.def("generate", &generate, py::arg("name"), py::arg("width"), py::arg("height"),
        py::arg("seed"), py::arg("params"));
  m.def("analyze", &analyze, py::arg("tiles"));
  m.def("verify_replay", &verify_replay_text, py::arg("text"), py::arg("content_dir") = "");
  add_dd(m);
}
