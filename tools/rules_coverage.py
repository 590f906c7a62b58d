"""Every rule of RULES.md has a test: list the R-numbers no test names, exit 1 if any.

A test names a rule (R-x.y) in one of these places of a test file (``tests/**/test_*.py``):

- the test function's name: ``test_r5_4_…`` or ``test_R_5_4_…`` (R-5.4);
- a docstring: the module's, a test class's or a test function's;
- a comment (``# R-5.4: …``);
- a marker: ``@pytest.mark.rules("R-5.4", …)``, also as ``pytestmark`` or in
  ``pytest.param(…, marks=…)``.

Only explicit numbers count: "R-6.1 – R-6.3" names R-6.1 and R-6.3, not R-6.2.

Usage: ``python tools/rules_coverage.py [--rules PATH] [--tests DIR] [--verbose]``;
RULES.md is read from ``../shared/RULES.md`` next to the repository by default, or
from its copy ``tests/RULES.md`` when there is none.
Exit status: 0 every rule has a test, 1 some have none, 2 RULES.md or the tests are
missing.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED_RULES = REPO.parent / "shared" / "RULES.md"
# A checkout without ../shared uses the copy kept in tests/ (a test keeps it current).
DEFAULT_RULES = SHARED_RULES if SHARED_RULES.exists() else REPO / "tests" / "RULES.md"
DEFAULT_TESTS = REPO / "tests"

RULE = re.compile(r"\bR-(\d+)\.(\d+)\b")
# A rule's definition in RULES.md: a list item that starts with its number.
DEFINITION = re.compile(r"^\s*[-*]\s+R-(\d+)\.(\d+)\b", re.MULTILINE)
# A rule number written in a test's name: r5_4, r_5_4, R5_4 …
IN_NAME = re.compile(r"(?:^|_)r_?(\d+)_(\d+)(?=_|$)", re.IGNORECASE)


def rule_key(number: str) -> tuple[int, int]:
    major, minor = number[2:].split(".")
    return int(major), int(minor)


def rules_of(text: str) -> list[str]:
    """The R-numbers RULES.md defines, in order."""
    found = {f"R-{a}.{b}" for a, b in DEFINITION.findall(text)}
    return sorted(found, key=rule_key)


def numbers_in(text: str) -> set[str]:
    return {f"R-{a}.{b}" for a, b in RULE.findall(text)}


def _is_rules_marker(call: ast.Call) -> bool:
    """``pytest.mark.rules(…)`` or ``mark.rules(…)``."""
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "rules"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "mark"
    )


def _is_test(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")


def covered_in(source: str) -> set[str]:
    """The R-numbers a test file's tests name (see the module docstring)."""
    found: set[str] = set()
    tree = ast.parse(source)
    docstring = ast.get_docstring(tree)
    if docstring:
        found |= numbers_in(docstring)
    for node in ast.walk(tree):
        if _is_test(node):
            assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            found |= {f"R-{a}.{b}" for a, b in IN_NAME.findall(node.name)}
        if _is_test(node) or (isinstance(node, ast.ClassDef) and node.name.startswith("Test")):
            assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            found |= numbers_in(ast.get_docstring(node) or "")
        if isinstance(node, ast.Call) and _is_rules_marker(node):
            for argument in node.args:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    found |= numbers_in(argument.value)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found |= numbers_in(token.string)
    return found


def coverage(tests: Path) -> dict[str, list[str]]:
    """R-number → the test files that name it."""
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted(tests.rglob("test_*.py")):
        for number in covered_in(path.read_text(encoding="utf-8")):
            where[number].append(str(path.relative_to(tests.parent)))
    return where


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES, help="path of RULES.md")
    parser.add_argument("--tests", type=Path, default=DEFAULT_TESTS, help="the tests folder")
    parser.add_argument("--verbose", action="store_true", help="list the tests of every rule")
    args = parser.parse_args(argv)
    try:
        text = args.rules.read_text(encoding="utf-8")
    except OSError as err:
        print(
            f"rules_coverage: cannot read RULES.md at {args.rules}: {err.strerror}", file=sys.stderr
        )
        print("rules_coverage: give its path with --rules PATH", file=sys.stderr)
        return 2
    rules = rules_of(text)
    if not rules:
        print(f"rules_coverage: no rule (R-x.y) defined in {args.rules}", file=sys.stderr)
        return 2
    if not args.tests.is_dir():
        print(f"rules_coverage: no tests folder at {args.tests}", file=sys.stderr)
        return 2
    where = coverage(args.tests)
    if args.verbose:
        for number in rules:
            print(f"{number}: {', '.join(where.get(number, [])) or '-'}")
    missing = [number for number in rules if number not in where]
    if missing:
        print(f"{len(missing)} of {len(rules)} rules have no test naming them:")
        for number in missing:
            print(f"  {number}")
        return 1
    print(f"all {len(rules)} rules of {args.rules.name} have a test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
