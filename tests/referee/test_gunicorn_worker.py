"""The production worker writes each answer to its socket in one send, and the
client still reads the same HTTP: status, headers, a whole or chunked body."""

from __future__ import annotations

import http.client
import socket
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from gunicorn.config import Config
from gunicorn.http import wsgi
from gunicorn.http.parser import RequestParser

from referee.gunicorn_worker import JOIN_BELOW, OneSendResponse, SettledConfig

App = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Counted:
    """The server's socket, counting its sends (every write gunicorn makes is a sendall)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.sends: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.sends.append(bytes(data))
        self.sock.sendall(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)


def serve(app: App, request: bytes) -> tuple[list[bytes], http.client.HTTPResponse, bytes]:
    """One request through gunicorn's parser and this worker's response, as the
    worker's request loop runs it; the client's reading of the answer."""
    server, client = socket.socketpair()
    server.settimeout(5)
    client.settimeout(5)
    try:
        client.sendall(request)
        cfg = Config()
        req = next(RequestParser(cfg, server, ("127.0.0.1", 50000)))
        counted = Counted(server)
        resp, environ = wsgi.create(
            req, counted, ("127.0.0.1", 50000), ("127.0.0.1", 8000), cfg, OneSendResponse
        )
        body = app(environ, resp.start_response)
        for item in body:
            resp.write(item)
        resp.close()
        server.shutdown(socket.SHUT_WR)
        answer = http.client.HTTPResponse(client, method=req.method)
        answer.begin()
        return counted.sends, answer, answer.read()
    finally:
        server.close()
        client.close()


def whole(body: bytes, status: str = "200 OK") -> App:
    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        headers = [("Content-Type", "application/json"), ("Cache-Control", "no-store")]
        if body or status.startswith("200"):
            headers.append(("Content-Length", str(len(body))))
        start_response(status, headers)
        return [body] if body else []

    return app


def events(*chunks: bytes) -> App:
    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterator[bytes]:
        start_response("200 OK", [("Content-Type", "text/event-stream")])
        yield from chunks

    return app


GET = b"GET /api/v1/tables/t1 HTTP/1.1\r\nHost: referee\r\n\r\n"


def test_an_answer_is_one_send_with_its_head():
    body = b'{"table": "t1", "version": 3}'
    sends, answer, read = serve(whole(body), GET)
    assert len(sends) == 1
    assert answer.status == 200
    assert answer.getheader("Content-Type") == "application/json"
    assert answer.getheader("Cache-Control") == "no-store"
    assert answer.getheader("Connection") == "keep-alive"
    assert read == body


def test_an_event_stream_sends_its_head_with_the_first_event_then_one_send_per_event():
    first = b'retry: 1500\nid: 3\ndata: {"version": 3}\n\n'
    second = b'id: 4\ndata: {"version": 4}\n\nevent: state\ndata: {"version": 4}\n\n'
    sends, answer, read = serve(events(first, second), GET)
    # head + first event, the second event, the chunked body's end
    assert len(sends) == 3
    assert sends[0].startswith(b"HTTP/1.1 200 OK\r\n")
    assert sends[0].endswith(first + b"\r\n")
    assert answer.getheader("Transfer-Encoding") == "chunked"
    assert read == first + second


def test_an_answer_without_a_body_still_sends_its_head():
    sends, answer, read = serve(whole(b"", "204 No Content"), GET)
    assert len(sends) == 1
    assert answer.status == 204
    assert read == b""


@pytest.mark.parametrize("size", [JOIN_BELOW - 1, JOIN_BELOW, 3 * JOIN_BELOW])
def test_a_large_body_is_not_copied_behind_its_head(size):
    body = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
    sends, answer, read = serve(whole(body), GET)
    assert len(sends) == (1 if size < JOIN_BELOW else 2)
    assert answer.getheader("Content-Length") == str(size)
    assert read == body


def test_a_head_request_gets_the_head_alone():
    body = b'{"table": "t1"}'
    sends, answer, read = serve(whole(body), GET.replace(b"GET", b"HEAD", 1))
    assert len(sends) == 1
    assert answer.getheader("Content-Length") == str(len(body))
    assert read == b""


def test_a_workers_settings_read_as_gunicorns_and_are_looked_up_once():
    cfg = Config()
    cfg.set("keepalive", 7)
    cfg.set("forwarded_allow_ips", "10.0.0.1")
    expected = {name: getattr(cfg, name) for name in cfg.settings}
    cfg.__class__ = SettledConfig  # as the worker does in its own process
    assert {name: getattr(cfg, name) for name in cfg.settings} == expected
    assert not cfg.is_ssl and cfg.keepalive == 7
    cfg.settings["keepalive"].set(9)  # changed behind the worker's back: not looked up again
    assert cfg.keepalive == 7
    with pytest.raises(AttributeError):
        cfg.no_such_setting  # noqa: B018
