#include "yendor/game/occupancy.hpp"

#include <algorithm>
#include <stdexcept>

namespace yendor::game {
namespace {

int blocks_across(int cells, int side) {
  return (cells + side - 1) / side;
}

}  // namespace

Occupancy::Occupancy(Size size) : size_(size) {
  if (size.width < 0 || size.height < 0) throw std::invalid_argument("Occupancy: negative size");
  blocks_wide_ = blocks_across(size.width, k_block);
  words_wide_ = blocks_across(size.width, k_word_side);
  blocks_.resize(static_cast<std::size_t>(blocks_wide_) *
                 static_cast<std::size_t>(blocks_across(size.height, k_block)));
  bits_.resize(static_cast<std::size_t>(words_wide_) *
               static_cast<std::size_t>(blocks_across(size.height, k_word_side)));
}

ActorId Occupancy::at(Point p) const {
  if (!in_bounds(p)) throw std::out_of_range("Occupancy::at: outside the map");
  return cell(p);
}

void Occupancy::set(Point p, ActorId id) {
  blocks_[block_index(p)].ids[index_in_block(p)] = id;
  const std::uint64_t bit = std::uint64_t{1} << bit_index(p);
  std::uint64_t& word = bits_[word_index(p)];
  word = id == 0 ? word & ~bit : word | bit;
}

void Occupancy::clear() {
  for (Block& b : blocks_)
    b.ids.fill(0);
  std::fill(bits_.begin(), bits_.end(), 0);
}

bool Occupancy::operator==(const Occupancy& o) const {
  if (size_ != o.size_) return false;
  for (std::size_t i = 0; i < blocks_.size(); ++i)
    if (blocks_[i].ids != o.blocks_[i].ids) return false;
  return true;
}

}  // namespace yendor::game
