"""Q·K Explorer: inner products as alignment, and attention as weights."""

__version__ = "0.1.0"
