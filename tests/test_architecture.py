"""The one-way street, read from the source: the rules know nothing of terminals,
the screens know nothing of the rules' state, and no module of the app imports
its way back to itself.

* ``rules/`` never imports textual or rich.
* No module in ``tui/`` reads ``.state`` (a session's raw state) or imports a
  ``*State`` class: screens render views through the table port.
* ``tui/`` has no import cycle (every import counts: at the top, inside a
  function, or for type checking only; importing ``a.b.c`` imports ``a.b``).
* No screen imports the screen after it: a module that defines screens imports
  no other module that defines screens; it posts a message instead.
* The four games' screen packages use the same module names.
* Tests mirror the code: a test file that imports only the rules lives under
  ``tests/rules/``, and a game's (``test_GAME_*.py``) in that game's folder there.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("island", "temptress", "persuasion", "lantern")
GAME_MODULES = {"__init__", "ui", "table", "seat", "render"}
"""Every game's screen package has these; a game may add ``forms`` and ``referee``."""
GAME_EXTRAS = {"forms", "referee"}


def modules(package: str) -> dict[str, Path]:
    """Every module of a top-level package, by dotted name."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def imported(path: Path) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(module, names) for every import in the file, wherever it stands."""
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ()
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, tuple(alias.name for alias in node.names)


def dependencies(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that importing this one imports (parents included)."""
    found: set[str] = set()
    for module, names in imported(path):
        targets = [module] + [f"{module}.{n}" for n in names if f"{module}.{n}" in known]
        for target in targets:
            parts = target.split(".")
            for end in range(2, len(parts) + 1):  # the packages on the way, then the module
                candidate = ".".join(parts[:end])
                if candidate in known and candidate != name:
                    found.add(candidate)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def defines_screens(path: Path) -> bool:
    """Whether the module defines a screen class (one whose base's name ends in Screen)."""
    for node in tree(path).body:
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                base_name = base.id if isinstance(base, ast.Name) else getattr(base, "attr", "")
                if isinstance(base, ast.Subscript):
                    base_name = getattr(base.value, "id", "")
                if base_name.endswith("Screen"):
                    return True
    return False


def test_the_rules_never_import_textual_or_rich():
    for name, path in modules("rules").items():
        for module, _ in imported(path):
            assert module.split(".")[0] not in ("textual", "rich"), f"{name} imports {module}"


def test_the_rules_never_import_the_app_or_its_saving():
    for name, path in modules("rules").items():
        for module, _ in imported(path):
            assert module.split(".")[0] != "tui", f"{name} imports {module}"


def test_saving_is_its_own_package_without_a_terminal():
    saving = {n: p for n, p in modules("tui").items() if n.startswith("tui.persistence")}
    assert {"tui.persistence.journal", "tui.persistence.save_lock"} <= set(saving)
    for name, path in saving.items():
        for module, _ in imported(path):
            top = module.split(".")[0]
            assert top not in ("textual", "rich"), f"{name} imports {module}"
            assert not module.startswith("tui.") or module.startswith("tui.persistence"), name


def test_no_screen_reads_the_rules_state_or_imports_a_state_class():
    problems = []
    for name, path in modules("tui").items():
        if name.startswith("tui.persistence"):
            continue  # saving keeps and checks the table; it shows nothing
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.Attribute) and node.attr == "state":
                problems.append(f"{name}:{node.lineno} reads .state")
        for module, names in imported(path):
            if module.startswith("rules"):
                problems += [
                    f"{name} imports {n} from {module}" for n in names if n.endswith("State")
                ]
    assert problems == []


def test_the_app_has_no_import_cycle():
    known = modules("tui")
    graph = {name: dependencies(name, path, known) for name, path in known.items()}
    assert cycles(graph) == []


def test_the_rules_have_no_import_cycle():
    known = modules("rules")
    graph = {name: dependencies(name, path, known) for name, path in known.items()}
    assert cycles(graph) == []


def test_no_game_rules_import_the_teaching_layer():
    """Teaching and coaching sit above the rules and the session: a game's rules (its
    ``game.py`` and everything it imports) never import them."""
    known = modules("rules")
    graph = {name: dependencies(name, path, known) for name, path in known.items()}
    for game in GAMES:
        reached, todo = set(), [f"rules.{game}.game"]
        while todo:
            here = todo.pop()
            if here not in reached:
                reached.add(here)
                todo += sorted(graph[here])
        assert reached.isdisjoint({"rules.teaching", "rules.coaching"}), game


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_screen_imports_the_screen_after_it():
    known = modules("tui")
    screens = {name for name, path in known.items() if defines_screens(path)}
    assert {"tui.screens.lobby", "tui.screens.setup", "tui.kit.table"} <= screens
    problems = []
    for name in sorted(screens):
        for other in sorted(dependencies(name, known[name], known) & screens):
            if not other.startswith("tui.kit."):  # the kit's bases are built on, not shown next
                problems.append(f"{name} imports {other}")
    assert problems == []


@pytest.mark.parametrize("game", GAMES)
def test_every_games_screens_use_the_same_module_names(game: str):
    names = {path.stem for path in (ROOT / "tui" / game).glob("*.py")}
    assert GAME_MODULES <= names
    assert names <= GAME_MODULES | GAME_EXTRAS, sorted(names - GAME_MODULES - GAME_EXTRAS)


def test_rules_tests_are_found_where_their_module_is():
    misplaced = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        ours = {m.split(".")[0] for m, _ in imported(path)} & {"rules", "tui"}
        screens = "snap_compare" in path.read_text(encoding="utf-8")
        if ours != {"rules"} or screens:
            continue
        game = next((g for g in GAMES if path.name.startswith(f"test_{g}_")), None)
        want = f"tests/rules/{game}" if game else "tests/rules"
        if path.parent.relative_to(ROOT).as_posix() != want:
            misplaced.append(f"{path.relative_to(ROOT)} belongs in {want}/")
    assert misplaced == []
