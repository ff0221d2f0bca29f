"""Where a roster nick can start in a post's words: one automaton pass over the post.

names.Matcher.windows() tries runs of up to three words against every form an exact, alias
or case-ending match could start from (Matcher.forms). A run can pass only where one of those
forms occurs in the post's text, starting at the run's first letter. So the forms are built
once per roster into an Aho-Corasick automaton (pyahocorasick), the post's words are scanned
once with it, and only the runs starting at a hit are tried: the same runs, in the same order,
as trying them all (tests/test_names.py). Measured in bench/README.md ("The nick automaton").
"""

from __future__ import annotations

import ahocorasick


class FormScanner:
    """An automaton over one roster's forms (skeleton strings, none empty)."""

    def __init__(self, forms: set[str]):
        self.empty = not forms
        self.automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        for form in forms:
            self.automaton.add_word(form, len(form))
        if not self.empty:
            self.automaton.make_automaton()

    def starts(self, text: str) -> set[int]:
        """Every index of `text` where a form occurs (overlapping hits included)."""
        if self.empty:
            return set()
        return {end - size + 1 for end, size in self.automaton.iter(text)}

    def first_words(self, sk: list[str], edges: str) -> list[int] | None:
        """Indexes i of the words whose runs, joined by spaces and stripped of `edges`, start
        where a form occurs; None (try every run) when a word holds "_", which windows()
        turns into a space before it looks."""
        if any("_" in w for w in sk):
            return None
        hits = self.starts(" ".join(sk))
        if not hits:
            return []
        # where each run's text starts: its first word's first letter, or, for a word of edge
        # characters only, the next word's (the space between them is an edge character too)
        at, offsets = 0, []
        for w in sk:
            offsets.append(at)
            at += len(w) + 1
        begins = [0] * len(sk)
        following = at  # past the end: no run starts there
        for i in range(len(sk) - 1, -1, -1):
            lead = len(sk[i]) - len(sk[i].lstrip(edges))
            following = begins[i] = offsets[i] + lead if lead < len(sk[i]) else following
        return [i for i, b in enumerate(begins) if b in hits]
