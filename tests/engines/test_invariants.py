"""What an engine's own code prints anchors every role (issue 26, item 1): each role's ordered
expressions end with one that needs no class name (post anchors and ids, profile-link and
permalink patterns, the engine's wording, data attributes). Each test takes a real page (a
corpus page; a fixture where the corpus has none of the engine), renames the class names its
style gives the post, author, time and body (as a custom style does), and reads the same posts:
numbers, ids, authors, times and edits.
"""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from conftest import corpus_page, posts_json

SAVED = datetime(2026, 11, 30, 20, 5, tzinfo=ZoneInfo("Europe/Moscow"))
_CLASS = re.compile(rb"""(\sclass\s*=\s*)(["'])(.*?)\2""", re.S | re.I)
KEYS = ("post_no", "post_id", "author", "time", "edited", "edited_by", "edited_at")


def renamed(raw: bytes, names: tuple[str, ...]) -> bytes:
    """The page with each of `names` (whole class names) renamed as a custom style would."""
    wanted = {n.encode() for n in names}

    def rename(m):
        words = [b"st-" + w if w in wanted else w for w in m.group(3).split()]
        return m.group(1) + m.group(2) + b" ".join(words) + m.group(2)
    return _CLASS.sub(rename, raw)


def essentials(posts: list[dict]) -> list[tuple]:
    return [tuple(p[k] for k in KEYS) for p in posts]


def same_with_classes_renamed(tmp_path, relative: str, names: tuple[str, ...]) -> None:
    original = corpus_page(relative)
    raw = original.read_bytes()
    changed = renamed(raw, names)
    left = {w.decode() for m in _CLASS.finditer(changed) for w in m.group(3).split()} & set(names)
    assert changed != raw and not left, "the renaming must take every named class"
    path = tmp_path / original.name
    path.write_bytes(changed)
    expected = essentials(posts_json(original, tz="UTC", saved_at=SAVED))
    assert expected and essentials(posts_json(path, tz="UTC", saved_at=SAVED)) == expected


SMF = ("poster", "postarea", "keyinfo", "smalltext", "inner", "post", "windowbg", "windowbg2", "postinfo")
XF2 = ("message", "message--post", "message-name", "username", "message-attribution",
       "message-attribution-opposite", "u-dt", "message-body", "bbWrapper", "message-inner", "message-cell",
       "message-main", "message-content", "message-userContent", "message-avatar")
XF1 = ("message", "messageUserBlock", "userText", "username", "messageMeta", "datePermalink", "DateTime",
       "messageContent", "messageText", "authorEnd", "postNumber", "messageInfo")
MYBB = ("post", "post_body", "post_head", "post_content", "post_author", "author_information", "largetext",
        "postbit_username", "post_controls", "post_date", "postbit_date", "edited_post", "post_edit", "posturl")
PUNBB = ("blockpost", "rowodd", "roweven", "conr", "postleft", "postright", "postmsg", "postedit", "postbody",
         "box", "inbox", "usertitle", "postfoot")
TORRENTPIER = ("post_body", "nick", "poster_btn", "post_head", "small", "posted_since", "poster_info", "message",
               "post_wrap", "p-link", "post-time", "td1", "td2", "td3", "row1", "row2")
IPS4 = ("cAuthorPane_author", "cAuthorPane", "ipsComment_meta", "ipsComment", "ipsComment_author",
        "ipsComment_content", "ipsType_reset", "ipsType_blendLinks", "ipsColumn", "ipsColumns", "ipsBox")
IPB = ("normalname", "unreg", "bigusername", "postdetails", "postcolor", "edit", "row4", "post1", "post2")
VB4 = ("postbitlegacy", "postbitim", "postcontainer", "posthead", "postdate", "date", "time", "nodecontrols",
       "postcounter", "postdetails", "userinfo", "username_container", "username", "postbody", "postrow", "content",
       "postcontent", "lastedited")
VB3 = ("bigusername", "smallfont", "alt1", "alt2", "thead", "tborder")
VB5 = ("b-post", "b-post__count", "b-userinfo__details", "author", "b-post__body", "b-post__timestamp",
       "b-post__edit", "userinfo", "b-userinfo")
PHPBB2 = ("name", "postdetails", "postbody", "row1", "row2", "genmed", "gensmall")
# (not the `j-` classes: the platform's scripts hook on them, a style cannot rename them)
CURSE = ("p-comment-post", "p-comment-index", "p-comment-username", "p-comment-micro-author", "p-comment-postdate",
         "p-comment-edited", "forum-post", "forum-post-body", "forum-post-header", "p-comment-header")
