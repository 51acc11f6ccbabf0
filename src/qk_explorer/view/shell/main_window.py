"""The main window: the canvas in the middle, the features' docks around it, menus on top.

It holds the features (each a folder of view/: what it adds is its declaration, wired
here by wiring.py) and the window's own services (presentation, the live description,
the desktop's files), and tells every view each update once: the canvas always, a
panel only while it is on screen (docking.py: a hidden one catches up when shown),
the stage while presenting.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from ... import __version__
from ...i18n import Translations
from ...model.lesson_format import translated_preset_title
from ...model.presets import PRESETS
from ...model.scene import with_title
from ...text import numbers
from .. import desktop, drag
from .. import theme as themes
from ..attention.feature import AttentionFeature
from ..canvas.canvas import Canvas
from ..contract import Update, View
from ..controller import SceneController
from ..desktop.preferences import ZOOM_RANGE
from ..explorations.feature import Explorations
from ..lesson.guide import LessonGuide
from ..matrix.feature import MatrixFeature
from ..pair.feature import PairFeature
from ..practice.feature import PracticeFeature
from ..projections.feature import ProjectionsFeature
from ..tokens.feature import TokenFeature
from ..training.feature import TrainingFeature
from . import behaviour, screen_fit
from .docking import Docking
from .menus import build_menus
from .wiring import WindowHost, Wiring

NUMBERS_WIDTH = 400  # the right-hand column's width at the first start
HINT_MS = 6000  # how long the status bar says why a token scene's arrow cannot be dragged


class MainWindow(QMainWindow):
    def __init__(
        self, controller: SceneController, translations: Translations, theme_name: str = "system", parent=None
    ):
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.controller = controller
        self._last: Update = controller.update  # the update drawn last
        self.translations = translations
        self.theme_name = theme_name
        self.zoom = 1.0
        self.presentation_scale = 1.0  # presentation mode's enlargement, on top of the zoom
        self.theme = themes.resolve(theme_name).zoomed(self.zoom * self.presentation_scale)
        self._style_application()  # before any widget exists: none needs restyling afterwards
        self.current_path: str | None = None
        self.canvas = Canvas(controller, self)
        self.setCentralWidget(self.canvas)
        # The lesson's column keeps the window's whole height: docks under the canvas go under
        # it and the panels on the right. (Shortened by a dock under it, the lesson's text
        # scrolled, wrapped afresh and was laid out again at every step of a drag.)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.docking = Docking(self)
        self.docking.prepare = self._prepare
        self._retranslators: list[Callable[[], None]] = []
        self.views: list[View] = []  # views outside the docks (presentation's stage): add_view
        self.menus = {
            name: self.menuBar().addMenu("") for name in ("file", "edit", "view", "scenes", "lesson", "help")
        }
        self._theme_actions, self._language_actions = build_menus(self)
        numbers.set_point_always(False)  # the language's separator, until a remembered choice is restored
        self.wiring = wiring = Wiring(self)
        host = WindowHost(self)
        self.pair = PairFeature(host)  # the Numbers and Coordinates panels
        self.attention = AttentionFeature(host)  # keys, winner map, chain
        self.lesson = LessonGuide(host)  # the guided lesson, its menu and the clicker's keys
        self.explorations = Explorations(host)  # scale q, q·k and θ, why √d; the same-product pair
        self.matrix = MatrixFeature(host)  # several queries: Q·Kᵀ
        self.projections = ProjectionsFeature(host)  # a token scene's W_Q, W_K, W_V
        self.tokens = TokenFeature(host)  # scenes of tokens: the token plane
        self.practice = PracticeFeature(host)  # common mistakes made visible; the practice sheet
        self.training = TrainingFeature(host)  # train a head, watch its snapshots, keep one as the scene
        self.numbers, self.coordinates = self.pair.numbers, self.pair.coordinates
        # The window's own services: presentation, the live description, the shortcut sheet;
        # files, autosave, export and remembered settings.
        self.presentation, self.live_description = behaviour.install(self)
        self.presentation.changed.connect(self.docking.set_presenting)
        self.desktop: desktop.Desktop = desktop.install(self)
        self.desktop.preferences.restored.connect(self.docking.restored)
        self.desktop.preferences.aboutToSave.connect(self.docking.bring_back)
        for feature in self.features:
            wiring.install(feature)
        self.docking.arrange(controller.scene)
        self.lesson.start_at_scene()  # a question's own scene on screen is that question, asked
        # A press on an arrow a token scene derives: the status bar says why it stays.
        self.canvas.derivedPressed.connect(lambda hint: self.statusBar().showMessage(hint, HINT_MS))
        controller.updated.connect(self.render)
        translations.changed.connect(self._language_changed)
        self.set_theme(theme_name, render=False)
        self._language_changed(translations.language, render=False)
        self.resize(1280, 800)  # the first start's; the app fits it to the screen (screen_fit)
        self.resizeDocks([self.docks["numbers"]], [NUMBERS_WIDTH], Qt.Orientation.Horizontal)
        screen_fit.install(self)  # dock tabs' titles whole
        self.render(controller.update)  # once, themed and translated (a question opened withholds)

    @property
    def features(self) -> tuple:
        """Every feature, in the order their docks, menu items and stage parts appear."""
        return (
            self.pair,
            self.attention,
            self.lesson,
            self.explorations,
            self.matrix,
            self.projections,
            self.tokens,
            self.practice,
            self.training,
        )

    # ---- the docks (docking.py) ------------------------------------------------------------

    @property
    def docks(self):
        return self.docking.docks

    @property
    def panels(self) -> dict[str, View]:
        """The panels built so far, by name."""
        return self.docking.panels

    def panel(self, name: str) -> View:
        """The panel of dock `name`, built now if it was not."""
        return self.docking.build(name)

    def dock_shown(self, name: str) -> bool:
        return self.docking.shown(name)

    def show_dock(self, name: str) -> None:
        """Bring a dock forward, as a lesson step or the scene would (not while presenting)."""
        self.docking.show(name)

    def _prepare(self, view: View) -> None:
        view.set_theme(self.theme)
        view.set_language(self.translations.language)

    def add_view(self, view: View) -> None:
        """A view that is not docked (presentation's stage): rendered, themed and translated like a
        panel. It renders only while it is on screen, and catches up when shown."""
        self._prepare(view)
        view.highlight(self.docking.highlighted)
        self.views.append(view)

    # ---- the one path of every update -----------------------------------------------------------

    def render(self, update: Update) -> None:
        """Tell the canvas, every panel on screen and the stage this update; then the docks and the
        actions follow the scene. While a drag lasts, the panels' changing numbers repaint
        without a new layout (their live labels are held)."""
        self._last = update
        if update.drag.turned and update.drag.on:
            drag.hold(self, True)
        self.canvas.render(update)
        self.docking.render(update)
        for view in self.views:
            view.render(update)
        self._update_title()
        # New numbers change the labels' sizes: lay the panels out now, so the next paint
        # draws them once in their final place instead of twice (before and after the layout).
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        if update.drag.turned and not update.drag.on:
            drag.hold(self, False)
        if update.change.everything:  # what actions and docks follow changes with the settings only
            self.wiring.follow(update.scene)
            self.docking.follow(update.scene)

    def highlight(self, ids) -> None:
        """Mark the quantities (row ids) a lesson step talks about, in every panel that can."""
        self.docking.highlight(frozenset(ids))
        for view in self.views:
            view.highlight(self.docking.highlighted)

    def lesson_next(self) -> None:
        self.lesson.next()

    def lesson_previous(self) -> None:
        self.lesson.previous()

    # ---- theme and language ------------------------------------------------------------

    def set_theme(self, name: str, scheme=None, render: bool = True) -> None:
        self.theme_name = name
        base = themes.resolve(name, scheme)
        if self.presentation.active:  # the drawing's enlargement for this theme's type
            self.presentation_scale = self.presentation.scale(base)
        self.theme = base.zoomed(self.zoom * self.presentation_scale)
        self._style_application()
        self.canvas.set_theme(self.theme)
        for view in (*self.panels.values(), *self.views):
            view.set_theme(self.theme)
        for action in self._theme_actions.values():
            action.setChecked(action.data() == name)
        if render:
            self.render(self._last.redrawn())

    def _style_application(self) -> None:
        """The application's style, palette and type size; only what changed, as each change
        is sent to every widget."""
        app = QApplication.instance()
        # Under the high-contrast theme's style sheet a widget takes a new type size only with this
        # (else some panels, a different few in each process, kept the old size after a zoom).
        app.setAttribute(Qt.ApplicationAttribute.AA_UseStyleSheetPropagationInWidgetStyles)
        if app.style().name().lower() != "fusion":
            app.setStyle("Fusion")
        palette = themes.palette(self.theme)
        if app.palette() != palette:
            app.setPalette(palette)
        font = app.font()
        font.setPointSizeF(themes.font_points(self.theme))
        if font != app.font():
            app.setFont(font)
        sheet = themes.edge_style_sheet(self.theme)
        if app.styleSheet() != sheet:
            app.setStyleSheet(sheet)

    def set_zoom(self, zoom: float) -> None:
        self.zoom = min(ZOOM_RANGE[1], max(ZOOM_RANGE[0], zoom))
        self.set_theme(self.theme_name)

    def set_language(self, lang: str) -> None:
        self.translations.load(lang)

    def set_decimal_point(self, always: bool) -> None:
        """Numbers with a decimal point whatever the language (the handout's 0.8), or as it writes them."""
        numbers.set_point_always(always)
        self._language_changed(self.translations.language)

    def _language_changed(self, lang: str, render: bool = True) -> None:
        self.canvas.set_language(lang)
        for view in (*self.panels.values(), *self.views):
            view.set_language(lang)
        for action in self._language_actions.values():
            action.setChecked(action.data() == lang)
        self.retranslate()
        if render:
            self.render(self._last.redrawn())

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        titles = {
            "lesson": self.tr("&Lesson"),
            "file": self.tr("&File"),
            "edit": self.tr("&Edit"),
            "view": self.tr("&View"),
            "scenes": self.tr("&Scenes"),
            "help": self.tr("&Help"),
        }
        for name, menu in self.menus.items():
            menu.setTitle(titles.get(name, menu.title()))
            menu.menuAction().setVisible(not menu.isEmpty())
        for retranslate in self._retranslators:
            retranslate()
        self._update_title()

    def on_retranslate(self, callback: Callable[[], None]) -> None:
        """Run `callback` now and whenever the language changes (for the window's own texts)."""
        self._retranslators.append(callback)
        callback()

    def _update_title(self) -> None:
        scene = self.controller.scene
        name = self.current_path.rsplit("/", 1)[-1] if self.current_path else (scene.title or "")
        self.setWindowTitle(f"{name}[*] — Q·K Explorer" if name else "Q·K Explorer[*]")

    # ---- actions -----------------------------------------------------------------------

    def action(
        self,
        menu: str,
        text: Callable[[], str],
        slot,
        shortcut=None,
        checkable=False,
        checked=False,
        name: str | None = None,
    ) -> QAction:
        """An action in a menu whose text follows the language; its shortcut works in the whole
        window (presenting too, when the menus are hidden)."""
        act = QAction(self)
        if name:
            act.setObjectName(name)
        if isinstance(shortcut, QKeySequence.StandardKey):
            act.setShortcuts(shortcut)  # every binding the platform has for it
        elif shortcut is not None:
            act.setShortcuts(shortcut if isinstance(shortcut, list) else [QKeySequence(shortcut)])
        act.setCheckable(checkable)
        if checkable:
            act.setChecked(checked)
            act.toggled.connect(slot)
        else:
            act.triggered.connect(lambda _checked=False: slot())
        self.menus[menu].addAction(act)
        self.addAction(act)
        self.on_retranslate(lambda: act.setText(text()))
        return act

    # ---- scenes (files: desktop/) ---------------------------------------------------------

    def load_preset(self, name: str) -> None:
        title = translated_preset_title(name, self.translations.language)
        self.controller.load(with_title(PRESETS[name].scene, title), self.tr("Load preset"))
        self.controller.undo_stack.setClean()  # a preset as loaded has nothing to save, as a file just opened
        self.current_path = None
        self.canvas.fit_scene()
        self._update_title()

    def about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About Q·K Explorer"),
            self.tr(
                "<h3>Q·K Explorer {version}</h3><p>Drag a query and its keys to see how an inner "
                "product measures alignment, and how scaled dot-product attention turns those "
                "products into weights.</p>"
            ).format(version=__version__),
        )
