"""Accessibility checks with axe-core (vendored in tests/web/vendor/axe-core, never fetched).

Typical use in a browser test::

    from tests.web.a11y import check_a11y

    violations = check_a11y(page)                 # the whole page
    assert not violations, violations             # the failure lists each rule and element
    assert not check_a11y(page, "#table")         # only the table
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

AXE = Path(__file__).with_name("vendor") / "axe-core" / "axe.min.js"

RUN = """async ([selector, options]) => {
  const context = selector === null ? document : selector;
  const result = await window.axe.run(context, options);
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({
      target: n.target.map(String).join(" "),
      html: n.html,
      summary: n.failureSummary || "",
    })),
  }));
}"""


class Violations(list[dict[str, Any]]):
    """The violations axe found (empty: none), shown readably in an assertion message."""

    def __str__(self) -> str:
        if not self:
            return "no accessibility violations"
        lines = [f"{len(self)} accessibility violation(s):"]
        for v in self:
            lines.append(f"- {v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
            for n in v["nodes"][:5]:
                lines.append(f"    at {n['target']}: {n['html'][:160]}")
                for s in n["summary"].splitlines():
                    if s.strip():
                        lines.append(f"      {s.strip()}")
            if len(v["nodes"]) > 5:
                lines.append(f"    … and {len(v['nodes']) - 5} more elements")
        return "\n".join(lines)

    __repr__ = __str__


def check_a11y(
    page: Any, context_selector: str | None = None, options: dict[str, Any] | None = None
) -> Violations:
    """Run axe-core in ``page`` (a playwright page) on the whole document, or on the elements
    matching ``context_selector``; returns the violations (``options``: axe.run's, e.g.
    ``{"runOnly": ["wcag2a", "wcag2aa"]}``; default: axe's own rule set)."""
    loaded = "() => typeof window.axe !== 'undefined'"
    if not page.evaluate(loaded):
        with contextlib.suppress(Exception):  # a page whose CSP refuses the tag: evaluated below
            page.add_script_tag(path=str(AXE))
        if not page.evaluate(loaded):
            page.evaluate(AXE.read_text(encoding="utf-8"))
    return Violations(page.evaluate(RUN, [context_selector, options or {}]))
