"""The package's modules import each other without a cycle (issue 42).

Every import counts, wherever it is written: at the top of a module, inside a function,
or under ``if TYPE_CHECKING:``. An import moved into a function, or kept for the type
checker only, hides a circle from the interpreter but not from the reader: the two
modules still depend on each other. When two modules need the same thing, it belongs
in a module below both (as ``cli/errors.py`` is below ``cli/main.py`` and the
subcommands, and ``bots/tally.py`` below ``bots/arena.py`` and ``bots/journal.py``).

Only what a statement names is an edge: ``from .x import y`` leads to ``x.y`` when that
is a module, else to ``x``. Importing a submodule also runs its package's
``__init__``, but that edge is left out: the package is already being imported when one
of its own modules is, so it closes no circle that matters.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import zhaopengyou

PACKAGE = Path(zhaopengyou.__file__).parent
ROOT = "zhaopengyou"
ENTRY_POINT = "zhaopengyou.cli.main"  # `zpy`; it imports every subcommand


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported_modules(name: str, path: Path) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in MODULES else source)
    return {module for module in found if module in MODULES and module != name}


def import_graph() -> dict[str, set[str]]:
    return {name: imported_modules(name, path) for name, path in MODULES.items()}


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as one
    circle through its modules, starting from the first in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.get(module, ()):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(component)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return [_circle(graph, component) for component in found]


def _circle(graph: Mapping[str, Iterable[str]], component: set[str]) -> list[str]:
    """A path from the component's first module back to itself, inside the component."""
    start = min(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        module = queue.pop(0)
        for imported in sorted(graph.get(module, ())):
            if imported == start:
                return [*paths[module], start]
            if imported in component and imported not in paths:
                paths[imported] = [*paths[module], imported]
                queue.append(imported)
    raise AssertionError(f"no circle through {start}")  # a component always has one


def test_the_scan_finds_the_imports() -> None:
    graph = import_graph()
    assert "zhaopengyou.cli.replay" in graph[ENTRY_POINT]  # inside a function
    assert "zhaopengyou.cli.errors" in graph["zhaopengyou.cli.replay"]
    assert "zhaopengyou.bots.journal" in graph["zhaopengyou.bots.arena"]
    assert "zhaopengyou.bots.tally" in graph["zhaopengyou.bots.journal"]
    assert "zhaopengyou.bots" in graph["zhaopengyou.bots.arena"]  # from . import make_bot
    assert "zhaopengyou.engine.presets" in graph["zhaopengyou.bots.arena"]


def test_cycles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_import_cycle() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(" → ".join(c) for c in found)


def test_only_the_script_entry_runs_the_entry_point() -> None:
    """``cli/main.py`` imports every subcommand; a module importing it back would be a
    circle, and the place for what they share is below both."""
    importers = [name for name, imported in import_graph().items() if ENTRY_POINT in imported]
    assert importers == []
