"""The shape of the engine (DEVELOPERS.md, issue 8): pure modules without import
cycles, one generic round, and no preset named outside the preset definitions."""

from __future__ import annotations

import ast
from pathlib import Path

import zhaopengyou
from zhaopengyou.engine import PRESETS

PACKAGE = Path(zhaopengyou.__file__).parent
ENGINE = PACKAGE / "engine"
# The modules that define presets: the preset classes, and the rules only `shandong` has.
PRESET_DEFINITIONS = {"presets.py", "shandong.py", "declaring.py"}


def top_level_imports(path: Path) -> set[str]:
    """Engine modules imported when ``path`` is imported (not in functions, not only
    for type checking)."""
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_engine_modules_import_each_other_without_a_cycle() -> None:
    graph = {p.stem: top_level_imports(p) for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import cycle: {' → '.join((*path, module))}"
        if module in done:
            return
        for imported in graph.get(module, ()):
            visit(imported, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
    assert "view" not in graph["presets"] and "round" not in graph["presets"]
    assert "round" not in graph["view"]


def test_the_engine_does_no_io() -> None:
    banned = {"os", "sys", "io", "socket", "pathlib", "subprocess", "time", "open"}
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not {a.name.split(".")[0] for a in node.names} & banned, path.name
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert node.module.split(".")[0] not in banned, path.name
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
                raise AssertionError(f"{path.name} opens a file")


def string_constants(path: Path) -> set[str]:
    """String literals of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }


def test_no_engine_or_records_module_names_a_preset() -> None:
    """Presets are told apart by their attributes, never by name, outside their own
    definitions ("tractor" is also the name of a unit, so only the other three are
    searched for)."""
    names = set(PRESETS) - {"tractor"}
    modules = [p for p in ENGINE.glob("*.py") if p.name not in PRESET_DEFINITIONS]
    modules += list((PACKAGE / "records").glob("*.py"))
    for path in modules:
        named = {text for text in string_constants(path) if text in names}
        assert not named, f"{path.relative_to(PACKAGE)} names {named}"


def test_the_round_knows_no_declaration_kind() -> None:
    """粘, 亮 and 顶 live in the shandong preset's hooks, not in the generic round."""
    texts = string_constants(ENGINE / "round.py") | string_constants(ENGINE / "view.py")
    assert not texts & {"zhan", "liang", "ding", "add"}


def every_import(path: Path) -> set[str]:
    """Engine modules ``path`` imports anywhere (in functions and for type checking too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_state_and_its_snapshot_format_never_import_the_round() -> None:
    """Issue 42: the round's state is declared in state.py and its snapshot format in
    snapshot.py, below round.py; neither reaches up into the state machine."""
    assert "round" not in every_import(ENGINE / "state.py")
    assert "round" not in every_import(ENGINE / "snapshot.py")
    assert "state" in every_import(ENGINE / "snapshot.py")


def test_a_rounds_state_is_read_only_from_outside() -> None:
    """Issue 42: no other layer writes a round's fields (the bots once set ``rnd.bids``
    behind the view caches' back); the names callers read are read-only properties and
    a round takes no new attributes."""
    from zhaopengyou.engine import Round, get_preset

    rnd = Round(get_preset("tractor"), seed=1)
    names = [name for name, value in vars(Round).items() if isinstance(value, property)]
    assert {"hands", "bids", "tricks", "current", "banker", "friend", "result"} <= set(names)
    for name in names:
        try:
            setattr(rnd, name, None)
        except AttributeError:
            continue
        raise AssertionError(f"Round.{name} can be written")
    try:
        rnd.anything_else = 1  # type: ignore[attr-defined]
    except AttributeError:
        return
    raise AssertionError("a Round takes new attributes")
