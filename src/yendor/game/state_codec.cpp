// GameState <-> bytes (docs/saves.md, "The state body"). Every field of the state is written
// in declaration order except the derived caches (occupancy, opacity) and each level's meta,
// which is made again from the level's recipe. Kinds are written as indices into small tables
// of the kind ids the state uses, so a save survives content that adds or reorders kinds.
#include "yendor/game/state_codec.hpp"

#include <string>
#include <utility>

#include "yendor/core/byte_io.hpp"
#include "yendor/core/error.hpp"
#include "yendor/core/hash.hpp"
#include "yendor/game/level_delta.hpp"
#include "yendor/game/monster_genetics.hpp"
#include "yendor/game/rules.hpp"
#include "yendor/game/world.hpp"

namespace yendor::game {
namespace {

constexpr std::uint8_t k_level_unmade = 0;  // a level not made yet, every field default
constexpr std::uint8_t k_level_made = 1;

// The kinds a state refers to: content index <-> position in the table written to the body.
class KindTable {
 public:
  KindTable(std::size_t content_size, const char* what) : slot_(content_size, -1), what_(what) {}
  void note(int kind) {
    if (kind < 0) return;
    if (static_cast<std::size_t>(kind) >= slot_.size())
      throw std::invalid_argument(std::string("encode_state: ") + what_ + " kind " +
                                  std::to_string(kind) + " is not in the content");
    int& s = slot_[static_cast<std::size_t>(kind)];
    if (s < 0) {
      s = static_cast<int>(used_.size());
      used_.push_back(kind);
    }
  }
  // 0 for "no kind", else 1 + the table position.
  std::uint64_t ref(int kind) const {
    return kind < 0 ? 0 : static_cast<std::uint64_t>(slot_[static_cast<std::size_t>(kind)]) + 1;
  }
  const std::vector<int>& used() const { return used_; }

 private:
  std::vector<int> slot_;
  std::vector<int> used_;
  const char* what_;
};

// ---- writing ----

class Encoder {
 public:
  Encoder(ByteWriter& out, const Content& content, LevelEncoding encoding, EncodeReport* report)
      : out_(out),
        content_(content),
        encoding_(encoding),
        report_(report),
        monsters_(content.monsters.size(), "monster"),
        items_(content.items.size(), "item") {}

  void state(const GameState& s) {
    note_kinds(s);
    out_.put_u64(s.seed);
    out_.put_svarint(s.levels);
    out_.put_u8(static_cast<std::uint8_t>(s.setup.difficulty));
    out_.put_string(s.setup.generator);
    out_.put_svarint(s.setup.size.width);
    out_.put_svarint(s.setup.size.height);
    out_.put_svarint(s.depth);
    out_.put_svarint(s.time);
    out_.put_u8(static_cast<std::uint8_t>(s.outcome));
    out_.put_varint(s.next_actor_id);
    out_.put_varint(s.next_item_id);
    out_.put_svarint(s.items_created);
    out_.put_svarint(s.items_destroyed);
    out_.put_varint(monsters_.used().size());
    for (int k : monsters_.used())
      out_.put_string(content_.monsters[static_cast<std::size_t>(k)].id);
    out_.put_varint(items_.used().size());
    for (int k : items_.used())
      out_.put_string(content_.items[static_cast<std::size_t>(k)].id);
    strings(s.unique_spawned);
    strings(s.messages);
    rng(s.combat_rng);
    rng(s.ai_rng);
    rng(s.world_rng);
    actor(s.player);
    info(s.info);
    out_.put_varint(s.dungeon.size());
    for (const LevelState& level : s.dungeon)
      level_state(level);
  }

 private:
  void note_kinds(const GameState& s) {
    const auto note_actor = [this](const Actor& a) {
      monsters_.note(a.kind);
      for (const Item& item : a.inventory)
        items_.note(item.kind);
    };
    note_actor(s.player);
    for (const LevelState& level : s.dungeon) {
      for (const Actor& m : level.monsters)
        note_actor(m);
      for (const Item& item : level.items)
        items_.note(item.kind);
      for (const RecentDeath& d : level.deaths)
        monsters_.note(d.kind);
    }
  }

  void strings(const std::vector<std::string>& v) {
    out_.put_varint(v.size());
    for (const std::string& s : v)
      out_.put_string(s);
  }
  void strings(const MessageLog& log) {  // the same bytes as the messages as strings
    out_.put_varint(log.size());
    for (const std::string_view s : log)
      out_.put_string(s);
  }
  void rng(const Rng& r) { out_.put_bytes(r.serialize()); }
  void point(Point p) {
    out_.put_svarint(p.x);
    out_.put_svarint(p.y);
  }

