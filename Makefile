# Two commands do everything: `make play` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP_PLAY := $(VENV)/.installed-play
STAMP_TEST := $(VENV)/.installed-test

.PHONY: play test lint bench stress clean

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP_PLAY): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_PLAY)

play: $(STAMP_PLAY)
	$(VENV)/bin/parlour

test: $(STAMP_TEST)
	$(VENV)/bin/ruff check rules tui themes tests bench
	$(VENV)/bin/mypy rules tui
	$(VENV)/bin/mypy --strict rules
	$(PY) -m pytest -n 2 --dist worksteal -p no:cacheprovider

bench: $(STAMP_TEST)
	$(PY) bench/run.py

# Not CI: 10,000 bot games of every game (about an hour on one core).
stress: $(STAMP_TEST)
	$(PY) bench/stress.py --games 10000

clean:
	rm -rf $(VENV) build *.egg-info
