#pragma once
// Things registered by name (generators, feature passes), kept in the order they were added,
// which is the order `yendor gen list` and the docs show them in.

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "yendor/core/error.hpp"

namespace yendor {

// T has info().name. `kind` names one entry in messages ("generator"), `kinds` several.
template <typename T>
class NamedRegistry {
 public:
  NamedRegistry(std::string kind, std::string kinds)
      : kind_(std::move(kind)), kinds_(std::move(kinds)) {}

  // std::logic_error on a duplicate name (a programming error).
  void add(std::unique_ptr<T> entry) {
    if (find(entry->info().name) != nullptr)
      throw std::logic_error("duplicate " + kind_ + " " + entry->info().name);
    entries_.push_back(std::move(entry));
  }

  const T* find(std::string_view name) const {
    for (const auto& e : entries_)
      if (e->info().name == name) return e.get();
    return nullptr;
  }

  // Throws InputError naming the unknown entry and listing the known ones.
  const T& get(std::string_view name) const {
    if (const T* e = find(name)) return *e;
    std::string known;
    for (const auto& e : entries_)
      known += (known.empty() ? "" : ", ") + e->info().name;
    throw InputError("unknown " + kind_ + " '" + std::string(name) + "' (" + kinds_ + ": " + known +
                     ")");
  }

  std::vector<const T*> all() const {
    std::vector<const T*> out;
    for (const auto& e : entries_)
      out.push_back(e.get());
    return out;
  }

 private:
  std::string kind_, kinds_;
  std::vector<std::unique_ptr<T>> entries_;
};

}  // namespace yendor
