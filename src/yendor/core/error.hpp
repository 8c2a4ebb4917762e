#pragma once
// Errors that travel with the call. Every message is one line meant for a user: it names
// what was wrong (the file, the parameter, the value) and never the internals.

#include <stdexcept>
#include <string>

namespace yendor {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bad input from a user: arguments, parameter values, files. Front ends exit with code 2.
class InputError : public Error {
 public:
  using Error::Error;
};

// The file system refused (unwritable path, missing file).
class IoError : public Error {
 public:
  using Error::Error;
};

}  // namespace yendor
