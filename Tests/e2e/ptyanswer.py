#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal and answers its prompts, the way a reader types.

Usage: ptyanswer.py PROMPT=FILE [PROMPT=FILE ...] -- COMMAND [ARG ...]
Each time the command's output shows PROMPT (a substring), the first line of FILE is typed
followed by Enter; each prompt is answered once. The command's output is copied to stdout and
its exit status is this script's (128 + signal for a signal). Fails (exit 2) when a prompt given
was never shown, or when the command runs longer than 120 s.
"""
import os
import pty
import select
import sys
import time

args = sys.argv[1:]
split = args.index("--")
answers = []
for pair in args[:split]:
    prompt, path = pair.split("=", 1)
    with open(path) as f:
        answers.append((prompt.encode(), f.readline().rstrip("\n").encode()))
command = args[split + 1:]

pid, fd = pty.fork()
if pid == 0:
    os.execvp(command[0], command)
seen = b""
pending = list(answers)
deadline = time.monotonic() + 120
status = None
while True:
    if time.monotonic() > deadline:
        os.kill(pid, 9)
        sys.exit("ptyanswer: the command ran longer than 120 s")
    ready, _, _ = select.select([fd], [], [], 0.2)
    if ready:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        if not chunk:
            break
        sys.stdout.buffer.write(chunk)
        sys.stdout.flush()
        seen += chunk
        for prompt, answer in list(pending):
            if prompt in seen:
                os.write(fd, answer + b"\n")
                pending.remove((prompt, answer))
                seen = b""
    else:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
if status is None:
    _, status = os.waitpid(pid, 0)
if pending:
    sys.exit("ptyanswer: never asked: " + ", ".join(p.decode() for p, _ in pending))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