  void item(const Item& i) {
    out_.put_varint(i.id);
    out_.put_varint(items_.ref(i.kind));
    out_.put_svarint(i.count);
    out_.put_svarint(i.enchant);
    out_.put_u8(static_cast<std::uint8_t>(i.letter));
    point(i.pos);
    out_.put_svarint(i.key);
    out_.put_svarint(i.key_depth);
    out_.put_svarint(i.price);
  }

  void actor(const Actor& a) {
    out_.put_varint(a.id);
    out_.put_varint(monsters_.ref(a.kind));
    point(a.pos);
    out_.put_svarint(a.attr.str);
    out_.put_svarint(a.attr.dex);
    out_.put_svarint(a.attr.con);
    out_.put_svarint(a.hp);
    out_.put_svarint(a.max_hp);
    out_.put_svarint(a.speed);
    out_.put_svarint(a.next_time);
    out_.put_svarint(a.xp);
    out_.put_svarint(a.level);
    out_.put_svarint(a.armour);
    out_.put_svarint(a.damage.lo);
    out_.put_svarint(a.damage.hi);
    out_.put_varint(a.status.size());
    for (int turns : a.status)
      out_.put_svarint(turns);
    const ai::Memory& m = a.memory;
    out_.put_bool(m.awake);
    out_.put_bool(m.has_target);
    point(m.target);
    out_.put_svarint(m.state);
    out_.put_svarint(m.counter);
    for (std::int32_t v : m.scratch)
      out_.put_svarint(v);
    point(m.home);
    point(m.heading);
    out_.put_svarint(m.hunger);
    out_.put_svarint(m.mood);
    for (std::int32_t v : m.emotion)
      out_.put_svarint(v);
    for (std::int32_t v : m.personality)
      out_.put_svarint(v);
    for (std::int32_t v : m.blackboard)
      out_.put_svarint(v);
    out_.put_svarint(m.genome);
    out_.put_svarint(m.damage_dealt);
    out_.put_svarint(m.turns_alive);
    out_.put_svarint(m.last_seen_turn);
    out_.put_svarint(m.last_hp);
    out_.put_svarint(m.guarded);
    out_.put_svarint(a.gold);
    out_.put_varint(a.inventory.size());
    for (const Item& i : a.inventory)
      item(i);
    out_.put_varint(a.wielded);
    out_.put_varint(a.worn);
    out_.put_bool(a.peaceful);
    out_.put_svarint(a.regen);
    out_.put_svarint(a.genes.health);
    out_.put_svarint(a.genes.attack);
    out_.put_svarint(a.genes.defence);
    out_.put_svarint(a.genes.speed);
  }

  void info(const PlayerInfo& p) {
    out_.put_string(p.name);
    out_.put_svarint(p.pending_raises);
    out_.put_svarint(p.nutrition);
    out_.put_svarint(p.kills);
    out_.put_svarint(p.deepest);
    out_.put_svarint(p.turns);
    out_.put_string(p.cause);
    out_.put_svarint(p.last_prayer);
  }

  void params(const ParamSet& set) {
    out_.put_varint(set.entries().size());
    for (const auto& [name, value] : set.entries()) {
      out_.put_string(name);
      out_.put_u8(static_cast<std::uint8_t>(value.index()));
      if (const bool* b = std::get_if<bool>(&value))
        out_.put_bool(*b);
      else if (const std::int64_t* i = std::get_if<std::int64_t>(&value))
        out_.put_svarint(*i);
      else if (const double* d = std::get_if<double>(&value))
        out_.put_f64(*d);
      else
        out_.put_string(std::get<std::string>(value));
    }
  }

  void recipe(const LevelRecipe& r) {
    out_.put_string(r.generator);
    params(r.params);
    out_.put_u64(r.seed);
    out_.put_svarint(r.size.width);
    out_.put_svarint(r.size.height);
    out_.put_svarint(r.depth);
    out_.put_string(r.motif);
    out_.put_svarint(r.difficulty);
    out_.put_f64(r.unique_rate);
    out_.put_varint(r.features.size());
    for (const FeatureRequest& f : r.features) {
      out_.put_string(f.name);
      out_.put_varint(f.params.size());
      for (const auto& [key, value] : f.params) {
        out_.put_string(key);
        out_.put_string(value);
      }
    }
  }

