#pragma once
// Monster genetics, after the FAQ ("How do you add variety to your monsters?"): every monster
// carries genes for health, attack, defence and speed (Genes in state.hpp), each a multiplier
// within ±5 % of its kind's normal. A monster made when a level is made inherits them from two
// parents among the survivors of its kind — the monsters of that kind alive on the levels
// made before, weighted by what they achieved — by crossover and a little mutation; with fewer
// than two survivors its genes are rolled fresh. Monsters the player kills never pass their
// genes on, so over a game a kind drifts towards what survives him. docs/rules.md, "Monster
// genetics".

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "yendor/ai/brain.hpp"
#include "yendor/core/rng.hpp"
#include "yendor/game/state.hpp"

namespace yendor::game {

inline constexpr std::int32_t k_gene_min = k_gene_base - k_gene_spread;  // 950: -5 %
inline constexpr std::int32_t k_gene_max = k_gene_base + k_gene_spread;  // 1050: +5 %
// A child's gene mutates with this chance by up to this much (thousandths) either way.
inline constexpr double k_mutation_chance = 0.25;
inline constexpr std::int32_t k_mutation_step = 10;

// `value` times `gene` (thousandths), rounded to nearest (halves up), at least 1.
int apply_gene(int value, std::int32_t gene);

// The to-hit chance `chance` (percent, before the 5-95 clamp) of an attacker with genes
// `attacker` against a defender with genes `defender`: chance × attack / defence, rounded.
// Neutral genes leave it unchanged.
int gene_to_hit(int chance, const Genes& attacker, const Genes& defender);

// A genome with no parents: each gene uniform in k_gene_min..k_gene_max.
Genes fresh_genes(Rng& rng);

// The child of `a` and `b`: per gene, a's, b's or their mean (rounded down), each with chance
// 1/3 (the FAQ's "random selection and averaging"); then, with k_mutation_chance, plus a
// uniform -k_mutation_step..k_mutation_step; clamped to k_gene_min..k_gene_max.
Genes cross_genes(const Genes& a, const Genes& b, Rng& rng);

// A survivor that may pass its genes on, and how much it counts.
struct GeneParent {
  Genes genes{};
  std::uint32_t weight = 1;
  bool operator==(const GeneParent&) const = default;
};

// How much a living monster counts as a parent, from what it achieved (its memory): 1 for
// surviving, plus 1 per 100 turns it has been awake (at most 1000), plus 1 per hit point it
// took from the player (at most 1000).
std::uint32_t breeding_weight(const ai::Memory& memory);

// The gene pools: for each monster kind (index into Content::monsters, `kind_count` of them),
// every living monster (hp > 0) of that kind on the made levels, levels by depth and monsters
// in id order (the order the state keeps them in).
std::vector<std::vector<GeneParent>> gene_pools(const GameState& state, std::size_t kind_count);

// A newborn's genes from its kind's pool: two different parents drawn by weight, crossed
// (cross_genes); fresh_genes when the pool holds fewer than two.
Genes inherit_genes(std::span<const GeneParent> pool, Rng& rng);

}  // namespace yendor::game
