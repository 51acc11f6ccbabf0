"""What the lecture-hall tests share: a window presenting a scene, left when the test ends."""

import pytest

from qk_explorer.model.presets import preset_scene

from .stage_check import present


@pytest.fixture
def presenting(make_window):
    made = []

    def make(size=(1366, 768), scene=None, lang="en", theme="projector"):
        window = make_window(scene or preset_scene("lesson-pair"), lang=lang, theme=theme)
        present(window, size)
        made.append(window)
        return window

    yield make
    for window in made:
        window.presentation.leave()
