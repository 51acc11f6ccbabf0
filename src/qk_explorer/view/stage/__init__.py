"""Presentation mode's stage: the drawing and, beside it, what the lesson's step speaks of,
sized for the back row of a lecture hall.

- parts.py: what a feature puts on the stage (a StagePart: what it shows at a moment of the
  lesson, as rows, a table, a grid, a title or words) and the moment itself;
- type_size.py: type from the screen's height, never below the lecture hall's floors;
- blocks.py, tables.py: the blocks of labels each kind of part is shown in;
- arrangement.py: where the drawing and the blocks may go;
- stage.py: the Stage widget, which asks every part and finds an arrangement in which everything fits.
"""

from .stage import Stage

__all__ = ["Stage"]
