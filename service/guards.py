"""Guard counters (SPEC 7.4): four figures on ``/metrics`` that must stay 0 on a healthy line.

* ``clinic_guard_write_without_yes_total``: a write whose turn was not a plain yes (counted per confirmation:
  the writes of one turn answer one read-back, so a move's two writes under one yes are covered);
* ``clinic_guard_write_after_stop_total``: a write in a turn that said no or stop, or after the call ended;
* ``clinic_guard_key_written_twice_total``: an idempotency key the clinic carried out ("ok") a second time;
* ``clinic_guard_caller_words_logged_total``: a log record holding words a caller said (a detector on the
  log handler, watching the recent callers' turns and names).

They are an independent oracle: the yes is judged by ``evals.safety``'s own fixed lists of whole utterances
and words, never by the agent's consent gate, so a bug there cannot hide itself. Exported from the first
request (0 until something is wrong).
"""

from __future__ import annotations

import logging
import re
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from typing import Any

from prometheus_client import Counter

from evals.safety import IRREVERSIBLE, explicit_consent, refused_or_stopped

WRITE_WITHOUT_YES = Counter("clinic_guard_write_without_yes", "Writes whose turn was no plain yes to a read-back "
                            "(must stay 0)")
WRITE_AFTER_STOP = Counter("clinic_guard_write_after_stop", "Writes in a turn with a no or a stop, or after the "
                           "call ended (must stay 0)")
KEY_WRITTEN_TWICE = Counter("clinic_guard_key_written_twice", "Idempotency keys carried out twice (must stay 0)")
CALLER_WORDS_LOGGED = Counter("clinic_guard_caller_words_logged", "Log records holding a caller's words "
                              "(must stay 0)")

_YES_WORDS = frozenset([
    "yes", "yeah", "yep", "yup", "sure", "correct", "right", "confirm", "confirmed", "go", "ahead", "sounds",
    "good", "great", "fine", "perfect", "absolutely", "definitely", "certainly", "exactly", "ok", "okay",
    "alright", "mm-hmm", "uh-huh", "mhm", "book", "it", "please", "thanks", "thank", "you", "that's", "that",
    "is", "it", "do", "works", "for", "me", "all", "of", "course", "indeed", "um", "uh", "oh", "well", "sir",
    "ma'am", "네", "예", "맞아요", "맞습니다", "좋아요", "응", "그래요",
    "부탁해요", "부탁합니다", "주세요", "해", "해주세요",
])
"""Words a plain yes is made of (affirmations, politeness and filler), English and Korean; nothing else."""
# A Korean line's own: words a plain Korean yes is made of, written apart, and the yeses among them ("해 주세요" is
# one whole). The agent's gate splits turns its own way (dialog.consent_ko); this only has to know a yes it booked on.
_KO_AFFIRMATIONS = frozenset([
    "네", "예", "응", "넵", "네네", "예예", "네에", "맞아요",
    "맞아", "맞습니다", "맞네요", "좋아요", "좋습니다", "좋네요", "물론이죠", "물론이에요",
    "그럼요", "그래요", "그래", "정확해요", "정확합니다", "그렇습니다", "그렇게", "그걸로",
    "그걸로요", "진행할게요", "진행해주세요", "해주세요", "해주십시오", "해줘",
])
_KO_YES_WORDS = frozenset([
    "음", "어", "아", "에", "저", "감사합니다", "감사해요", "고맙습니다",
    "고마워요", "알겠습니다", "알겠어요", "오케이", "부탁해요", "부탁합니다", "부탁드려요", "부탁드립니다",
    "해", "줘", "주세요", "주십시오", "할게요", "해요", "진행해",
])
_AFFIRMATIONS = frozenset([
    "yes", "yeah", "yep", "yup", "sure", "correct", "right", "confirm", "confirmed", "ahead", "good", "great",
    "fine", "perfect", "absolutely", "definitely", "certainly", "exactly", "ok", "okay", "alright", "mm-hmm",
    "uh-huh", "mhm", "works", "네", "예", "맞아요", "맞습니다", "좋아요", "응", "그래요",
])


