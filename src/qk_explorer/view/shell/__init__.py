"""The window's shell: the main window, its menus and behaviour, docking (every feature's docks,
shown, hidden and given room alike), wiring (a feature's declaration into the window),
presentation, accessibility (the focus ring among it), fitting the screen, the undo actions
named in the language and the wheel guard (no combo box, spin box or slider edited by a wheel)."""
