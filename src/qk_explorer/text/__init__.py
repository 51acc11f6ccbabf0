"""Plain-text rendering of numbers and worked examples: pure Python, no Qt."""
