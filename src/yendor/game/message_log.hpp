#pragma once
// The game's message log: the last `capacity` messages, oldest first, kept in one text
// buffer. A game state is copied whole by clones, snapshots and search; a hundred separate
// strings made every copy a hundred allocations, where this is two buffers' worth of bytes.
// Adding past the capacity drops the oldest in amortized constant time (the dropped text is
// compacted away once as many have gone as the log holds).

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace yendor::game {

class MessageLog {
 public:
  explicit MessageLog(std::size_t capacity = 100) : capacity_(capacity) {}
  MessageLog(std::initializer_list<std::string_view> messages, std::size_t capacity = 100);

  std::size_t size() const { return ends_.size() - first_; }
  bool empty() const { return size() == 0; }
  std::size_t capacity() const { return capacity_; }
  // The i-th message, 0 the oldest kept. Valid until the log changes.
  std::string_view operator[](std::size_t i) const;
  std::string_view back() const { return (*this)[size() - 1]; }

  // Appends a message, dropping the oldest when the log is full.
  void push_back(std::string_view message);
  // Removes the `n` newest messages (all of them when there are fewer).
  void drop_newest(std::size_t n);
  void clear();

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = std::string_view;
    const_iterator() = default;
    const_iterator(const MessageLog* log, std::size_t i) : log_(log), i_(i) {}
    std::string_view operator*() const { return (*log_)[i_]; }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator was = *this;
      ++i_;
      return was;
    }
    bool operator==(const const_iterator& o) const { return i_ == o.i_; }

   private:
    const MessageLog* log_ = nullptr;
    std::size_t i_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size()}; }

  // Equal when they hold the same messages in the same order (and have the same capacity).
  bool operator==(const MessageLog& other) const;

 private:
  std::size_t start_of(std::size_t index) const { return index == 0 ? 0 : ends_[index - 1]; }
  void compact();

  std::size_t capacity_;
  std::string text_;                 // every kept message (and some dropped ones), end to end
  std::vector<std::uint32_t> ends_;  // where each message in text_ ends
  std::size_t first_ = 0;            // ends_[first_] is the oldest message still in the log
};

}  // namespace yendor::game
