#pragma once
// The evolution behind the `genetic` generator (thesis 3.6, after Valtchanov and Brown): a
// chromosome is a tree of rooms, each child room hanging off a free side of its parent by a
// straight hallway; mutation grows, resizes, relinks and prunes rooms; crossover swaps
// subtrees; tournaments replace their bottom half by children of their top half. Exposed so
// tests can check the operators and the selection apart from the carving.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "yendor/core/geometry.hpp"
#include "yendor/core/rng.hpp"

namespace yendor::genetic {

// Sides of a room, clockwise; a child's hallway leaves its parent through `side` and enters
// the child through the opposite side.
inline constexpr std::uint8_t k_north = 0, k_east = 1, k_south = 2, k_west = 3;

// One room of a chromosome. Rooms are stored parents first (parent < own index), the root at 0.
struct RoomGene {
  std::int16_t parent = -1;  // -1 for the root
  std::uint8_t side = 0;     // the parent's side the hallway leaves through
  std::uint8_t special = 0;  // 1: asks to be a special room (only the first three count)
  std::int16_t width = 0;    // floor cells; 0 marks a room a mutation removed
  std::int16_t height = 0;
  std::int16_t along_parent = 0;  // door offset along the parent's side (root: floor x)
  std::int16_t along_room = 0;    // door offset along the room's own side (root: floor y)
  std::int16_t hall = 0;          // hallway cells between the two doors
  bool operator==(const RoomGene&) const = default;
};

struct EvolutionSettings {
  Size map{80, 50};
  int population = 30;
  int tournament = 4;  // candidates per tournament; the bottom half is replaced
  int max_rooms = 24;  // rooms per chromosome
  int room_min = 3;
  int room_max = 8;
  int hall_max = 6;
  double mutation = 0.8;   // chance a child is mutated
  double crossover = 0.7;  // chance a child is a crossover of two parents (else a copy)
};

// A chromosome placed on the map: room i's floor and, for i > 0, its hallway (the straight
// line of cells from the door in the parent's wall to the door in its own wall, both included).
struct Link {
  Rect room;
  Rect hall;          // empty for the root
  Point parent_door;  // in the parent's wall ring
  Point room_door;    // in this room's wall ring
};
std::vector<Link> decode(std::span<const RoomGene> genes);

// Chromosomes kept by every operator (the evolution repairs each child, dropping rooms that
// break a rule together with their subtrees):
// - a tree: parents before children, at most one child per side, never on the side facing
//   the room's own parent, at most max_rooms rooms;
// - every room (with its wall ring) and hallway inside the map, rooms' floors at least one
//   wall apart, no hallway inside another room's floor or wall ring except its own two doors.
// Hallways may cross each other.
//
// Fitness, exact in integers: with A the rooms' floor cells, B the area of the smallest
// rectangle holding every room's floor, H the hallway cells (doors included), D = max(1,
// (min(map side) - 2) / 2), S = (room_min + room_max)^2 / 2, and for each of the first three
// rooms marked special d = its floor's distance to the map's inner edge (capped at D),
//   fitness = D * (5A - B - 4H - 4S * extra) + 4S * sum(D - d)
// where extra counts special marks beyond three. Divided by 4D, in cells: A - (B - A) / 4 - H
// + S * (1 - d / D) per special room - S per extra mark. It rewards room area, tight clusters
// (each empty cell in the rooms' bounding rectangle costs a quarter), short hallways, and up
// to three special rooms at the map's edges (Valtchanov's fitness model).
class Evolution {
 public:
  // A random initial population: each chromosome grows from a random root by random
  // children at free sides, up to max_rooms or 4 x max_rooms attempts.
  Evolution(const EvolutionSettings& settings, Rng& rng);
  ~Evolution();
  Evolution(const Evolution&) = delete;
  Evolution& operator=(const Evolution&) = delete;

  // One generation: random tournaments; in each, sorted by fitness, the bottom half is
  // replaced by children of the top half (crossover and mutation, then repair).
  void next_generation(Rng& rng);

  int population() const;
  std::span<const RoomGene> chromosome(int i) const;
  std::int64_t fitness(int i) const;
  int best() const;  // highest fitness, lowest index on ties

  // The operators as the evolution applies them, each followed by the repair (for tests).
  std::vector<RoomGene> crossover(int a, int b, Rng& rng);
  std::vector<RoomGene> mutate(int a, Rng& rng);
  // The repaired chromosome (valid as above) and its fitness.
  std::vector<RoomGene> repair(std::span<const RoomGene> genes, std::int64_t* fitness = nullptr);

 private:
  std::vector<RoomGene> repaired(int n);  // the workspace's candidate, as the evolution repairs it

  struct Workspace;
  std::unique_ptr<Workspace> work_;
};

}  // namespace yendor::genetic
