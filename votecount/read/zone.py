"""The zone `votecount init` drafts: the one the saved pages state, not Moscow by default.

Evidence, in order: the forum's footer ("All times are UTC", vBulletin's "GMT +3", phpBB 3.1+'s
zone name; votecount/engines/kit/zones.py reads it), then the offset of a SingleFile "saved date" (the clock
of whoever saved the page, usually a player of the game), else Europe/Moscow for pages in
Russian and UTC for others (page_language), said as a default. A count without --tz or a game
file takes its zone the same way (choose), with one note saying which.
A bare offset becomes UTC, Europe/Moscow for +3 (the zone of most Russian games), or the
Etc/GMT name of that offset; the draft marks the line CHECK either way.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import timedelta
from zoneinfo import ZoneInfo

from ..engines.kit.look import string_of
from ..model import DEFAULT_TZ
from ..errors import VotecountError
from .script import mostly_cyrillic

MSK = "Europe/Moscow"  # "МСК", "по Москве", +03:00: the zone a Russian GM or board names


def _in_post(el) -> bool:
    """An element that holds a post's text, on every engine (a class with post, content or
    message in it, an id starting post_message): a "Часовой пояс: …" written in a post is not
    the page's zone."""
    cls = el.get("class") or ""
    return "post" in cls or "content" in cls or "message" in cls \
        or (el.get("id") or "").startswith("post_message")


