"""The words of the reports (bbcode, markdown, csv, html, diff) in Russian and English.

Kept apart from messages.py (violation wording, owned by the rules core) so report wording can
change without touching the count. `word(lang, key)` falls back to English for a missing key
rather than failing a report over one label.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from ..messages import say

WORDS: dict[str, dict[str, str]] = {
    "ru": {
        "day": "День", "deadline": "дедлайн", "none": "нет", "count": "Подсчёт голосов",
        "candidate": "Кандидат", "score": "Счёт", "red": "красный", "blue": "синий",
        "none_colour": "без цвета", "penalty": "штраф", "voters": "Голоса", "outcome": "Итог",
        "violations": "Нарушения", "missing": "Не проголосовали", "missing_yet": "Ещё не проголосовали", "post": "пост",
        "no_votes": "голосов нет", "modkills": "Автокилл", "runoff": "Переголосовка",
        "runoff_mode_hang_all": "повесить всех / помиловать всех",
        "runoff_mode_pick_one": "выбор одного из",
        "runoff_pending": "ещё не подсчитана", "changes": "Изменения с прошлого подсчёта",
        "timeline": "Ход голосования", "ballots": "Бюллетени", "time": "Время", "voter": "Игрок",
        "target": "За кого", "status": "Статус", "counted": "засчитан",
        "superseded": "заменён", "rejected": "не засчитан", "late": "после дедлайна",
        "early_close_at": "досрочное закрытие", "fast_night_at": "фаст-ночь",
        "hammer_at": "молоток (большинство)", "opens": "начало", "summary": "Итоги игры",
        "player": "Игрок", "eliminated": "Казнён", "strikes": "Пропуски",
        "modkill_col": "Автокилл", "game_days": "дней", "generated": "Сделано votecount",
        "pass": "пас", "withdraw": "снял голос", "invalid": "не голос", "warnings": "Внимание",
        "penalties": "штрафы за пропуск",
        "rules": "правила", "posts": "постов", "pages": "стр.",
        "hang_all": "повесить всех", "pardon_all": "помиловать всех",
    },
    "en": {
        "day": "Day", "deadline": "deadline", "none": "none", "count": "Vote count",
        "candidate": "Candidate", "score": "Score", "red": "red", "blue": "blue",
        "none_colour": "no colour", "penalty": "penalty", "voters": "Votes", "outcome": "Outcome",
        "violations": "Violations", "missing": "Did not vote", "missing_yet": "Not voted yet", "post": "post",
        "no_votes": "no votes", "modkills": "Modkill", "runoff": "Runoff",
        "runoff_mode_hang_all": "hang all / pardon all",
        "runoff_mode_pick_one": "pick one of",
        "runoff_pending": "not counted yet", "changes": "Changes since the last count",
        "timeline": "How the vote went", "ballots": "Ballots", "time": "Time", "voter": "Player",
        "target": "Target", "status": "Status", "counted": "counted",
        "superseded": "replaced", "rejected": "not counted", "late": "after the deadline",
        "early_close_at": "early close", "fast_night_at": "fast night",
        "hammer_at": "hammer (majority)", "opens": "opens", "summary": "Game summary",
        "player": "Player", "eliminated": "Eliminated", "strikes": "Missed votes",
        "modkill_col": "Modkill", "game_days": "days", "generated": "Made by votecount",
        "pass": "pass", "withdraw": "withdrew", "invalid": "no ballot", "warnings": "Warnings",
        "penalties": "missed-vote penalties",
        "rules": "rules", "posts": "posts", "pages": "pp.",
        "hang_all": "hang all", "pardon_all": "pardon all",
    },
}

# The diff's sentences: str.format fields named in each.
DIFF: dict[str, tuple[str, str]] = {
    "score": ("{candidate} {delta} ({before} → {after})", "{candidate} {delta} ({before} → {after})"),
    "moved": ("{voter}: голос перенесён с {before} на {after}", "{voter} moved from {before} to {after}"),
    "recoloured": ("{voter}: {target}, {before} → {after}", "{voter}: {target}, {before} → {after}"),
    "voted": ("{voter}: новый голос — {after}", "{voter} voted: {after}"),
    "unvoted": ("{voter}: голос за {before} больше не засчитан", "{voter}: the vote for {before} no longer counts"),
    "missing_gone": ("проголосовали: {names}", "no longer missing: {names}"),
    "missing_new": ("теперь не проголосовали: {names}", "now missing: {names}"),
    "violation_new": ("новое нарушение: {player} — {message}", "new violation: {player} — {message}"),
    "violation_gone": ("снято нарушение: {player} — {message}", "violation gone: {player} — {message}"),
    "outcome": ("итог изменился: «{before}» → «{after}»", "outcome changed: '{before}' → '{after}'"),
    "no_change": ("без изменений", "no changes"),
    "new_day": ("в прошлом подсчёте не было дня {day}", "the earlier count has no day {day}"),
}


def word(lang: str, key: str) -> str:
    table = WORDS.get(lang, WORDS["en"])
    return table.get(key, WORDS["en"].get(key, key))


def diff_line(lang: str, key: str, **fields) -> str:
    ru, en = DIFF[key]
    return (ru if lang == "ru" else en).format(**fields)


def num(x: float) -> str:
    """3.0 → '3', 1.5 → '1.5': scores are whole in almost every game."""
    return f"{x:g}"


def signed(x: float) -> str:
    return f"+{x:g}" if x > 0 else f"−{-x:g}"  # a real minus sign reads better in a post


def when(t: datetime | None, lang: str = "ru") -> str:
    """A post time as people write it in a thread: 29.11 19:59:59 / 2026-11-29 19:59:59."""
    if t is None:
        return word(lang, "none")
    return t.strftime("%d.%m %H:%M:%S") if lang == "ru" else t.strftime("%Y-%m-%d %H:%M:%S")


def interim_heading(r) -> str | None:
    """"Промежуточный подсчёт на 14:00 (до конца дня 6 ч)" for an interim count, else None."""
    if not r.provisional or r.now is None:
        return None
    runoff = r.runoff is not None and r.runoff.provisional
    end = r.runoff.deadline if runoff else r.deadline
    local = r.now.astimezone(end.tzinfo)
    at = local.strftime("%H:%M")
    if local.date() != end.date():
        at = local.strftime("%d.%m %H:%M" if r.lang == "ru" else "%Y-%m-%d %H:%M")
    return say("interim_runoff" if runoff else "interim", r.lang, at=at, left=duration(end - r.now, r.lang))


def duration(span: timedelta, lang: str) -> str:
    """6 h, 6 h 30 min, 45 min: the time left, in whole minutes (rounded down)."""
    minutes = int(span.total_seconds() // 60)
    h, m = divmod(minutes, 60)
    if not minutes:
        return say("under_a_minute", lang)
    return say("hours_minutes" if h and m else ("hours" if h else "minutes"), lang, h=h, m=m)


def warnings(r) -> tuple[str, ...]:
    """The pages' warnings and the count's own (an unknown save moment)."""
    return r.thread.warnings + r.warnings


def runoff_names(runoff, lang: str) -> dict[str, str]:
    """A hang-all runoff's tally has two pseudo-candidates (PC.6); they are shown as words."""
    if runoff is None or runoff.mode != "hang_all":
        return {}
    return {k: word(lang, k) for k in ("hang_all", "pardon_all")}


def colour_word(lang: str, colour: str) -> str:
    return word(lang, colour) if colour in ("red", "blue") else word(lang, "none_colour")
