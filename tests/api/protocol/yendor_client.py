"""Small clients for `yendor serve` (docs/protocol.md), used by the protocol tests.

Three transports, one interface (`request`, `send_json`, `send_message`, `read_reply`,
`expect_closed`, `close`):

- `StdioClient`: runs `yendor serve --stdio` and talks over its stdin/stdout;
- `TcpClient`: newline-delimited JSON over a TCP socket;
- `WsClient`: a raw WebSocket client (RFC 6455) written on a plain socket, so that the tests
  can also send frames a well-behaved library never would (unmasked, fragmented, binary,
  reserved bits, oversized).

`start_server` runs `yendor serve --tcp|--ws PORT` on a free port for the length of a `with`
block and checks that SIGTERM stops it with exit code 0.

Every read has a timeout: a hung server fails the test (`ReplyTimeout`) instead of hanging
the suite. The errors derive from AssertionError so pytest reports them as failures.

Standard library only.
"""

import base64
import contextlib
import hashlib
import json
import os
import queue
import signal
import socket
import struct
import subprocess
import tempfile
import threading
import time

HOST = "127.0.0.1"
REPLY_TIMEOUT = 20.0  # seconds to wait for a reply before failing
CLOSE_TIMEOUT = 5.0  # seconds to wait for a connection we expect the server to close
START_TIMEOUT = 20.0  # seconds for a server to accept connections
EXIT_TIMEOUT = 10.0  # seconds for a server to exit after SIGTERM or SIGINT

# WebSocket opcodes (RFC 6455 section 5.2).
OP_CONTINUATION = 0x0
OP_TEXT = 0x1
OP_BINARY = 0x2
OP_CLOSE = 0x8
OP_PING = 0x9
OP_PONG = 0xA
WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class ProtocolError(AssertionError):
    """The server did not behave as docs/protocol.md (or RFC 6455) says."""


class ConnectionClosed(ProtocolError):
    """The server closed the connection (EOF, reset, or a WebSocket close frame)."""

    def __init__(self, message, code=None):
        super().__init__(message)
        self.code = code  # the WebSocket close code, when there was a close frame


class ReplyTimeout(ProtocolError):
    """No complete message arrived in time."""


class HandshakeError(ProtocolError):
    """The WebSocket opening handshake failed."""


def tail(text, limit=3000):
    """The last `limit` characters of a (stderr) text, for failure messages."""
    return text if len(text) <= limit else "..." + text[-limit:]


def parse_reply(data):
    """Parse one reply: it must be a JSON object."""
    try:
        reply = json.loads(data)
    except ValueError as e:
        raise ProtocolError(f"the server sent something that is not JSON ({e}): {data[:500]!r}")
    if not isinstance(reply, dict):
        raise ProtocolError(f"the server sent a JSON value that is not an object: {data[:500]!r}")
    return reply


# ---------------------------------------------------------------------------------------
# Newline-framed transports: stdio and TCP
# ---------------------------------------------------------------------------------------


