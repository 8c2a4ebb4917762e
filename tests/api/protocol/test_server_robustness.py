"""Robustness of the `yendor serve` TCP and WebSocket servers (docs/protocol.md, RFC 6455).

Each test starts its own server with small limits (`--max-connections 4 --max-message
4096`), puts it through one kind of abuse, checks that it goes on serving, and (through
start_server) that SIGTERM still stops it with exit code 0:

- messages over the size limit (`too_large`, the connection stays usable);
- abrupt disconnects (half a message, a request left unread, a reset);
- the connection limit (`too_many_connections`, and slots freed by closing);
- garbage bytes over TCP (`bad_json`);
- WebSocket frames a library would never send: binary, ping, unmasked, reserved bits,
  fragmented messages, bad handshakes, large payload lengths;
- SIGTERM and SIGINT with connections open.

Run (see conftest.py):

    YENDOR_BIN=build/.../yendor YENDOR_DATA_DIR=data \
        /usr/bin/python3 -m pytest tests/api/protocol -q
"""

import json
import random
import signal
import socket
import struct
import threading
import time

import pytest

from yendor_client import (HOST, OP_BINARY, OP_CLOSE, OP_CONTINUATION, OP_PING, OP_PONG, OP_TEXT,
                           ConnectionClosed, ProtocolError, ReplyTimeout, WsClient, encode_frame,
                           expect_error, expect_ok, start_server)

MAX_CONNECTIONS = 4
MAX_MESSAGE = 4096
LIMITS = ["--max-connections", str(MAX_CONNECTIONS), "--max-message", str(MAX_MESSAGE)]
WAIT = 24


# ---------------------------------------------------------------------------------------
# Fixtures and helpers
# ---------------------------------------------------------------------------------------


@pytest.fixture(params=["tcp", "ws"])
def server(request, yendor_bin):
    """A fresh server with small limits, for each transport."""
    with start_server(yendor_bin, request.param, LIMITS) as srv:
        yield srv


@pytest.fixture
def tcp_server(yendor_bin):
    with start_server(yendor_bin, "tcp", LIMITS) as srv:
        yield srv


@pytest.fixture
def ws_server(yendor_bin):
    with start_server(yendor_bin, "ws", LIMITS) as srv:
        yield srv


def assert_usable(c):
    """The connection still answers: hello works and echoes its id."""
    reply = expect_ok(c.request({"op": "hello", "id": "still-usable"}),
                      "hello after the previous message")
    assert reply.get("id") == "still-usable", f"hello did not echo its id: {reply}"


def assert_serving(srv):
    """The server process is alive and a new connection gets an answer."""
    assert srv.alive(), (
        f"the server died (exit code {srv.proc.returncode}):\n{srv.output()[-3000:]}")
    c = connect_when_free(srv)
    try:
        assert_usable(c)
    finally:
        c.close()


def connect_when_free(srv, timeout=5.0):
    """A connection that got past the connection limit and answers hello.

    The server frees a slot when it notices a closed connection, which may take a moment
    after the client closed it; so over the limit this retries until `timeout`.
    """
    deadline = time.monotonic() + timeout
    while True:
        c = None
        try:
            c = srv.connect()
            reply = c.request({"op": "hello"}, timeout=5)
            if reply.get("ok") is True:
                return c
            last = reply
        except (ProtocolError, OSError) as e:
            last = e
        if c is not None:
            c.close()
        if time.monotonic() > deadline:
            raise AssertionError(f"no usable connection within {timeout:.0f} s; last: {last}")
        time.sleep(0.1)


def padded_hello(size, request_id):
    """A valid hello request of exactly `size` bytes (JSON whitespace pads it)."""
    head = '{"op": "hello", "id": %d' % request_id
    text = head + " " * (size - len(head) - 1) + "}"
    assert len(text) == size
    return text


def send_message_bytes(c, transport, text):
    """One message: a line over TCP, a text frame over WebSocket."""
    if transport == "tcp":
        c.send_raw(text.encode() + b"\n")
    else:
        c.send_text(text)


def raw_socket(srv):
    return socket.create_connection((HOST, srv.port), timeout=5)


