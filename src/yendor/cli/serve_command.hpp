#pragma once
// `yendor serve --stdio | --tcp PORT | --ws PORT`: the environment behind protocol v1
// (docs/protocol.md, api/server.hpp).

#include <cstddef>
#include <iosfwd>
#include <string>

namespace yendor::cli {

struct ServeOptions {
  bool stdio = false;
  int tcp = -1;  // port; -1: not this transport
  int ws = -1;
  std::string host = "127.0.0.1";
  std::size_t max_connections = 64;
  std::size_t max_message = 1u << 20;
  int threads = 2;
  std::string content;  // content directory; empty = the shipped content
};

// Exactly one of --stdio, --tcp, --ws (InputError otherwise). Returns the exit code.
int run_serve(const ServeOptions& options, std::istream& in, std::ostream& out, std::ostream& log);

}  // namespace yendor::cli
