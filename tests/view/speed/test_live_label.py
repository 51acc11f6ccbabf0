"""LiveLabel: held at its size while new texts fit; any text that needs other room gets it."""

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from qk_explorer.view.drag.live_label import LiveLabel


def labelled(qtbot, wrap: bool) -> tuple[QWidget, LiveLabel]:
    holder = QWidget()
    qtbot.addWidget(holder)
    label = LiveLabel()
    label.setWordWrap(wrap)
    label.setText("1.25")
    layout = QVBoxLayout(holder)
    layout.addWidget(label)
    layout.addStretch(1)
    holder.resize(240, 200)
    holder.show()
    QCoreApplication.processEvents()
    return holder, label


def test_a_held_label_keeps_its_size_for_a_text_that_fits(qtbot):
    _, label = labelled(qtbot, wrap=False)
    size = label.size()
    label.hold(True)
    label.setText("−0.5")
    assert label.held and label.text() == "−0.5"
    assert label.size() == size


def test_a_held_label_lets_go_of_a_text_that_needs_more_room(qtbot):
    for wrap in (False, True):
        _, label = labelled(qtbot, wrap)
        label.hold(True)
        long = "(1.234, −5.678, 9.012, −3.456) " * 4
        label.setText(long)
        assert not label.held
        QCoreApplication.processEvents()
        # Laid out as usual: the whole text has room (a wrapped one grows taller).
        if wrap:
            assert label.height() >= label.heightForWidth(label.width())
        else:
            assert label.width() >= label.sizeHint().width()


def test_a_label_let_go_mid_drag_is_held_again_by_the_next_text_at_its_new_size(qtbot):
    _, label = labelled(qtbot, wrap=True)
    label.hold(True)
    label.setText("4.546(2.243) + (−0.243)(0.878) = 10.196 " * 3)  # a drag's first step: longer
    assert not label.held
    QCoreApplication.processEvents()  # the window lays its panels out at the end of a step
    grown = label.size()
    label.setText("4.552(2.241) + (−0.251)(0.875) = 10.199 " * 3)
    assert label.held and label.size() == grown
    label.hold(False)  # the drag ends: not held again by later texts
    label.setText("1")
    assert not label.held


def test_letting_go_restores_the_sizes_the_label_had(qtbot):
    _, label = labelled(qtbot, wrap=False)
    label.setMinimumWidth(30)
    label.hold(True)
    assert label.minimumSize() == label.maximumSize() == label.size()
    label.hold(False)
    assert label.minimumWidth() == 30 and label.maximumWidth() > 10**6


def test_a_hidden_label_is_not_held(qtbot):
    _, label = labelled(qtbot, wrap=False)
    label.hide()
    label.hold(True)
    assert not label.held


def test_one_line_of_plain_text_is_measured_not_laid_out(qtbot, monkeypatch):
    _, label = labelled(qtbot, wrap=True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.hold(True)
    laid_out = []
    monkeypatch.setattr(label, "heightForWidth", lambda w: laid_out.append(w) or 0)
    label.setText("(−12.345, 6.789)")
    assert label.held and not laid_out
    label.setText("(1.234, −5.678, 9.012, −3.456) " * 4)  # two lines now: laid out as usual
    assert not label.held


def test_a_held_plain_label_is_not_selectable_until_it_lets_go(qtbot):
    _, label = labelled(qtbot, wrap=False)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hold(True)
    assert label.textInteractionFlags() == Qt.TextInteractionFlag.NoTextInteraction
    label.hold(False)
    assert label.textInteractionFlags() == Qt.TextInteractionFlag.TextSelectableByMouse


def held_and_watched(qtbot, monkeypatch, text: str) -> tuple[QWidget, LiveLabel, list]:
    """A wrapped rich-text label showing `text`, held (with its holder); the widths it is measured at."""
    holder, label = labelled(qtbot, wrap=True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText(text)
    QCoreApplication.processEvents()
    label.hold(True)
    measured = []
    real = label.heightForWidth
    monkeypatch.setattr(label, "heightForWidth", lambda w: measured.append(w) or real(w))
    return holder, label, measured


def test_a_rich_text_whose_digits_alone_changed_is_not_laid_out_again(qtbot, monkeypatch):
    _holder, label, measured = held_and_watched(qtbot, monkeypatch, "<b>q·k</b> = 1.935 and θ = 28.03°")
    label.setText("<b>q·k</b> = 2.417 and θ = 31.96°")  # same digits' room in this font
    assert label.held and not measured
    label.setText("<b>q·k</b> = −2.417 and θ = 131.96°")  # longer: measured, and it fits
    assert label.held and measured
    label.setText("<b>q·k</b> = " + "a longer sentence that needs more lines " * 3)
    assert not label.held


def test_digits_of_unequal_widths_are_measured(qtbot, monkeypatch):
    _, label = labelled(qtbot, wrap=True)
    label.setTextFormat(Qt.TextFormat.RichText)
    monkeypatch.setattr("qk_explorer.view.drag.live_label._digits_equally_wide", lambda font: False)
    label.hold(True)
    measured = []
    real = label.heightForWidth
    monkeypatch.setattr(label, "heightForWidth", lambda w: measured.append(w) or real(w))
    label.setText("1.11")
    assert measured and label.held


def test_each_shape_of_text_is_measured_once_while_held(qtbot, monkeypatch):
    _holder, label, measured = held_and_watched(qtbot, monkeypatch, "<b>q·k</b> = 1.9 and θ = 28.03°")
    # A drag: the number's length goes back and forth, so the same two shapes keep returning.
    for text in ("1.95", "2.1", "3.75", "4.2", "5.55", "6.3"):
        label.setText(f"<b>q·k</b> = {text} and θ = 28.03°")
    assert label.held and len(measured) == 1  # "0.0" was the held shape; "0.00" measured once
    label.hold(False)
    label.hold(True)  # a new hold may have another size: what was found is forgotten
    label.setText("<b>q·k</b> = 7.75 and θ = 28.03°")
    assert len(measured) == 2
