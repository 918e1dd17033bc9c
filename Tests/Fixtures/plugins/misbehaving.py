#!/usr/bin/env python3
# A test plugin that misbehaves in one way, chosen when the test writes it out:
# MODE, PORT, DUMP and MARKER below are filled in by Tests/CoachCLITests/PluginCLITests.swift.
import json
import os
import socket
import sys
import time

MODE = "@MODE@"
PORT = int("@PORT@" or "0")
DUMP = "@DUMP@"
MARKER = "@MARKER@"
PLUGIN_ID = "@ID@"
KINDS = json.loads('@KINDS@')
# The flood must meet the host's line limit (16 MiB), not its answer timeout: it declares the
# longest timeout a plugin may (60 s), so how fast a loaded machine moves 16 MiB through a pipe
# cannot decide which limit stops it. Every other mode keeps 2 s ("sleep" expects it).
TIMEOUT_SECONDS = 60 if MODE == "flood" else 2


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def manifest():
    return {
        "protocolVersion": 1,
        "plugin": {"id": PLUGIN_ID, "name": "Misbehaving " + MODE, "version": "0.0.1"},
        "providers": [{
            "id": PLUGIN_ID, "name": MODE, "summary": "misbehaves: " + MODE, "version": "0.0.1",
            "inputs": [{"kind": k, "days": 7} for k in KINDS],
            "range": {"min": 0, "max": 100}, "unit": "points", "bands": [],
            "timeoutSeconds": TIMEOUT_SECONDS,
        }],
    }


def result(score, explanation="fine"):
    return {"id": PLUGIN_ID, "status": "ok", "score": score, "band": None, "values": {},
            "components": [], "flags": [], "explanation": explanation, "reason": None}


def refused(attempt):
    """'refused' when attempt raises (the sandbox said no), else 'allowed'."""
    try:
        attempt()
    except OSError:
        return "refused"
    return "allowed"


def probe():
    """Tries what a sandboxed plugin must not do; MARKER names a file outside its allowance."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    libc.ptrace.restype = ctypes.c_long

    def inet():
        socket.socket(socket.AF_INET, socket.SOCK_STREAM).close()

    def unix():
        socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).close()

    def read():
        with open(MARKER) as f:
            f.read()

    def write():
        with open(MARKER + ".escaped", "w") as f:
            f.write("out")

    def ptrace():
        if libc.ptrace(0, 0, None, None) != 0:  # PTRACE_TRACEME
            raise OSError(ctypes.get_errno(), "ptrace")

    return " ".join(name + "=" + refused(f) for name, f in
                    [("inet", inet), ("unix", unix), ("read", read), ("write", write),
                     ("ptrace", ptrace)])


for line in sys.stdin:
    if DUMP:
        # The sandbox lets a plugin write nowhere but its own directory: the dump is kept
        # only when the plugin runs unconfined. Tests read what it received from its answer.
        try:
            with open(DUMP, "a") as f:
                f.write(line)
        except OSError:
            pass
    msg = json.loads(line)
    method, rid = msg.get("method"), msg.get("id")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": rid, "result": manifest()})
    elif method == "shutdown":
        send({"jsonrpc": "2.0", "id": rid, "result": None})
        break
    elif method == "evaluate":
        sys.stderr.write("evaluating in mode " + MODE + "\n")
        sys.stderr.flush()
        if MODE == "sleep":
            time.sleep(60)
        elif MODE == "crash":
            os.abort()
        elif MODE == "garbage":
            sys.stdout.write("hello, this is not JSON\n")
            sys.stdout.flush()
        elif MODE == "wrong-id":
            send({"jsonrpc": "2.0", "id": rid, "result": dict(result(50), id="readiness")})
        elif MODE == "nan":
            send({"jsonrpc": "2.0", "id": rid, "result": dict(result(50), values={"x": float("nan")})})
        elif MODE == "out-of-range":
            send({"jsonrpc": "2.0", "id": rid, "result": result(250)})
        elif MODE == "flood":
            chunk = "x" * (1 << 20)
            while True:
                sys.stdout.write(chunk)
        elif MODE == "network":
            with socket.create_connection(("127.0.0.1", PORT), timeout=2) as s:
                s.sendall(b"leak")
            send({"jsonrpc": "2.0", "id": rid, "result": result(50)})
        elif MODE == "probe":
            send({"jsonrpc": "2.0", "id": rid, "result": result(50, probe())})
        elif MODE == "echo":
            send({"jsonrpc": "2.0", "id": rid, "result": result(50, line.strip())})
        elif MODE == "fork":
            for _ in range(3):
                if os.fork() == 0:
                    os.setsid()
                    os.execv("/bin/sh", ["/bin/sh", "-c", "sleep 300; true " + MARKER])
            time.sleep(0.2)
            sys.exit(3)
        else:
            send({"jsonrpc": "2.0", "id": rid, "result": result(50)})
