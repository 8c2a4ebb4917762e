#pragma once
// The transports of protocol v1 (docs/protocol.md): stdio, TCP (newline-delimited JSON) and
// WebSocket (a text frame per message), each connection with its own Session. TCP and
// WebSocket use Boost.Asio and Boost.Beast (Debian's libboost-dev, headers only): one
// io_context run by a few threads, every connection on its own strand, so a connection never
// waits for another's reads and no two handlers of one connection run at once. SIGINT and
// SIGTERM stop the server cleanly: no new connections, every connection closed, exit 0.

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>

#include "yendor/game/content.hpp"

namespace yendor::api {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;                        // 0: any free port (printed when listening)
  std::size_t max_connections = 64;    // more: one too_many_connections error, then closed
  std::size_t max_message = 1u << 20;  // bytes per message; longer: a too_large error
  int threads = 2;                     // threads running the connections
};

// One session over `in` and `out` until `close`, the end of input, or an I/O error.
// Returns 0.
int serve_stdio(std::shared_ptr<const game::Content> content, std::istream& in, std::ostream& out,
                std::size_t max_message);

enum class Transport { tcp, websocket };

// Listens on options.host:options.port and serves until SIGINT or SIGTERM; `log` gets one
// line when listening ("yendor serve: tcp on 127.0.0.1:7777") and one when stopping. Throws
// InputError when the address cannot be used (a bad host, a port in use). Returns 0.
int serve_network(std::shared_ptr<const game::Content> content, Transport transport,
                  const ServerOptions& options, std::ostream& log);

}  // namespace yendor::api