# ---------------------------------------------------------------------------------------
# Message size limit
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [10_000, 70_000], ids=["16bit_length", "64bit_length"])
def test_too_large_message(server, size):
    """A message over --max-message gets too_large; the connection stays usable."""
    c = server.connect()
    try:
        try:
            send_message_bytes(c, server.transport, "x" * size)
            reply = c.read_reply()
        except ConnectionClosed as e:
            raise AssertionError("the server closed the connection on a message over the limit; "
                                 f"docs/protocol.md says it stays usable ({e})")
        expect_error(reply, "too_large", f"a {size}-byte message")
        assert_usable(c)
    finally:
        c.close()


def test_too_large_valid_request_is_skipped(server):
    """A valid request over the limit is skipped whole: the next reply answers the next request."""
    c = server.connect()
    try:
        send_message_bytes(c, server.transport, padded_hello(MAX_MESSAGE + 1000, 1))
        expect_error(c.read_reply(), "too_large", "a hello over the limit")
        reply = expect_ok(c.request({"op": "hello", "id": 2}), "the next hello")
        assert reply.get("id") == 2, f"the reply after too_large should answer id 2: {reply}"
    finally:
        c.close()


def test_message_under_the_limit_is_accepted(server):
    c = server.connect()
    try:
        send_message_bytes(c, server.transport, padded_hello(MAX_MESSAGE - 200, 3))
        reply = expect_ok(c.read_reply(), f"a {MAX_MESSAGE - 200}-byte hello")
        assert reply.get("id") == 3
    finally:
        c.close()


@pytest.mark.parametrize("transport", ["tcp", "ws"])
def test_large_messages_under_the_default_limit(yendor_bin, transport):
    """Without --max-message (1 MiB) a 70,000-byte request (a 64-bit WebSocket length) works."""
    with start_server(yendor_bin, transport) as srv:
        c = srv.connect()
        try:
            for size, request_id in ((300, 1), (70_000, 2)):  # 16-bit and 64-bit frame lengths
                send_message_bytes(c, transport, padded_hello(size, request_id))
                reply = expect_ok(c.read_reply(), f"a {size}-byte hello")
                assert reply.get("id") == request_id
        finally:
            c.close()


# ---------------------------------------------------------------------------------------
# Abrupt disconnects
# ---------------------------------------------------------------------------------------


