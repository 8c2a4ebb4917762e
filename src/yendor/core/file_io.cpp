#include "yendor/core/file_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "yendor/core/error.hpp"

namespace yendor {

namespace {
std::string system_error(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}
}  // namespace

void write_file_atomic(const std::string& path, std::string_view bytes) {
  if (path.empty()) throw IoError("cannot write: empty output path");
  // A fresh name beside the target (same file system, so rename is atomic). O_EXCL with mode
  // 0666 lets the umask set the permissions, as for any new file.
  static std::atomic<unsigned> counter{0};
  std::string temp_name;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
    temp_name = path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
    fd = ::open(temp_name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) throw IoError(system_error("cannot write", path));

  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string message = system_error("cannot write", path);
      ::close(fd);
      ::unlink(temp_name.c_str());
      throw IoError(message);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const std::string message = system_error("cannot write", path);
    ::unlink(temp_name.c_str());
    throw IoError(message);
  }
  if (std::rename(temp_name.c_str(), path.c_str()) != 0) {
    const std::string message = system_error("cannot write", path);
    ::unlink(temp_name.c_str());
    throw IoError(message);
  }
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw IoError(system_error("cannot read", path));
  std::ostringstream out;
  out << in.rdbuf();
  if (in.bad()) throw IoError(system_error("cannot read", path));
  return std::move(out).str();
}

std::string move_aside(const std::string& path) {
  namespace fs = std::filesystem;
  for (int n = 1; n <= 1000; ++n) {
    const std::string target = path + (n == 1 ? ".bad" : ".bad-" + std::to_string(n));
    std::error_code ec;
    if (fs::exists(fs::symlink_status(target, ec))) continue;
    fs::rename(path, target, ec);
    return ec ? std::string() : target;
  }
  return {};
}

}  // namespace yendor
