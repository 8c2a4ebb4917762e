#include "yendor/api/bots/dd_genes.hpp"

#include <algorithm>
#include <cmath>

namespace yendor::api::bots {

namespace {

constexpr int k_on_first = k_priority_genes;
constexpr int k_potions_first = k_on_first + k_main_count + k_attack_count;
constexpr int k_heal_below = k_potions_first + 2 * k_monster_level_count;
constexpr int k_drink_below = k_heal_below + 1;
constexpr int k_reserve = k_drink_below + 1;
constexpr int k_convert_first = k_reserve + 1;
static_assert(k_convert_first + k_max_genome_spells == k_gene_count);

double clamp_gene(int gene, double v) {
  return clamp_gene_value(gene_kind(gene), v, k_max_potions_per_fight);
}

}  // namespace

GeneKind gene_kind(int gene) {
  if (gene < k_on_first) return GeneKind::priority;
  if (gene < k_potions_first) return GeneKind::flag;
  if (gene < k_heal_below) return GeneKind::count;
  if (gene <= k_drink_below) return GeneKind::share;
  if (gene == k_reserve) return GeneKind::count;
  return GeneKind::flag;
}

std::vector<double> genes_of(const DdGenome& g) {
  std::vector<double> out;
  out.reserve(k_gene_count);
  for (double p : g.main_priority)
    out.push_back(p);
  for (double p : g.attack_priority)
    out.push_back(p);
  for (bool b : g.main_on)
    out.push_back(b ? 1 : 0);
  for (bool b : g.attack_on)
    out.push_back(b ? 1 : 0);
  for (int n : g.health_potions)
    out.push_back(n);
  for (int n : g.mana_potions)
    out.push_back(n);
  out.push_back(g.heal_below);
  out.push_back(g.drink_below);
  out.push_back(g.potion_reserve);
  for (bool b : g.convert)
    out.push_back(b ? 1 : 0);
  return out;
}

DdGenome genome_of(std::span<const double> genes) {
  DdGenome g;
  int i = 0;
  const auto next = [&] {
    const double v = clamp_gene(i, genes[static_cast<std::size_t>(i)]);
    ++i;
    return v;
  };
  for (double& p : g.main_priority)
    p = next();
  for (double& p : g.attack_priority)
    p = next();
  for (std::size_t k = 0; k < g.main_on.size(); ++k)
    g.main_on[k] = next() > 0.5;
  for (std::size_t k = 0; k < g.attack_on.size(); ++k)
    g.attack_on[k] = next() > 0.5;
  for (int& n : g.health_potions)
    n = static_cast<int>(next());
  for (int& n : g.mana_potions)
    n = static_cast<int>(next());
  g.heal_below = next();
  g.drink_below = next();
  g.potion_reserve = static_cast<int>(next());
  for (std::size_t k = 0; k < g.convert.size(); ++k)
    g.convert[k] = next() > 0.5;
  return g;
}

}  // namespace yendor::api::bots