class _LineClient:
    """Newline framing shared by stdio and TCP: one JSON object per line.

    Subclasses provide `send_raw(bytes)` and `_recv(timeout)`, which returns a chunk of
    bytes, b"" at end of stream, or None on timeout.
    """

    def __init__(self):
        self._buf = bytearray()
        self._eof = False

    def describe(self):
        return type(self).__name__

    def send_json(self, obj):
        """Send one request (any JSON value) as one line."""
        self.send_raw(json.dumps(obj).encode("utf-8") + b"\n")

    def send_message(self, text):
        """Send `text` (str or bytes, no newline) as one message: here, one line."""
        data = text.encode("utf-8") if isinstance(text, str) else text
        self.send_raw(data + b"\n")

    def request(self, obj, timeout=REPLY_TIMEOUT):
        """Send one request and return its reply (a dict)."""
        self.send_json(obj)
        return self.read_reply(timeout)

    def read_reply(self, timeout=REPLY_TIMEOUT):
        """Read one reply line and parse it as a JSON object."""
        return parse_reply(self.read_line(timeout).decode("utf-8", errors="replace"))

    def read_line(self, timeout=REPLY_TIMEOUT):
        """Read one non-blank line (without its "\\n" or "\\r\\n")."""
        deadline = time.monotonic() + timeout
        while True:
            end = self._buf.find(b"\n")
            if end >= 0:
                line = bytes(self._buf[:end]).rstrip(b"\r")
                del self._buf[:end + 1]
                if line.strip():
                    return line
                continue
            if self._eof:
                partial = f" (after a partial line {bytes(self._buf[:200])!r})" if self._buf else ""
                raise ConnectionClosed(
                    f"{self.describe()}: the server closed the connection{partial}")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ReplyTimeout(f"{self.describe()}: no reply within {timeout:.0f} s"
                                   + self._diagnostics())
            chunk = self._recv(remaining)
            if chunk is None:
                continue  # timed out: the loop reports it
            if chunk == b"":
                self._eof = True
            else:
                self._buf += chunk

    def expect_closed(self, timeout=CLOSE_TIMEOUT):
        """Assert that the server closes the connection within `timeout`, sending nothing more."""
        try:
            line = self.read_line(timeout)
        except ConnectionClosed:
            return
        except ReplyTimeout:
            raise ProtocolError(f"{self.describe()}: the server did not close the connection "
                                f"within {timeout:.0f} s")
        raise ProtocolError(f"{self.describe()}: expected the connection to be closed, "
                            f"got another message: {line[:300]!r}")

    def _diagnostics(self):
        return ""


class StdioClient(_LineClient):
    """`yendor serve --stdio`: one session on the process's stdin and stdout."""

    def __init__(self, binary, extra_args=()):
        super().__init__()
        self._stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [binary, "serve", "--stdio", *extra_args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, bufsize=0)
        # A reader thread turns the blocking pipe into a queue that can be read with a timeout.
        self._chunks = queue.Queue()
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()

    def describe(self):
        return "stdio server"

    def _read_stdout(self):
        fd = self.proc.stdout.fileno()
        try:
            while True:
                chunk = os.read(fd, 65536)
                self._chunks.put(chunk)
                if not chunk:
                    return
        except OSError:
            self._chunks.put(b"")

    def _recv(self, timeout):
        try:
            return self._chunks.get(timeout=timeout)
        except queue.Empty:
            return None

    def send_raw(self, data):
        """Write bytes to the server's stdin as they are."""
        try:
            view = memoryview(data)
            while view:  # an unbuffered pipe may take part of a large write
                view = view[self.proc.stdin.write(view):]
        except (BrokenPipeError, ConnectionResetError, ValueError) as e:
            raise ConnectionClosed(f"stdio server: cannot write to its stdin ({e})"
                                   + self._diagnostics())

    def stderr_text(self):
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", errors="replace")

    def _diagnostics(self):
        code = self.proc.poll()
        state = "still running" if code is None else f"exited with code {code}"
        return f"; the process is {state}; stderr:\n{tail(self.stderr_text())}"

    def wait_exit(self, timeout=EXIT_TIMEOUT):
        """The process's exit code, waiting up to `timeout` (None if it is still running)."""
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def close(self, timeout=3.0):
        """End the session with end of input; kill the process if it does not exit in time.

        Returns the exit code (negative: killed by that signal).
        """
        if self.proc.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                self.proc.stdin.close()
            if self.wait_exit(timeout) is None:
                self.proc.kill()
                self.proc.wait()
        with contextlib.suppress(OSError, ValueError):
            self.proc.stdin.close()
        self._reader.join(timeout=2)
        with contextlib.suppress(OSError, ValueError):
            self.proc.stdout.close()
        self._stderr.close()
        return self.proc.returncode


