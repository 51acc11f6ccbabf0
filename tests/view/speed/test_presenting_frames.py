"""While presenting on 3840 × 2160 at device pixel ratio 2, or on 2880 × 1620 at 1.5 (a laptop at
150 %), a drag's frames are Qt's own painting.

QT_SCALE_FACTOR is read once, as Qt starts: the frames are taken in a child process under
QT_SCALE_FACTOR=2 (presenting_frames.py), as the lecture hall's 4K checks are, on an offscreen
screen of 3840 × 2160 device pixels, so that a grab of the screen holds the whole window.
"""

import json

import pytest

from ..helpers import run_at_ratio_2


def screen(width: int, height: int) -> dict:
    # No window frame: the window's corner is the screen's, which the grab of the screen and the
    # window's own pixels (at its logical position times the ratio) then agree on.
    return {
        "windowFrameMargins": False,
        "screens": [{"name": "projector", "x": 0, "y": 0, "width": width, "height": height, "dpr": 1}],
    }


@pytest.mark.parametrize(("ratio", "size"), [("2", (3840, 2160)), ("1.5", (2880, 1620))])
def test_frames_of_a_drag_presenting_at_device_pixel_ratio_2_are_qts_own_painting(tmp_path, ratio, size):
    config = tmp_path / "screen.json"
    config.write_text(json.dumps(screen(*size)))
    result = run_at_ratio_2(
        "tests.view.speed.presenting_frames", platform=f"offscreen:configfile={config}", ratio=ratio
    )
    assert result["ratio"] == float(ratio)
    assert result["frames"] >= 14 and result["left_to_qt"] == 0  # the drag's frames were compared
    assert len(result["differences"]) == 5
    assert max(result["differences"]) <= 3, result["differences"]
