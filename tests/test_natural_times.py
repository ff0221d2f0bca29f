"""Times inside the count's sentences (C3.3's edited vote, RB.8's early close, the fast night)
are written as the post writes times, not as ISO stamps; JSON's `time` fields stay ISO."""

import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

from votecount.count.checks import edited_by, said
from votecount.messages import counted

MSK = timezone(timedelta(hours=3))
DEADLINE = datetime(2026, 11, 29, 20, 0, tzinfo=MSK)
ISO = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d")
GOLDEN = Path(__file__).parent / "fixtures" / "games" / "zarechnaya" / "expected.json"


class Post:
    def __init__(self, edited_by, edited_at):
        self.edited_by, self.edited_at = edited_by, edited_at


def test_a_time_on_the_deadline_date_has_no_date():
    assert said(datetime(2026, 11, 29, 19, 40, 12, tzinfo=MSK), DEADLINE, "ru") == "в 19:40"
    assert said(datetime(2026, 11, 29, 19, 40, tzinfo=MSK), DEADLINE, "en") == "at 19:40"


def test_a_time_of_another_date_names_it_and_the_zone_is_the_deadlines():
    utc = datetime(2026, 11, 28, 18, 5, tzinfo=timezone.utc)  # 21:05 in Moscow
    assert said(utc, DEADLINE, "ru") == "в 21:05 28.11"
    assert said(utc, DEADLINE, "en") == "at 21:05 on Nov 28"


def test_seconds_only_in_the_deadlines_own_minute():
    assert said(datetime(2026, 11, 29, 20, 0, 30, tzinfo=MSK), DEADLINE, "ru") == "в 20:00:30"


def test_C3_3_the_editor_and_time_read_as_words():
    post = Post("Маша", datetime(2026, 11, 28, 21, 5, 10, tzinfo=MSK))
    assert edited_by(post, lang="ru", deadline=DEADLINE) == " (правка — Маша, в 21:05 28.11)"
    assert edited_by(post, lang="en", deadline=DEADLINE) == " (edited by Маша at 21:05 on Nov 28)"
    assert edited_by(Post("Маша", None), lang="ru", deadline=DEADLINE) == " (правка — Маша)"
    assert edited_by(Post(None, None), lang="ru", deadline=DEADLINE) == ""


def test_C3_3_the_golden_message_has_no_iso_stamp_but_its_time_field_does():
    days = json.loads(GOLDEN.read_text("utf-8"))
    edited = [v for d in (days if isinstance(days, list) else [days]) for v in d.get("violations", [])
              if v["code"] == "edited_vote"]
    assert edited, "the bundled game has an edited vote"
    for v in edited:
        assert not ISO.search(v["message"]) and ": " not in v["message"].split("):")[0]
        assert ISO.search(v["time"])


def test_attempts_are_counted_in_words():
    assert counted("en", 1, "attempts") == "1 attempt" and counted("en", 3, "attempts") == "3 attempts"
    assert counted("ru", 1, "attempts") == "1 попытка" and counted("ru", 5, "attempts") == "5 попыток"
