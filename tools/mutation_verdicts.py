"""Keep `make mutate`'s verdicts in the repository, so that a run goes on where the last
one stopped, on another machine or in a new clone.

mutmut keeps its verdicts in ``mutants/**/*.py.meta``, which a new clone does not have.
``save`` merges them into ``docs/mutation-verdicts.json`` (one entry per source file:
the hash of every function and the exit code of every mutant judged); ``restore``
writes the ``.meta`` files that ``mutants/`` lacks from it. mutmut then keeps a verdict
only while its function's hash is unchanged, so an edited function is judged again.

Usage: ``python tools/mutation_verdicts.py save|restore [--mutants DIR] [--store PATH]``.
Exit status: 0 done, 2 the store is not a verdict file (it is left as it is).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
FORMAT = "zpy-mutation-verdicts/1"
META = ".meta"

Entry = dict[str, dict[str, Any]]


class StoreError(Exception):
    pass


def function_of(mutant: str) -> str:
    """The mangled function name mutmut hashes, as in mutmut's own merge of verdicts."""
    return mutant.partition("__mutmut_")[0].rpartition(".")[2]


def load_store(store: Path) -> dict[str, Entry]:
    if not store.exists():
        return {}
    try:
        data = json.loads(store.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise StoreError(f"{store}: not readable as JSON ({error})") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoreError(f"{store}: not a {FORMAT} file")
    files = data.get("files")
    if not isinstance(files, dict):
        raise StoreError(f"{store}: 'files' is missing")
    for source, entry in files.items():
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("hash_by_function_name"), dict)
            and isinstance(entry.get("exit_code_by_key"), dict)
        ):
            raise StoreError(f"{store}: the entry of {source} is not a verdict entry")
    return files


def write_store(store: Path, files: dict[str, Entry]) -> None:
    text = json.dumps({"format": FORMAT, "files": files}, indent=1, sort_keys=True)
    partial = store.with_suffix(".partial")
    partial.write_text(text + "\n", encoding="utf-8")
    partial.replace(store)  # whole or not at all: a stopped save never truncates the store


def merged(local: dict[str, Any], stored: Entry | None) -> Entry:
    """The local verdicts, plus the stored ones that the local run has not reached yet
    for functions that have not changed since."""
    hashes: dict[str, str] = local.get("hash_by_function_name", {})
    verdicts = {k: v for k, v in local["exit_code_by_key"].items() if v is not None}
    if stored:
        same = {f for f, h in stored["hash_by_function_name"].items() if hashes.get(f) == h}
        for mutant, code in stored["exit_code_by_key"].items():
            unjudged = mutant in local["exit_code_by_key"] and mutant not in verdicts
            if unjudged and function_of(mutant) in same:
                verdicts[mutant] = code
    return {"hash_by_function_name": hashes, "exit_code_by_key": verdicts}


def save(mutants: Path, store: Path) -> int:
    files = load_store(store)
    metas = sorted(mutants.rglob(f"*.py{META}"))
    if not metas:
        print(f"no mutation results under {mutants}: nothing to save")
        return 0
    saved = 0
    for meta in metas:
        source = meta.relative_to(mutants).as_posix()[: -len(META)]
        try:
            local = json.loads(meta.read_text(encoding="utf-8"))
            files[source] = merged(local, files.get(source))
        except (OSError, ValueError, KeyError, AttributeError, TypeError) as error:
            raise StoreError(f"{meta}: not a mutmut verdict file ({error!r})") from error
        saved += len(files[source]["exit_code_by_key"])
    write_store(store, files)
    print(f"{saved} verdicts kept in {store}")
    return 0


def restore(mutants: Path, store: Path) -> int:
    restored = 0
    for source, entry in sorted(load_store(store).items()):
        meta = mutants / (source + META)
        if meta.exists():  # this machine's own verdicts are newer
            continue
        meta.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text(
            json.dumps(
                {
                    "exit_code_by_key": entry["exit_code_by_key"],
                    "hash_by_function_name": entry["hash_by_function_name"],
                    "type_check_error_by_key": {},
                    "durations_by_key": {},
                    "estimated_durations_by_key": {},
                },
                indent=4,
            ),
            encoding="utf-8",
        )
        restored += len(entry["exit_code_by_key"])
    print(f"{restored} verdicts restored from {store}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("save", "restore"))
    parser.add_argument("--mutants", type=Path, default=REPO / "mutants")
    parser.add_argument("--store", type=Path, default=REPO / "docs" / "mutation-verdicts.json")
    args = parser.parse_args(argv)
    try:
        return (save if args.command == "save" else restore)(args.mutants, args.store)
    except StoreError as error:
        print(f"mutation_verdicts: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
