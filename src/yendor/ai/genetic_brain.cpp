// The genetic brain (thesis 4.5, after Dillinger): each monster runs one decision tree of a
// population evolved offline ("[evolved.NAME]", evolved_population.hpp; tree_genetics.hpp has
// the gene map, crossover, mutation and the Table 4.2 selection). Memory.genome says which;
// a monster without one draws it from the population at its first decision. The game counts
// what it cost the player (Memory.damage_dealt, turns_alive): the fitness of the next run.
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

class GeneticBrain final : public Brain {
 public:
  const BrainInfo& info() const override { return info_; }

  int resolve(const Library& library, std::string_view name) const override {
    if (name.empty()) return -1;
    return find_entry(library.evolved, name, "evolved population");
  }

  Decision decide(const View& view, Memory& memory, Rng& rng) const override {
    perceive(view, memory);
    const auto& populations = view.library().evolved;
    const int tactics = view.tactics();
    const DecisionTree* tree = &default_tree();
    if (tactics >= 0 && static_cast<std::size_t>(tactics) < populations.size()) {
      const auto& trees = populations[static_cast<std::size_t>(tactics)].trees;
      if (!trees.empty()) {
        const auto size = static_cast<std::uint32_t>(trees.size());
        // Unset, or out of range after the data changed under a saved game: draw one.
        if (memory.genome < 0 || static_cast<std::uint32_t>(memory.genome) >= size)
          memory.genome = static_cast<std::int32_t>(rng.below(size));
        tree = &trees[static_cast<std::size_t>(memory.genome)];
      }
    }
    return perform(tree->choose(view, memory, rng), view, memory, rng);
  }

 private:
  BrainInfo info_{
      "genetic",
      "Runs a decision tree evolved offline by a genetic algorithm (one genome of the "
      "population per monster).",
      "thesis 4.5 (genetic algorithms, after Dillinger) and Table 4.2 (degrees of elitism); "
      "4.2 for the trees",
      "Dillinger's approach (thesis 4.5): a stateless decision tree is the chromosome. The "
      "gene map is a complete binary tree of fixed depth D stored as two vectors (the 2^D - 1 "
      "conditions of the inner nodes in pre-order, the 2^D behaviours of the leaves left to "
      "right), so every individual has the same shape, the same gene means the same thing in "
      "all of them, and every sub-tree is a contiguous block of genes. Offline, `yendor "
      "evolve-monsters` breeds a population: pick three at random, rank them by fitness, draw "
      "the one that breeds and the one that is replaced with the percentages of Table 4.2 "
      "(normal, small or slight elitism); the child is the breeder with one sub-tree swapped "
      "in from a mate and, with the mutation chance, a few genes redrawn. Fitness is what the "
      "monster cost the player over its life (damage dealt, turns it lasted). The run writes "
      "[evolved.NAME] to data/ai; in the game each monster draws one genome of its kind's "
      "population (Memory.genome) at its first decision and walks that tree every turn. "
      "Without tactics it runs the look_and_chase tree.",
      "evolved"};
};

}  // namespace

std::unique_ptr<Brain> make_genetic_brain() {
  return std::make_unique<GeneticBrain>();
}

}  // namespace yendor::ai
