"""The window's shell: the main window, its menus and behaviour, docking (every feature's docks,
shown, hidden and given room alike), wiring (a feature's declaration into the window),
presentation, accessibility and fitting the screen."""
