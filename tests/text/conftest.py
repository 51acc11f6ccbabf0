"""The interpreters that run pasted worked-example programs live for the whole run, then end."""

import pytest

from . import snippet_runner


@pytest.fixture(scope="session", autouse=True)
def _one_interpreter_for_the_pasted_programs():
    yield
    snippet_runner.close_all()
