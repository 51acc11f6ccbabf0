"""Names for the vectors of a scene: a query, a key or a value, by its index."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    QUERY = "query"
    KEY = "key"
    VALUE = "value"


@dataclass(frozen=True)
class VectorRef:
    """Names one vector of a scene: query, key or value number `index`.

    A query without an index (QUERY) is the selected query, whichever it is.
    """

    kind: Kind
    index: int | None = None


QUERY = VectorRef(Kind.QUERY)


def query_ref(index: int) -> VectorRef:
    return VectorRef(Kind.QUERY, index)


def key_ref(index: int) -> VectorRef:
    return VectorRef(Kind.KEY, index)


def value_ref(index: int) -> VectorRef:
    return VectorRef(Kind.VALUE, index)
