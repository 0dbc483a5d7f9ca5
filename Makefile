# cardpress: the two commands a fresh machine needs are `make build` and
# `make test`. Each sets up what is missing (Debian packages, the virtual
# environment, the Python packages) and is quick when nothing changed.

PYTHON      ?= python3
VENV        := .venv
BIN         := $(VENV)/bin
STAMP       := $(VENV)/.cardpress-installed
OUT         ?= build
# Fonts with TrueType outlines (ReportLab cannot embed CFF fonts), fontconfig
# to find the fonts (PNGs are rendered by PDFium, a Python wheel).
BUILD_DEBS  := fonts-morisawa-bizud-gothic fonts-morisawa-bizud-mincho fonts-sil-charis \
               fonts-open-sans fontconfig icc-profiles-free ghostscript
# poppler for reading PDFs back in the tests; a real browser for the referee's
# browser tests; PostgreSQL for the live tables' tests (they start a throwaway
# cluster of their own); nginx, the reverse proxy of the production set-up
# (the flood test starts one of its own, deploy/nginx/cardpress.conf).
TEST_DEBS   := $(BUILD_DEBS) poppler-utils chromium postgresql nginx

.PHONY: build test setup lint check serve clean debs-build debs-test

build: debs-build setup
	$(BIN)/cardpress check
	$(BIN)/cardpress build --out $(OUT)

# axe-core (the accessibility checker the browser tests inject), from the npm
# registry at a pinned version, into tests/.axe (git-ignored).
AXE_VERSION := 4.10.2
AXE_STAMP   := tests/.axe/.axe-core-$(AXE_VERSION)

test: debs-test setup $(AXE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/pytest -n 2 --dist loadfile --durations=30

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $@

debs-build:
	@./.ci/apt-install $(BUILD_DEBS)

debs-test:
	@./.ci/apt-install $(TEST_DEBS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/ruff format --check .

check: setup
	$(BIN)/cardpress check

serve: setup
	$(BIN)/cardpress serve

clean:
	rm -rf $(OUT) .pytest_cache .ruff_cache

$(AXE_STAMP):
	@command -v npm >/dev/null || ./.ci/apt-install npm
	npm install --prefix tests/.axe --no-save --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION)
	@touch $@
