"""The generic reader: a board of no engine votecount knows, read by the page's structure.

Never detected: only `--engine generic` asks for it (it is not in ORDER). A post is a block
that the page repeats: children of one parent, of one tag, each holding an author link (a
link to a member's profile, by the words every engine's profile URLs use: member, profile,
user, `u=` …), a time (a `<time datetime>`, or a short text the date readers of kit/dates.py
and kit/boardtime.py read) and a body (the block's largest element holding neither). The
parent with the most such children is the thread; within the blocks, the author link, the
time and the body are each the element in the place (path of tags and first classes from
the block) that most blocks share, so that a link or a date inside a quote or a signature is
not taken for the post's. A block without the shared author or time is not claimed (the
warning counts it). Bodies are cleaned as every engine's are (quotes, signatures, struck
text), times in the zone the page's footer states (kit/zones.py). Posts are numbered as the
page prints them ("#12") when every block does, else 1, 2, … on a thread's first page; a later
page without numbers is refused. Edit notices are not read: the warning says so, with what
was inferred (`inferred(doc)`, which the pipeline turns into one `warning.generic_engine` line).

Limits, each seen on a real page: a board that shows guests no link to a poster's profile
(FluxBB, rutracker) has no post claimed; an opening post laid out apart from the replies
(Vanilla's discussion) is not among them; a box elsewhere with more lines than the page has
posts, each a member link and a time, would be taken for them (the warning names the elements).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import timezone

from ..errors import ParseError
from ..model import Page, Post
from .kit.base import Compiled, Selectors, cls, read_time
from .kit.boardtime import BoardClock, learn, needs_page
from .kit.dates import from_attr, is_relative, parse_time
from .kit.engine import Engine, Layout
from .kit.markup import cleaned_text, inner_html, squash, squash_lines, text_of
from .kit.pagewalk import page_memo, title_text
from .kit.runs import read_body
from .kit.zones import in_stated_zone

NAME = "generic"

# The words of a member's profile address, whatever the engine: phpBB's memberlist.php?mode=
# viewprofile&u=, vBulletin's member.php?u=, XenForo's /members/, SMF's action=profile;u=,
# IPB's showuser= and /profile/, MyBB's member.php?action=profile&uid=, PunBB's profile.php?id=,
# Discourse's /u/, NodeBB's /user/, Vanilla's /profile/, uCoz's /index/8-.
_PROFILE = re.compile(r"/members?/|/users?/|/user-|/u/|/profile/|member\.php|profile\.php|memberlist\.php|"
                      r"[?&;](?:u|uid|user_?id|userid|showuser|mid)=|[?&;](?:mode|action)=(?:viewprofile|profile)|"
                      r"/index/8-", re.I)
# A member's address that does something else: e-mail, a private message, a search of posts.
_ACTION = re.compile(r"[?&;](?:action|mode|do)=(?!viewprofile\b|profile\b|getinfo\b)|sendmessage|/email|private", re.I)
_SKIP = frozenset({"script", "style", "head", "noscript", "template", "title", "select", "option"})
_NUMBER = re.compile(r"^(?:#|№|reply\s*#|ответ\s*#)?\s*(\d{1,6})$", re.I)
_ID = re.compile(r"\d+")
_DROPS = Compiled(Selectors(
    post="//*", post_id="@id", author=".", body=".", time_text=".",
    drop=(".//blockquote", f".//*[{cls('quote')}]", f".//*[{cls('quotecontent')}]",
          f".//*[{cls('signature')}]", f".//*[{cls('postsignature')}]", f".//*[{cls('sig')}]",
          f".//*[{cls('bbCodeBlock--quote')}]", f".//*[{cls('ipsQuote')}]", f".//*[{cls('bbcode_quote')}]")))


@dataclass(frozen=True)
class Found:
    """What the page's structure gave: the post blocks in order and, for each, its author
    link, time element and body; where each sits (for the warning); blocks not claimed."""

    blocks: tuple
    authors: tuple
    times: tuple
    bodies: tuple
    block: str  # "div.post", the blocks' tag and first class
    author: str  # "div.postprofile > a", the author link's place in a block
    time: str
    body: str
    skipped: int  # repeated blocks without the shared author or time: not claimed


def _step(el) -> str:
    first = (el.get("class") or "").split()
    return f"{el.tag}.{first[0]}" if first else str(el.tag)


def _place(el, block) -> tuple[str, ...]:
    """The path of tags and first classes from the block (not included) down to `el`."""
    steps = []
    while el is not None and el is not block:
        steps.append(_step(el))
        el = el.getparent()
    return tuple(reversed(steps))


def _is_time(el) -> bool:
    if _attr_time(el):
        return True
    text = squash(text_of(el))
    if not 4 <= len(text) <= 120 or not any(ch.isdigit() for ch in text):
        return False
    return bool(parse_time(text, timezone.utc) or is_relative(text) or (needs_page(text) and learn(text)))


_TIME_ATTRS = ("datetime", "data-time", "data-timestamp", "data-datetime", "data-epoch", "data-value", "title")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")
_EPOCH = re.compile(r"^\d{10}(?:\d{3})?$")


def _attr_time(el) -> str:
    """The machine-readable time an element carries (ISO 8601 with its offset, or epoch
    seconds or milliseconds), or ''."""
    for name in _TIME_ATTRS:
        value = (el.get(name) or "").strip()
        if (_ISO.match(value) or (_EPOCH.match(value) and name != "title")) and from_attr(value):
            return value
    return ""


def _time_nodes(root) -> list:
    """The deepest elements that hold a time, in document order."""
    marked: set = set()  # the elements holding a time node below them
    found = []
    for el in reversed(list(_elements(root))):
        if el in marked or not _is_time(el):
            continue
        found.append(el)
        for up in el.iterancestors():
            if up in marked:
                break
            marked.add(up)
    return found[::-1]


def _elements(root):
    """Every element of the page, outside scripts, styles and <head>."""
    stack = [root]
    while stack:
        el = stack.pop()
        if not isinstance(el.tag, str) or el.tag in _SKIP:
            continue
        yield el
        stack.extend(reversed(el))


def _author_links(root) -> list:
    """The links to a member's profile whose text may be a name (not a number, not a date)."""
    return [a for a in _elements(root) if a.tag == "a" and _PROFILE.search(a.get("href") or "")
            and not _ACTION.search(a.get("href") or "") and _name_like(squash(text_of(a)))]


