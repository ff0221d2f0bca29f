"""The corpus contract (issue 26, item 6): every page of ../shared/corpus/MANIFEST.md (both
tables) read by votecount has the manifest's hand-counted posts and edit notices (posts marked
edited), and the authors and times the manifest quotes; beside the per-engine goldens, which
hold every field. Skipped with the reason when the corpus is absent; a page tests/corpus.py
lists as not read yet (`fails=`) is a strict xfail here too; a page it lists as refused by design
(`refused=`: a guest view with no post times) must be refused with that one line.

Where the manifest and the page disagree, the page was looked at: a wrong hand count is an
exception in MANIFEST_WRONG with the reason (never silently); a page votecount misreads in a
module this test's author does not own is a strict xfail in MISREAD naming the cause.
"""

from __future__ import annotations

import re

import pytest

from conftest import CORPUS, posts_json
from corpus import ABSENT, BY_PATH, present, reaches
from votecount.errors import ParseError

MANIFEST = CORPUS / "MANIFEST.md"

# Hand counts the page contradicts: (field, what the page has, why).
MANIFEST_WRONG = {
    "smf/bay12-smf2-darkling-necromancer.html": (
        "edits", 9, "the manifest says 'no', but the page prints 9 SMF notices, each in its post's "
        "own div#modified_N ('« Last Edit: Wed 01-04-2015, 18:56:18 by monk12 »', posts 1, 2, 12, "
        "189, 411, 803, 1347, 1656, 1729) and none in a quote or signature"),
    "ips4/harvest-neowin-ips4-1393830.html": (
        "posts", 11, "the manifest says 8, but the page holds 11 IPS posts, each an "
        "article#elComment_N with its own author pane, 'Posted' time and commentContent body (the "
        "twelfth <article>, 'Advertising' with no id, is the board's advert and is not read)"),
}

# Pages votecount reads wrong in modules other workers of issue 26 own: strict xfails.
MISREAD: dict[str, str] = {}

# What the manifest quotes of a page's posts: each dict is a post that must be there (JSON
# fields of `votecount posts -f json`, read with --tz UTC).
FACTS = {
    "smf/ptforum-smf2-topic38573.html": [
        {"author": "gregswallow", "edited_by": "gregswallow", "edited_at": "2007-09-24T12:57:14+00:00"}],
    "smf/bay12-smf2-darkling-necromancer.html": [
        {"post_no": 1, "time": "2011-11-22T01:32:37+00:00", "edited_by": "monk12",
         "edited_at": "2015-04-01T18:56:18+00:00"}],
    "ipb/hustledb-ipb13-ru-2929.html": [
        {"edited_by": "Кудрявцев Михаил", "edited_at": "2014-09-17T12:46:00+00:00"}],
    "phpbb/harvest-nationstates-phpbb3-custom-t170098.html": [
        {"author": "Euroslavia", "time": "2012-03-21T13:33:00-07:00", "edited_by": "Euroslavia",
         "edited_at": "2013-05-03T09:04:00-07:00", "edit_count": 11}],
    "phpbb/harvest-openoffice-phpbb3-t82202.html": [
        {"author": "Wesley Pearce", "time": "2016-03-06T05:45:00+02:00"},
        {"edited_by": "John_Ha", "edited_at": "2018-04-08T13:00:00+02:00", "edit_count": 1}],
    "phpbb/harvest-maladiesrares-phpbb3-fr-t2720.html": [
        {"author": "fltlgt", "time": "2017-10-29T16:46:00+00:00"},
        {"edited_by": "cornelia23433", "edited_at": "2019-04-11T19:17:00+00:00"}],
    "ips4/harvest-neowin-ips4-1393830.html": [  # a guest's view: names without profile links
        {"author": "Wanyoike Alex", "time": "2020-04-01T19:10:50+00:00"}, {"author": "Raze"},
        {"author": "Human.Online"}],
    "vbulletin/harvest-skyscraperpage-vb3-t242327.html": [
        {"edited_by": "giallo", "edited_at": "2020-04-12T00:23:00+00:00"}],
    "punbb/harvest-archlinux-fluxbb-249553.html": [
        {"time": "2019-09-29T10:46:47+00:00"},
        {"edited_by": "wzrdtales", "edited_at": "2019-09-30T11:46:18+00:00"}],
    "mybb/efs-sinisterly-mybb18-667698-1.html": [
        {"edited_by": "PurpleHat", "edited_at": "2014-01-01T19:28:00+00:00"}],
    "mybb/efs-sinisterly-mybb18-4589235-1.html": [
        {"author": "Theós", "time": "2016-06-08T22:42:00+00:00", "edited_by": "Theós"}],
    "xenforo/harvest-sherdog-xf1-goat-poll-3916359.html": [
        {"post_no": 16, "time": "2019-02-23T11:34:00+00:00", "edited_at": "2020-02-02T17:58:00+00:00"}],
    "xenforo/efs-tophope-xf2-ru-541-p10.html": [
        {"time": "2014-02-05T09:14:54+00:00"}],  # datetime="2014-02-05T13:14:54+0400"
    "vbulletin/nettally-vb3.html": [{"edited_at": "2016-02-01T03:31:00-05:00"}],
}
# Facts the page shows that votecount misses, in modules others own: strict xfails.
FACTS_MISREAD: dict[str, str] = {}


