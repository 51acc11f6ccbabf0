"""The profile ./test.sh runs hypothesis with: immune to a slow machine, as thorough as the default."""

from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).parent.parent


def test_the_ci_profile_ignores_slowness_and_checks_as_many_examples():
    ci, default = settings.get_profile("ci"), settings.get_profile("default")
    assert HealthCheck.too_slow in ci.suppress_health_check
    assert ci.deadline is None
    assert ci.max_examples == default.max_examples
    # Only slowness is let pass: every other health check still fails a test.
    assert set(ci.suppress_health_check) == {HealthCheck.too_slow}
    assert ci.derandomize == default.derandomize and ci.phases == default.phases


def test_the_test_command_selects_it():
    assert "--hypothesis-profile=ci" in (ROOT / "test.sh").read_text()
