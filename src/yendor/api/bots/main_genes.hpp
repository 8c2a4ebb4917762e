#pragma once
// A main-rules genome (api/bots/main_genome.hpp) as a flat list of genes for the evolution
// (api/bots/evolution.hpp): the priorities first, then the switches, the health shares and
// the counts. hungry_below is a share of 1000 turns; fight_samples counts from 1.

#include <span>
#include <vector>

#include "yendor/api/bots/evolution_rules.hpp"
#include "yendor/api/bots/main_genome.hpp"

namespace yendor::api::bots {

inline constexpr int k_main_gene_count = 2 * k_main_rules_count + 5 + 2;  // 33

GeneKind main_gene_kind(int gene);
int main_gene_count_max(int gene);
std::vector<double> main_genes_of(const MainGenome& genome);
// Genes outside their ranges are clamped (rounded for integers and flags).
MainGenome main_genome_of(std::span<const double> genes);

}  // namespace yendor::api::bots