class TcpClient(_LineClient):
    """`yendor serve --tcp PORT`: newline-delimited JSON on a socket."""

    def __init__(self, host, port, timeout=REPLY_TIMEOUT):
        super().__init__()
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def describe(self):
        return "tcp connection"

    def _recv(self, timeout):
        self.sock.settimeout(max(timeout, 0.001))
        try:
            return self.sock.recv(65536)
        except socket.timeout:
            return None
        except (ConnectionResetError, ConnectionAbortedError):
            return b""

    def send_raw(self, data):
        """Send bytes as they are (no newline added)."""
        self.sock.settimeout(REPLY_TIMEOUT)
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError) as e:
            raise ConnectionClosed(f"tcp connection: send failed, the server closed it ({e})")

    def close(self):
        with contextlib.suppress(OSError):
            self.sock.close()


# ---------------------------------------------------------------------------------------
# WebSocket
# ---------------------------------------------------------------------------------------


def ws_accept_key(key):
    """The Sec-WebSocket-Accept value for a Sec-WebSocket-Key (RFC 6455 section 4.2.2)."""
    return base64.b64encode(hashlib.sha1((key + WS_GUID).encode("ascii")).digest()).decode()


def mask_payload(payload, key):
    """XOR `payload` with the 4-byte masking key, repeated (RFC 6455 section 5.3)."""
    if not payload:
        return b""
    n = len(payload)
    repeated = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(n, "big")


def encode_frame(opcode, payload, mask=True, fin=True, rsv=0):
    """One WebSocket frame as bytes; `rsv` sets the three reserved bits (0..7)."""
    header = bytearray([(0x80 if fin else 0) | (rsv & 7) << 4 | (opcode & 0x0F)])
    n = len(payload)
    mask_bit = 0x80 if mask else 0
    if n < 126:
        header.append(mask_bit | n)
    elif n < 1 << 16:
        header.append(mask_bit | 126)
        header += struct.pack("!H", n)
    else:
        header.append(mask_bit | 127)
        header += struct.pack("!Q", n)
    if mask:
        key = os.urandom(4)
        return bytes(header) + key + mask_payload(payload, key)
    return bytes(header) + payload


class Frame:
    """A received WebSocket frame."""

    def __init__(self, fin, rsv, opcode, masked, payload):
        self.fin, self.rsv, self.opcode, self.masked, self.payload = (
            fin, rsv, opcode, masked, payload)

    def __repr__(self):
        return (f"Frame(fin={self.fin}, opcode={self.opcode:#x}, masked={self.masked}, "
                f"payload={self.payload[:100]!r})")


