// The stateless brain (thesis 4.2): a decision tree of condition -> behaviour rules read from
// data ("[tree.NAME]", decision_tree.hpp), walked from the root every turn. Without tactics it
// runs the thesis prototype's "look and chase" actor (5.4). Its only memory is what every
// data-driven brain keeps through perceive() (awake, the last known place of the player).
#include <memory>

#include "yendor/ai/behaviour.hpp"
#include "yendor/ai/brain.hpp"
#include "yendor/ai/decision_tree.hpp"
#include "yendor/ai/library.hpp"

namespace yendor::ai {
namespace {

const DecisionTree& default_tree() {
  static const DecisionTree tree = look_and_chase_tree();
  return tree;
}

class StatelessBrain final : public Brain {
 public:
  const BrainInfo& info() const override { return info_; }

  int resolve(const Library& library, std::string_view name) const override {
    if (name.empty()) return -1;
    return find_entry(library.trees, name, "decision tree");
  }

  Decision decide(const View& view, Memory& memory, Rng& rng) const override {
    perceive(view, memory);
    const auto& trees = view.library().trees;
    const int tactics = view.tactics();
    const DecisionTree& tree = tactics >= 0 && static_cast<std::size_t>(tactics) < trees.size()
                                   ? trees[static_cast<std::size_t>(tactics)]
                                   : default_tree();
    return perform(tree.choose(view, memory, rng), view, memory, rng);
  }

 private:
  BrainInfo info_{
      "stateless",
      "Walks a decision tree of condition -> behaviour rules from data every turn; by default "
      "the thesis's look-and-chase actor.",
      "thesis 4.2 (stateless actors) and 5.4 (the prototype's \"look and chase\"); FAQ 'How do "
      "you create a monster AI?'",
      "A stateless actor is a set of cause-effect rules checked every turn (thesis 4.2). Here "
      "the rules are a binary decision tree from data ([tree.NAME] in data/ai/*.toml): each "
      "inner node tests one named condition (sees_player, adjacent_player, hp_below:0.3, "
      "can_fire, cornered, ...) and goes to its `then` or `else` branch; each leaf is a "
      "behaviour (attack, chase, fire, flee, wander, ...). The tree is flattened into an array "
      "at load time, so a turn is a short walk with no allocation. Without tactics a monster "
      "runs the built-in look_and_chase tree, the thesis prototype's actor (5.4: once it sees "
      "the player it charges): attack the adjacent player, chase the player it sees, wander "
      "otherwise. Like every data-driven brain it first updates the shared memory (waking and "
      "noting where it saw the player), so a tree may use remembers_player and search.",
      "tree"};
};

}  // namespace

std::unique_ptr<Brain> make_stateless_brain() {
  return std::make_unique<StatelessBrain>();
}

}  // namespace yendor::ai
