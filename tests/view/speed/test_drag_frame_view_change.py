"""A change of the view mid-drag (the stage giving a number more room resizes the canvas) makes
the drag's pictures again: the standing arrows are not then drawn one by one for the rest of it."""

from PySide6.QtCore import QCoreApplication

from .test_drag_frame_work import STEPS, count_item_paints, many_keys, q_dragged, ready_to_drag


def test_after_the_canvas_is_resized_mid_drag_the_standing_arrows_come_from_pictures_again(make_window):
    window = ready_to_drag(make_window(many_keys(16)))
    with q_dragged(window) as step:
        step(0)
        window.resize(window.width() - 80, window.height() - 40)  # the canvas with it
        for _ in range(3):
            QCoreApplication.processEvents()
        step(1)  # the first frame after the change pictures the standing layers anew
        counted_paints = count_item_paints(window)
        for i in range(2, STEPS + 2):
            step(i)
        # q and the output move; the 16 keys and 16 values stand still, pictured.
        assert counted_paints["VectorItem"] == 2 * STEPS
        assert counted_paints["GridItem"] == 0
