"""Run worked-example programs as a user runs what they paste, in one interpreter for them all.

Each program is its exact text, compiled and run as a script of its own: `__name__` is
"__main__", its namespace is new, what it prints and what it warns are caught, and an
exception fails it with its traceback. Only the interpreter is shared, so that numpy and
torch are imported once instead of once a program (torch alone took 17–49 s a program on a
loaded machine). Warnings are shown afresh for every program, as in a new process: the
filters are the interpreter's own defaults, reset around each program.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading

_MARK = "\x1eqk-snippet-done\x1e"

_SERVER = r"""
import contextlib, io, json, sys, traceback, warnings

MARK = sys.argv[1]
answer = sys.stdout
for line in sys.stdin:
    code = json.loads(line)
    out, err = io.StringIO(), io.StringIO()
    ok = True
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
        try:
            exec(compile(code, "<pasted program>", "exec"), {"__name__": "__main__"})
        except SystemExit as done:
            ok = done.code in (None, 0)
        except BaseException:
            ok = False
            traceback.print_exc()
    answer.write(MARK + json.dumps({"ok": ok, "stdout": out.getvalue(), "stderr": err.getvalue()}) + "\n")
    answer.flush()
"""


class SnippetRunner:
    """One interpreter (`python`) that runs program after program; close() ends it."""

    def __init__(self, python: str, timeout: float = 300):
        self.timeout = timeout
        self.process = subprocess.Popen(
            [python, "-u", "-c", _SERVER, _MARK],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._lines: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self._lines.put(line)
        self._lines.put("")  # the interpreter ended

    def run(self, code: str) -> tuple[bool, str, str]:
        """(ran without error, what it printed, what it wrote on stderr, warnings included)."""
        self.process.stdin.write(json.dumps(code) + "\n")
        self.process.stdin.flush()
        stray = []  # anything written past Python's own streams (a library's C code) is output too
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                raise TimeoutError(f"a program ran for more than {self.timeout} s") from None
            if not line:
                raise RuntimeError(f"the interpreter ended: {self.process.stderr.read()}")
            if line.startswith(_MARK):
                answer = json.loads(line[len(_MARK) :])
                return answer["ok"], "".join(stray) + answer["stdout"], answer["stderr"]
            stray.append(line)

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)
        self._reader.join(timeout=30)
        self.process.stdout.close()
        self.process.stderr.close()


_shared: dict[str, SnippetRunner] = {}


def run_pasted(code: str, python: str) -> str:
    """What the program `code` prints, run in the shared interpreter `python`; it must run without
    an error and without a warning."""
    runner = _shared.get(python) or _shared.setdefault(python, SnippetRunner(python))
    ok, out, err = runner.run(code)
    assert ok, err
    assert "Warning" not in err, err
    return out


def close_all() -> None:
    while _shared:
        _shared.popitem()[1].close()
