"""A real HTTP server on 127.0.0.1 (port 0) serving forum pages, for the fetch tests.

Each route is a path (with its query, percent-decoded) and a list of responses: a request
takes the first one while more than one is left, so `[503, page]` answers 503 once and then
the page forever. A response may sleep first (a slow page) or require a cookie (a closed
section). Every request is logged with its headers so tests can see what was asked.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict = field(default_factory=dict)
    sleep: float = 0.0
    cookie: str | None = None  # "name=value" the request must carry, else 403

    @classmethod
    def page(cls, body: bytes, charset: str = "utf-8", **kw) -> "Reply":
        return cls(200, body, {"Content-Type": f"text/html; charset={charset}", **kw.pop("headers", {})}, **kw)


class Forum:
    def __init__(self):
        self.routes: dict[str, list[Reply]] = {}
        self.log: list[tuple[str, dict]] = []
        self.sent: list[tuple[str, int]] = []  # (path, status) of each answer: a 304 is counted here
        self.lock = threading.Lock()
        forum = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # else each reply waits ~40 ms for a delayed ACK

            def do_GET(self):  # noqa: N802 (http.server's naming)
                path = unquote(self.path)
                with forum.lock:
                    forum.log.append((path, dict(self.headers)))
                    replies = forum.routes.get(path)
                    reply = (replies.pop(0) if len(replies) > 1 else replies[0]) if replies else Reply(404, b"not found")
                if reply.sleep:
                    time.sleep(reply.sleep)
                if reply.cookie and reply.cookie not in (self.headers.get("Cookie") or ""):
                    reply = Reply(403, b"<html><body>Log in first</body></html>", {"Content-Type": "text/html"})
                if reply.status == 304 or (reply.headers.get("ETag") and
                                           self.headers.get("If-None-Match") == reply.headers["ETag"]) or \
                        (reply.headers.get("Last-Modified") and
                         self.headers.get("If-Modified-Since") == reply.headers["Last-Modified"]):
                    forum.sent.append((path, 304))
                    self.send_response(304)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                forum.sent.append((path, reply.status))
                self.send_response(reply.status)
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                try:
                    self.wfile.write(reply.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def log_message(self, *args):  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return self.base + path

    def add(self, path: str, *replies: Reply) -> str:
        self.routes[path] = list(replies)
        return self.url(path)

    def asked(self) -> list[str]:
        return [p for p, _ in self.log]

    def close(self):
        self.server.shutdown()
        self.server.server_close()