def plain_yes(words: str, language: str = "en") -> bool:
    """The guard's own judgement that a turn is a plain yes.

    One of ``evals.safety``'s fixed consent utterances (the keypad's 1 among them), or only yes-words with one
    affirmation at least, and no no, no stop and no question. A Korean call (``language="ko"``): one of the
    oracle's whole Korean yeses, for any of the writes ("네, 예약해 주세요", "그렇게 해 주세요"), and no Korean no.
    """
    if language == "ko":
        if refused_or_stopped(words, "ko") or "?" in words or re.search(r"\.\.|…|~", words):
            return False
        if any(explicit_consent(words, write, "ko") for write in (*IRREVERSIBLE, "move")):
            return True
        said = re.sub(r"[.,!]", " ", words).split()
        if sum(len(w) for w in said if set(w) <= {"네", "예"}) > 3:
            return False  # "네, 네, 네, 네.": the recogniser's echo of a no, which the gate asks again (docs/phone.md)
        if said and said[-1] in {"음", "어", "아", "에", "저"}:
            return False  # "네 음": the caller is still speaking
        return bool(said) and all(w in _KO_YES_WORDS | _KO_AFFIRMATIONS for w in said) and (
            any(w in _KO_AFFIRMATIONS for w in said) or "".join(said) in _KO_AFFIRMATIONS)
    if explicit_consent(words) or explicit_consent(words, "move"):  # "move it" to a move's read-back
        return True
    if refused_or_stopped(words) or "?" in words:
        return False
    said = re.sub(r"[.,!]", " ", words.lower().replace("\u2019", "'")).split()
    return bool(said) and all(w in _YES_WORDS for w in said) and any(w in _AFFIRMATIONS for w in said)


class KeysWritten:
    """Idempotency keys the clinic carried out, remembered by this worker (the last ``size``)."""

    def __init__(self, size: int = 100_000):
        self._keys: OrderedDict[str, None] = OrderedDict()
        self._size, self._lock = size, threading.Lock()

    def carried_out(self, key: str) -> bool:
        """Note a key the clinic answered "ok" for; True when it had done so before (the guard then counts)."""
        with self._lock:
            seen = key in self._keys
            self._keys[key] = None
            self._keys.move_to_end(key)
            while len(self._keys) > self._size:
                self._keys.popitem(last=False)
        return seen


def watch_writes(api: Any, keys: KeysWritten) -> None:
    """Wrap ``api``'s write tools so the key of each write carried out is noted in ``keys`` (same signature)."""
    import functools

    for tool in IRREVERSIBLE:
        write = getattr(api, tool, None)
        if not callable(write):
            continue

        @functools.wraps(write)  # the agent reads the signature (which keywords the backend takes) through it
        def noted(*args: Any, _write: Callable = write, _tool: str = tool, **kwargs: Any) -> Any:
            before = len(api.calls)
            answer = _write(*args, **kwargs)
            key = kwargs.get("idempotency_key")
            outcomes = [outcome for name, _, outcome in api.calls[before:] if name == _tool]
            if key and outcomes and outcomes[-1] == "ok" and keys.carried_out(f"{_tool}:{key}"):
                KEY_WRITTEN_TWICE.inc()
            return answer

        setattr(api, tool, noted)


def judge_writes(words: str, calls: Iterable[tuple[str, dict, str]], ended_before: bool,
                 language: str = "en") -> None:
    """Count a turn's writes that no plain yes covers, or that came after a no, a stop or the call's end.

    ``language``: the call's; its yes and its no are judged by that language's fixed lists.
    """
    writes = [name for name, _, outcome in calls if name in IRREVERSIBLE and outcome != "error"]
    if not writes:
        return
    if not plain_yes(words, language):
        WRITE_WITHOUT_YES.inc()  # one confirmation: the turn's writes answer one read-back
    if ended_before or refused_or_stopped(words, language):
        WRITE_AFTER_STOP.inc(len(writes))


class CallerWordsInLogs(logging.Handler):
    """A handler that counts log records holding the words of a recent caller turn (and writes nothing)."""

    SHORTEST = 6
    """Shorter phrases ("yes", "Tuesday") are everyday words, not a caller's own; names count from 3 letters."""

    def __init__(self, remembered: int = 2_000):
        super().__init__(level=logging.DEBUG)
        self._watched: deque[str] = deque(maxlen=remembered)
        self._lock2 = threading.Lock()

    def watch(self, words: str | None, name: str | None = None) -> None:
        """Watch for a caller's turn (as the call stored it) and the name they gave."""
        with self._lock2:
            if words and len(words.strip()) >= self.SHORTEST and " " in words.strip():
                self._watched.append(words.strip().lower())
            if name and len(name) >= 3:
                self._watched.append(name.lower())

    def emit(self, record: logging.LogRecord) -> None:
        """Count the record if a watched phrase is in it."""
        try:
            message = record.getMessage().lower()
        except Exception:  # a record that cannot be formatted holds nothing to find
            return
        with self._lock2:
            found = any(phrase in message for phrase in self._watched)
        if found:
            CALLER_WORDS_LOGGED.inc()


_DETECTOR: CallerWordsInLogs | None = None


def caller_words_detector() -> CallerWordsInLogs:
    """The process's detector, on the root logger (made on first use, once)."""
    global _DETECTOR
    if _DETECTOR is None:
        _DETECTOR = CallerWordsInLogs()
        logging.getLogger().addHandler(_DETECTOR)
    return _DETECTOR