def offset_name(offset: timedelta | None) -> str | None:
    """An IANA name for a fixed offset, or None for one no whole-hour zone has."""
    if offset is None:
        return None
    minutes = int(offset.total_seconds() // 60)
    if minutes == 0:
        return "UTC"
    if minutes == 180:
        return MSK
    if minutes % 60 or abs(minutes) > 14 * 60:
        return None
    return f"Etc/GMT{-minutes // 60:+d}"  # POSIX signs: Etc/GMT-5 is UTC+5


def _label(offset: timedelta) -> str:
    minutes = int(offset.total_seconds() // 60)
    return "UTC" if not minutes else f"UTC{'+' if minutes > 0 else '-'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def from_docs(docs) -> tuple[str, str, dict] | None:
    """(zone name, why: a `zone.why_*` key of the catalogue, its fields) from the pages' own
    evidence, or None."""
    from ..engines.kit.zones import stated_zone

    from .pages import saved_date
    for doc in docs:
        zone = stated_zone(doc, _in_post)
        if isinstance(zone, ZoneInfo):
            return zone.key, "zone.why_footer_name", {}
        name = offset_name(zone.utcoffset(None)) if zone is not None else None
        if name:
            return name, "zone.why_footer_offset", {"offset": _label(zone.utcoffset(None))}
    for doc in docs:
        saved = saved_date(doc)
        name = offset_name(saved.utcoffset()) if saved is not None else None
        if name:
            return name, "zone.why_singlefile", {"offset": _label(saved.utcoffset())}
    return None


# The words a board's own interface writes on its links and buttons (reply, quote, profile,
# pagination), whole link texts, lower case: what the engine emits in the board's language,
# whatever language the players write in.
INTERFACE_WORDS = {
    "ru": frozenset({"ответить", "цитата", "цитировать", "цитирование", "профиль", "лс", "поиск",
                     "пользователи", "регистрация", "вход", "выход", "правила", "форум", "далее",
                     "след.", "следующая", "пред.", "назад", "наверх", "вверх", "жалоба",
                     "пожаловаться", "изменить", "редактировать", "удалить", "главная",
                     "быстрый ответ", "новые сообщения", "активные темы", "ответ", "сообщение",
                     "личное сообщение", "список форумов", "участники", "календарь", "цитировать весь"}),
    "en": frozenset({"reply", "quote", "profile", "pm", "search", "members", "register", "login",
                     "log in", "logout", "log out", "rules", "forum", "next", "previous", "prev",
                     "back to top", "top", "report", "edit", "delete", "home", "new posts",
                     "multi-quote", "multiquote", "like", "post reply", "quick reply", "calendar",
                     "memberlist", "faq", "board index", "forum index", "active topics"}),
}


def interface_language(doc) -> str | None:
    """"ru" or "en" when the board's own link texts say it (three of one language's words at
    least, twice the other's), else None."""
    hits = {lang: 0 for lang in INTERFACE_WORDS}
    for link in doc.iter("a", "button"):
        text = " ".join(link_text(link).split()).lower().strip("[]«»")
        if 0 < len(text) <= 24:
            for lang, words in INTERFACE_WORDS.items():
                hits[lang] += text in words
    ru, en = hits["ru"], hits["en"]
    if max(ru, en) >= 3 and max(ru, en) >= 2 * min(ru, en):
        return "ru" if ru > en else "en"
    return None


def link_text(link) -> str:
    """A link's whole text: most links are a bare text, taken as it is; the others' by XPath."""
    return string_of(link) if len(link) else link.text or ""


_SAID = threading.local()  # the last page asked of declared_language, and its answer


def declared_language(doc) -> str | None:
    """"ru" when the board's interface words (interface_language) or `<html lang>` say Russian,
    "en" when the interface words say English, else None: what a page says of itself beside its
    posts' script. The zone (page_language) and the thread (pipeline) ask it of the same first
    page in turn: the last answer is kept."""
    if getattr(_SAID, "doc", None) is doc:
        return _SAID.answer
    said = interface_language(doc)
    if not said:
        declared = (doc.getroottree().getroot().get("lang") or "").strip().lower()[:2]
        said = "ru" if declared in ("ru", "uk", "be") else None
    _SAID.doc, _SAID.answer = doc, said
    return said


def page_language(docs) -> str:
    """"ru" or "en": Russian when the pages' text is mostly Cyrillic, or when a page says it is
    Russian (declared_language: its interface words, its `<html lang>`); English otherwise. An
    English interface or `<html lang="en">` does not outweigh posts written in Russian."""
    if mostly_cyrillic(" ".join(map(_page_text, docs))):
        return "ru"
    return "ru" if any(declared_language(doc) == "ru" for doc in docs) else "en"


def _page_text(doc) -> str:
    """The page's text: its look's, when the zone's footer search made one (a page's text is
    read once), else its own."""
    from ..engines.kit.pagewalk import current_look
    seen = current_look(doc)
    return seen.text() if seen is not None else string_of(doc)


def _trees(raws) -> tuple[list, dict]:
    """The trees of a thread's last page and first page (the footer's newest first), and those
    of them read whole by source: the pipeline reads their posts from these (a page is parsed
    once). A page that cannot be read whole is read as it can be, for its zone only; reading the
    thread then names the problem."""
    from . import pages
    picked = [raws[-1]] + ([raws[0]] if len(raws) > 1 else []) if raws else []
    docs, whole = [], {}
    for raw in picked:
        try:
            doc = whole[raw.source] = pages.tree(raw.data, raw.source, whole=True)
        except VotecountError:
            try:
                doc = pages.tree(raw.data, raw.source)
            except VotecountError:
                continue
        docs.append(doc)
    return docs, whole


@dataclass(frozen=True)
class Choice:
    """The zone of a count or draft told none otherwise, and why."""

    name: str
    code: str  # its Note's: warning.zone_stated | warning.zone_default_ru | warning.zone_default_utc
    why: str  # the catalogue's `zone.why_*` sentence that says why, for init's comment
    fields: tuple = ()  # its fields
    trees: dict = field(default_factory=dict, compare=False)  # source → page tree read whole (_trees)

    def note(self):
        """The count's Note that says which zone was taken (and, for init's comment, why)."""
        from ..model import Note
        return Note.of(self.code, zone=self.name, why=self.why, **dict(self.fields))


def choose(raws) -> Choice:
    """The zone the pages state; else Moscow for pages in Russian (or none to read), UTC for
    others."""
    docs, whole = _trees(raws)
    found = from_docs(docs) if docs else None
    if found:
        name, why, fields = found
        return Choice(name, "warning.zone_stated", why, tuple(fields.items()), whole)
    if docs and page_language(docs) == "en":
        return Choice("UTC", "warning.zone_default_utc", "zone.why_utc", (), whole)
    return Choice(DEFAULT_TZ, "warning.zone_default_ru", "zone.why_ru", (), whole)


def local_pages(arg: str) -> list:
    """The saved pages of a THREAD argument; none for a URL or standard input (read later)."""
    from . import sources
    if arg == "-" or sources.is_url(arg):
        return []
    return sources.read(arg)