  void grids(const LevelState& level) {
    const bool regenerable = !level.recipe.generator.empty();
    const bool want_delta = encoding_ == LevelEncoding::delta && regenerable;
    if (!want_delta && report_ == nullptr) {
      write_grids_whole(out_, level.level);  // the fast path of state_hash
      return;
    }
    Level base;
    if (regenerable) base = build_level(level.recipe);
    const std::size_t recipe_bytes = out_.size() - recipe_start_;
    GridSizes sizes;
    if (want_delta) {
      sizes = write_grids(out_, level.level, &base);
    } else {
      // Full encoding with a report: measure what delta storage would have taken.
      ByteWriter scratch;
      sizes = write_grids(scratch, level.level, regenerable ? &base : nullptr);
      sizes.stored_whole = true;
      write_grids_whole(out_, level.level);
    }
    if (report_ != nullptr) {
      EncodeReport::LevelSize row;
      row.depth = level.depth;
      row.delta_bytes = recipe_bytes + sizes.delta_bytes;
      row.full_bytes = recipe_bytes + sizes.whole_bytes;
      row.stored_whole = sizes.stored_whole;
      report_->levels.push_back(row);
    }
  }

  void level_state(const LevelState& level) {
    static const LevelState k_blank = [] {
      LevelState blank;
      blank.depth = 0;
      return blank;
    }();
    if (level.depth == 0 && level == k_blank) {
      out_.put_u8(k_level_unmade);
      return;
    }
    out_.put_u8(k_level_made);
    out_.put_svarint(level.depth);
    recipe_start_ = out_.size();
    recipe(level.recipe);
    grids(level);
    out_.put_varint(level.monsters.size());
    for (const Actor& m : level.monsters)
      actor(m);
    out_.put_varint(level.items.size());
    for (const Item& i : level.items)
      item(i);
    out_.put_varint(level.traps.size());
    for (const Trap& t : level.traps) {
      point(t.pos);
      out_.put_u8(static_cast<std::uint8_t>(t.kind));
      out_.put_bool(t.hidden);
    }
    out_.put_blob(level.lock_open);
    out_.put_varint(level.closing.size());
    for (const PendingClose& c : level.closing) {
      out_.put_svarint(c.lock);
      out_.put_svarint(c.at);
    }
    out_.put_svarint(level.left_at);
    scent(level.scent);
    out_.put_varint(level.deaths.size());
    for (const RecentDeath& d : level.deaths) {
      point(d.pos);
      out_.put_varint(monsters_.ref(d.kind));
      out_.put_svarint(d.time);
    }
  }

  void scent(const path::ScentMap& m) {
    const Grid<std::int32_t>& v = m.values();
    out_.put_svarint(v.width());
    out_.put_svarint(v.height());
    out_.put_svarint(m.spread());
    out_.put_svarint(m.last_turn());
    for (std::int32_t mark : v.cells())
      out_.put_svarint(mark);
  }

  ByteWriter& out_;
  const Content& content_;
  LevelEncoding encoding_;
  EncodeReport* report_;
  KindTable monsters_;
  KindTable items_;
  std::size_t recipe_start_ = 0;
};

// ---- reading ----

class Decoder {
 public:
  Decoder(std::span<const std::uint8_t> bytes, const Content& content)
      : in_(bytes, "save"), content_(content) {}

  GameState state() {
    GameState s;
    s.seed = in_.u64();
    s.levels = in_.int32();
    s.setup = setup();
    s.depth = in_.int32();
    s.time = in_.svarint();
    const std::size_t outcome_at = in_.offset();
    const std::uint8_t outcome = in_.u8();
    if (outcome > static_cast<std::uint8_t>(Outcome::quit))
      in_.fail_at("unknown outcome " + std::to_string(outcome), outcome_at);
    s.outcome = static_cast<Outcome>(outcome);
    s.next_actor_id = in_.uint32();
    s.next_item_id = in_.uint32();
    s.items_created = in_.svarint();
    s.items_destroyed = in_.svarint();
    kind_table(monster_kinds_, "monster");
    kind_table(item_kinds_, "item");
    s.unique_spawned = strings();
    s.messages.clear();
    for (const std::string& m : strings())
      s.messages.push_back(m);
    s.combat_rng = rng();
    s.ai_rng = rng();
    s.world_rng = rng();
    s.player = actor();
    s.info = info();
    const std::size_t n = in_.count(1);
    s.dungeon.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
      s.dungeon.push_back(level_state());
    in_.expect_end();
    check(s);
    rebuild_caches(s);
    return s;
  }

