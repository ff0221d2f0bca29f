"""Where a roster nick can start in a post's words: one automaton pass over the post.

names.Matcher.windows() tries runs of up to three words against every form an exact, alias
or case-ending match could start from (Matcher.forms). A run can pass only where one of those
forms occurs in the post's text, starting at the run's first letter. So the forms are built
once per roster into an Aho-Corasick automaton (pyahocorasick), the post's words are scanned
once with it, and only the runs starting at a hit are tried: the same runs, in the same order,
as trying them all (tests/test_names.py). Measured in bench/README.md ("The nick automaton").
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

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

    def found_in(self, text: str) -> bool:
        """Some form occurs in `text` (a post with none has no window to try)."""
        return not self.empty and next(self.automaton.iter(text), None) is not None

    def first_words(self, sk: list[str], edges: str) -> list[int] | None:
        """Indexes i of the words whose runs, joined by spaces and stripped of `edges`, start
        where a form occurs; None (try every run) when a word holds "_", which windows()
        turns into a space before it looks."""
        joined = " ".join(sk)
        if "_" in joined:
            return None
        hits = self.starts(joined)
        if not hits:
            return []
        offsets = list(accumulate((len(w) + 1 for w in sk), initial=0))
        found = set()
        for at in hits:  # a form never starts with an edge character: `at` is inside a word
            k = bisect_right(offsets, at) - 1
            word = sk[k]
            if offsets[k] + len(word) - len(word.lstrip(edges)) != at:
                continue  # the run starting at word k starts later than this hit
            found.add(k)
            # a word of edge characters only: its runs start where the next word's text does
            while k > 0 and not sk[k - 1].strip(edges):
                k -= 1
                found.add(k)
        return sorted(found)
