#pragma once
// Behaviour trees (thesis 4.6, after Carlisle: the tree is the specialist that reads the
// blackboard), the "[bt.NAME]" entries of data/ai/*.toml:
//
//   [bt.brave]
//   description = "fights when angry, runs when afraid"
//   root = { selector = [
//     { sequence = ["$fear>600", "@flee"] },
//     { sequence = ["anger_above:0.5", "@attack"] },
//     "@hold",
//   ] }
//
// A node is a text leaf or a table holding exactly one node kind:
//   "name[:value]", "!name"  a condition of the shared vocabulary (condition.hpp)
//   "$key>500"               a test of a number the monster keeps (BtKey; > >= < <= == !=)
//   "@behaviour"             an action (behaviour.hpp)
//   { sequence = [...] }     its children in order until one does not succeed
//   { selector = [...] }     its children in order until one does not fail
//   { random = [...], weights = [2, "openness", "!conscientiousness"] }
//                            a selector trying its children in a random order drawn by
//                            weight (a number, a trait's value 0..1 or "!trait", 1 - value)
//   { inverter = node }, { succeeder = node }, { failer = node }   decorators
//
// One tick is one monster turn. A node ends with success, failure or `acted`: an action acts
// when its behaviour does something this turn (any decision but a wait; hold and sleep always
// act, their wait is the deed) and fails otherwise. `acted` ends the tick at once from any
// depth (like "running" in the usual formulation): the monster has spent its turn. A tick that
// ends without an action acting decides a wait.
//
// Trees are flattened at parse time into one array in pre-order (document order): node i's
// children follow it, its subtree is [i, end). Ticking allocates nothing and reads no text.
#include <toml++/toml.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/condition.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/core/toml_where.hpp"

namespace yendor::ai {

enum class BtNodeKind : std::uint8_t {
  sequence,
  selector,
  random,  // weighted random-order selector
  inverter,
  succeeder,
  failer,
  condition,  // a shared condition
  test,       // "$key op value"
  action,     // "@behaviour"
  count
};

// The blackboard: what the appraisal writes for the tree to read (Memory::blackboard slots).
enum class BlackboardKey : std::uint8_t {
  threat,      // the player's share of the strength in sight, 0..1000 (0: not seen)
  allies,      // awake monsters it sees within 5 cells
  provoked,    // turns left of being provoked (hurt, or kin died in view): 10 then down to 0
  seen_turns,  // turns in a row it has seen the player (0: not now)
  lost_turns,  // turns since it last saw the player (0 while it sees him; capped at 1000)
  hp,          // its hit points, thousandths of its maximum
  player_hp,   // the player's hit points when last seen, thousandths of his maximum
  kin_lost,    // monsters of its kind it has seen die (capped at 1000)
  count
};
inline constexpr int k_blackboard_count = static_cast<int>(BlackboardKey::count);
static_assert(k_blackboard_count == std::tuple_size_v<decltype(Memory::blackboard)>);

// What "$key" tests may read, all integers: the blackboard, the emotions (0..1000), the mood
// (-1000..1000) and the personality traits (0..1000).
enum class BtKey : std::uint8_t {
  threat,
  allies,
  provoked,
  seen_turns,
  lost_turns,
  hp,
  player_hp,
  kin_lost,
  anger,
  fear,
  joy,
  distress,
  mood,
  openness,
  conscientiousness,
  extraversion,
  agreeableness,
  neuroticism,
  count
};
std::string_view to_string(BtKey key);
std::string_view to_string(BlackboardKey key);
// A personality trait, 0..1000; a personality never rolled (all five zero) reads as average
// (500 each), so a monster the game did not instance behaves as a middling one.
std::int32_t trait_value(const Memory& memory, Trait trait);
// The value of `key` in `memory`.
std::int32_t read_key(BtKey key, const Memory& memory);

enum class BtCompare : std::uint8_t { greater, greater_equal, less, less_equal, equal, not_equal };

struct BtTest {
  BtKey key = BtKey::threat;
  BtCompare compare = BtCompare::greater;
  std::int32_t value = 0;
  bool operator==(const BtTest&) const = default;
};
bool passes(const BtTest& test, std::int32_t value);

// A child's weight under a random node: `milli` thousandths, or a trait's value (0..1000),
// or 1000 minus it when `inverse`.
struct BtWeight {
  std::int32_t milli = 1000;
  std::int8_t trait = -1;  // a Trait, or -1 for the constant
  bool inverse = false;
  bool operator==(const BtWeight&) const = default;
};

struct BtNode {
  BtNodeKind kind = BtNodeKind::sequence;
  std::uint16_t end = 0;                  // one past the last node of its subtree
  Condition condition{};                  // kind condition
  BtTest test{};                          // kind test
  Behaviour behaviour = Behaviour::hold;  // kind action
  BtWeight weight{};                      // its weight when its parent is a random node
  bool operator==(const BtNode&) const = default;
};

inline constexpr int k_bt_max_depth = 16;     // the root is at depth 1
inline constexpr int k_bt_max_children = 32;  // per composite node
inline constexpr int k_bt_max_nodes = 1024;

struct BehaviourTree {
  std::string name;
  std::string description;
  std::vector<BtNode> nodes;  // pre-order; nodes[0] is the root
  bool operator==(const BehaviourTree&) const = default;
};

// Reads one "[bt.NAME]" entry (fields root, description); errors through `where` naming the
// node's path, e.g. "field 'root.selector[1].sequence[0]': unknown behaviour 'flea' (...)".
BehaviourTree parse_behaviour_tree(const toml::table& table, const TomlWhere& where,
                                   const std::string& name);
// Reads one node (text or table) at `field` as a whole tree (for built-in trees and tests).
BehaviourTree parse_behaviour_tree_node(const toml::node& node, const TomlWhere& where,
                                        std::string_view field);

std::string_view to_string(BtNodeKind kind);
int tree_depth(const BehaviourTree& tree);  // 0 for an empty tree

enum class BtStatus : std::uint8_t { failure, success, acted };

// What a tick's leaves answer. The game's leaves (WorldLeaves) read the view and the memory;
// tests script them.
class BtLeaves {
 public:
  virtual ~BtLeaves() = default;
  // A condition or test leaf.
  virtual bool holds(const BtNode& leaf) = 0;
  // An action leaf: true when it acts this turn, with its decision in `decision`.
  virtual bool act(const BtNode& leaf, Decision& decision) = 0;
  // A personality trait, 0..1000 (random nodes' trait weights).
  virtual std::int32_t trait(Trait trait) = 0;
};

// The leaves of a monster: conditions through holds(), tests through read_key(), actions
// through perform(); hold and sleep always act, other actions act unless they decide a wait.
class WorldLeaves final : public BtLeaves {
 public:
  WorldLeaves(const View& view, Memory& memory, Rng& rng)
      : view_(view), memory_(memory), rng_(rng) {}
  bool holds(const BtNode& leaf) override;
  bool act(const BtNode& leaf, Decision& decision) override;
  std::int32_t trait(Trait trait) override;

 private:
  const View& view_;
  Memory& memory_;
  Rng& rng_;
};

struct BtResult {
  BtStatus status = BtStatus::failure;
  Decision decision{};  // the acting action's; a wait when nothing acted
};

// One tick from the root. `rng` orders random nodes (conditions draw from their leaves').
BtResult tick(const BehaviourTree& tree, BtLeaves& leaves, Rng& rng);

}  // namespace yendor::ai
