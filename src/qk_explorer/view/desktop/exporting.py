"""Export: the canvas as a PNG picture or an SVG drawing, the numbers as JSON or CSV,
and the worked example copied to the clipboard.

Pictures. The canvas items paint in device pixels (their strokes, heads and
labels keep their size whatever the zoom), so the PNG is not pyqtgraph's
ImageExporter, which scales the data but not those pixels: the view is
rendered into an image whose device pixel ratio is the requested width over
the on-screen width, so everything — strokes and text included — grows
together and the picture looks like the screen, only sharper.

The SVG is QSvgGenerator (SVG 1.1, which keeps the plot's clipping) with the
screen's resolution, fed by the same view rendering. pyqtgraph's SVGExporter
is not used: it re-parses Qt's path data item by item and fails on the
outlines of our labels. Text stays text in the SVG. Qt's own SVG viewer
ignores clip paths; browsers, Inkscape and rsvg honour them.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAction, QColor, QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGraphicsView,
    QLabel,
    QMenu,
    QMessageBox,
    QStatusBar,
    QToolTip,
    QVBoxLayout,
)

from ...model.numbers_export import write_numbers, write_numbers_csv
from ...text.worked_example import worked_example
from ..declaration import Export
from .file_io import failure_text, write_bytes

PNG_WIDTHS = (1280, 1920, 2560, 3840)
DEFAULT_PNG_WIDTH = 1920


def render_canvas(canvas, width: int) -> QImage:
    """The canvas's view, `width` pixels wide, drawn as on screen but at a finer pixel ratio."""
    canvas.scene().prepareForPaint()  # its view and names brought up to date, as for the screen
    source = canvas.viewport().rect()
    ratio = width / max(1, source.width())
    height = max(1, round(source.height() * ratio))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(canvas.backgroundBrush().color() if canvas.backgroundBrush().style() else QColor("white"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    QGraphicsView.render(canvas, painter, QRectF(0, 0, source.width(), source.height()), source)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(buffer.data().data())


def canvas_svg(canvas, title: str = "", description: str = "") -> bytes:
    """The canvas's view as an SVG 1.1 drawing, in on-screen pixel units."""
    canvas.scene().prepareForPaint()
    source = canvas.viewport().rect()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)
    generator.setOutputDevice(buffer)
    generator.setResolution(canvas.logicalDpiX())  # one SVG unit = one screen pixel
    generator.setSize(source.size())
    generator.setViewBox(QRectF(source))
    generator.setTitle(title or "Q·K Explorer")
    generator.setDescription(description)
    painter = QPainter(generator)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    QGraphicsView.render(canvas, painter, QRectF(source), source)
    painter.end()
    buffer.close()
    return bytes(data.data())


class PictureSizeDialog(QDialog):
    """Asks how wide the PNG should be; shows the height that follows from the canvas's shape."""

    def __init__(self, screen_size, parent=None):
        super().__init__(parent)
        self.setObjectName("pictureSizeDialog")
        self.setWindowTitle(QCoreApplication.translate("Exporting", "Export Canvas as PNG"))
        self._screen_w, self._screen_h = max(1, screen_size.width()), max(1, screen_size.height())
        self.widths = QComboBox()
        self.widths.setObjectName("pngWidth")
        choices = sorted({*PNG_WIDTHS, self._screen_w})
        for w in choices:
            label = (
                self.tr("{width} px (as on screen)").format(width=w)
                if w == self._screen_w
                else self.tr("{width} px").format(width=w)
            )
            self.widths.addItem(label, w)
        self.widths.setCurrentIndex(choices.index(DEFAULT_PNG_WIDTH))
        self.size_label = QLabel()
        self.size_label.setObjectName("pngSize")
        self.widths.currentIndexChanged.connect(self._update_size)
        form = QFormLayout()
        form.addRow(self.tr("&Width:"), self.widths)
        form.addRow(self.tr("Size:"), self.size_label)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("&Choose File…"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self._update_size()

    def chosen_width(self) -> int:
        return int(self.widths.currentData())

    def chosen_height(self) -> int:
        return max(1, round(self._screen_h * self.chosen_width() / self._screen_w))

    def _update_size(self) -> None:
        self.size_label.setText(
            self.tr("{width} × {height} pixels").format(
                width=self.chosen_width(), height=self.chosen_height()
            )
        )


class Exporting(QObject):
    """File ▸ Export and Edit ▸ Copy Worked Example for one window."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.controller = window.controller
        self.dialog: QDialog | None = None  # the dialog asked before the file (the PNG's size …)
        self.last_message = ""
        self._exports: dict[str, Export] = {}  # the features' own, by name
        self._build_menus()

    def _build_menus(self) -> None:
        w = self.window
        export = w.menus["file"].addMenu("")
        export.setObjectName("exportMenu")
        w.on_retranslate(lambda: export.setTitle(self.tr("&Export")))
        self._add(export, "exportPng", lambda: self.tr("Canvas as &PNG Picture…"), self.png_dialog)
        self._add(export, "exportSvg", lambda: self.tr("Canvas as &SVG Drawing…"), self.svg_dialog)
        export.addSeparator()
        self._add(export, "exportNumbers", lambda: self.tr("Numbers as &JSON…"), self.numbers_dialog)
        self._add(export, "exportCsv", lambda: self.tr("Numbers as &CSV Table…"), self.csv_dialog)

        w.menus["edit"].addSeparator()
        copy = w.menus["edit"].addMenu("")
        copy.setObjectName("copyExampleMenu")
        w.on_retranslate(lambda: copy.setTitle(self.tr("Copy &Worked Example")))
        self._add(copy, "copyLatex", lambda: self.tr("As &LaTeX"), lambda: self.copy_example("latex"))
        self._add(
            copy, "copyMarkdown", lambda: self.tr("As &Markdown"), lambda: self.copy_example("markdown")
        )
        self._add(copy, "copyNumpy", lambda: self.tr("As &NumPy Code"), lambda: self.copy_example("numpy"))
        self._add(
            copy, "copyPytorch", lambda: self.tr("As &PyTorch Code"), lambda: self.copy_example("pytorch")
        )

    def _add(self, menu, name: str, text, slot) -> QAction:
        act = QAction(self.window)
        act.setObjectName(name)
        act.triggered.connect(lambda _checked=False: slot())
        menu.addAction(act)
        self.window.on_retranslate(lambda: act.setText(text()))
        return act

    # ---- pictures ----------------------------------------------------------------------------

    def png_dialog(self) -> PictureSizeDialog:
        self.dialog = PictureSizeDialog(self.window.canvas.viewport().size(), self.window)
        self.dialog.accepted.connect(lambda d=self.dialog: self._png_file(d.chosen_width()))
        self.dialog.open()
        return self.dialog

    def _png_file(self, width: int) -> None:
        path = self._ask_path(self.tr("Export Canvas as PNG"), "png", self.tr("PNG pictures ({patterns})"))
        if path:
            self.export_png(path, width)

    def export_png(self, path: str, width: int) -> bool:
        return self._write(
            path,
            lambda: png_bytes(render_canvas(self.window.canvas, width)),
            self.tr("Could not export the picture"),
        )

    def svg_dialog(self) -> None:
        path = self._ask_path(self.tr("Export Canvas as SVG"), "svg", self.tr("SVG drawings ({patterns})"))
        if path:
            self.export_svg(path)

    def export_svg(self, path: str) -> bool:
        title = self.controller.scene.title or "Q·K Explorer"
        return self._write(
            path,
            lambda: canvas_svg(self.window.canvas, title, self.tr("Made with Q·K Explorer")),
            self.tr("Could not export the drawing"),
        )

    # ---- numbers -------------------------------------------------------------------------------

    def refuses_while_asked(self) -> bool:
        """Whether an open question withholds some of the numbers: a file or a copy of them would
        give its answer away (DESIGN: an open question shows none of them on any surface). Says so."""
        if not self.controller.withheld:
            return False
        self.notify(
            self.tr(
                "Not while a question is open: these numbers would give away its answer. "
                "Reveal the solution or go on first."
            )
        )
        return True

    def numbers_dialog(self) -> None:
        if self.refuses_while_asked():
            return
        path = self._ask_path(
            self.tr("Export Numbers as JSON"), "json", self.tr("JSON ({patterns})"), "numbers"
        )
        if path:
            self.export_numbers(path)

    def export_numbers(self, path: str) -> bool:
        c = self.controller
        if self.refuses_while_asked():
            return False
        return self._write(
            path,
            lambda: write_numbers(c.scene, c.results).encode("utf-8"),
            self.tr("Could not export the numbers"),
        )

    def csv_dialog(self) -> None:
        if self.refuses_while_asked():
            return
        path = self._ask_path(
            self.tr("Export Numbers as CSV"), "csv", self.tr("CSV tables ({patterns})"), "numbers"
        )
        if path:
            self.export_csv(path)

    def export_csv(self, path: str) -> bool:
        c = self.controller
        if self.refuses_while_asked():
            return False
        return self._write(
            path,
            lambda: write_numbers_csv(c.scene, c.results).encode("utf-8"),
            self.tr("Could not export the numbers"),
        )

    # ---- worked example ----------------------------------------------------------------------------

    def example_text(self, kind: str) -> str:
        c = self.controller
        return worked_example(kind, c.scene, c.results, self.window.translations.language)

    def copy_example(self, kind: str) -> str:
        """The worked example copied (and returned); nothing while an open question withholds numbers."""
        if self.refuses_while_asked():
            return ""
        text = self.example_text(kind)
        QGuiApplication.clipboard().setText(text)
        names = {
            "latex": self.tr("LaTeX"),
            "markdown": self.tr("Markdown"),
            "numpy": self.tr("NumPy code"),
            "pytorch": self.tr("PyTorch code"),
        }
        self.notify(self.tr("Worked example copied as {kind}.").format(kind=names[kind]))
        return text

    # ---- for features' own exports ---------------------------------------------------------------

    def add(self, export: Export) -> QAction:
        """A feature's export in File ▸ Export: asks its own questions if it has any, then where,
        then writes what it makes."""
        self._exports[export.name] = export

        def dialog() -> None:
            if export.gives_numbers and self.refuses_while_asked():
                return
            path = self._ask_path(export.title(), export.suffix, export.file_filter, export.stem)
            if path:
                self.export(export.name, path)

        def asked_first() -> None:
            self.dialog = export.ask(self.window)
            self.dialog.accepted.connect(dialog)
            self.dialog.open()

        menu = self.window.findChild(QMenu, "exportMenu")
        return self._add(menu, export.name, export.text, dialog if export.ask is None else asked_first)

    def export(self, name: str, path: str) -> bool:
        """Write the export `name` of the scene on screen to `path`; False, with nothing written,
        when it has nothing to write or the writing failed (a message says why)."""
        export = self._exports[name]
        if export.gives_numbers and self.refuses_while_asked():
            return False
        made = export.make(self.controller.update)
        if made is None:
            return False
        data = png_bytes(made) if isinstance(made, QImage) else made
        return self._write(path, lambda: data, export.failure())

    # ---- helpers ---------------------------------------------------------------------------------

    def _ask_path(self, title: str, suffix: str, filter_text: str, stem: str | None = None) -> str:
        documents = self.window.desktop.documents
        if stem is None:
            current = self.window.current_path
            stem = current.rsplit("/", 1)[-1].split(".", 1)[0] if current else "canvas"
        suggestion = f"{documents.folder()}/{stem}.{suffix}"
        path, _ = QFileDialog.getSaveFileName(
            self.window, title, suggestion, filter_text.format(patterns=f"*.{suffix}")
        )
        if path and not path.lower().endswith("." + suffix):
            path += "." + suffix
        return path

    def _write(self, path: str, produce, failure: str) -> bool:
        """Write what `produce()` makes to `path`; any error on the way is a message, never lost."""
        try:
            write_bytes(path, produce())
        except Exception as error:  # whatever it is, the user hears of it
            box = QMessageBox(
                QMessageBox.Icon.Warning,
                failure,
                failure_text(path, error),
                QMessageBox.StandardButton.Ok,
                self.window,
            )
            box.setObjectName("problemBox")
            box.open()
            return False
        self.notify(self.tr("Saved {path}").format(path=path))
        return True

    def notify(self, text: str) -> None:
        """A short confirmation: in the status bar if the window has one, else a passing tooltip.

        (Asking for statusBar() would create one and shift the canvas under the user.)
        """
        self.last_message = text
        bar = self.window.findChild(QStatusBar)
        if bar is not None:
            bar.showMessage(text, 5000)
            return
        w = self.window
        QToolTip.showText(w.mapToGlobal(QPoint(w.width() // 2, w.height() - 40)), text, w, QRect(), 4000)