def _name_like(text: str) -> bool:
    return 0 < len(text) <= 60 and not _NUMBER.match(text) and not parse_time(text, timezone.utc)


def _holders(nodes) -> dict:
    """element → how many of `nodes` it holds (each node's ancestors, itself included)."""
    held: Counter = Counter()  # keyed by the elements: a proxy kept is the one lxml gives again
    for node in nodes:
        held[node] += 1
        for up in node.iterancestors():
            held[up] += 1
    return held


def _repeated(root, times: list, links: list) -> list:
    """The post blocks: the children of one parent that each hold a time and an author link,
    of the parent with the most of them (the deeper on a tie), of their most common tag."""
    has_time, has_link = _holders(times), _holders(links)
    best, best_key = [], (1, 0)
    seen: set = set()
    for node in times:
        for up in node.iterancestors():
            if up in seen:
                break
            seen.add(up)
            kids = [k for k in up if has_time.get(k) and has_link.get(k)]
            key = (len(kids), sum(1 for _ in up.iterancestors()))
            if key > best_key:
                best, best_key = kids, key
    if len(best) < 2:
        return []
    tag = Counter(k.tag for k in best).most_common(1)[0][0]
    return [k for k in best if k.tag == tag]


def _shared(blocks, candidates) -> tuple[str, ...] | None:
    """The place (from the block) of the blocks' candidates that most blocks have, then the
    first in the page (a poster's name comes before the body that may quote another's). A
    place whose links go to different members with the same words ("Профиль", "View
    Profile") is a label, never a name."""
    texts: dict[tuple, set] = {}
    for block, found in zip(blocks, candidates):
        for place in dict.fromkeys(_place(c, block) for c in found):
            el = _pick(block, found, place)
            texts.setdefault(place, set()).add((id(block), squash(text_of(el)), el.get("href")))
    texts = {p: t for p, t in texts.items() if not _label(t)}
    if not texts:
        return None
    order = list(texts)
    common = {p: len({t[0] for t in texts[p]}) for p in order}
    return max(order, key=lambda p: (common[p], -order.index(p)))


