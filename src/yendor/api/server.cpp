#include "yendor/api/server.hpp"

// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
#include <utility>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <array>
#include <csignal>
#include <istream>
#include <list>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "yendor/api/protocol.hpp"
#include "yendor/core/error.hpp"

namespace yendor::api {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = boost::beast::websocket;
using tcp = asio::ip::tcp;

namespace {

// A line's text without its '\r' (CRLF clients); blank lines are skipped by the callers.
std::string_view strip_cr(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

bool blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\t'; });
}

std::string too_large_reply(std::size_t max_message) {
  return Session::error_reply(
      "too_large", "a message may have at most " + std::to_string(max_message) + " bytes");
}

// What every connection of a server shares: the content, the limits, and the list of open
// connections (for the count and for closing them all on a signal).
class Connection;
struct Shared {
  std::shared_ptr<const game::Content> content;
  ServerOptions options;
  std::mutex mutex;
  std::list<std::weak_ptr<Connection>> open;
  bool stopping = false;
};

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  explicit Connection(Shared& shared) : shared_(shared), session_(shared.content) {}
  virtual ~Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Registers the connection (so a signal closes it too) and admits it unless the server
  // already has its maximum of admitted connections; returns whether it was admitted.
  bool enter() {
    const std::lock_guard lock(shared_.mutex);
    std::size_t admitted = 0;
    shared_.open.remove_if([&admitted](const std::weak_ptr<Connection>& weak) {
      const std::shared_ptr<Connection> c = weak.lock();
      if (c && c->admitted_) ++admitted;
      return c == nullptr;
    });
    admitted_ = !shared_.stopping && admitted < shared_.options.max_connections;
    shared_.open.push_back(weak_from_this());
    return admitted_;
  }
  virtual void start() = 0;
  virtual void stop() = 0;  // from any thread: closes the connection on its strand

 protected:
  std::string full_reply() const {
    return Session::error_reply("too_many_connections",
                                "the server has " +
                                    std::to_string(shared_.options.max_connections) +
                                    " connections already");
  }

  Shared& shared_;
  Session session_;
  bool admitted_ = false;  // guarded by shared_.mutex
};

// ---- TCP: newline-delimited JSON ----

class TcpConnection final : public Connection {
 public:
  TcpConnection(Shared& shared, tcp::socket socket)
      : Connection(shared), socket_(std::move(socket)) {}

  void start() override {
    if (!enter()) {
      out_ = full_reply() + "\n";
      closing_ = true;
      write();
      return;
    }
    read();
  }

  void stop() override {
    asio::post(socket_.get_executor(), [self = shared_from_this(), this] {
      boost::system::error_code ignored;
      socket_.shutdown(tcp::socket::shutdown_both, ignored);
      socket_.close(ignored);
    });
  }

 private:
  void read() {
    socket_.async_read_some(asio::buffer(chunk_), [self = shared_from_this(), this](
                                                      boost::system::error_code ec, std::size_t n) {
      if (ec) return;  // closed, reset or stopped: the last reference goes with this handler
      consume(std::string_view(chunk_.data(), n));
      if (out_.empty()) {
        read();
      } else {
        write();
      }
    });
  }

  // Splits what arrived into lines and answers each complete one.
  void consume(std::string_view data) {
    const std::size_t max = shared_.options.max_message;
    while (!data.empty() && !closing_) {
      const std::size_t end = data.find('\n');
      const std::string_view part = data.substr(0, end);
      data = end == std::string_view::npos ? std::string_view{} : data.substr(end + 1);
      if (!discarding_) {
        pending_.append(part);
        if (pending_.size() > max + 1) {  // + 1: a '\r' before the newline
          out_ += too_large_reply(max) + "\n";
          pending_.clear();
          discarding_ = true;
        }
      }
      if (end == std::string_view::npos) break;
      if (discarding_) {
        discarding_ = false;  // the oversized line ends here
        continue;
      }
      const std::string_view line = strip_cr(pending_);
      if (line.size() > max) {
        out_ += too_large_reply(max) + "\n";
      } else if (!blank(line)) {
        out_ += session_.handle(line);
        out_ += '\n';
        closing_ = session_.closed();
      }
      pending_.clear();
    }
  }

  void write() {
    asio::async_write(socket_, asio::buffer(out_),
                      [self = shared_from_this(), this](boost::system::error_code ec, std::size_t) {
                        out_.clear();
                        if (ec) return;
                        if (closing_) {
                          boost::system::error_code ignored;
                          socket_.shutdown(tcp::socket::shutdown_both, ignored);
                          socket_.close(ignored);
                          return;
                        }
                        read();
                      });
  }

  tcp::socket socket_;
  std::array<char, 8192> chunk_{};
  std::string pending_, out_;
  bool discarding_ = false, closing_ = false;
};

// ---- WebSocket: a text message per request ----

class WsConnection final : public Connection {
 public:
  WsConnection(Shared& shared, tcp::socket socket) : Connection(shared), ws_(std::move(socket)) {}

  void start() override {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    // Messages are read frame piece by frame piece (read()), so no message size needs a cap
    // here: one over the limit is discarded as it arrives and answered too_large.
    ws_.read_message_max(0);
    const bool admitted = enter();
    ws_.async_accept([self = shared_from_this(), this, admitted](beast::error_code ec) {
      if (ec) return;
      if (!admitted) {
        out_ = full_reply();
        closing_ = true;
        write();
        return;
      }
      read();
    });
  }

  void stop() override {
    asio::post(ws_.get_executor(), [self = shared_from_this(), this] {
      beast::error_code ignored;
      beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
      beast::get_lowest_layer(ws_).close();
    });
  }