DISCOURSE = ("crawler-post", "topic-body", "crawler-post-meta", "creator", "post", "crawler-post-infos", "post-time")
NODEBB = ("permalink", "timeago")

CASES = [
    # SMF: subject_N, msg_N, `action=profile;u=N`; 1.1's message under the subject's table
    ("smf/ptforum-smf2-topic38573.html", SMF),
    ("smf/bay12-smf2-darkling-necromancer.html", SMF),
    ("smf/harvest-bpdfamily-smf11-custom-343886.html", SMF),
    # XenForo 2: article#js-post-N[data-content][data-author], data-lb-id, the header's <time>
    ("xenforo/nettally-xenforo2.html", XF2),
    ("xenforo/efs-tophope-xf2-ru-541-p10.html", XF2),
    ("xenforo/harvest-wordreference-xf2-3691417.html", XF2),
    # XenForo 1: li#post-N[data-author], the message blockquote, the permalink `posts/N/`
    ("xenforo/nettally-xenforo1-sv.html", XF1),
    ("xenforo/harvest-sherdog-xf1-goat-poll-3916359.html", XF1),
    # MyBB: div#post_N, div#pid_N, #edited_by_N, the "#N" permalink `…#pidN`, profile links
    ("mybb/efs-sinisterly-mybb18-667698-1.html", MYBB),
    ("mybb/efs-sinisterly-mybb18-4589235-1.html", MYBB),
    # FluxBB/PunBB: div#pN with its "#N" and permalink in <h2>, the first <dt>, the message
    # after the subject's <h3>, the notice's wording
    ("punbb/harvest-archlinux-fluxbb-249553.html", PUNBB),
    # TorrentPier: table#topic_main's tbody#post_N, the name after the post's anchor, the
    # permalink (time, "ред. …" beside it), div#p-N; free-torrents' time by the quote link
    ("torrentpier/monitorrent-rutracker-t5018611-2016.html", TORRENTPIER),
    ("torrentpier/bookadvisor-rutracker-topic-30posts.html", TORRENTPIER),
    ("torrentpier/monitorrent-freetorrents-t207456.html", TORRENTPIER),
    # IPS 4: article#elComment_N, profile links (not the reputation badge), the findComment
    # permalink's <time>; a guest's view: the first heading's name
    ("ipb/efs-exploitin-ips4-ru-166865-p1.html", IPS4),
    ("ips4/harvest-neowin-ips4-1393830.html", IPS4),
    # IPB 1.3: the name's `javascript:ins('Nick')` link, link_to_post(N) in the date's span,
    # the message after <!-- THE POST N -->, the notice's wording
    ("ipb/hustledb-ipb13-ru-2929.html", IPB),
    ("ipb/hustledb-ipb13-ru-2969.html", IPB),
    # vBulletin: post_message_N, postcountN, postmenu_N / td_post_N (3), the "#N" anchor
    # a[name=postN] with the date before it and member.php links (4), data-node-* and
    # schema.org's itemprops (5), the notice's wording
    ("vbulletin/nettally-vb3.html", VB3),
    ("vbulletin/harvest-skyscraperpage-vb3-t242327.html", VB3),
    ("vbulletin/nettally-vb4.html", VB4),
    ("vbulletin/nettally-vb5.html", VB5),
    # phpBB 2: the name's span with the post anchor <a name="N">, the permalink
    # `viewtopic.php?p=N#N` by the time, the message below it, the notice's wording
    ("phpbb/ptforum-freemancruiser-phpbb2-t805.html", PHPBB2),
    # Curse: data-id/data-author-id, the "#N" link `?comment=N`, schema.org itemprops, the
    # notice's wording
    ("curse-elevated/ecophagy-mtgs-unreliable-cops-mafia-all.html", CURSE),
    # Discourse's crawler view: schema.org microdata (position, author's name, datePublished, text)
    ("discourse/harvest-blizzard-wow-discourse-505388.html", DISCOURSE),
    # NodeBB: its `component` and data attributes, the permalink `/post/N`
    ("nodebb/nettally-nodebb.html", NODEBB),
]


@pytest.mark.parametrize("relative, names", CASES, ids=[c[0] for c in CASES])
def test_style_classes_renamed_read_the_same(relative, names, tmp_path):
    same_with_classes_renamed(tmp_path, relative, names)