def _label(found: set) -> bool:
    """Links to different profiles that all say the same ("Профиль", "View Profile"): a label."""
    return len({t[2] for t in found}) > 1 and len({t[1] for t in found}) == 1


def _pick(block, found, place):
    return next((c for c in found if _place(c, block) == place), None)


def _group(blocks, nodes) -> list[list]:
    """`nodes` by the block that holds them (a list per block, in document order)."""
    index = {b: i for i, b in enumerate(blocks)}
    out: list[list] = [[] for _ in blocks]
    for node in nodes:
        i = next((index[up] for up in node.iterancestors() if up in index), None)
        if i is not None:
            out[i].append(node)
    return out


def _body_candidates(block, author, when) -> list:
    """The block's elements that hold neither the author link nor the time, the largest text
    first (the outermost of equal ones)."""
    near = {up for n in (author, when) for up in n.iterancestors()}
    near |= {d for n in (author, when) for d in n.iter()}
    sized = [(len(squash(text_of(el))), i, el) for i, el in enumerate(_elements(block))
             if el is not block and el not in near]
    return [el for size, _, el in sorted(sized, key=lambda t: (-t[0], t[1])) if size]


def _body(block, candidates, place):
    found = _pick(block, candidates, place)
    return found if found is not None else (candidates[0] if candidates else None)


def _infer(root) -> Found | None:
    times, links = _time_nodes(root), _author_links(root)
    blocks = _repeated(root, times, links)
    if not blocks:
        return None
    by_time, by_link = _group(blocks, times), _group(blocks, links)
    a_place, t_place = _shared(blocks, by_link), _shared(blocks, by_time)
    kept = [(b, a, t) for b, bl, bt in zip(blocks, by_link, by_time)
            if (a := _pick(b, bl, a_place)) is not None and (t := _pick(b, bt, t_place)) is not None]
    candidates = [_body_candidates(b, a, t) for b, a, t in kept]
    b_place = _shared([k[0] for k in kept], [c[:1] for c in candidates])
    rows = [(b, a, t, _body(b, c, b_place)) for (b, a, t), c in zip(kept, candidates)]
    rows = [r for r in rows if r[3] is not None]
    if not rows:
        return None
    return Found(tuple(r[0] for r in rows), tuple(r[1] for r in rows), tuple(r[2] for r in rows),
                 tuple(r[3] for r in rows), block=_step(rows[0][0]), author=_short(a_place),
                 time=_short(t_place), body=_short(b_place or ()), skipped=len(blocks) - len(rows))


def _short(place: tuple[str, ...]) -> str:
    """A place as the warning shows it: its last two steps."""
    return " > ".join(place[-2:]) if len(place) <= 2 else "… > " + " > ".join(place[-2:])


def inferred(doc) -> Found | None:
    """What the page's structure gives (found once per page), or None: no repeated blocks."""
    memo = page_memo(doc)
    if "generic" not in memo:
        memo["generic"] = _infer(doc.getroottree().getroot())
    return memo["generic"]


_POST_ID = re.compile(r"^(?:p|post|msg|message|comment|entry|reply)[-_]?(?:id[-_]?)?(\d+)$", re.I)
_PERMALINK = re.compile(r"#p(\d+)$|[?&;]p=(\d+)|(?:post|msg)[-_]?(\d+)", re.I)
_USER_ID = re.compile(r"[?&;](?:u|uid|userid|user_id)=(\d+)", re.I)
_WHOLE_ID = re.compile(r"^(?:post-?|comment-?)?(\d+)$")
_ID_ATTRS = ("data-post-id", "data-postid", "data-pid", "data-id", "id")


