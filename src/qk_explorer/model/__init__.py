"""The model: pure numpy and the standard library, no Qt.

A Scene goes in, compute(scene) gives Results with every number the app shows.
"""

from .results import Results, compute
from .scene import Scene, make_scene

__all__ = ["Results", "Scene", "compute", "make_scene"]