def test_abrupt_disconnects(server):
    """Clients that vanish mid-message or before reading their replies harm no one."""
    # 1. Half a message, then the socket closes.
    if server.transport == "tcp":
        s = raw_socket(server)
        s.sendall(b'{"op": "hel')
        s.close()
    else:
        ws = WsClient(HOST, server.port)
        frame = encode_frame(OP_TEXT, b'{"op": "hello"}' * 10)
        ws.send_raw(frame[:len(frame) // 2])  # half a frame
        ws.sock.close()
        s = raw_socket(server)  # half a handshake
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        s.close()
    # 2. Requests whose (large) replies are never read, then a close; then the same with a
    # reset (SO_LINGER 0), so the server writes into a dead socket.
    for linger in (False, True):
        c = server.connect()
        for _ in range(5):
            c.send_json({"op": "reset", "seed": 1})
        sock = c.sock
        if linger:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
    time.sleep(0.3)  # let the server run into the closed sockets
    # 3. A third connection is served.
    assert_serving(server)


# ---------------------------------------------------------------------------------------
# Connection limit
# ---------------------------------------------------------------------------------------


def _play(c, seed, steps, results, index):
    try:
        expect_ok(c.request({"op": "reset", "seed": seed, "fields": []}), "reset")
        hashes = []
        for _ in range(steps):
            reply = expect_ok(c.request({"op": "step", "action": WAIT, "fields": []}), "step")
            hashes.append(reply["info"]["state_hash"])
        results[index] = hashes
    except BaseException as e:  # reported by the main thread
        results[index] = e


def test_connection_limit(server):
    clients = [connect_when_free(server) for _ in range(MAX_CONNECTIONS)]
    try:
        # The 4 connections play at once; seeds pair them, so the pairs must agree.
        results = [None] * MAX_CONNECTIONS
        threads = [threading.Thread(target=_play, args=(c, 100 + i // 2, 20, results, i))
                   for i, c in enumerate(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        for i, result in enumerate(results):
            assert isinstance(result, list), f"connection {i} failed while playing: {result!r}"
        assert results[0] == results[1] and results[2] == results[3], (
            "connections playing the same seed at once should see the same states")

        # A 5th connection gets one too_many_connections error, then is closed.
        extra = server.connect()
        try:
            expect_error(extra.read_reply(timeout=5), "too_many_connections",
                         "a connection over --max-connections 4")
            extra.expect_closed()
        finally:
            extra.close()

        # Closing two frees their slots; the other two go on.
        for c in clients[:2]:
            c.close()
        again = connect_when_free(server)
        again.close()
        for c in clients[2:]:
            assert_usable(c)
    finally:
        for c in clients:
            c.close()


# ---------------------------------------------------------------------------------------
# Garbage over TCP
# ---------------------------------------------------------------------------------------


def _random_garbage():
    rng = random.Random(1234)
    return b"\xff\xfe" + bytes(rng.choice([b for b in range(256) if b != 0x0A]) for _ in range(300))


@pytest.mark.parametrize("garbage", [_random_garbage(), b'{"op": "hello", "id": "\xff\xfe"}',
                                     b"\x00\x01\x02", b"\xc3("],
                         ids=["random_bytes", "invalid_utf8_in_string", "control_bytes",
                              "truncated_utf8"])
def test_tcp_garbage_bytes(tcp_server, garbage):
    c = tcp_server.connect()
    try:
        c.send_raw(garbage + b"\n")
        expect_error(c.read_reply(), "bad_json", f"garbage {garbage[:20]!r}...")
        assert_usable(c)
    finally:
        c.close()


# ---------------------------------------------------------------------------------------
# WebSocket frames
# ---------------------------------------------------------------------------------------


def _expect_ws_closed(ws, what):
    """The server fails the connection: a close frame or end of stream, and no reply."""
    try:
        frame = ws.read_frame(timeout=5)
        while frame.opcode in (OP_PING, OP_PONG):
            frame = ws.read_frame(timeout=5)
    except ConnectionClosed:
        return
    except ReplyTimeout:
        raise AssertionError(f"{what}: the server neither answered nor closed within 5 s")
    assert frame.opcode == OP_CLOSE, f"{what}: the server should close the connection, sent {frame}"
    if len(frame.payload) >= 2:
        code = struct.unpack("!H", frame.payload[:2])[0]
        assert code in (1002, 1007, 1008, 1003), f"{what}: close code {code} (expected 1002)"


def test_ws_binary_frame(ws_server):
    """A binary frame is not a message of the protocol: an error reply or a close."""
    ws = ws_server.connect()
    try:
        ws.send_frame(OP_BINARY, b'{"op": "hello"}')
        frame = ws.read_frame(timeout=5)
        if frame.opcode == OP_TEXT:
            reply = json.loads(frame.payload)
            assert reply.get("ok") is False, f"a binary frame should not be served: {reply}"
            assert_usable(ws)  # an error leaves the connection usable
        else:
            assert frame.opcode == OP_CLOSE, f"expected an error reply or a close frame: {frame}"
    except ConnectionClosed:
        pass  # closed without a close frame: allowed too
    finally:
        ws.close()
    assert_serving(ws_server)


def test_ws_ping_gets_pong(ws_server):
    ws = ws_server.connect()
    try:
        ws.send_frame(OP_PING, b"yendor ping")
        frame = ws.read_frame(timeout=5)
        assert frame.opcode == OP_PONG, f"a ping should be answered by a pong: {frame}"
        assert frame.payload == b"yendor ping", f"the pong should echo the ping's data: {frame}"
        assert not frame.masked, "server frames must not be masked"
        assert_usable(ws)
    finally:
        ws.close()


def test_ws_unmasked_frame_closes_the_connection(ws_server):
    """RFC 6455 5.1: a server must close the connection on an unmasked client frame."""
    ws = ws_server.connect()
    try:
        ws.send_frame(OP_TEXT, b'{"op": "hello"}', mask=False)
        _expect_ws_closed(ws, "an unmasked frame")
    finally:
        ws.close()
    assert_serving(ws_server)


def test_ws_reserved_bits_close_the_connection(ws_server):
    """RFC 6455 5.2: reserved bits set without an extension fail the connection."""
    ws = ws_server.connect()
    try:
        ws.send_frame(OP_TEXT, b'{"op": "hello"}', rsv=4)
        _expect_ws_closed(ws, "a frame with RSV1 set")
    finally:
        ws.close()
    assert_serving(ws_server)


def test_ws_fragmented_message(ws_server):
    """A text message in two frames (fin=0, then a continuation) is one request."""
    ws = ws_server.connect()
    try:
        ws.send_frame(OP_TEXT, b'{"op": "hel', fin=False)
        ws.send_frame(OP_CONTINUATION, b'lo", "id": 5}', fin=True)
        reply = expect_ok(ws.read_reply(), "a fragmented hello")
        assert reply.get("id") == 5 and reply.get("protocol") == 1, f"bad reply: {reply}"
    finally:
        ws.close()


def test_ws_ping_between_fragments(ws_server):
    """RFC 6455 5.4: control frames may come between the fragments of a message."""
    ws = ws_server.connect()
    try:
        ws.send_frame(OP_TEXT, b'{"op": "hel', fin=False)
        ws.send_frame(OP_PING, b"mid")
        ws.send_frame(OP_CONTINUATION, b'lo", "id": 6}', fin=True)
        frame = ws.read_frame(timeout=5)
        assert frame.opcode == OP_PONG and frame.payload == b"mid", f"expected the pong: {frame}"
        reply = expect_ok(ws.read_reply(), "a hello fragmented around a ping")
        assert reply.get("id") == 6, f"bad reply: {reply}"
    finally:
        ws.close()


def test_ws_close_handshake(ws_server):
    """A client's close frame is answered by the server's close frame."""
    ws = ws_server.connect()
    assert_usable(ws)
    code = ws.close()
    assert code is not None, "the server should answer a close frame with a close frame"
    assert_serving(ws_server)


@pytest.mark.parametrize("request_bytes", [
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b'{"op": "hello"}\n',
    b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + b"\x00" * 40,
], ids=["http_without_upgrade", "json_line", "tls_hello"])
def test_ws_bad_handshake(ws_server, request_bytes):
    """A request that is no WebSocket handshake is refused; the server goes on."""
    s = raw_socket(ws_server)
    try:
        s.sendall(request_bytes)
        s.settimeout(1)  # a server may also just wait for the rest of a handshake
        received = b""
        try:
            while len(received) < 65536:
                chunk = s.recv(65536)
                if not chunk:
                    break
                received += chunk
                if b"\r\n\r\n" in received:
                    break  # the head of an HTTP reply is enough
        except socket.timeout:
            pass  # the server may just wait for more; it must not upgrade
        except ConnectionResetError:
            pass
        assert b" 101 " not in received.split(b"\r\n", 1)[0], (
            f"the server upgraded a bad handshake: {received[:200]!r}")
    finally:
        s.close()
    assert_serving(ws_server)


# ---------------------------------------------------------------------------------------
# Signals
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("transport", ["tcp", "ws"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_signal_stops_the_server(yendor_bin, transport, sig):
    """SIGINT or SIGTERM: the server closes every connection and exits 0."""
    with start_server(yendor_bin, transport, LIMITS) as srv:
        idle = srv.connect()
        playing = srv.connect()
        try:
            assert_usable(idle)
            expect_ok(playing.request({"op": "reset", "seed": 1, "fields": []}), "reset")
            half = raw_socket(srv)  # a connection in the middle of a message
            half.sendall(b'{"op": "hel')
            code = srv.stop(sig)
            assert code is not None, f"the server did not exit within 10 s of {sig.name}"
            assert code == 0, (
                f"the server exited with code {code} after {sig.name}:\n{srv.output()}")
            idle.expect_closed()
            playing.expect_closed()
            half.close()
        finally:
            idle.close()
            playing.close()
