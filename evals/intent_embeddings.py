"""The embedding intent fallback: fit its head on training data, and compare it on data it never saw.

    python -m evals.intent_embeddings fit       # fit on the real callers' training split -> voicekit/intent_head.json
    python -m evals.intent_embeddings compare   # rules, embeddings and the hybrids on the held-out split

The head is fitted on the *training* split of the real-caller turns (SGD's training dialogs plus the
project's own labelled lines), on the intent labelled by hand (``evals/real/LABELLING.md``); every figure
called held-out comes from the test split, which neither the head nor the rules were tuned on. The
notebook adds the LLM to the same comparison.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from evals.real_callers import HEADLINE_INTENT, hear_turn, labelled_turns
from voicekit.embeddings import HEAD, IntentClassifier, MiniLM


def split(name: str) -> list[dict]:
    """The real-caller turns of one split ("train" or "test")."""
    return [turn for turn in labelled_turns() if turn["split"] == name]


def rule_intent(turn: dict) -> str:
    """The rules' intent, heard as ``evals.real_callers`` hears it (SGD's own date as today)."""
    return hear_turn(turn).intent


def fit_head(model: MiniLM) -> IntentClassifier:
    """The classifier fitted on the training split."""
    train = split("train")
    return IntentClassifier.fit(model, [t["text"] for t in train], [t[HEADLINE_INTENT] for t in train])


def accuracy(gold: Sequence[str], predicted: Sequence[str]) -> float:
    """The share of predictions equal to the gold labels."""
    return sum(g == p for g, p in zip(gold, predicted, strict=True)) / len(gold)


def held_out(classifier: IntentClassifier, llm: Callable[[str], str] | None = None) -> dict:
    """Intent accuracy on the held-out split: rules, embeddings alone, and each fallback behind the rules.

    A fallback (embeddings, or the LLM when given) only answers the turns the rules call "unknown", as the
    hybrid mode does; the LLM is asked only about those turns.
    """
    test = split("test")
    gold = [t[HEADLINE_INTENT] for t in test]
    rules = [rule_intent(t) for t in test]
    started = time.perf_counter()
    embedded = classifier.predict([t["text"] for t in test])
    per_turn_ms = (time.perf_counter() - started) / len(test) * 1000
    result = {"turns": len(test), "rules": accuracy(gold, rules), "embeddings": accuracy(gold, embedded),
              "rules + embeddings": accuracy(gold, [e if r == "unknown" else r
                                                    for r, e in zip(rules, embedded, strict=True)]),
              "unknown to the rules": sum(r == "unknown" for r in rules), "embedding ms per turn": per_turn_ms}
    if llm is not None:
        asked = {t["text"]: llm(t["text"]) for t, r in zip(test, rules, strict=True) if r == "unknown"}
        result["rules + LLM"] = accuracy(gold, [asked.get(t["text"], r) if r == "unknown" else r
                                                for t, r in zip(test, rules, strict=True)])
    return result


def labelled_halves(model: MiniLM, texts: Sequence[str], gold: Sequence[str], splits: int = 20) -> list[float]:
    """Embeddings fitted on one random half of a labelled set, scored on the other half, ``splits`` times."""
    features = model.embed(list(texts))
    scores = []
    for seed in range(splits):
        order = list(range(len(texts)))
        random.Random(seed).shuffle(order)
        half = len(order) // 2
        fitted = IntentClassifier.fit_embedded(model, features[order[:half]], [gold[i] for i in order[:half]])
        predicted = fitted.predict([texts[i] for i in order[half:]])
        scores.append(accuracy([gold[i] for i in order[half:]], predicted))
    return scores


def main(argv: list[str] | None = None) -> int:
    """Fit and write the head, or print the held-out comparison."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("fit", "compare"))
    args = parser.parse_args(argv)
    model = MiniLM()
    if args.command == "fit":
        fit_head(model).save(HEAD)
        print(f"wrote {HEAD}")
        return 0
    figures = held_out(IntentClassifier.load(model, HEAD))
    for name, value in figures.items():
        print(f"{name:<24} {value:.3f}" if isinstance(value, float) else f"{name:<24} {value}")
    train = split("train")
    fitted_on = IntentClassifier.load(model, HEAD).predict([t["text"] for t in train])
    print(f"{'embeddings, train split':<24} {accuracy([t[HEADLINE_INTENT] for t in train], fitted_on):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
