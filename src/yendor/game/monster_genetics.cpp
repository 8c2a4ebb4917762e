// Monster genetics (docs/rules.md, "Monster genetics"): applying, rolling, crossing and
// inheriting genes.
#include "yendor/game/monster_genetics.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace yendor::game {
namespace {

constexpr std::uint32_t k_turns_per_weight = 100;
constexpr std::int32_t k_max_turns_weight = 1000;
constexpr std::int32_t k_max_damage_weight = 1000;

// The genes as an array, in Genes order, so crossover treats each alike.
std::array<std::int32_t, 4> as_array(const Genes& g) {
  return {g.health, g.attack, g.defence, g.speed};
}

Genes from_array(const std::array<std::int32_t, 4>& a) {
  Genes g;
  g.health = a[0];
  g.attack = a[1];
  g.defence = a[2];
  g.speed = a[3];
  return g;
}

std::int32_t clamp_gene(std::int32_t v) {
  return std::clamp(v, k_gene_min, k_gene_max);
}

// An index of `weights` drawn by weight (total > 0), skipping `skip`.
std::size_t pick_weighted(std::span<const GeneParent> pool, std::size_t skip, std::uint64_t total,
                          Rng& rng) {
  std::uint64_t r = total <= 0xffffffffULL ? rng.below(static_cast<std::uint32_t>(total))
                                           : rng.next_u64() % total;
  for (std::size_t i = 0; i < pool.size(); ++i) {
    if (i == skip) continue;
    if (r < pool[i].weight) return i;
    r -= pool[i].weight;
  }
  return pool.size() - 1;  // unreachable: r < total
}

}  // namespace

int apply_gene(int value, std::int32_t gene) {
  const std::int64_t scaled = (std::int64_t{value} * gene * 2 + k_gene_base) / (2 * k_gene_base);
  return static_cast<int>(std::clamp<std::int64_t>(scaled, 1, 1'000'000'000));
}

int gene_to_hit(int chance, const Genes& attacker, const Genes& defender) {
  if (attacker.attack == defender.defence) return chance;  // neutral: exact
  const std::int64_t defence = std::max(defender.defence, 1);
  const std::int64_t num = std::int64_t{chance} * attacker.attack * 2;
  // Rounded to nearest; negative chances (clamped to 5 % by the caller) round toward zero.
  const std::int64_t scaled = (num + (num >= 0 ? defence : -defence)) / (2 * defence);
  return static_cast<int>(std::clamp<std::int64_t>(scaled, -1'000'000, 1'000'000));
}

Genes fresh_genes(Rng& rng) {
  std::array<std::int32_t, 4> g{};
  for (std::int32_t& v : g)
    v = rng.range(k_gene_min, k_gene_max);
  return from_array(g);
}

Genes cross_genes(const Genes& a, const Genes& b, Rng& rng) {
  const auto ga = as_array(a), gb = as_array(b);
  std::array<std::int32_t, 4> child{};
  for (std::size_t i = 0; i < child.size(); ++i) {
    switch (rng.below(3)) {
      case 0:
        child[i] = ga[i];
        break;
      case 1:
        child[i] = gb[i];
        break;
      default:
        child[i] = (ga[i] + gb[i]) / 2;
        break;
    }
    if (rng.chance(k_mutation_chance)) child[i] += rng.range(-k_mutation_step, k_mutation_step);
    child[i] = clamp_gene(child[i]);
  }
  return from_array(child);
}

std::uint32_t breeding_weight(const ai::Memory& memory) {
  const std::int32_t turns = std::clamp<std::int32_t>(
      memory.turns_alive / static_cast<std::int32_t>(k_turns_per_weight), 0, k_max_turns_weight);
  const std::int32_t damage = std::clamp<std::int32_t>(memory.damage_dealt, 0, k_max_damage_weight);
  return 1u + static_cast<std::uint32_t>(turns) + static_cast<std::uint32_t>(damage);
}

std::vector<std::vector<GeneParent>> gene_pools(const GameState& state, std::size_t kind_count) {
  std::vector<std::vector<GeneParent>> pools(kind_count);
  for (const LevelState& level : state.dungeon) {
    if (level.depth == 0) continue;  // not made yet
    for (const Actor& m : level.monsters) {
      if (m.hp <= 0 || m.kind < 0 || static_cast<std::size_t>(m.kind) >= kind_count) continue;
      pools[static_cast<std::size_t>(m.kind)].push_back(
          GeneParent{m.genes, breeding_weight(m.memory)});
    }
  }
  return pools;
}

Genes inherit_genes(std::span<const GeneParent> pool, Rng& rng) {
  std::uint64_t total = 0;
  std::size_t parents = 0;
  for (const GeneParent& p : pool) {
    total += p.weight;
    parents += p.weight > 0 ? 1 : 0;
  }
  if (parents < 2) return fresh_genes(rng);
  const std::size_t first = pick_weighted(pool, pool.size(), total, rng);
  const std::size_t second = pick_weighted(pool, first, total - pool[first].weight, rng);
  return cross_genes(pool[first].genes, pool[second].genes, rng);
}

}  // namespace yendor::game