class WsClient:
    """`yendor serve --ws PORT`: one text frame per message, on a raw socket."""

    def __init__(self, host, port, path="/", timeout=REPLY_TIMEOUT):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._buf = bytearray()
        self.close_code = None  # the code of the server's close frame, once received
        self.closed_by_server = False
        self._sent_close = False
        try:
            self._handshake(host, port, path, timeout)
        except BaseException:
            self.sock.close()
            raise

    def describe(self):
        return "ws connection"

    # -- the opening handshake ----------------------------------------------------------

    def _handshake(self, host, port, path, timeout):
        key = base64.b64encode(os.urandom(16)).decode("ascii")
        request = (f"GET {path} HTTP/1.1\r\n"
                   f"Host: {host}:{port}\r\n"
                   "Upgrade: websocket\r\n"
                   "Connection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\n"
                   "Sec-WebSocket-Version: 13\r\n"
                   "\r\n")
        self._sendall(request.encode("ascii"))
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in self._buf:
            if len(self._buf) > 65536:
                raise HandshakeError("handshake reply headers longer than 64 KiB")
            if not self._fill(deadline):
                raise HandshakeError("the server closed the connection during the handshake; "
                                     f"received {bytes(self._buf[:500])!r}")
        end = self._buf.find(b"\r\n\r\n")
        head = bytes(self._buf[:end]).decode("latin-1")
        del self._buf[:end + 4]  # anything after the headers is already frame data
        lines = head.split("\r\n")
        status = lines[0].split(" ", 2)
        if len(status) < 2 or not status[0].startswith("HTTP/1.1") or status[1] != "101":
            raise HandshakeError(f"expected HTTP/1.1 101, got: {head[:500]!r}")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("upgrade", "").lower() != "websocket":
            raise HandshakeError(f"no 'Upgrade: websocket' header in: {head!r}")
        connection = [t.strip().lower() for t in headers.get("connection", "").split(",")]
        if "upgrade" not in connection:
            raise HandshakeError(f"no 'Connection: Upgrade' header in: {head!r}")
        expected = ws_accept_key(key)
        if headers.get("sec-websocket-accept") != expected:
            raise HandshakeError(f"Sec-WebSocket-Accept should be {expected!r} in: {head!r}")

    # -- bytes in and out ---------------------------------------------------------------

    def _sendall(self, data):
        self.sock.settimeout(REPLY_TIMEOUT)
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError) as e:
            raise ConnectionClosed(f"ws connection: send failed, the server closed it ({e})",
                                   self.close_code)

    def _fill(self, deadline):
        """Receive more bytes into the buffer: False at end of stream, ReplyTimeout after
        `deadline`."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise ReplyTimeout("ws connection: nothing (complete) received in time")
        self.sock.settimeout(remaining)
        try:
            chunk = self.sock.recv(65536)
        except socket.timeout:
            raise ReplyTimeout("ws connection: nothing (complete) received in time")
        except (ConnectionResetError, ConnectionAbortedError):
            return False
        if not chunk:
            return False
        self._buf += chunk
        return True

    def send_raw(self, data):
        """Send bytes as they are (for half frames and other malformed input)."""
        self._sendall(data)

    def send_frame(self, opcode, payload, mask=True, fin=True, rsv=0):
        """Send one frame; `mask=False`, `fin=False` or `rsv` make frames for error tests."""
        if isinstance(payload, str):
            payload = payload.encode("utf-8")
        self._sendall(encode_frame(opcode, payload, mask=mask, fin=fin, rsv=rsv))

    def send_text(self, text):
        """Send one text message in one masked frame."""
        self.send_frame(OP_TEXT, text.encode("utf-8"))

    def send_message(self, text):
        """Send `text` as one message: here, one text frame."""
        self.send_frame(OP_TEXT, text)

    def send_json(self, obj):
        self.send_text(json.dumps(obj))

    def request(self, obj, timeout=REPLY_TIMEOUT):
        """Send one request and return its reply (a dict)."""
        self.send_json(obj)
        return self.read_reply(timeout)

    # -- frames in ----------------------------------------------------------------------

    def _parse_frame(self):
        """Take one whole frame off the buffer, or return None if it is not all here yet."""
        buf = self._buf
        if len(buf) < 2:
            return None
        fin = bool(buf[0] & 0x80)
        rsv = (buf[0] >> 4) & 7
        opcode = buf[0] & 0x0F
        masked = bool(buf[1] & 0x80)
        n = buf[1] & 0x7F
        pos = 2
        if n == 126:
            if len(buf) < 4:
                return None
            n = struct.unpack("!H", bytes(buf[2:4]))[0]
            pos = 4
        elif n == 127:
            if len(buf) < 10:
                return None
            n = struct.unpack("!Q", bytes(buf[2:10]))[0]
            pos = 10
        key = b""
        if masked:
            if len(buf) < pos + 4:
                return None
            key = bytes(buf[pos:pos + 4])
            pos += 4
        if len(buf) < pos + n:
            return None
        payload = bytes(buf[pos:pos + n])
        del buf[:pos + n]
        if masked:
            payload = mask_payload(payload, key)
        return Frame(fin, rsv, opcode, masked, payload)

    def read_frame(self, timeout=REPLY_TIMEOUT):
        """Read one frame as it is (no automatic pong, no close handling)."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self._parse_frame()
            if frame is not None:
                return frame
            if not self._fill(deadline):
                self.closed_by_server = True
                raise ConnectionClosed("ws connection: the server closed the TCP connection"
                                       + (" mid-frame" if self._buf else ""), self.close_code)

    def _on_close_frame(self, frame):
        """Record the server's close frame and answer it, as RFC 6455 section 5.5.1 asks."""
        self.closed_by_server = True
        if len(frame.payload) >= 2:
            self.close_code = struct.unpack("!H", frame.payload[:2])[0]
        if not self._sent_close:
            self._sent_close = True
            with contextlib.suppress(ProtocolError, OSError):
                self.send_frame(OP_CLOSE, frame.payload[:2])

    def read_message(self, timeout=REPLY_TIMEOUT):
        """Read one whole text message (joining fragments); answer pings on the way.

        Raises ConnectionClosed on a close frame or end of stream, ProtocolError on a masked
        server frame or a binary message.
        """
        deadline = time.monotonic() + timeout
        parts = []
        first_opcode = None
        while True:
            frame = self.read_frame(max(deadline - time.monotonic(), 0.001))
            if frame.masked:
                raise ProtocolError(f"the server sent a masked frame (RFC 6455 5.1): {frame}")
            if frame.rsv:
                raise ProtocolError(f"the server set reserved bits: {frame}")
            if frame.opcode == OP_PING:
                self.send_frame(OP_PONG, frame.payload)
                continue
            if frame.opcode == OP_PONG:
                continue
            if frame.opcode == OP_CLOSE:
                self._on_close_frame(frame)
                raise ConnectionClosed(f"ws connection: the server sent a close frame "
                                       f"(code {self.close_code}, {frame.payload[2:]!r})",
                                       self.close_code)
            if frame.opcode in (OP_TEXT, OP_BINARY):
                if first_opcode is not None:
                    raise ProtocolError(f"a new message started inside a fragmented one: {frame}")
                first_opcode = frame.opcode
            elif frame.opcode == OP_CONTINUATION:
                if first_opcode is None:
                    raise ProtocolError(
                        f"a continuation frame with no message to continue: {frame}")
            else:
                raise ProtocolError(f"unknown opcode from the server: {frame}")
            parts.append(frame.payload)
            if frame.fin:
                if first_opcode == OP_BINARY:
                    raise ProtocolError("the server sent a binary message; the protocol uses "
                                        "text frames")
                return b"".join(parts).decode("utf-8")

    def read_reply(self, timeout=REPLY_TIMEOUT):
        """Read one message and parse it as a JSON object."""
        return parse_reply(self.read_message(timeout))

    def expect_closed(self, timeout=CLOSE_TIMEOUT):
        """Assert the server closes the connection (close frame or EOF) without another message."""
        try:
            message = self.read_message(timeout)
        except ConnectionClosed:
            return
        except ReplyTimeout:
            raise ProtocolError(f"ws connection: the server did not close the connection "
                                f"within {timeout:.0f} s")
        raise ProtocolError(f"ws connection: expected the connection to be closed, got another "
                            f"message: {message[:300]!r}")

    def close(self, timeout=2.0):
        """The closing handshake: send a close frame, wait for the server's, close the socket.

        Returns the server's close code (None if it sent no close frame with a code).
        """
        try:
            if not self._sent_close and not self.closed_by_server:
                self._sent_close = True
                self.send_frame(OP_CLOSE, struct.pack("!H", 1000))
            deadline = time.monotonic() + timeout
            while not self.closed_by_server:
                frame = self.read_frame(max(deadline - time.monotonic(), 0.001))
                if frame.opcode == OP_CLOSE:
                    self._on_close_frame(frame)
        except (ProtocolError, OSError):
            pass  # closed, reset or silent: the socket goes anyway
        finally:
            with contextlib.suppress(OSError):
                self.sock.close()
        return self.close_code


