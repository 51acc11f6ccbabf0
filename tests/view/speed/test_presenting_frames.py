"""While presenting on 3840 × 2160 at device pixel ratio 2, a drag's frames are Qt's own painting.

QT_SCALE_FACTOR is read once, as Qt starts: the frames are taken in a child process under
QT_SCALE_FACTOR=2 (presenting_frames.py), as the lecture hall's 4K checks are, on an offscreen
screen of 3840 × 2160 device pixels, so that a grab of the screen holds the whole window.
"""

import json

from ..helpers import run_at_ratio_2

# No window frame: the window's corner is the screen's, which the grab of the screen and the
# window's own pixels (at twice its logical position) then agree on.
SCREEN = {
    "windowFrameMargins": False,
    "screens": [{"name": "projector", "x": 0, "y": 0, "width": 3840, "height": 2160, "dpr": 1}],
}


def test_frames_of_a_drag_presenting_at_device_pixel_ratio_2_are_qts_own_painting(tmp_path):
    screen = tmp_path / "screen.json"
    screen.write_text(json.dumps(SCREEN))
    result = run_at_ratio_2("tests.view.speed.presenting_frames", platform=f"offscreen:configfile={screen}")
    assert result["ratio"] == 2.0
    assert result["frames"] >= 14 and result["left_to_qt"] == 0  # the drag's frames were compared
    assert len(result["differences"]) == 5
    assert max(result["differences"]) <= 3, result["differences"]
