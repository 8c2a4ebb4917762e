#pragma once
// Monster AI: the brain interface and the registry of brains by name. A brain sees the world
// only through ai::View (what the game lets a monster know) and answers with a Decision; the
// game carries it out under the same rules as the player's actions. One brain per file
// (chase_brain.cpp, ...); `yendor ai list` and docs come from the registry.
//
// Brains are stateless objects: what a monster remembers lives in its ai::Memory, which the
// game stores (and saves) with the monster.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "yendor/core/geometry.hpp"
#include "yendor/core/named_registry.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::ai {

// What a monster remembers between turns; the game stores and saves it with the monster.
// Brains own the meaning of `state`, `counter`, `scratch` and `blackboard`; the other fields
// have one meaning for every brain (so the game can set and read them). Emotions, mood and
// personality are in thousandths (1000 = 1.0) so that they save exactly.
enum class Emotion : std::uint8_t { anger, fear, joy, distress, count };
enum class Trait : std::uint8_t {  // OCEAN (thesis 4.6)
  openness,
  conscientiousness,
  extraversion,
  agreeableness,
  neuroticism,
  count
};
inline constexpr int k_emotion_count = static_cast<int>(Emotion::count);
inline constexpr int k_trait_count = static_cast<int>(Trait::count);

struct Memory {
  bool awake = false;
  bool has_target = false;
  Point target{};  // where it last saw (heard, smelt) the player, or where it is going
  std::int32_t state = 0;
  std::int32_t counter = 0;
  std::array<std::int32_t, 4> scratch{};
  // ---- shared meanings (issue 7) ----
  Point home{};             // where it was placed: what it guards, where it returns
  Point heading{};          // its last step (the game sets it; flocks align on it)
  std::int32_t hunger = 0;  // turns since it last ate (fsm Table 4.1 HUNGRY)
  std::int32_t mood = 0;    // -1000..1000 (thesis 4.6, after Egges)
  std::array<std::int32_t, k_emotion_count> emotion{};    // 0..1000 each, fading
  std::array<std::int32_t, k_trait_count> personality{};  // 0..1000 each, rolled once
  std::array<std::int32_t, 8> blackboard{};               // behaviour-tree keys
  std::int32_t genome = -1;  // which evolved tree it runs (genetic brain); -1: the table's own
  // What it cost the player over its life: the genetic brain's fitness (thesis 4.5).
  std::int32_t damage_dealt = 0;
  std::int32_t turns_alive = 0;
  std::int32_t last_seen_turn = -1;  // the turn it last saw the player
  // Kept by the game: hit points at the end of its last turn (View::damage_taken), and the
  // item units lying within 2 cells of home on its first turn (View::treasure_missing).
  std::int32_t last_hp = 0;
  std::int32_t guarded = -1;  // -1: not counted yet
  bool operator==(const Memory&) const = default;
};

std::string_view to_string(Emotion e);
std::string_view to_string(Trait t);

// The most others a View reports (View::others).
inline constexpr std::size_t k_max_seen = 16;

// Another monster this one perceives (View::others).
struct Seen {
  Point pos{};
  Point heading{};   // its last step
  int kind = -1;     // its kind (the game's index)
  bool kin = false;  // same kind as the one looking
  bool awake = false;
  int hp = 0;
  int max_hp = 0;
  bool operator==(const Seen&) const = default;
};

// What a brain asks View::others for: the monsters it sees within `radius` (capped by its
// vision), nearest first, at most `limit` of them (capped by k_max_seen), only those of its
// own kind when `kin_only`. The game looks no further than that: in a dense crowd every
// monster looked at costs a cache miss, so a flock that weighs 8 flockmates asks for 8.
struct Look {
  int radius = 0;
  std::size_t limit = k_max_seen;
  bool kin_only = false;
};

struct Library;

// The bit of offset `o` (|o.x|, |o.y| <= 2) in a mask of the 5 x 5 cells round a centre.
inline std::uint32_t box5_bit(Point o) {
  return std::uint32_t{1} << ((o.y + 2) * 5 + (o.x + 2));
}

// What the game tells a brain. Queries are cheap (the game keeps an occupancy grid, the
// player's view, one shared distance map from the player per turn, a scent map and a sound
// map), so a brain may call them freely. Every query past can_fire_at_player has a default,
// so a small test view implements only what it needs; the game implements them all.
class View {
 public:
  virtual ~View() = default;
  virtual Point self() const = 0;
  virtual int hp() const = 0;
  virtual int max_hp() const = 0;
  virtual Size map_size() const = 0;
  // Whether this monster can see the player now (within its vision, by line of sight).
  virtual bool sees_player() const = 0;
  virtual Point player() const = 0;  // only meaningful when sees_player()
  // A cell this monster may step onto now (terrain and closed doors it can open); other
  // actors do not block here.
  virtual bool walkable(Point p) const = 0;
  virtual bool occupied(Point p) const = 0;  // another actor stands there
  // walkable() and occupied() for the 5 x 5 cells round `centre` at once, as bits (box5_bit):
  // flocking asks about all of them every turn, and the game answers from its grids in a few
  // reads where 25 calls would each go through the rules. Defaults: the 25 calls.
  virtual std::uint32_t walkable_box(Point centre) const;
  virtual std::uint32_t occupied_box(Point centre) const;
  // It has a ranged attack and the player is within its range and line of fire.
  virtual bool can_fire_at_player() const = 0;

