#!/usr/bin/env python3
"""Runs shell steps one by one, each on its own pseudo-terminal, answering prompts.

Reads JSON on stdin: {"cwd": DIR, "env": {...}, "steps": [{"sh": TEXT,
"answers": [[REGEX, TEXT], ...], "timeout": SECONDS}]}. Each step runs as `sh -c TEXT` with
the pseudo-terminal as its controlling terminal (so /dev/tty prompts and isatty() see a
terminal). Whenever the output so far ends with text matching an answer's REGEX (checked in
order, each answer used for every match), TEXT and a newline are typed. Prints JSON: a list
of {"status": EXIT, "output": TEXT} (status -1 on timeout). Standard library only.
"""
import json, os, pty, re, select, sys, time


def run(step, cwd, env):
    answers = [(re.compile(r + r"[ \t]*$"), t) for r, t in step.get("answers", [])]
    deadline = time.time() + step.get("timeout", 120)
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.execve("/bin/sh", ["sh", "-c", step["sh"]], env)
    out = b""
    answered_at = -1
    status = None
    while True:
        if time.time() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            status = -1
            break
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                _, code = os.waitpid(pid, 0)
                status = os.waitstatus_to_exitcode(code)
                break
            out += chunk
        text = out.decode("utf-8", "replace")
        if len(out) != answered_at:
            for pattern, reply in answers:
                if pattern.search(text):
                    os.write(fd, (reply + "\n").encode())
                    answered_at = len(out)
                    break
        if not ready:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                # Drain what is left.
                while True:
                    try:
                        chunk = os.read(fd, 65536)
                    except OSError:
                        break
                    if not chunk:
                        break
                    out += chunk
                status = os.waitstatus_to_exitcode(code)
                break
    os.close(fd)
    return {"status": status, "output": out.decode("utf-8", "replace").replace("\r\n", "\n")}


def main():
    spec = json.load(sys.stdin)
    env = dict(spec["env"])
    results = [run(step, spec["cwd"], env) for step in spec["steps"]]
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
