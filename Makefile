# `make run` and `make test` work on a fresh machine: each sets up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play serve cluster test test-fast test-web web lint typecheck bench clean rules-coverage mutate schema schema-check

# The browser client: installed and built only when missing or older than its sources.
WEB_DEPS := web/node_modules/.installed
WEB_BUILT := src/zhaopengyou/server/static/index.html
WEB_SOURCES := $(shell find web/src -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json web/package.json

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(WEB_DEPS): web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(WEB_BUILT): $(WEB_DEPS) $(WEB_SOURCES)
	cd web && npm run build

web: $(WEB_BUILT)

# Options for `zpy serve` (make run) or `zpy play` (make play), e.g. ARGS="--port 9000".
ARGS ?=

run: $(STAMP) web
	$(BIN)/zpy serve $(ARGS)

play: $(STAMP)
	$(BIN)/zpy play $(ARGS)

# The card room on several server processes behind nginx, on this machine's PostgreSQL
# and Redis (docs/scaling.md); e.g. ARGS="--processes 4 --port 9000".
cluster: $(STAMP) web
	$(BIN)/zpy cluster $(ARGS)

# The protocol's JSON Schema (`zpy schema`) and the browser client's wire types generated
# from it; both are committed, and `make test` fails when they are out of date.
SCHEMA_JSON := web/protocol.schema.json
WIRE_TS := web/src/wire.gen.ts
JSON2TS := cd web && npx json2ts --unreachableDefinitions --additionalProperties false \
	--bannerComment "// Generated from protocol.schema.json (zpy schema) by make schema: do not edit."

schema: $(STAMP) $(WEB_DEPS)
	$(BIN)/zpy schema --out $(SCHEMA_JSON) --force
	$(JSON2TS) -i protocol.schema.json -o src/wire.gen.ts

schema-check: $(STAMP) $(WEB_DEPS)
	@$(BIN)/zpy schema | cmp -s - $(SCHEMA_JSON) || \
	  { echo "$(SCHEMA_JSON) is out of date: run make schema" >&2; exit 1; }
	@$(JSON2TS) -i protocol.schema.json | cmp -s - src/wire.gen.ts || \
	  { echo "$(WIRE_TS) is out of date: run make schema" >&2; exit 1; }

test: $(STAMP) web lint typecheck schema-check test-web rules-coverage
	$(BIN)/python -m pytest -n 2 --dist worksteal --durations=15

# The edit-test loop: every test but the long random-game properties and the browser.
test-fast: $(STAMP) web
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "not slow"

# Mutation testing of engine/ and records/ with the rule-judging tests (not in CI:
# hours; resumable, also in a new clone: the verdicts are kept in
# docs/mutation-verdicts.json). MUTANTS="zhaopengyou.engine.leads.*" limits it to some;
# the score and the equivalent mutants are in docs/testing.md.
MUTANTS ?=
mutate: $(STAMP)
	$(BIN)/python tools/mutation_verdicts.py restore
	$(BIN)/python tools/mutation_verdicts.py save
	$(BIN)/mutmut run --max-children 2 $(foreach m,$(MUTANTS),'$(m)'); \
	  status=$$?; $(BIN)/python tools/mutation_verdicts.py save && exit $$status
	$(BIN)/python tools/mutation_score.py

test-web: $(WEB_DEPS)
	cd web && npm test --silent

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/zhaopengyou tests bench tools

# Every rule of RULES.md has a test naming it: ../shared/RULES.md when it sits next to this
# checkout, else the copy tests/RULES.md (RULES=path to read another).
RULES ?=
rules-coverage: $(STAMP)
	$(BIN)/python tools/rules_coverage.py $(if $(RULES),--rules $(RULES))

# The engine and bot benchmarks (server load, browser client, search: see README).
bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/bots.py

clean:
	rm -rf $(VENV) mutants .pytest_cache .mypy_cache .ruff_cache .hypothesis web/node_modules src/zhaopengyou/server/static
