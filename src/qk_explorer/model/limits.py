"""The limits every scene keeps (docs/design.md, Mathematics): sizes, counts and coordinates."""

MAX_DIMENSION = 16
UI_MAX_DIMENSION = 8
MAX_KEYS = 64
UI_MAX_KEYS = 16
MAX_QUERIES = 64
UI_MAX_QUERIES = 8
COORDINATE_LIMIT = 1e6
SCALE_LIMIT = 1e6
MAX_DROPOUT = 0.95
MAX_DROPOUT_SEED = 2**32 - 1  # numpy's and PyTorch's seeds take 32 bits at least

Vector = tuple[float, ...]
