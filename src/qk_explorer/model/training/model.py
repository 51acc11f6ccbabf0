"""The model a head learns in: one attention head of d_k = d_v = 2 over a short sequence.

For a sequence of tokens t₀ … t_{n−1}, symbols of a vocabulary of V:

    xᵢ = E[tᵢ] + P[i]                                   (d_model)
    qᵢ = W_Q xᵢ,  kᵢ = W_K xᵢ,  vᵢ = W_V xᵢ              (d_k = d_v = 2: arrows in the plane)
    wᵢⱼ = softmax over j ≤ i of qᵢ·kⱼ / √d_k           (causal)
    oᵢ = Σⱼ wᵢⱼ vⱼ
    logitsᵢ = W_U (xᵢ + W_O oᵢ),  the prediction is their argmax

Matrices keep the scene file's orientation: W_Q, W_K, W_V have d_k rows of
d_model (qᵢ = W_Q xᵢ on a column xᵢ), W_O has d_model rows of d_k, W_U (the
unembedding) V rows of d_model. Arrays hold a batch of sequences: the code
works on rows, X W_Qᵀ, which is the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache

import numpy as np

D_K = 2  # every query, key and value an exact arrow in the plane
INIT_SCALE = 0.3  # parameters start from N(0, 0.3²)


@dataclass(frozen=True)
class Shape:
    vocab: int  # V symbols
    positions: int  # n positions
    d_model: int


@dataclass(frozen=True)
class Parameters:
    """Every parameter, float64, named as in the model file."""

    token_embedding: np.ndarray  # E: V × d_model
    position_embedding: np.ndarray  # P: n × d_model
    w_q: np.ndarray  # d_k × d_model
    w_k: np.ndarray  # d_k × d_model
    w_v: np.ndarray  # d_k × d_model (d_v = d_k)
    w_o: np.ndarray  # d_model × d_k
    unembedding: np.ndarray  # W_U: V × d_model

    @property
    def shape(self) -> Shape:
        vocab, d_model = self.token_embedding.shape
        return Shape(vocab, self.position_embedding.shape[0], d_model)

    def arrays(self) -> dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def copy(self) -> Parameters:
        return Parameters(**{name: a.copy() for name, a in self.arrays().items()})


NAMES = tuple(f.name for f in fields(Parameters))


def sizes(shape: Shape) -> dict[str, tuple[int, int]]:
    """Each parameter's rows × columns, in the order of NAMES."""
    v, n, d = shape.vocab, shape.positions, shape.d_model
    return {
        "token_embedding": (v, d),
        "position_embedding": (n, d),
        "w_q": (D_K, d),
        "w_k": (D_K, d),
        "w_v": (D_K, d),
        "w_o": (d, D_K),
        "unembedding": (v, d),
    }


def initial_parameters(shape: Shape, rng: np.random.Generator) -> Parameters:
    """Parameters drawn from N(0, 0.3²), in the order of NAMES (so a seed gives one model)."""
    return Parameters(**{name: rng.normal(0.0, INIT_SCALE, size) for name, size in sizes(shape).items()})


@dataclass(frozen=True)
class Forward:
    """One forward pass over a batch (b sequences of n tokens) and what backpropagation reuses."""

    tokens: np.ndarray  # b × n symbols
    x: np.ndarray  # b × n × d_model: the embeddings xᵢ
    q: np.ndarray  # b × n × d_k
    k: np.ndarray
    v: np.ndarray
    weights: np.ndarray  # b × n × n: wᵢⱼ, zero where j > i
    o: np.ndarray  # b × n × d_k
    h: np.ndarray  # b × n × d_model: xᵢ + W_O oᵢ
    logits: np.ndarray  # b × n × V

    @property
    def predictions(self) -> np.ndarray:
        return np.argmax(self.logits, axis=-1)


@cache
def causal_mask(n: int) -> np.ndarray:
    """True where query i may attend to key j: j ≤ i (read only: one array for every pass)."""
    mask = np.tril(np.ones((n, n), dtype=bool))
    mask.flags.writeable = False
    return mask


def embed(p: Parameters, tokens: np.ndarray) -> np.ndarray:
    """xᵢ = E[tᵢ] + P[i] for every sequence of the batch."""
    return p.token_embedding[tokens] + p.position_embedding[: tokens.shape[-1]]


def forward(p: Parameters, tokens: np.ndarray) -> Forward:
    tokens = np.atleast_2d(tokens)
    x = embed(p, tokens)
    q, k, v = x @ p.w_q.T, x @ p.w_k.T, x @ p.w_v.T
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(D_K)
    scores[:, ~causal_mask(tokens.shape[1])] = -np.inf
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)
    o = weights @ v
    h = x + o @ p.w_o.T
    return Forward(tokens, x, q, k, v, weights, o, h, h @ p.unembedding.T)


def log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def loss(f: Forward, targets: np.ndarray, scored: np.ndarray) -> float:
    """The mean cross-entropy over the scored positions (targets where scored is False are ignored)."""
    picked = np.take_along_axis(log_softmax(f.logits), targets[..., None], axis=-1)[..., 0]
    return float(-picked[scored].mean())


def accuracy(f: Forward, targets: np.ndarray, scored: np.ndarray) -> float:
    """The fraction of scored positions whose prediction is the target."""
    return float((f.predictions == targets)[scored].mean())