 private:
  // Reads the next message piece by piece: at most max_message bytes are kept; the rest of a
  // longer message is dropped as it comes, then answered too_large.
  void read() {
    ws_.async_read_some(
        buffer_, k_piece, [self = shared_from_this(), this](beast::error_code ec, std::size_t) {
          if (ec) return;  // closed by the client, a protocol error, or stopped
          if (!discarding_) {
            message_ += beast::buffers_to_string(buffer_.data());
            if (message_.size() > shared_.options.max_message) {
              discarding_ = true;
              message_.clear();
            }
          }
          buffer_.consume(buffer_.size());
          if (!ws_.is_message_done()) {
            read();
            return;
          }
          if (discarding_) {
            out_ = too_large_reply(shared_.options.max_message);
          } else if (!ws_.got_text()) {
            out_ = Session::error_reply("bad_json", "binary frames are not read: send text");
          } else {
            out_ = session_.handle(message_);
            closing_ = session_.closed();
          }
          discarding_ = false;
          message_.clear();
          write();
        });
  }

  void write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(out_),
                    [self = shared_from_this(), this](beast::error_code ec, std::size_t) {
                      if (ec) return;
                      if (closing_) {
                        ws_.async_close(websocket::close_code::normal,
                                        [self2 = shared_from_this()](beast::error_code) {});
                        return;
                      }
                      read();
                    });
  }

  static constexpr std::size_t k_piece = 16384;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::string message_, out_;
  bool discarding_ = false, closing_ = false;
};

// ---- listening ----

class Listener {
 public:
  Listener(asio::io_context& io, Shared& shared, Transport transport, const tcp::endpoint& at)
      : io_(io),
        shared_(shared),
        transport_(transport),
        strand_(asio::make_strand(io)),
        acceptor_(strand_) {
    acceptor_.open(at.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(at);
    acceptor_.listen(asio::socket_base::max_listen_connections);
  }

  tcp::endpoint local() const { return acceptor_.local_endpoint(); }

  void accept() {
    acceptor_.async_accept(asio::make_strand(io_),
                           [this](boost::system::error_code ec, tcp::socket socket) {
                             if (!acceptor_.is_open()) return;
                             if (!ec) {
                               std::shared_ptr<Connection> c;
                               if (transport_ == Transport::tcp)
                                 c = std::make_shared<TcpConnection>(shared_, std::move(socket));
                               else
                                 c = std::make_shared<WsConnection>(shared_, std::move(socket));
                               c->start();
                             }
                             accept();
                           });
  }

  // From any thread: the acceptor's handlers run on its strand, so it is closed there too.
  void close() {
    asio::post(strand_, [this] {
      boost::system::error_code ignored;
      acceptor_.close(ignored);
    });
  }

 private:
  asio::io_context& io_;
  Shared& shared_;
  Transport transport_;
  asio::strand<asio::io_context::executor_type> strand_;
  tcp::acceptor acceptor_;
};

}  // namespace

int serve_stdio(std::shared_ptr<const game::Content> content, std::istream& in, std::ostream& out,
                std::size_t max_message) {
  Session session(std::move(content));
  std::string line;
  while (std::getline(in, line)) {
    const std::string_view text = strip_cr(line);
    if (blank(text)) continue;
    if (text.size() > max_message) {
      out << too_large_reply(max_message) << '\n' << std::flush;
      continue;
    }
    out << session.handle(text) << '\n' << std::flush;
    if (session.closed() || !out) break;
  }
  return 0;
}

int serve_network(std::shared_ptr<const game::Content> content, Transport transport,
                  const ServerOptions& options, std::ostream& log) {
  if (options.port < 0 || options.port > 65535)
    throw InputError("serve: port " + std::to_string(options.port) + " outside 0..65535");
  if (options.max_connections < 1) throw InputError("serve: --max-connections must be at least 1");
  if (options.max_message < 64) throw InputError("serve: --max-message must be at least 64");
  boost::system::error_code ec;
  const asio::ip::address address = asio::ip::make_address(options.host, ec);
  if (ec) throw InputError("serve: '" + options.host + "' is not an IP address");

  asio::io_context io;
  Shared shared;
  shared.content = std::move(content);
  shared.options = options;
  std::unique_ptr<Listener> listener;
  try {
    listener = std::make_unique<Listener>(
        io, shared, transport, tcp::endpoint(address, static_cast<unsigned short>(options.port)));
  } catch (const boost::system::system_error& e) {
    throw InputError("serve: cannot listen on " + options.host + ":" +
                     std::to_string(options.port) + ": " + e.code().message());
  }
  const tcp::endpoint at = listener->local();
  const char* name = transport == Transport::tcp ? "tcp" : "websocket";
  log << "yendor serve: " << name << " on " << at.address().to_string() << ":" << at.port()
      << std::endl;
  listener->accept();

  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code, int) {
    listener->close();
    std::vector<std::shared_ptr<Connection>> open;
    {
      const std::lock_guard lock(shared.mutex);
      shared.stopping = true;
      for (const auto& weak : shared.open)
        if (auto c = weak.lock()) open.push_back(std::move(c));
    }
    for (const auto& c : open)
      c->stop();
  });

  const int extra = std::max(0, options.threads - 1);
  std::vector<std::thread> threads;
  for (int i = 0; i < extra; ++i)
    threads.emplace_back([&io] { io.run(); });
  io.run();
  for (std::thread& t : threads)
    t.join();
  log << "yendor serve: stopped" << std::endl;
  return 0;
}

}  // namespace yendor::api
