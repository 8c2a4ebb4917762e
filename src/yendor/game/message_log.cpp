#include "yendor/game/message_log.hpp"

#include <algorithm>
#include <stdexcept>

namespace yendor::game {

MessageLog::MessageLog(std::initializer_list<std::string_view> messages, std::size_t capacity)
    : capacity_(capacity) {
  for (const std::string_view m : messages)
    push_back(m);
}

std::string_view MessageLog::operator[](std::size_t i) const {
  const std::size_t index = first_ + i;
  const std::size_t from = start_of(index);
  return std::string_view(text_).substr(from, ends_[index] - from);
}

void MessageLog::push_back(std::string_view message) {
  if (capacity_ == 0) return;
  if (text_.size() + message.size() > UINT32_MAX)
    throw std::length_error("message log: more text than it can index");
  text_.append(message);
  ends_.push_back(static_cast<std::uint32_t>(text_.size()));
  if (size() > capacity_) ++first_;
  if (first_ >= capacity_) compact();
}

void MessageLog::compact() {
  const std::size_t cut = start_of(first_);
  text_.erase(0, cut);
  ends_.erase(ends_.begin(), ends_.begin() + static_cast<std::ptrdiff_t>(first_));
  for (std::uint32_t& e : ends_)
    e -= static_cast<std::uint32_t>(cut);
  first_ = 0;
}

void MessageLog::drop_newest(std::size_t n) {
  n = std::min(n, size());
  ends_.resize(ends_.size() - n);
  text_.resize(ends_.empty() ? 0 : ends_.back());
}

void MessageLog::clear() {
  text_.clear();
  ends_.clear();
  first_ = 0;
}

bool MessageLog::operator==(const MessageLog& other) const {
  if (capacity_ != other.capacity_ || size() != other.size()) return false;
  for (std::size_t i = 0; i < size(); ++i)
    if ((*this)[i] != other[i]) return false;
  return true;
}

}  // namespace yendor::game
