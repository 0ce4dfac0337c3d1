"""Pool the results of several ``atout tournament --json`` runs of the same pairing.

Long head-to-heads are run in chunks (one seed each, so a chunk lost to a stopped session costs
only itself); this adds their wins and games per (game, players, options, bots) and gives the
pooled win rate with its 95% Wilson interval.

Run: ``python bench/pool.py RUN.json [RUN.json ...]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from atout.sim.tournament import wilson


def pool(paths: list[str]) -> list[dict[str, Any]]:
    groups: dict[str, dict[str, Any]] = {}
    for path in paths:
        text = Path(path).read_text()
        if not text.strip():
            continue  # a chunk still running
        for table in json.loads(text):
            key = json.dumps([table["game"], table["players"], table["options"], table["bots"]])
            g = groups.setdefault(
                key,
                {
                    "game": table["game"],
                    "players": table["players"],
                    "options": table["options"],
                    "bots": table["bots"],
                    "runs": 0,
                    "seeds": [],
                    "games": 0,
                    "seconds": 0.0,
                    "wins": {},
                },
            )
            g["runs"] += 1
            g["seeds"].append(table["seed"])
            g["games"] += table["games"]
            g["seconds"] += table["seconds"]
            for k in table["kinds"]:
                g["wins"][k["kind"]] = g["wins"].get(k["kind"], 0.0) + k["wins"]
    out = []
    for g in groups.values():
        n = g["games"]
        g["win_rate"] = {k: round(w / n, 4) for k, w in g["wins"].items()}
        g["ci95"] = {k: [round(x, 4) for x in wilson(w, n)] for k, w in g["wins"].items()}
        out.append(g)
    return out


def main(argv: list[str] | None = None) -> None:
    for g in pool(argv if argv is not None else sys.argv[1:]):
        print(json.dumps(g))


if __name__ == "__main__":
    main()
