"""The view: PySide6 and pyqtgraph. One folder per room — the window's shell, the desktop's
services, the drag surface, the canvas and the stage, and a folder per feature (its
feature.py declares what it adds, its content.py what it shows) — around the controller,
the contract every view keeps and the declarations the shell wires."""
