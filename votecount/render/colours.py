"""A count in a preset without colours, as the reports show it: no colour anywhere.

The count gives every plain vote the colour red (it counts against its target, RULES.md
"Plain ballots"), and JSON and CSV keep that value (CONTRACT.md). The reports a person reads
(table, BBCode, Markdown, HTML) show no red and blue in such a preset: `uncoloured` gives each
ballot and vote the empty colour "", which no renderer paints, and the table and the HTML
drop their red / blue columns (DayResult.colours). Which formats keep the counted colour is
the registry's (render.RENDERERS, `counted_colours`).
"""

from __future__ import annotations

from dataclasses import replace

from ..model import DayResult

def _rows(rows) -> tuple:
    return tuple(replace(row, votes=tuple(replace(v, colour="") for v in row.votes)) for row in rows)


def _ballots(ballots) -> tuple:
    return tuple(replace(b, colour="") for b in ballots)


def uncoloured(r: DayResult) -> DayResult:
    """`r` as shown: unchanged in a preset with colours, else every colour made ""."""
    if r.colours:
        return r
    runoff = r.runoff
    if runoff is not None:
        runoff = replace(runoff, tally=_rows(runoff.tally), ballots=_ballots(runoff.ballots))
    return replace(r, tally=_rows(r.tally), ballots=_ballots(r.ballots), runoff=runoff)

