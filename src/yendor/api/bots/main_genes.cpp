#include "yendor/api/bots/main_genes.hpp"

#include <algorithm>
#include <cmath>

namespace yendor::api::bots {

namespace {

constexpr int k_on_first = k_main_rules_count;
constexpr int k_shares_first = 2 * k_main_rules_count;  // drink, escape, rest, keep, hungry
constexpr int k_samples = k_shares_first + 5;
constexpr int k_raise = k_samples + 1;
static_assert(k_raise + 1 == k_main_gene_count);
constexpr double k_hungry_scale = 1000;

double clamp_gene(int gene, double v) {
  return clamp_gene_value(main_gene_kind(gene), v, main_gene_count_max(gene));
}

}  // namespace

GeneKind main_gene_kind(int gene) {
  if (gene < k_on_first) return GeneKind::priority;
  if (gene < k_shares_first) return GeneKind::flag;
  if (gene < k_samples) return GeneKind::share;
  return GeneKind::count;
}

int main_gene_count_max(int gene) {
  return gene == k_samples ? k_max_fight_samples - 1 : gene == k_raise ? 2 : 0;
}

std::vector<double> main_genes_of(const MainGenome& g) {
  std::vector<double> out;
  out.reserve(k_main_gene_count);
  for (double p : g.priority)
    out.push_back(p);
  for (bool b : g.on)
    out.push_back(b ? 1 : 0);
  out.push_back(g.drink_below);
  out.push_back(g.escape_below);
  out.push_back(g.rest_below);
  out.push_back(g.fight_keep);
  out.push_back(std::min(1.0, g.hungry_below / k_hungry_scale));
  out.push_back(g.fight_samples - 1);
  out.push_back(g.raise);
  return out;
}

MainGenome main_genome_of(std::span<const double> genes) {
  MainGenome g;
  int i = 0;
  const auto next = [&] {
    const double v = clamp_gene(i, genes[static_cast<std::size_t>(i)]);
    ++i;
    return v;
  };
  for (double& p : g.priority)
    p = next();
  for (std::size_t k = 0; k < g.on.size(); ++k)
    g.on[k] = next() > 0.5;
  g.drink_below = next();
  g.escape_below = next();
  g.rest_below = next();
  g.fight_keep = next();
  g.hungry_below = static_cast<int>(std::lround(next() * k_hungry_scale));
  g.fight_samples = static_cast<int>(next()) + 1;
  g.raise = static_cast<int>(next());
  return g;
}

}  // namespace yendor::api::bots
