"""The main window: the canvas in the middle, panels docked around it, menus on top.

It wires views to the controller and renders each new (scene, results) once:
the canvas always, a panel only while it is visible (a hidden one catches up
when shown). Every panel implements view_contract.View; features add their
panels with add_panel() and their actions to the named menus in `menus`, and
the window keeps each feature in a declared attribute.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QMessageBox, QScrollArea, QWidget

from .. import __version__
from ..i18n import Translations
from ..model import Results, Scene
from ..model.change import EVERYTHING, SceneChange
from ..model.lesson_format import translated_preset_title
from ..model.presets import PRESETS
from ..model.scene import with_title
from ..text import numbers
from . import desktop, screen_fit, window_behaviour
from . import theme as themes
from .accessibility import LiveDescription
from .attention_feature import AttentionFeature
from .attention_feature import install as install_attention
from .canvas.canvas import Canvas
from .canvas.same_product_overlay import SameProductOverlay
from .controller import SceneController
from .explorations import install as install_explorations
from .lesson_guide import LessonGuide, install_lesson
from .matrix_feature import MatrixFeature
from .matrix_feature import install as install_matrix
from .panels.coordinates_panel import CoordinatesPanel
from .panels.live_label import LiveLabel
from .panels.numbers_panel import NumbersPanel
from .preferences import ZOOM_RANGE
from .presentation import Presentation
from .projections_feature import ProjectionsFeature
from .projections_feature import install as install_projections
from .token_feature import TokenFeature
from .token_feature import install as install_tokens
from .view_contract import View
from .window_menus import build_menus


class Panels(dict):
    """The panels by name. One added lazily is built the first time it is asked for; until
    then it is not among the values, so nothing renders or themes it."""

    def __init__(self, build: Callable[[str], View]):
        super().__init__()
        self._build = build

    def __missing__(self, name: str) -> View:
        return self._build(name)


class MainWindow(QMainWindow):
    def __init__(
        self, controller: SceneController, translations: Translations, theme_name: str = "system", parent=None
    ):
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.controller = controller
        self.translations = translations
        self.theme_name = theme_name
        self.zoom = 1.0
        self.presentation_scale = 1.0  # presentation mode's enlargement, on top of the zoom
        self.theme = themes.resolve(theme_name).zoomed(self.zoom * self.presentation_scale)
        self._style_application()  # before any widget exists: none needs restyling afterwards
        self.current_path: str | None = None
        self.canvas = Canvas(controller, self)
        self.setCentralWidget(self.canvas)
        # Lazy panels not built yet: how to build each, and the highlights that build it.
        self._builders: dict[str, tuple[Callable[[], View], frozenset[str]]] = {}
        self.panels = Panels(self._build_panel)
        self._highlighted: frozenset[str] = frozenset()
        self.docks: dict[str, QDockWidget] = {}
        self._dock_titles: dict[str, Callable[[], str]] = {}
        self._stale: set[str] = set()
        self._on_screen: dict[str, bool] = {}
        self._retranslators: list[Callable[[], None]] = []
        self.views: list[View] = []  # views outside the docks (presentation's stage): add_view
        self.menus = {
            name: self.menuBar().addMenu("") for name in ("file", "edit", "view", "scenes", "lesson", "help")
        }
        self.numbers = NumbersPanel()
        self.add_panel("numbers", self.numbers, lambda: self.tr("Numbers"))
        self.coordinates = CoordinatesPanel(controller)
        self.add_panel("coordinates", self.coordinates, lambda: self.tr("Coordinates"))
        self._theme_actions, self._language_actions = build_menus(self)
        numbers.set_point_always(False)  # the language's separator, until a remembered choice is restored
        # The features, each kept here under its own name. Presentation comes with the window's
        # behaviour, after the features that ask whether it is on: until then, nothing presents.
        self.presentation: Presentation | None = None
        self.attention: AttentionFeature = install_attention(self)  # keys, winner map, chain
        self.lesson: LessonGuide = install_lesson(self)
        self.same_product: SameProductOverlay = install_explorations(self)  # and their panels
        behaviour = window_behaviour.install(self)  # also the shortcut sheet and the system scheme
        self.presentation = behaviour[0]
        self.live_description: LiveDescription = behaviour[1]
        self.desktop: desktop.Desktop = desktop.install(self)  # files, autosave, export, settings
        self.matrix: MatrixFeature = install_matrix(self)  # several queries: Q·Kᵀ, after the exports
        self.projections: ProjectionsFeature = install_projections(self)  # a token scene's W_Q, W_K, W_V
        self.tokens: TokenFeature = install_tokens(self)  # scenes of tokens: the token plane
        # The tab in front at start: the token plane for tokens, attention for several keys, else coordinates.
        scene = controller.scene
        front = self.docks.get(
            "tokens" if scene.tokens else "attention" if scene.key_count > 1 else "coordinates"
        )
        if front is not None:
            front.raise_()
        controller.changed.connect(self.show_results)
        controller.draggingChanged.connect(self._hold_live_labels)
        controller.activeChanged.connect(
            lambda _ref: self.show_results(controller.scene, controller.results, SceneChange(selection=True))
        )
        translations.changed.connect(self._language_changed)
        self.set_theme(theme_name, render=False)
        self._language_changed(translations.language, render=False)
        self.resize(1280, 800)  # the first start's; the app fits it to the screen (screen_fit)
        self.resizeDocks([self.docks["numbers"]], [400], Qt.Orientation.Horizontal)
        screen_fit.install(self)  # dock tabs' titles whole
        self.show_results(controller.scene, controller.results, EVERYTHING)  # once, themed and translated

    # ---- panels -----------------------------------------------------------------------

    def add_panel(
        self,
        name: str,
        panel: View,
        title: Callable[[], str],
        area=Qt.DockWidgetArea.RightDockWidgetArea,
        scroll: bool = True,
    ) -> QDockWidget:
        """Dock a panel; it receives show_results, set_theme and set_language like the canvas."""
        dock = self._add_dock(name, title, area, scroll)
        self._place(name, panel)
        return dock

    def add_lazy_panel(
        self,
        name: str,
        build: Callable[[], View],
        title: Callable[[], str],
        area=Qt.DockWidgetArea.RightDockWidgetArea,
        scroll: bool = True,
        highlights=(),
    ) -> QDockWidget:
        """Dock a panel that `build()` makes the first time its dock is shown or it is asked for,
        or a lesson step highlights one of `highlights` (the row ids it can show).

        Panels nobody opens cost nothing at start-up (some build plots and run experiments)."""
        dock = self._add_dock(name, title, area, scroll)
        self._builders[name] = (build, frozenset(highlights))
        return dock

    def _add_dock(self, name: str, title: Callable[[], str], area, scroll: bool) -> QDockWidget:
        dock = QDockWidget(self)
        dock.setObjectName(f"dock_{name}")
        if scroll:
            holder = QScrollArea()
            holder.setWidgetResizable(True)
            holder.setFrameShape(QScrollArea.Shape.NoFrame)
            # A panel wider than its dock (large type, long words) scrolls rather than being cut off.
            holder.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            dock.setWidget(holder)
        else:
            dock.setWidget(QWidget())  # stands in until the panel is built
        self.addDockWidget(area, dock)
        self.docks[name] = dock
        self._dock_titles[name] = title
        dock.setWindowTitle(title())
        dock.widget().setAccessibleName(title())
        dock.visibilityChanged.connect(lambda visible, n=name: self._dock_visibility(n, visible))
        return dock

    def _place(self, name: str, panel: View) -> None:
        dock = self.docks[name]
        holder = dock.widget()
        if isinstance(holder, QScrollArea):
            holder.setWidget(panel)
        else:
            dock.setWidget(panel)
            panel.setAccessibleName(dock.windowTitle())
            holder.deleteLater()
        self.panels[name] = panel
        panel.set_theme(self.theme)

    def add_view(self, view: View) -> None:
        """A view that is not docked (presentation's stage): rendered, themed and translated like a
        panel. It renders only while it is on screen, and catches up when shown."""
        view.set_theme(self.theme)
        view.set_language(self.translations.language)
        view.highlight(self._highlighted)
        self.views.append(view)

    def _build_panel(self, name: str) -> View:
        """Build a lazily added panel and bring it up to date (Panels calls this on first use)."""
        if name not in self._builders:
            raise KeyError(name)
        build, _highlights = self._builders.pop(name)
        panel = build()
        self._place(name, panel)
        panel.set_language(self.translations.language)
        panel.highlight(self._highlighted)
        panel.show_results(self.controller.scene, self.controller.results, EVERYTHING)
        self._stale.discard(name)
        return panel

    def _dock_visibility(self, name: str, visible: bool) -> None:
        self._on_screen[name] = visible
        if visible and name in self._builders:
            self._build_panel(name)
        elif visible:
            self._catch_up(name)

    def _catch_up(self, name: str) -> None:
        if name in self._stale:
            self._stale.discard(name)
            self.panels[name].show_results(self.controller.scene, self.controller.results, EVERYTHING)

    def dock_shown(self, name: str) -> bool:
        """On screen: a dock in a tab behind another is visible to Qt, but nobody sees it.

        QDockWidget.visibilityChanged reports both showing/hiding and tab switches."""
        return self.docks[name].isVisible() and self._on_screen.get(name, False)

    def show_results(self, scene: Scene, results: Results, change: SceneChange | None = None) -> None:
        """Render on the canvas and every panel on screen; `change` defaults to the controller's."""
        change = self.controller.change if change is None else change
        self.canvas.show_results(scene, results, change)
        for name, panel in self.panels.items():
            if self.dock_shown(name) or not self.isVisible():
                panel.show_results(scene, results, change)
                self._stale.discard(name)
            else:
                self._stale.add(name)
        for view in self.views:
            view.show_results(scene, results, change)
        self._update_title()
        # New numbers change the labels' sizes: lay the panels out now, so the next paint
        # draws them once in their final place instead of twice (before and after the layout).
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)

    def _hold_live_labels(self, dragging: bool) -> None:
        """While a drag lasts, the panels' changing numbers repaint without a new layout."""
        for label in self.findChildren(LiveLabel):
            label.hold(dragging)

    def highlight(self, ids) -> None:
        """Mark the quantities (row ids) a lesson step talks about, in every panel that can."""
        self._highlighted = frozenset(ids)
        for name in [n for n, (_, rows) in self._builders.items() if rows & self._highlighted]:
            self._build_panel(name)  # now, so that it can show what the step talks about
        for view in (*self.panels.values(), *self.views):
            view.highlight(self._highlighted)

    def lesson_next(self) -> None:
        self.lesson.next()

    def lesson_previous(self) -> None:
        self.lesson.previous()

    # ---- theme and language ------------------------------------------------------------

    def set_theme(self, name: str, scheme=None, render: bool = True) -> None:
        self.theme_name = name
        self.theme = themes.resolve(name, scheme).zoomed(self.zoom * self.presentation_scale)
        self._style_application()
        self.canvas.set_theme(self.theme)
        for view in (*self.panels.values(), *self.views):
            view.set_theme(self.theme)
        for action in self._theme_actions.values():
            action.setChecked(action.data() == name)
        if render:
            self.show_results(self.controller.scene, self.controller.results, EVERYTHING)

    def _style_application(self) -> None:
        """The application's style, palette and type size; only what changed, as each change
        is sent to every widget."""
        app = QApplication.instance()
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
            self.show_results(self.controller.scene, self.controller.results, EVERYTHING)

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
        for name, dock in self.docks.items():
            dock.setWindowTitle(self._dock_titles[name]())
            dock.widget().setAccessibleName(dock.windowTitle())
        for retranslate in self._retranslators:
            retranslate()
        self._update_title()

    def on_retranslate(self, callback: Callable[[], None]) -> None:
        """Run `callback` now and whenever the language changes (for features' own texts)."""
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
        """An action in a menu whose text follows the language."""
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

    # ---- scenes (files: desktop.py) ------------------------------------------------------

    def load_preset(self, name: str) -> None:
        title = translated_preset_title(name, self.translations.language)
        self.controller.load(with_title(PRESETS[name].scene, title), self.tr("Load preset"))
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
