#!/usr/bin/env python3
"""Runs a command in a real pseudo-terminal and plays a script against it, as a person would:
wait until the screen shows some text, then type keys. Prints a JSON result on stdout.

usage: pty-driver.py SCRIPT_JSON [OPTIONS_JSON] -- command args...
SCRIPT_JSON: [{"expect": "regex", "send": "keys"}, ...]; each step waits (up to its timeout)
for the regex in the output seen since the previous match, ANSI codes removed; a step with
"resize": [rows, cols] resizes the window before it sends its keys.
OPTIONS_JSON: {"cols": 120, "rows": 40, "maxBytes": N, "maxSeconds": S, "scale": K}: the window
size the program sees (0 columns is allowed, as some CI runners report), and bounds after which the
program is killed and the run reported as a failure (a spinner that never stops). Every time limit
is multiplied by "scale" (AGENTS_TEST_TIME_SCALE): limits catch hangs, they decide nothing else.
"""
import base64, fcntl, json, os, pty, re, select, signal, struct, sys, termios, time

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")

def main():
    sep = sys.argv.index("--")
    steps = json.loads(sys.argv[1])
    options = json.loads(sys.argv[2]) if sep > 2 else {}
    command = sys.argv[sep + 1:]
    started = time.time()
    scale = options.get("scale", 1)
    max_bytes = options.get("maxBytes", 16 * 1024 * 1024)
    hard_deadline = started + options.get("maxSeconds", 60) * scale
    size = struct.pack("HHHH", options.get("rows", 40), options.get("cols", 120), 0, 0)
    pid, fd = pty.fork()
    if pid == 0:
        # The size is set by the child, on its own terminal, before the program starts: set by the
        # parent after the fork, a program that started first (a busy machine) read a 0x0 window.
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
        os.execvp(command[0], command)
    raw = b""
    cursor = 0
    failure = None

    def pump(deadline):
        nonlocal raw
        deadline = min(deadline, hard_deadline)
        while True:
            if len(raw) > max_bytes:
                return None
            left = deadline - time.time()
            if left <= 0:
                return False
            ready, _, _ = select.select([fd], [], [], min(left, 0.05))
            if fd in ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return None
                if not chunk:
                    return None
                raw += chunk
                return True

    for step in steps:
        # 20 s: only a failing run waits it out; a suite that saturates two cores can hold a step 10 s.
        deadline = time.time() + step.get("timeout", 20) * scale
        pattern = re.compile(step["expect"])
        while True:
            text = ANSI.sub("", raw.decode("utf-8", "replace"))
            match = pattern.search(text, cursor)
            if match:
                cursor = match.end()
                break
            got = pump(deadline)
            if got is False or got is None:
                failure = f"did not see /{step['expect']}/ (process {'ended' if got is None else 'timed out'})"
                break
        if failure:
            break
        # A program draws its prompt a moment before it reads keys (bash finishing a completion,
        # readline after a signal): typed at once, they were echoed by the terminal or lost. No
        # state of the terminal says "ready" (it is out of line mode before that), so a person's
        # pause, scaled with the other limits.
        time.sleep(step.get("delay", 0.15) * scale)
        if "resize" in step:
            # A new window size: the kernel tells the program with SIGWINCH, as a terminal does.
            rows, cols = step["resize"]
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.write(fd, step["send"].encode("utf-8"))

    deadline = time.time() + 10 * scale
    while pump(deadline) is not None and time.time() < min(deadline, hard_deadline):
        pass
    if len(raw) > max_bytes:
        failure = failure or f"wrote more than {max_bytes} bytes"
    elif time.time() >= hard_deadline:
        failure = failure or f"still running after {options.get('maxSeconds', 60)} s"
    # The terminal closes a moment before the process can be reaped: give it time to exit.
    exit_deadline = time.time() + 5 * scale
    done, status = os.waitpid(pid, os.WNOHANG)
    while done == 0 and time.time() < exit_deadline:
        time.sleep(0.02)
        done, status = os.waitpid(pid, os.WNOHANG)
    if done == 0:
        os.kill(pid, signal.SIGKILL)
        failure = failure or "the process did not end"
        done, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    print(json.dumps({
        "code": code,
        "failure": failure,
        "seconds": round(time.time() - started, 3),
        "screen": ANSI.sub("", raw.decode("utf-8", "replace")),
        "raw": raw.decode("utf-8", "replace"),
        "bytes": base64.b64encode(raw).decode("ascii"),
    }))

main()
