"""qk-explorer --self-test: prove the installation works, with no display needed."""

from __future__ import annotations


def run_self_test(app) -> int:
    print("qk-explorer self-test: not implemented yet")
    return 1
