#pragma once
// A heap array for the large per-cell state of searches: on a 1000x1000 map it is megabytes,
// read and written at cells scattered over the map. An array of 2 MiB or more is placed on a
// 2 MiB boundary and, on Linux, marked for transparent huge pages before its first touch, so
// such a search does not spend most of its time on TLB misses (docs/benchmarks.md: jump-point
// A* on the 1000x1000 cave). Where the kernel declines, or elsewhere, it is an ordinary array.
// Only for trivially copyable T, which `assign` sets without constructing.

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <utility>

namespace yendor {

namespace detail {
// `bytes` (more than 0) of memory aligned as above, released with release_pages and the same
// `bytes`. Throws std::bad_alloc when there is none.
void* allocate_pages(std::size_t bytes);
void release_pages(void* memory, std::size_t bytes) noexcept;
}  // namespace detail

template <class T>
class HugePageArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  HugePageArray() = default;
  HugePageArray(const HugePageArray& other) { copy_from(other); }
  HugePageArray(HugePageArray&& other) noexcept { swap(other); }
  HugePageArray& operator=(const HugePageArray& other) {
    if (this != &other) {
      HugePageArray copy(other);
      swap(copy);
    }
    return *this;
  }
  HugePageArray& operator=(HugePageArray&& other) noexcept {
    HugePageArray taken(std::move(other));
    swap(taken);
    return *this;
  }
  ~HugePageArray() { detail::release_pages(data_, capacity_ * sizeof(T)); }

  // `count` elements, every one `value`. Memory is kept when it is large enough; when new
  // memory cannot be had, std::bad_alloc leaves the array as it was.
  void assign(std::size_t count, const T& value) {
    if (count > capacity_) {
      T* fresh = static_cast<T*>(detail::allocate_pages(count * sizeof(T)));
      detail::release_pages(data_, capacity_ * sizeof(T));
      data_ = fresh;
      capacity_ = count;
    }
    size_ = count;
    std::fill(data_, data_ + size_, value);
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

  void swap(HugePageArray& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

 private:
  void copy_from(const HugePageArray& other) {
    if (other.size_ == 0) return;
    data_ = static_cast<T*>(detail::allocate_pages(other.size_ * sizeof(T)));
    capacity_ = size_ = other.size_;
    std::memcpy(static_cast<void*>(data_), other.data_, size_ * sizeof(T));
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace yendor
