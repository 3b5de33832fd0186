"""The sentence embeddings where the agent and the notebooks name them: they live in ``voicekit.models.embeddings``."""

from voicekit.models.embeddings import HEAD as HEAD
from voicekit.models.embeddings import MAX_TOKENS as MAX_TOKENS
from voicekit.models.embeddings import IntentClassifier as IntentClassifier
from voicekit.models.embeddings import MiniLM as MiniLM
from voicekit.models.embeddings import _erf as _erf  # the embedding tests check the approximation itself
from voicekit.models.embeddings import default_classifier as default_classifier
