#include "yendor/game/occupancy.hpp"

#include <stdexcept>

namespace yendor::game {
namespace {

Size blocks_for(Size size) {
  if (size.width < 0 || size.height < 0) throw std::invalid_argument("Occupancy: negative size");
  const auto up = [](int n) { return (n + Occupancy::k_block - 1) / Occupancy::k_block; };
  return {up(size.width), up(size.height)};
}

}  // namespace

Occupancy::Occupancy(Size size) : size_(size), counts_(blocks_for(size), 0) {
  blocks_.resize(counts_.cells().size());
}

ActorId Occupancy::at(Point p) const {
  if (!in_bounds(p)) throw std::out_of_range("Occupancy::at: outside the map");
  return cell(p);
}

void Occupancy::set(Point p, ActorId id) {
  ActorId& cell = blocks_[block_index(p)].ids[index_in_block(p)];
  if ((cell == 0) != (id == 0)) {
    std::uint8_t& count = counts_[{p.x / k_block, p.y / k_block}];
    count = static_cast<std::uint8_t>(id == 0 ? count - 1 : count + 1);
  }
  cell = id;
}

void Occupancy::clear() {
  for (Block& b : blocks_)
    b.ids.fill(0);
  counts_.fill(0);
}

bool Occupancy::operator==(const Occupancy& o) const {
  if (size_ != o.size_) return false;
  for (std::size_t i = 0; i < blocks_.size(); ++i)
    if (blocks_[i].ids != o.blocks_[i].ids) return false;
  return true;
}

}  // namespace yendor::game
