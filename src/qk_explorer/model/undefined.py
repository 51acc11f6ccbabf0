"""Why a quantity has no value: an explicit reason instead of NaN or an exception."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Why(StrEnum):
    ZERO_QUERY = "zero-query"
    ZERO_KEY = "zero-key"
    ZERO_BOTH = "zero-both"
    ALL_MASKED = "all-masked"
    ZERO_KEY_COSINE = "zero-key-cosine"
    ZERO_QUERY_COSINE = "zero-query-cosine"


_ENGLISH = {
    Why.ZERO_QUERY: "q is the zero vector: it has no direction, so there is no angle",
    Why.ZERO_KEY: "{key} is the zero vector: it has no direction, so there is no angle "
    "and nothing to project onto",
    Why.ZERO_BOTH: "q and {key} are both the zero vector: neither has a direction",
    Why.ALL_MASKED: "every key is masked: softmax has nothing to normalise over "
    "(PyTorch returns NaN here, or zeros in recent versions)",
    Why.ZERO_KEY_COSINE: "{key} is the zero vector: its cosine with q is undefined",
    Why.ZERO_QUERY_COSINE: "q is the zero vector: its cosine with every key is undefined",
}


@dataclass(frozen=True)
class Undefined:
    """A reason, plus the key it concerns when there is one (0-based)."""

    why: Why
    key: int | None = None

    def english(self) -> str:
        key = "k" if self.key is None else f"k{self.key + 1}"
        return _ENGLISH[self.why].format(key=key)