 private:
  DungeonSetup setup() {
    DungeonSetup d;
    const std::size_t at = in_.offset();
    const std::uint8_t difficulty = in_.u8();
    if (difficulty >= k_difficulty_count)
      in_.fail_at("unknown difficulty " + std::to_string(difficulty), at);
    d.difficulty = static_cast<Difficulty>(difficulty);
    d.generator = in_.string();
    d.size.width = in_.int32();
    d.size.height = in_.int32();
    try {
      validate_setup(d);
    } catch (const InputError& e) {
      in_.fail_at(e.what(), at);
    }
    return d;
  }

  void kind_table(std::vector<int>& table, const char* what) {
    const bool monsters = &table == &monster_kinds_;
    const std::size_t n = in_.count(1);
    table.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      const std::string id = in_.string();
      const int k = monsters ? content_.monster_index(id) : content_.item_index(id);
      if (k < 0)
        throw InputError("save: unknown " + std::string(what) + " kind '" + id +
                         "' (not in the content)");
      table.push_back(k);
    }
  }
  int kind_ref(const std::vector<int>& table, const char* what) {
    const std::size_t at = in_.offset();
    const std::uint64_t ref = in_.varint();
    if (ref == 0) return -1;
    if (ref > table.size())
      in_.fail_at("bad " + std::string(what) + " kind reference " + std::to_string(ref), at);
    return table[static_cast<std::size_t>(ref - 1)];
  }

  std::vector<std::string> strings() {
    const std::size_t n = in_.count(1);
    std::vector<std::string> v;
    v.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
      v.push_back(in_.string());
    return v;
  }
  Rng rng() {
    const std::size_t at = in_.offset();
    const auto bytes = in_.bytes(Rng::k_serialized_size);
    try {
      return Rng::deserialize(bytes);
    } catch (const std::invalid_argument&) {
      in_.fail_at("invalid random generator state", at);
    }
  }
  Point point() {
    Point p;
    p.x = in_.int32();
    p.y = in_.int32();
    return p;
  }

  Item item() {
    Item i;
    i.id = in_.uint32();
    i.kind = kind_ref(item_kinds_, "item");
    i.count = in_.int32();
    i.enchant = in_.int32();
    i.letter = static_cast<char>(in_.u8());
    i.pos = point();
    i.key = in_.int32();
    i.key_depth = in_.int32();
    i.price = in_.int32();
    return i;
  }

  Actor actor() {
    Actor a;
    a.id = in_.uint32();
    a.kind = kind_ref(monster_kinds_, "monster");
    a.pos = point();
    a.attr.str = in_.int32();
    a.attr.dex = in_.int32();
    a.attr.con = in_.int32();
    a.hp = in_.int32();
    a.max_hp = in_.int32();
    a.speed = in_.int32();
    a.next_time = in_.svarint();
    a.xp = in_.int32();
    a.level = in_.int32();
    a.armour = in_.int32();
    a.damage.lo = in_.int32();
    a.damage.hi = in_.int32();
    const std::size_t status_at = in_.offset();
    const std::uint64_t statuses = in_.varint();
    // Saves of a build with fewer statuses load with the new ones off.
    if (statuses > a.status.size())
      in_.fail_at(std::to_string(statuses) + " statuses, this build knows " +
                      std::to_string(a.status.size()),
                  status_at);
    for (std::size_t i = 0; i < statuses; ++i)
      a.status[i] = in_.int32();
    ai::Memory& m = a.memory;
    m.awake = in_.boolean();
    m.has_target = in_.boolean();
    m.target = point();
    m.state = in_.int32();
    m.counter = in_.int32();
    for (std::int32_t& v : m.scratch)
      v = in_.int32();
    m.home = point();
    m.heading = point();
    m.hunger = in_.int32();
    m.mood = in_.int32();
    for (std::int32_t& v : m.emotion)
      v = in_.int32();
    for (std::int32_t& v : m.personality)
      v = in_.int32();
    for (std::int32_t& v : m.blackboard)
      v = in_.int32();
    m.genome = in_.int32();
    m.damage_dealt = in_.int32();
    m.turns_alive = in_.int32();
    m.last_seen_turn = in_.int32();
    m.last_hp = in_.int32();
    m.guarded = in_.int32();
    a.gold = in_.int32();
    const std::size_t n = in_.count(1);
    a.inventory.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
      a.inventory.push_back(item());
    a.wielded = in_.uint32();
    a.worn = in_.uint32();
    a.peaceful = in_.boolean();
    a.regen = in_.int32();
    a.genes.health = gene();
    a.genes.attack = gene();
    a.genes.defence = gene();
    a.genes.speed = gene();
    return a;
  }

