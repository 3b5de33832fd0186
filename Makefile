# Two commands for a fresh machine: `make run` and `make test`. Both build .venv themselves.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
# llama-cpp-python builds from source here; the native build crashes in an AMX kernel on these CPUs.
export CMAKE_ARGS := -DGGML_NATIVE=OFF
export LANGGRAPH_CLI_NO_ANALYTICS := 1
export LANGSMITH_TRACING := false

.PHONY: setup postgres run serve test lint format artifacts evals bench bench-load bench-soak studio clean

$(STAMP):
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q -e ".[llm,service,dev]"
	rm -f $(VENV)/.installed-* && touch $(STAMP)

setup: $(STAMP)

# The multi-worker tests start a throwaway PostgreSQL cluster; install the server if it is missing.
postgres:
	@bash scripts/ensure-postgres.sh

run: setup
	@$(PY) -m graph.console $(ARGS)

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

format: setup
	$(VENV)/bin/ruff format .

# pytest exits 5 when it collected no test: make treats any non-zero exit as failure, so CI fails too.
test: setup lint postgres
	$(PY) -m pytest $(PYTEST_ARGS)

artifacts: setup
	$(PY) -m tools.manifest tools.json
	$(PY) -m evals.runner --lab --traces traces.jsonl

evals: setup
	$(PY) -m evals.runner

bench: setup
	$(PY) benchmarks/turn_latency.py

bench-load: setup postgres
	$(PY) benchmarks/load.py

bench-soak: setup
	$(PY) benchmarks/soak.py

serve: setup
	$(PY) -m service --port $${PORT:-8080}

studio: setup
	$(VENV)/bin/langgraph dev --port $${PORT:-2125} --no-browser

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .data
