"""Presentation mode's stage: the drawing and, beside it, what the lesson's step speaks of,
sized for the back row of a lecture hall.

- content.py: which numbers a moment of the lesson speaks of (plan_for), and their texts;
- type_size.py: type from the screen's height, never below the lecture hall's floors;
- blocks.py: the blocks of labels (rows of numbers, an attention table, title, words);
- stage.py: the Stage widget, which finds an arrangement in which everything fits.
"""

from .stage import Stage

__all__ = ["Stage"]