  // A gene within ±5 % (game/monster_genetics): combat divides by the defence gene.
  std::int32_t gene() {
    const std::size_t at = in_.offset();
    const std::int32_t g = in_.int32();
    if (g < k_gene_min || g > k_gene_max)
      in_.fail_at("a gene of " + std::to_string(g) + " thousandths, outside " +
                      std::to_string(k_gene_min) + "-" + std::to_string(k_gene_max),
                  at);
    return g;
  }

  PlayerInfo info() {
    PlayerInfo p;
    p.name = in_.string();
    p.pending_raises = in_.int32();
    p.nutrition = in_.int32();
    p.kills = in_.int32();
    p.deepest = in_.int32();
    p.turns = in_.svarint();
    p.cause = in_.string();
    p.last_prayer = in_.svarint();
    return p;
  }

  ParamSet params() {
    ParamSet set;
    const std::size_t n = in_.count(2);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t at = in_.offset();
      std::string name = in_.string();
      if (set.contains(name)) in_.fail_at("parameter '" + name + "' appears twice", at);
      const std::size_t type_at = in_.offset();
      switch (in_.u8()) {
        case 0:
          set.set(std::move(name), in_.boolean());
          break;
        case 1:
          set.set(std::move(name), in_.svarint());
          break;
        case 2:
          set.set(std::move(name), in_.f64());
          break;
        case 3:
          set.set(std::move(name), in_.string());
          break;
        default:
          in_.fail_at("unknown parameter type", type_at);
      }
    }
    return set;
  }

  LevelRecipe recipe() {
    LevelRecipe r;
    r.generator = in_.string();
    r.params = params();
    r.seed = in_.u64();
    r.size.width = in_.int32();
    r.size.height = in_.int32();
    r.depth = in_.int32();
    r.motif = in_.string();
    r.difficulty = in_.int32();
    r.unique_rate = in_.f64();
    r.features.resize(in_.count(2));
    for (FeatureRequest& f : r.features) {
      f.name = in_.string();
      f.params.resize(in_.count(2));
      for (auto& [key, value] : f.params) {
        key = in_.string();
        value = in_.string();
      }
    }
    return r;
  }

  LevelState level_state() {
    LevelState level;
    const std::size_t tag_at = in_.offset();
    const std::uint8_t tag = in_.u8();
    if (tag == k_level_unmade) {
      level.depth = 0;
      return level;
    }
    if (tag != k_level_made) in_.fail_at("bad level tag " + std::to_string(tag), tag_at);
    level.depth = in_.int32();
    level.recipe = recipe();
    if (level.recipe.generator.empty()) {
      // Levels without a recipe (test fixtures) are stored whole, their meta empty.
      read_grids(in_, level.level, nullptr);
    } else {
      Level base = regenerate(level.recipe, level.depth);
      read_grids(in_, level.level, &base);
      level.level.meta = std::move(base.meta);
      trim_level_meta(level.level.meta);
    }
    const std::size_t monsters = in_.count(20);
    level.monsters.reserve(monsters);
    for (std::size_t i = 0; i < monsters; ++i)
      level.monsters.push_back(actor());
    const std::size_t items = in_.count(10);
    level.items.reserve(items);
    for (std::size_t i = 0; i < items; ++i)
      level.items.push_back(item());
    const std::size_t traps = in_.count(4);
    level.traps.reserve(traps);
    for (std::size_t i = 0; i < traps; ++i) {
      Trap t;
      t.pos = point();
      const std::size_t kind_at = in_.offset();
      const std::uint8_t kind = in_.u8();
      if (kind >= static_cast<std::uint8_t>(TrapKind::count))
        in_.fail_at("unknown trap kind " + std::to_string(kind), kind_at);
      t.kind = static_cast<TrapKind>(kind);
      t.hidden = in_.boolean();
      level.traps.push_back(t);
    }
    const auto open = in_.blob();
    level.lock_open.assign(open.begin(), open.end());
    const std::size_t closing = in_.count(2);
    level.closing.reserve(closing);
    for (std::size_t i = 0; i < closing; ++i) {
      PendingClose c;
      c.lock = in_.int32();
      c.at = in_.svarint();
      level.closing.push_back(c);
    }
    level.left_at = in_.svarint();
    level.scent = scent(level.level.size());
    const std::size_t deaths = in_.count(3);
    level.deaths.reserve(deaths);
    for (std::size_t i = 0; i < deaths; ++i) {
      RecentDeath d;
      d.pos = point();
      d.kind = kind_ref(monster_kinds_, "monster");
      d.time = in_.svarint();
      level.deaths.push_back(d);
    }
    return level;
  }

