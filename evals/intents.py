"""LLM versus rules on intent: the eight SPEC sentences and the larger labelled set.

    python -m evals.intents [--out DIR]     # needs `voice-llm up` (or VOICE_LLM_BASE_URL)

Writes ``intents.jsonl`` (one ``{"text", "llm", "rule"}`` per sentence, in order), ``intent_acc.json``
(``{"llm": n, "rule": m}`` correct of 8) and ``intents_meta.json`` (model file and sha256, server,
dialect, date, latencies) into DIR (default: the repository root), plus ``labelled_scores.json``
with accuracy, per-intent precision/recall, confusion matrices and latencies on evals/utterances.jsonl.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from evals.stats import percentile
from voicekit.llm import LLMConfig, classify_intent
from voicekit.nlu import INTENTS, parse

ROOT = Path(__file__).resolve().parent.parent
LABELLED = Path(__file__).resolve().parent / "utterances.jsonl"
EIGHT: list[tuple[str, str]] = [
    ("I'd like to book an appointment for Tuesday", "book"),
    ("CAN I CANCEL MY VISIT ON FRIDAY", "cancel"),
    ("YEAH THAT WORKS", "yes"),
    ("NO THAT'S NOT RIGHT", "no"),
    ("CAN I TALK TO A REAL PERSON", "human"),
    ("WHAT TIME DO YOU CLOSE TODAY", "hours"),
    ("TEN THIRTY IN THE MORNING", "inform"),
    ("MY DOG ATE THE REMOTE", "unknown"),
]


def rule_intent(text: str) -> str:
    """The rule parser's intent for ``text``."""
    return parse(text)["intent"]


def timed(classify: Callable[[str], str], texts: list[str]) -> tuple[list[str], list[float]]:
    """Classify each text; the labels and the seconds each took."""
    labels, seconds = [], []
    for text in texts:
        start = time.perf_counter()
        labels.append(classify(text))
        seconds.append(time.perf_counter() - start)
    return labels, seconds


def latency_ms(seconds: list[float]) -> dict:
    """Median and 95th percentile of ``seconds``, in milliseconds."""
    return {"median_ms": round(statistics.median(seconds) * 1000, 3),
            "p95_ms": round(percentile(seconds, 0.95) * 1000, 3)}


def scores(gold: list[str], predicted: list[str]) -> dict:
    """Accuracy, per-intent precision/recall and the confusion matrix (rows gold, columns predicted)."""
    matrix: dict[str, dict[str, int]] = {g: {p: 0 for p in INTENTS} for g in INTENTS}
    for g, p in zip(gold, predicted, strict=True):
        matrix[g][p] += 1
    per_intent = {}
    for intent in INTENTS:
        hits = matrix[intent][intent]
        said = sum(matrix[g][intent] for g in INTENTS)
        real = sum(matrix[intent].values())
        per_intent[intent] = {"precision": round(hits / said, 3) if said else None,
                              "recall": round(hits / real, 3) if real else None, "support": real}
    correct = sum(g == p for g, p in zip(gold, predicted, strict=True))
    return {"correct": correct, "total": len(gold), "accuracy": round(correct / len(gold), 3),
            "per_intent": per_intent, "confusion": matrix}


def sha256(path: Path) -> str:
    """The file's SHA-256, hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as data:
        for block in iter(lambda: data.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def compare_eight(out_dir: Path, llm: Callable[[str], str] = classify_intent,
                  config: LLMConfig | None = None) -> dict:
    """Classify the eight sentences both ways; write intents.jsonl, intent_acc.json, intents_meta.json."""
    texts = [text for text, _ in EIGHT]
    llm_labels, llm_seconds = timed(llm, texts)
    rule_labels, rule_seconds = timed(rule_intent, texts)
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "intents.jsonl", "w") as out:
        for text, by_llm, by_rule in zip(texts, llm_labels, rule_labels, strict=True):
            out.write(json.dumps({"text": text, "llm": by_llm, "rule": by_rule}) + "\n")
    accuracy = {"llm": sum(p == g for p, (_, g) in zip(llm_labels, EIGHT, strict=True)),
                "rule": sum(p == g for p, (_, g) in zip(rule_labels, EIGHT, strict=True))}
    (out_dir / "intent_acc.json").write_text(json.dumps(accuracy) + "\n")
    (out_dir / "intents_meta.json").write_text(json.dumps(metadata(config, llm_seconds, rule_seconds), indent=2)
                                               + "\n")
    return {"rows": [{"text": t, "gold": g, "llm": ll, "rule": r}
                     for (t, g), ll, r in zip(EIGHT, llm_labels, rule_labels, strict=True)],
            "accuracy": accuracy, "llm_latency": latency_ms(llm_seconds), "rule_latency": latency_ms(rule_seconds)}


def metadata(config: LLMConfig | None, llm_seconds: list[float], rule_seconds: list[float]) -> dict:
    """What produced the comparison: model file and hash, server, dialect, date and latencies."""
    from voicekit.llm_server import embedded_model

    config = config or LLMConfig()
    model = embedded_model()
    return {
        "model_file": model.name, "model_sha256": sha256(model), "server": config.base_url,
        "served_model": config.model, "dialect": config.dialect, "temperature": 0,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "llm_latency": latency_ms(llm_seconds), "rule_latency": latency_ms(rule_seconds),
    }


def score_labelled(out_dir: Path, llm: Callable[[str], str] = classify_intent) -> dict:
    """Both classifiers on the labelled set; writes labelled_scores.json, returns it with each utterance's labels."""
    rows = [json.loads(line) for line in LABELLED.read_text().splitlines() if line.strip()]
    texts, gold = [r["text"] for r in rows], [r["intent"] for r in rows]
    llm_labels, llm_seconds = timed(llm, texts)
    rule_labels, rule_seconds = timed(rule_intent, texts)
    result = {
        "size": len(rows),
        "llm": scores(gold, llm_labels) | {"latency": latency_ms(llm_seconds)},
        "rule": scores(gold, rule_labels) | {"latency": latency_ms(rule_seconds)},
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "labelled_scores.json").write_text(json.dumps(result, indent=2) + "\n")
    # Each utterance's labels too (not in the file): the notebook scores them on held-out halves.
    return result | {"predictions": {"gold": gold, "llm": llm_labels, "rule": rule_labels}}


def main(argv: list[str] | None = None) -> int:
    """Write the comparison artifacts and print the accuracies."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT)
    parser.add_argument("--skip-labelled", action="store_true", help="only the eight sentences")
    args = parser.parse_args(argv)
    eight = compare_eight(args.out)
    print(f"eight sentences: llm {eight['accuracy']['llm']}/8, rule {eight['accuracy']['rule']}/8; "
          f"llm median {eight['llm_latency']['median_ms']:.0f} ms")
    if not args.skip_labelled:
        labelled = score_labelled(args.out / "evals" if args.out == ROOT else args.out)
        print(f"labelled set ({labelled['size']}): llm {labelled['llm']['accuracy']:.1%}, "
              f"rule {labelled['rule']['accuracy']:.1%}; llm median {labelled['llm']['latency']['median_ms']:.0f} ms,"
              f" p95 {labelled['llm']['latency']['p95_ms']:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
