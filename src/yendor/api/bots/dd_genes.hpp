#pragma once
// A dd genome as a flat list of genes (docs/bots.md), for the genetic operators and the
// evolution's checkpoints: the priorities first (the weighted-average crossover works on
// them), then switches, potion limits, shares, the reserve and the convert flags, each gene
// with its kind and range.

#include <array>
#include <span>
#include <vector>

#include "yendor/api/bots/dd_genome.hpp"
#include "yendor/api/bots/evolution_rules.hpp"

namespace yendor::api::bots {

inline constexpr int k_priority_genes = k_main_count + k_attack_count;  // 23
inline constexpr int k_gene_count = k_priority_genes + k_main_count + k_attack_count +
                                    2 * k_monster_level_count + 3 + k_max_genome_spells;  // 85

GeneKind gene_kind(int gene);  // counts: 0..k_max_potions_per_fight
std::vector<double> genes_of(const DdGenome& genome);
// Genes outside their ranges are clamped (rounded for integers and flags).
DdGenome genome_of(std::span<const double> genes);

}  // namespace yendor::api::bots