  path::ScentMap scent(Size level_size) {
    const std::size_t at = in_.offset();
    const int width = in_.int32(), height = in_.int32();
    const int spread = in_.int32();
    const std::int32_t last_turn = in_.int32();
    if (!(width == 0 && height == 0) && Size{width, height} != level_size)
      in_.fail_at("a scent map not of its level's size", at);
    if (width == 0 && height == 0) return path::ScentMap({}, spread < 1 ? 32 : spread);
    Grid<std::int32_t> marks(level_size, 0);
    for (std::int32_t& mark : marks.cells())
      mark = in_.int32();
    try {
      path::ScentMap m(level_size, spread);
      m.restore(std::move(marks), last_turn);
      return m;
    } catch (const InputError& e) {
      in_.fail_at(e.what(), at);
    }
  }

  Level regenerate(const LevelRecipe& recipe, int depth) {
    if (recipe.size.width < 0 || recipe.size.height < 0 || recipe.size.area() > k_max_level_cells)
      throw InputError("save: level " + std::to_string(depth) + " has an impossible size");
    try {
      return build_level(recipe);
    } catch (const Error& e) {
      throw InputError("save: level " + std::to_string(depth) +
                       " cannot be made again from its recipe: " + e.what());
    }
  }

  // What the game (and rebuild_caches) relies on: every position on its level.
  void check(const GameState& s) const {
    const auto fail = [](const std::string& what) { throw InputError("save: " + what); };
    if (!s.dungeon.empty()) {
      if (s.depth < 1 || static_cast<std::size_t>(s.depth) > s.dungeon.size())
        fail("the player's depth " + std::to_string(s.depth) + " is not a level of the dungeon");
      const LevelState& here = s.dungeon[static_cast<std::size_t>(s.depth - 1)];
      if (here.depth == 0)
        fail("the player's level " + std::to_string(s.depth) + " was never made");
      if (!here.level.in_bounds(s.player.pos)) fail("the player stands outside the level");
    }
    for (const LevelState& level : s.dungeon) {
      if (level.depth == 0) continue;
      const auto where = [&level](const char* what) {
        return std::string(what) + " outside level " + std::to_string(level.depth);
      };
      ActorId last = k_player_id;
      for (const Actor& m : level.monsters) {
        if (!level.level.in_bounds(m.pos)) fail(where("a monster stands"));
        // The monsters of a level are kept in id order, with ids the game handed out.
        if (m.id <= last || m.id >= s.next_actor_id)
          fail("monster id " + std::to_string(m.id) + " out of order on level " +
               std::to_string(level.depth));
        last = m.id;
      }
      for (const Item& i : level.items)
        if (!level.level.in_bounds(i.pos)) fail(where("an item lies"));
      for (const Trap& t : level.traps)
        if (!level.level.in_bounds(t.pos)) fail(where("a trap is"));
    }
  }

  ByteReader in_;
  const Content& content_;
  std::vector<int> monster_kinds_;
  std::vector<int> item_kinds_;
};

}  // namespace

std::vector<std::uint8_t> encode_state(const GameState& state, const Content& content,
                                       LevelEncoding encoding, EncodeReport* report) {
  ByteWriter out(4096);
  Encoder(out, content, encoding, report).state(state);
  return out.take();
}

GameState decode_state(std::span<const std::uint8_t> bytes, const Content& content) {
  return Decoder(bytes, content).state();
}

std::uint64_t state_hash(const GameState& state, const Content& content) {
  // One buffer per thread, reused: replays hash every N turns.
  thread_local ByteWriter out(1 << 16);
  out.clear();
  Encoder(out, content, LevelEncoding::full, nullptr).state(state);
  return fnv1a64(out.bytes());
}

}  // namespace yendor::game
