#include "yendor/cli/serve_command.hpp"

#include <memory>
#include <ostream>

#include "yendor/api/server.hpp"
#include "yendor/core/error.hpp"
#include "yendor/game/content.hpp"

namespace yendor::cli {

int run_serve(const ServeOptions& options, std::istream& in, std::ostream& out, std::ostream& log) {
  const int chosen =
      (options.stdio ? 1 : 0) + (options.tcp >= 0 ? 1 : 0) + (options.ws >= 0 ? 1 : 0);
  if (chosen != 1) throw InputError("serve: choose one of --stdio, --tcp PORT, --ws PORT");
  if (options.threads < 1 || options.threads > 64)
    throw InputError("serve: --threads must be 1 to 64");
  auto content = std::make_shared<const game::Content>(
      game::load_content(options.content.empty() ? game::default_content_dir() : options.content));
  if (options.stdio) return api::serve_stdio(content, in, out, options.max_message);
  api::ServerOptions server;
  server.host = options.host;
  server.port = options.tcp >= 0 ? options.tcp : options.ws;
  server.max_connections = options.max_connections;
  server.max_message = options.max_message;
  server.threads = options.threads;
  return api::serve_network(
      content, options.tcp >= 0 ? api::Transport::tcp : api::Transport::websocket, server, log);
}

}  // namespace yendor::cli