# ---------------------------------------------------------------------------------------
# Servers
# ---------------------------------------------------------------------------------------


def free_port():
    """A TCP port that was free a moment ago on 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """A running `yendor serve --tcp|--ws PORT` process."""

    def __init__(self, proc, transport, port, log):
        self.proc = proc
        self.transport = transport
        self.host = HOST
        self.port = port
        self._log = log  # the process's stdout and stderr
        self.stopped = False  # stop() was called: the caller checks the exit code

    def connect(self):
        """A new client connection of this server's transport."""
        if self.transport == "tcp":
            return TcpClient(self.host, self.port)
        return WsClient(self.host, self.port)

    def output(self):
        """What the server printed so far (stdout and stderr)."""
        self._log.seek(0)
        return self._log.read().decode("utf-8", errors="replace")

    def alive(self):
        return self.proc.poll() is None

    def stop(self, sig=signal.SIGTERM, timeout=EXIT_TIMEOUT):
        """Send `sig` and wait for the exit; returns the exit code, or None if the server had
        to be killed because it did not exit within `timeout`."""
        self.stopped = True
        if self.proc.poll() is not None:
            return self.proc.returncode
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


def _wait_until_listening(proc, port, log):
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if proc.poll() is not None:
            log.seek(0)
            output = log.read().decode("utf-8", errors="replace")
            raise AssertionError(f"the server exited with code {proc.returncode} before "
                                 f"accepting connections; output:\n{tail(output)}")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return  # closed at once: the server sees a connection that ends politely
        except OSError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            raise AssertionError(f"the server did not accept connections on port {port} "
                                 f"within {START_TIMEOUT:.0f} s")
        time.sleep(0.02)


