"""The pages tests read: every page of ../shared/corpus (its MANIFEST.md) with the engine it is
and the language of that engine's own strings on it (dates, edit notices), the fixtures and
examples with theirs, and the corpus pages votecount cannot read yet (issue 26), each with how
far it gets and why. Every corpus-wide test takes its pages from here: a page not yet read is a
strict xfail where the test needs what it lacks, so a page that starts reading shows up. A page
refused by design (a tracker's guest view that shows no post times: issue 26's "refused with a
clear line") names that line (`refused`): a test of its posts expects the refusal instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import CORPUS, FIXTURES, ROOT

ABSENT = f"../shared/corpus not present ({CORPUS}): the real pages were not checked"

# What a test needs of a page, in the order reading gets there: an engine that claims it
# ("detect"), then its posts ("read"). A test that needs neither (markup, looks) asks for None.
STAGES = ("detect", "read")


@dataclass(frozen=True)
class Page:
    relative: str  # under ../shared/corpus
    engine: str  # votecount's name of the engine it is (MANIFEST.md's "Engine" column)
    lang: str = "en"  # the language of the engine's own strings on it
    fails: str = ""  # the first stage it does not reach yet ("" = read)
    why: str = ""  # why not (issue 26)
    refused: str = ""  # the one line it is refused with by design (no post times shown to guests)

    @property
    def path(self) -> Path:
        return CORPUS / self.relative


NO_TIMES = "no post on the page shows a readable post time"
PAGES: tuple[Page, ...] = (
    Page("curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html", "curse"),
    Page("discourse/harvest-blizzard-wow-discourse-505388.html", "discourse"),
    Page("ipb/efs-exploitin-ips4-ru-166865-p1.html", "ips4"),  # English UI around Russian posts
    Page("ipb/hustledb-ipb13-ru-2929.html", "ipb", "ru"),
    Page("ipb/hustledb-ipb13-ru-2969.html", "ipb", "ru"),
    Page("ips4/harvest-neowin-ips4-1393830.html", "ips4"),
    Page("mybb/efs-sinisterly-mybb18-4589235-1.html", "mybb"),
    Page("mybb/efs-sinisterly-mybb18-667698-1.html", "mybb"),
    Page("nodebb/nettally-nodebb.html", "nodebb"),
    Page("phpbb/harvest-airliners-phpbb3-slick-t1437935.html", "phpbb3"),
    Page("phpbb/harvest-maladiesrares-phpbb3-fr-t2720.html", "phpbb3", "fr"),
    Page("phpbb/harvest-nationstates-phpbb3-custom-t170098.html", "phpbb3"),
    Page("phpbb/harvest-openoffice-phpbb3-t82202.html", "phpbb3"),
    Page("phpbb/nettally-phpbb.html", "phpbb3"),
    Page("phpbb/ptforum-freemancruiser-phpbb2-t805.html", "phpbb2"),
    Page("punbb/harvest-archlinux-fluxbb-249553.html", "punbb"),
    Page("smf/bay12-smf2-darkling-necromancer.html", "smf"),
    Page("smf/harvest-bpdfamily-smf11-custom-343886.html", "smf"),
    Page("smf/ptforum-smf2-topic38573.html", "smf"),
    Page("torrentpier/bookadvisor-rutracker-topic-30posts.html", "torrentpier", "ru"),
    Page("torrentpier/monitorrent-freetorrents-t207456.html", "torrentpier", "ru"),
    # NNM-Club (phpBB 2's smartBlue fork) shows guests no post time (the dates on the page are
    # the release's, inside post 1)
    Page("torrentpier/monitorrent-nnmclub-t409969.html", "phpbb2", "ru", refused=NO_TIMES),
    Page("torrentpier/monitorrent-rutracker-t5018611-2016.html", "torrentpier", "ru"),
    Page("torrentpier/monitorrent-rutracker-t5062041-2016-homoglyph.html", "torrentpier", "ru"),
    # unionpeer shows guests no post date
    Page("torrentpier/monitorrent-unionpeer-t1177708.html", "torrentpier", "ru", refused=NO_TIMES),
    Page("vbulletin/harvest-skyscraperpage-vb3-t242327.html", "vbulletin"),
    Page("vbulletin/nettally-vb3.html", "vbulletin"),
    Page("vbulletin/nettally-vb4.html", "vbulletin"),
    Page("vbulletin/nettally-vb5.html", "vbulletin"),
    Page("vbulletin/trafilatura-uscho-vb3-archive-t40275.html", "vbulletin"),
    Page("xenforo/efs-tophope-xf2-ru-541-p10.html", "xenforo", "ru"),
    Page("xenforo/efs-tophope-xf2-ru-6447-p1.html", "xenforo", "ru"),
    Page("xenforo/harvest-macrumors-xf2-2183765.html", "xenforo"),
    Page("xenforo/harvest-sherdog-xf1-goat-poll-3916359.html", "xenforo"),
    Page("xenforo/harvest-wordreference-xf2-3691417.html", "xenforo"),
    Page("xenforo/nettally-xenforo1-sv.html", "xenforo"),
    Page("xenforo/nettally-xenforo2.html", "xenforo"),
)
BY_PATH = {page.path: page for page in PAGES}

# Fixtures and examples: the folder names the engine (the examples are mybb.ru pages), the
# file name its language ("ru-crawler", "xf23-en"; the example threads are Russian).
FOLDER_ENGINE = {"phpbb3": "phpbb3", "zarechnaya": "mybbru", "house-rules": "mybbru"}
FIXTURE_PAGES = sorted(FIXTURES.glob("engines/*/*.html")) + sorted((ROOT / "examples").glob("*/*.html"))


def present() -> bool:
    return CORPUS.is_dir()


def reaches(page: Page, need: str | None) -> bool:
    """Whether votecount gets `page` as far as a test that needs `need` (a STAGES word). A page
    refused by design is detected, never read."""
    fails = page.fails or ("read" if page.refused else "")
    return need is None or not fails or STAGES.index(fails) > STAGES.index(need)


def corpus_paths(need: str | None = None) -> list[Path]:
    """The corpus pages that reach `need`, as paths ([] when the corpus is absent)."""
    return [page.path for page in PAGES if present() and reaches(page, need)]


def corpus_params(need: str | None = None, of: str | None = None, but: str | None = None) -> list:
    """Every corpus page as a pytest.param of its path: a strict xfail (issue 26) where it does
    not reach `need` (only the pages of engine `of`, when named: a test of what one engine
    claims); none of engine `but`. One skipped param with the reason when the corpus is absent."""
    if not present():
        return [pytest.param(CORPUS, id="corpus-absent", marks=pytest.mark.skip(reason=ABSENT))]
    out = []
    for page in PAGES:
        if page.engine == but:
            continue
        short = not reaches(page, need) and of in (None, page.engine)
        marks = [pytest.mark.xfail(strict=True, reason=f"issue 26: {page.why}")] if short else []
        if short and page.refused:  # by design: tests/engines/test_manifest.py expects the refusal
            marks = [pytest.mark.skip(reason=f"refused by design ({page.refused}): no posts to read")]
        out.append(pytest.param(page.path, id=page.relative, marks=marks))
    return out


def all_params(need: str | None = None, of: str | None = None, but: str | None = None) -> list:
    """The fixtures and examples (engine `but`'s left out), then corpus_params."""
    fixtures = [pytest.param(p, id=f"{p.parent.name}/{p.name}") for p in FIXTURE_PAGES
                if but is None or engine_of(p) != but]
    return fixtures + corpus_params(need, of, but)


def engine_of(path: Path) -> str:
    if path in BY_PATH:
        return BY_PATH[path].engine
    return FOLDER_ENGINE.get(path.parent.name, path.parent.name)


def language_of(path: Path) -> str | None:
    if path in BY_PATH:
        return BY_PATH[path].lang
    if path.parent.name in ("zarechnaya", "house-rules"):  # the examples' threads are Russian
        return "ru"
    found = {"ru", "en"} & set(path.stem.split("-"))
    return found.pop() if len(found) == 1 else None
