"""Mutation testing of the rules engines (``make mutation``): mutmut, then a score per module.

mutmut (configured in pyproject's ``[tool.mutmut]``) copies ``src/`` into ``mutants/``, mutates
``src/atout/games/`` and ``src/atout/cards.py`` and runs only the rules' tests against each mutant;
the report has a row for every module of that package (:func:`rules_modules`, read from its
files). The whole set (about 5,600 mutants) takes hours on 2 cores, so ``--sample N`` runs every mutant of
the small modules (fewer than ``--whole-below``, default 250) and a seeded random sample of ``N``
mutants of each larger one; the same ``--seed`` gives the same sample, so a before/after
comparison runs the same mutants.

    python bench/mutation.py                      # every mutant
    python bench/mutation.py --sample 80          # small modules whole, 80 of each large one
    python bench/mutation.py --only atout.games.q2j --sample 100
    python bench/mutation.py --report             # the table of the last run, nothing re-run
    python bench/mutation.py --list               # the modules mutated (from the package), nothing run

Prints a Markdown table (killed, survived, timed out, no test, per module) and the survivors'
names; ``.venv/bin/mutmut show NAME`` shows one's diff.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parent.parent
MUTMUT = str(Path(sys.executable).with_name("mutmut"))
SRC = ROOT / "src"


def rules_modules() -> tuple[str, ...]:
    """The modules mutated, in the order of the report: ``atout.cards``, ``atout.games`` (the
    registry, its ``__init__.py``), then every module under ``atout.games`` by name. Read from
    the package's files, never listed by hand: a module added, split or merged is reported as
    it is (a hand list once left out 62% of the mutants)."""
    found = []
    for path in (SRC / "atout" / "games").rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    found.remove("atout.games")
    return ("atout.cards", "atout.games", *sorted(found))


MODULES = rules_modules()


def module_of(name: str) -> str:
    """``atout.games.q2j.xǁQ2JStateǁcheck__mutmut_3`` -> ``atout.games.q2j``."""
    return name.split(".x_")[0].split(".xǁ")[0]


def mutant_names() -> dict[str, int | None]:
    """Every generated mutant and its exit code (``None``: not run)."""
    out: dict[str, int | None] = {}
    for meta in sorted((ROOT / "mutants" / "src").rglob("*.py.meta")):
        out |= json.loads(meta.read_text())["exit_code_by_key"]
    return out


def pick(
    names: list[str], sample: int | None, seed: int, only: list[str], whole_below: int
) -> list[str]:
    by_module: dict[str, list[str]] = {}
    for n in sorted(names):
        by_module.setdefault(module_of(n), []).append(n)
    chosen: list[str] = []
    for module, ns in sorted(by_module.items()):
        if only and module not in only:
            continue
        if sample is not None and len(ns) >= whole_below and len(ns) > sample:
            ns = sorted(random.Random(f"{seed}:{module}").sample(ns, sample))
        chosen += ns
    return chosen


def mutmut(*args: str, quiet: bool = False) -> None:
    err = subprocess.DEVNULL if quiet else None
    subprocess.run(
        [MUTMUT, "run", *args], cwd=ROOT, check=False, stdout=subprocess.DEVNULL, stderr=err
    )


def report(
    chosen: list[str], totals: dict[str, int], codes: dict[str, int | None] | None = None
) -> str:
    """The Markdown table of ``chosen`` mutants' outcomes (``codes``: each one's exit code, by
    default the last run's) and the survivors' names."""
    if codes is None:
        codes = mutant_names()
    rows: dict[str, Counter[str]] = {}
    survivors = []
    for n in chosen:
        code = codes.get(n)
        outcome = "not run" if code is None else status_by_exit_code[code]
        rows.setdefault(module_of(n), Counter())[outcome] += 1
        if outcome == "survived":
            survivors.append(n)
    lines = [
        "| module | mutants (sampled/all) | killed | survived | timed out | no test | score |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    total: Counter[str] = Counter()
    # a module with mutants that the package no longer has (a stale mutants/) still gets its row
    for module in (*MODULES, *sorted(set(rows) - set(MODULES))):
        c = rows.get(module)
        if not c:
            continue
        total += c
        lines.append(_row(module, c, totals.get(module, 0)))
    lines.append(_row("**all**", total, sum(totals.values())))
    lines += ["", "Survivors:", *(f"- {n}" for n in survivors)]
    return "\n".join(lines)


def _row(module: str, c: Counter[str], total: int) -> str:
    run = sum(c.values())
    killed = c["killed"] + c["timeout"]  # a mutant that hangs the tests is caught too
    scored = killed + c["survived"] + c["no tests"]  # a mutant no test runs is not caught
    score = f"{100 * killed / scored:.1f}%" if scored else "-"
    other = {k: v for k, v in c.items() if k not in ("killed", "survived", "timeout", "no tests")}
    note = f" ({', '.join(f'{v} {k}' for k, v in other.items())})" if other else ""
    return (
        f"| {module} | {run}/{total} | {c['killed']} | {c['survived']} | {c['timeout']} "
        f"| {c['no tests']} | {score}{note} |"
    )


def listing() -> str:
    """The modules the report covers, each with its mutants from the last generation."""
    totals = Counter(module_of(n) for n in mutant_names())
    lines = [f"{m}: {totals[m] if totals else 'not generated'}" for m in MODULES]
    lines += [f"{m}: {totals[m]} (not in the package)" for m in sorted(set(totals) - set(MODULES))]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, help="at most this many mutants per large module")
    ap.add_argument("--whole-below", type=int, default=250, help="a smaller module runs whole")
    ap.add_argument("--seed", type=int, default=18, help="the sample's seed")
    ap.add_argument("--only", action="append", default=[], help="a module, e.g. atout.games.q2j")
    ap.add_argument("--report", action="store_true", help="summarise the last run only")
    ap.add_argument("--list", action="store_true", help="the modules mutated, nothing run")
    ap.add_argument("--keep", action="store_true", help="keep mutants/ (results of earlier runs)")
    ap.add_argument("--out", type=Path, help="also write the table to this file")
    args = ap.parse_args()
    if args.list:
        print(listing())
        return
    if not args.report:
        if not args.keep:
            shutil.rmtree(ROOT / "mutants", ignore_errors=True)
        # mutmut writes every mutant into mutants/, then stops: no mutant has this name.
        mutmut("generate-only", quiet=True)
    names = list(mutant_names())
    totals = Counter(module_of(n) for n in names)
    chosen = pick(names, args.sample, args.seed, args.only, args.whole_below)
    if not args.report:
        mutmut(*chosen)
    text = report(chosen, totals)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