@contextlib.contextmanager
def start_server(binary, transport, extra_args=()):
    """Run `binary serve --tcp|--ws PORT *extra_args` for the `with` block.

    Yields a Server once the port accepts connections. On leaving the block the server gets
    SIGTERM (unless it was stopped already) and must exit with code 0 within 10 s; when the
    block raised, the server is stopped without that check so the first failure is reported.
    """
    if transport not in ("tcp", "ws"):
        raise ValueError(f"start_server: transport must be 'tcp' or 'ws', not {transport!r}")
    port = free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([binary, "serve", f"--{transport}", str(port), *extra_args],
                            stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    try:
        _wait_until_listening(proc, port, log)
        server = Server(proc, transport, port, log)
        try:
            yield server
        except BaseException:
            server.stop(signal.SIGTERM)
            raise
        if server.stopped:
            return  # the block stopped the server itself and checked how it ended
        crashed = proc.poll()
        assert crashed is None, (f"the {transport} server exited by itself with code {crashed} "
                                 f"during the test; output:\n{tail(server.output())}")
        code = server.stop(signal.SIGTERM)
        assert code is not None, (f"the {transport} server did not exit within "
                                  f"{EXIT_TIMEOUT:.0f} s of SIGTERM; output:\n"
                                  f"{tail(server.output())}")
        assert code == 0, (f"the {transport} server exited with code {code} after SIGTERM "
                           f"(expected 0); output:\n{tail(server.output())}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.close()


def open_client(binary, transport, server=None, extra_args=()):
    """A connected client: a new stdio process, or a connection to `server` (tcp or ws)."""
    if transport == "stdio":
        return StdioClient(binary, extra_args)
    if server is None or server.transport != transport:
        raise ValueError(f"open_client: a {transport} client needs a {transport} server")
    return server.connect()


# ---------------------------------------------------------------------------------------
# Reply checks
# ---------------------------------------------------------------------------------------


def expect_ok(reply, what="request"):
    """Assert a reply succeeded; returns it."""
    assert isinstance(reply, dict) and reply.get("ok") is True, (
        f"{what}: expected {{'ok': true, ...}}, got {str(reply)[:1000]}")
    return reply


def error_code(reply, what="request"):
    """Assert a reply is an error with a code and a message; returns the code."""
    assert isinstance(reply, dict) and reply.get("ok") is False, (
        f"{what}: expected an error reply, got {str(reply)[:1000]}")
    error = reply.get("error")
    assert isinstance(error, dict), f"{what}: 'error' should be an object: {reply}"
    assert isinstance(error.get("code"), str), f"{what}: 'error.code' should be a string: {reply}"
    assert isinstance(error.get("message"), str), (
        f"{what}: 'error.message' should be a string: {reply}")
    return error["code"]


def expect_error(reply, code, what="request"):
    """Assert a reply is the error `code` (or one of the codes, given a tuple); returns it."""
    codes = code if isinstance(code, tuple) else (code,)
    got = error_code(reply, what)
    assert got in codes, f"{what}: expected error code {' or '.join(codes)}, got {reply}"
    return reply