  // ---- what it knows of itself and the game ----
  virtual std::int64_t turn() const { return 0; }  // the player's turn count
  virtual int vision() const { return 8; }         // its sight radius
  virtual bool has_ranged() const { return false; }
  virtual int player_hp() const { return 1; }  // meaningful when sees_player()
  virtual int player_max_hp() const { return 1; }
  // The data its kind's brain reads (AI tables, trees) and which entry: the index into the
  // library section of the brain (-1: the brain's built-in default).
  virtual const Library& library() const;
  virtual int tactics() const { return -1; }

  // ---- senses (tracking, FAQ "How do they find / follow the player?") ----
  // Line of sight from it to `p` within its vision. Default: within vision, no walls.
  virtual bool sees(Point p) const;
  // The other monsters it sees (Look: within a radius capped by its vision, nearest first, at
  // most a limit that is never past k_max_seen: a crowd's nearest; flocking needs no more).
  virtual std::span<const Seen> others(const Look& /*look*/) const { return {}; }
  // Monsters of its kind it saw die since its last turn.
  virtual int kin_deaths_seen() const { return 0; }
  // Hit points it lost since its last turn.
  virtual int damage_taken() const { return 0; }
  // Loudness of the loudest noise reaching its cell this turn (0: silence) and the step
  // towards it ({0, 0} when it is at the loudest place or hears nothing).
  virtual int noise() const { return 0; }
  virtual Point noise_step() const { return {}; }
  // The step up the player's scent trail ({0, 0}: nothing fresher around).
  virtual Point scent_step() const { return {}; }
  // Something it guarded at home was taken (Table 4.1 "missing treasure").
  virtual bool treasure_missing() const { return false; }

  // ---- path services (one shared map per turn, not one search per monster) ----
  // Walking distance to the player (k_far when unknown or unreachable). Default: Chebyshev.
  virtual int player_distance() const;
  // The step down the shared distance map from the player (crowds share it); {0, 0} when
  // none is free. Default: step_toward(player()).
  virtual Point chase_step() const;
  // The step down the shared safety map (Brogue's flee map: away from the player, but past
  // him rather than into a dead end); {0, 0} when none. Default: the free neighbour farthest
  // from the player.
  virtual Point flee_step() const;
  // The first step of a path to a far `target` (hierarchical path-finding in the game);
  // {0, 0} when there is none. Default: step_toward(target).
  virtual Point path_step(Point target) const;
};

inline constexpr int k_far = 1 << 30;

enum class DecisionKind : std::uint8_t {
  wait,
  step,    // move (or attack, if the player is there) one cell in `dir`
  attack,  // melee the player, who is adjacent in `dir`
  fire,    // use the ranged attack on the player
  shout,   // a loud cry (a noise at its cell): wakes and calls the monsters that hear it
};

struct Decision {
  DecisionKind kind = DecisionKind::wait;
  Point dir{};
  bool operator==(const Decision&) const = default;
};

struct BrainInfo {
  std::string name;
  std::string summary;      // one line
  std::string source;       // the section of the reference texts it follows
  std::string description;  // a paragraph for the docs
  std::string section;      // the library section its tactics name ("fsm"); empty: none
};

class Brain {
 public:
  virtual ~Brain() = default;
  virtual const BrainInfo& info() const = 0;
  // The entry of `library` a monster kind names for this brain (its "tactics", e.g. an fsm
  // table): its index in the brain's section, or -1 for the brain's built-in default when
  // `name` is empty. Throws InputError naming the problem (unknown name, listing the known
  // ones; a brain that reads no tables given a name). Called once per kind at content load.
  virtual int resolve(const Library& library, std::string_view name) const;
  // Decides this turn's action and updates `memory`. `rng` is the game's AI stream.
  virtual Decision decide(const View& view, Memory& memory, Rng& rng) const = 0;
};

class BrainRegistry : public NamedRegistry<Brain> {
 public:
  BrainRegistry() : NamedRegistry("brain", "brains") {}
};

const BrainRegistry& builtin_brains();
inline constexpr std::string_view k_default_brain = "chase";

// Factories, one per brain file.
std::unique_ptr<Brain> make_chase_brain();
std::unique_ptr<Brain> make_stateless_brain();
std::unique_ptr<Brain> make_fsm_brain();
std::unique_ptr<Brain> make_swarm_brain();
std::unique_ptr<Brain> make_ambush_brain();
std::unique_ptr<Brain> make_emotion_brain();
std::unique_ptr<Brain> make_genetic_brain();

// The neighbour of view.self() that gets closest to `target` (Chebyshev distance, then
// Euclidean), walkable and unoccupied, strictly closer than where it stands (ties: the
// order of k_directions8); {0, 0} when none is. Cheap: 8 cells, no path-finding.
Point step_toward(const View& view, Point target);
// When step_toward finds none (a monster or a corner in the way): a random free neighbour
// (one draw of `rng`) no farther from `target` in Chebyshev distance, to get round it;
// {0, 0} (no draw) when there is none.
Point sidestep_toward(const View& view, Point target, Rng& rng);

}  // namespace yendor::ai
