#!/usr/bin/env python3
"""A forwarding TCP proxy for the sync robustness test that cuts one HTTP exchange.

Usage: cutproxy.py PORT_FILE TARGET_PORT RULE_FILE LOG_FILE

Listens on 127.0.0.1 (a free port, written to PORT_FILE) and forwards every connection to
127.0.0.1:TARGET_PORT. RULE_FILE, read when a request starts, holds one line:

  pass                    forward everything;
  measure PATH            forward everything, and log the bytes of each exchange whose
                          request line names PATH ("PATH up=N down=M" in LOG_FILE);
  cut PATH up|down N      forward the first N bytes of the first exchange naming PATH, in
                          the request (up) or the answer (down), then close both sides;
  route PORT              forward each new connection to 127.0.0.1:PORT instead.

With CUTPROXY_PORT set it listens on that port (a server's address the machines already
know) instead of a free one.

A cut fires once per rule (writing "cut PATH up|down N" to LOG_FILE); the rule file must
change before another cut. HTTP/1.1 without pipelining is assumed: the bytes of an answer
are those the server sends after its request began and before the next request.
CUTPROXY_DEBUG=1 also logs every chunk forwarded. Standard library only.
"""

import os
import socket
import sys
import threading

port_file, rule_file, log_file = sys.argv[1], sys.argv[3], sys.argv[4]
target_port = int(sys.argv[2])
lock = threading.Lock()
fired = {"rule": None}


def log(line):
    with lock, open(log_file, "a") as out:
        out.write(line + "\n")


def read_rule():
    try:
        with open(rule_file) as f:
            return f.read().strip()
    except FileNotFoundError:
        return "pass"


class Exchange:
    """The state of one connection's current exchange."""

    def __init__(self, client, server):
        self.client, self.server = client, server
        self.rule = None  # (mode, path, direction, limit)
        self.up = self.down = 0
        self.closed = False
        self.counting = threading.Lock()

    def close(self):
        with lock:
            if self.closed:
                return
            self.closed = True
        for s in (self.client, self.server):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def finish(self):
        if self.rule and self.rule[0] == "measure":
            log(f"{self.rule[1]} up={self.up} down={self.down}")
        self.rule = None

    def start(self, data):
        """Matches a request line at the start of `data` against the rule."""
        self.finish()
        text = read_rule().split()
        parts = data.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
        path = parts[1] if len(parts) > 1 else ""
        if len(text) >= 2 and text[1] in path:
            if text[0] == "measure":
                self.rule = ("measure", text[1], None, None)
            elif text[0] == "cut" and fired["rule"] != " ".join(text):
                self.rule = ("cut", text[1], text[2], int(text[3]))
        self.up = self.down = 0

    def forward(self, data, upward):
        """Sends `data` on; returns False once a cut closed the connection."""
        target = self.server if upward else self.client
        if os.environ.get("CUTPROXY_DEBUG"):
            log(f"{'up' if upward else 'down'} {id(self)} {len(data)} {data[:60]!r}")
        with self.counting:
            # Counted before sending: the next request cannot start before this is received.
            if upward and data[:5] in (b"POST ", b"GET /", b"PUT /", b"DELET"):
                self.start(data)
            rule = self.rule
            sent = self.up if upward else self.down
            cut = None
            if rule and rule[0] == "cut" and rule[2] == ("up" if upward else "down"):
                room = rule[3] - sent
                if room <= len(data):
                    cut = max(room, 0)
                    fired["rule"] = f"cut {rule[1]} {rule[2]} {rule[3]}"
                    self.rule = None
            if upward:
                self.up += len(data)
            else:
                self.down += len(data)
        if cut is not None:
            if cut > 0:
                target.sendall(data[:cut])
            log(fired["rule"])
            self.close()
            return False
        target.sendall(data)
        return True


def pump(exchange, source, upward):
    try:
        while True:
            data = source.recv(65536)
            if not data or not exchange.forward(data, upward):
                break
    except OSError:
        pass
    if upward:
        exchange.finish()
    exchange.close()


def serve(listener):
    while True:
        client, _ = listener.accept()
        rule = read_rule().split()
        port = int(rule[1]) if len(rule) == 2 and rule[0] == "route" else target_port
        try:
            server = socket.create_connection(("127.0.0.1", port))
        except OSError:
            client.close()
            continue
        exchange = Exchange(client, server)
        threading.Thread(target=pump, args=(exchange, client, True), daemon=True).start()
        threading.Thread(target=pump, args=(exchange, server, False), daemon=True).start()


listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", int(os.environ.get("CUTPROXY_PORT", "0"))))
listener.listen(16)
with open(port_file + ".tmp", "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(port_file + ".tmp", port_file)
serve(listener)
