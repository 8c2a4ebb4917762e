#pragma once
// Monster AI: the brain interface and the registry of brains by name. A brain sees the world
// only through ai::View (what the game lets a monster know) and answers with a Decision; the
// game carries it out under the same rules as the player's actions. One brain per file
// (chase_brain.cpp, ...); `yendor ai list` and docs come from the registry.
//
// Brains are stateless objects: what a monster remembers lives in its ai::Memory, which the
// game stores (and saves) with the monster.

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "yendor/core/geometry.hpp"
#include "yendor/core/named_registry.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::ai {

// What a monster remembers between turns. Brains own the meaning of `state`, `counter`
// and `scratch`; the game only saves them.
struct Memory {
  bool awake = false;
  bool has_target = false;
  Point target{};  // where it last saw the player, or where it is going
  std::int32_t state = 0;
  std::int32_t counter = 0;
  std::array<std::int32_t, 4> scratch{};
  bool operator==(const Memory&) const = default;
};

// What the game tells a brain. Queries are cheap (the game keeps an occupancy grid and the
// player's view), so a brain may call them freely.
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
  // It has a ranged attack and the player is within its range and line of fire.
  virtual bool can_fire_at_player() const = 0;
};

enum class DecisionKind : std::uint8_t {
  wait,
  step,    // move (or attack, if the player is there) one cell in `dir`
  attack,  // melee the player, who is adjacent in `dir`
  fire,    // use the ranged attack on the player
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
};

class Brain {
 public:
  virtual ~Brain() = default;
  virtual const BrainInfo& info() const = 0;
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

// The neighbour of view.self() that gets closest to `target` (Chebyshev distance, then
// Euclidean), walkable and unoccupied, strictly closer than where it stands (ties: the
// order of k_directions8); {0, 0} when none is. Cheap: 8 cells, no path-finding.
Point step_toward(const View& view, Point target);

}  // namespace yendor::ai