def manifest_rows() -> dict[str, dict[str, str]]:
    """Every page row of both tables: file → {column: cell}."""
    rows, header = {}, None
    for line in MANIFEST.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            header = None if not line.strip() else header
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "File":
            header = cells
        elif header and cells[0].endswith(".html"):
            rows[cells[0]] = dict(zip(header, cells))
    return rows


def hand_counts(row: dict[str, str]) -> tuple[int, int]:
    """(posts, edit notices) as the manifest writes them: "30 (`tbody id=…`)", "yes (9) …",
    "no", "no edit notice; …"."""
    posts = int(re.match(r"\d+", row["Posts"]).group())
    m = re.match(r"yes \((\d+)\)", row["Edit notice"])
    if m is None and not row["Edit notice"].startswith("no"):
        raise AssertionError(f"edit-notice cell not understood: {row['Edit notice']!r}")
    return posts, int(m.group(1)) if m else 0


def _params(facts: bool = False) -> list:
    if not present():
        return [pytest.param("", id="corpus-absent", marks=pytest.mark.skip(reason=ABSENT))]
    out = []
    for relative in sorted(manifest_rows()):
        if facts and relative not in FACTS:
            continue
        page = BY_PATH.get(CORPUS / relative)
        why = (FACTS_MISREAD if facts else MISREAD).get(relative)
        if page is not None and not reaches(page, "read") and not page.refused:
            why = f"issue 26: {page.why}"
        marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
        out.append(pytest.param(relative, id=relative, marks=marks))
    return out


def test_manifest_lists_exactly_the_corpus_pages():
    if not present():
        pytest.skip(ABSENT)
    listed = {CORPUS / r for r in manifest_rows()}
    assert listed == set(BY_PATH), "MANIFEST.md and tests/corpus.py list different pages"


@pytest.mark.parametrize("relative", _params())
def test_posts_and_edit_notices(relative):
    page = BY_PATH[CORPUS / relative]
    if page.refused:  # issue 26: "refused with a clear line", never read with guessed times
        with pytest.raises(ParseError, match=f"{re.escape(relative.rsplit('/', 1)[1])}: {page.refused}"):
            posts_json(CORPUS / relative, tz="UTC")
        return
    posts, edits = hand_counts(manifest_rows()[relative])
    field, count, _why = MANIFEST_WRONG.get(relative, (None, None, None))
    posts = count if field == "posts" else posts
    edits = count if field == "edits" else edits
    read = posts_json(CORPUS / relative, tz="UTC")
    assert (len(read), sum(p["edited"] for p in read)) == (posts, edits)


@pytest.mark.parametrize("relative", _params(facts=True))
def test_quoted_authors_and_times(relative):
    read = posts_json(CORPUS / relative, tz="UTC")
    for fact in FACTS[relative]:
        assert any(all(p.get(k) == v for k, v in fact.items()) for p in read), fact