def _post_id(block) -> str | None:
    """The post's id: the block's own id (digits), else a descendant's post id (data-post-id,
    data-id, an anchor "p123" / "post_123" / "msg123"), else a permalink's; None when the page
    shows none."""
    for attr in _ID_ATTRS:
        m = _ID.search(block.get(attr) or "")
        if m:
            return m.group()
    for el in block.iter():
        if not isinstance(el.tag, str):
            continue
        m = _POST_ID.match(el.get("id") or el.get("name") or "") or next(
            (m for a in _ID_ATTRS[:-1] if (m := _WHOLE_ID.match(el.get(a) or ""))), None)
        if m:
            return m.group(1)
    for a in block.iter("a"):
        m = _PERMALINK.search(a.get("href") or "")
        if m:
            return next(g for g in m.groups() if g)
    return None


def _printed_number(block, body) -> int | None:
    inside = set(body.iter())
    for el in block.iter():
        if isinstance(el.tag, str) and el not in inside and len(el) == 0:
            m = _NUMBER.match(squash(text_of(el)))
            if m and (squash(text_of(el)).startswith(("#", "№")) or "count=" in (el.get("href") or "")):
                return int(m.group(1))
    return None


def _numbers(found: Found, page: Page) -> list[int]:
    """The posts' numbers: those the page prints ("#12") when every block prints one and they
    run on by one; else 1, 2, … on a thread's first page; else an error (no guess)."""
    printed = [_printed_number(b, body) for b, body in zip(found.blocks, found.bodies)]
    if None not in printed and all(b == a + 1 for a, b in zip(printed, printed[1:])):
        return printed
    if page.number == 1:
        return list(range(1, len(found.blocks) + 1))
    raise ParseError(f"{page.source}: the generic reader cannot number the posts of a later page "
                     "(the page prints no post numbers): give the thread's pages one at a time")


def _when(t, page: Page, where: str, clock) -> object:
    attr = _attr_time(t)
    text = squash(text_of(t))
    if from_attr(attr) is None and (needs_page(text) or parse_time(text, page.tz, page.saved_at) is None):
        return read_time("post time", attr, text, page, where=where, clock=clock())
    return read_time("post time", attr, text, page, where=where)


def _post(found: Found, i: int, page: Page, number: int, *, clock) -> Post:
    block, author, body = found.blocks[i], found.authors[i], found.bodies[i]
    post_id = _post_id(block) or f"{page.number}.{i + 1}"
    where = f"{page.source}: post {number} (id {post_id})"
    when = _when(found.times[i], page, where, clock)
    kept, lines = cleaned_text(body, _DROPS.drop)
    html_body = inner_html(kept)
    walked = read_body(html_body, kept)
    if walked:
        text, runs = squash_lines(walked[0]), walked[1]
    else:
        text, runs = (squash_lines(lines) if lines is not None else text_of(kept)), None
    uid = _USER_ID.search(author.get("href") or "")
    return Post(post_id=post_id, post_no=number, page=page.number, author=squash(text_of(author)),
                author_id=uid.group(1) if uid else None, time=when, text=text, html=html_body,
                edited=False, edited_by=None, edited_at=None, edit_count=None, url=None,
                source=page.source, body_runs=runs)


def _read(_compiled, doc, page: Page) -> list[Post]:
    found = inferred(doc)
    tree = doc.getroottree()
    page = in_stated_zone(doc, page, " | ".join(tree.getpath(b) for b in found.blocks))
    numbers = _numbers(found, page)
    made = []

    def clock():
        if not made:
            texts = [squash(text_of(t)) for t in found.times]
            made.append(BoardClock(texts, default_order=None, where=page.source, given_order=page.date_order))
        return made[0]
    return [_post(found, i, page, n, clock=clock) for i, n in enumerate(numbers)]


def _next(doc) -> str | None:
    for href in doc.xpath("//link[@rel='next']/@href | //a[@rel='next']/@href"):
        return str(href)
    return None


def _blocks(doc) -> list:
    found = inferred(doc)
    return list(found.blocks) if found else []


_WALK = "//*[@data-votecount-generic-post]"  # never asked of libxml2: the walk below answers
ENGINE = Engine(
    NAME, (Layout("inferred", Selectors(post=_WALK, post_id="@id", author=".", body=".", time_text="."),
                  walks=((_WALK, _blocks),)),),
    missing="no repeated post blocks (an author link, a time and a body, repeated) on the page",
    read=_read, read_title=title_text, next_href=_next)
