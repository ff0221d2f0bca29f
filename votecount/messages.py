"""Violation and outcome messages in Russian and English. One table, looked up by code."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    # code: (ru, en) — str.format fields: voter, target, written, time, deadline, extra…
    "late_vote": ("голос в {time} — не раньше дедлайна {deadline}: не засчитан",
                  "ballot at {time}, not before the {deadline} deadline: ignored"),
    "edited_vote": ("пост с голосом отредактирован{by}: голос против себя",
                    "vote post edited{by}: counts as a vote against oneself"),
    "edited_vote_ignored": ("пост с голосом отредактирован{by}: голос не засчитан",
                            "vote post edited{by}: ignored"),
    "unknown_nick": ("ник «{written}» не найден среди игроков{hint}: голос не засчитан",
                     "nick '{written}' is not a player{hint}: ignored"),
    "ambiguous_nick": ("ник «{written}» подходит нескольким игрокам ({hint}): голос не засчитан",
                       "nick '{written}' fits several players ({hint}): ignored"),
    "several_nicks": ("в посте несколько ников ({hint}): голос не засчитан",
                      "several nicks in one post ({hint}): ignored"),
    "no_colour": ("голос за {target} без цвета (нужен красный или синий): не засчитан",
                  "vote for {target} has no colour (red or blue needed): ignored"),
    "self_vote": ("голос за себя: не засчитан", "vote on oneself: ignored"),
    "extra_text": ("в посте с голосом есть лишние слова", "words besides the nick in a vote post"),
    "chatter": ("пост без голоса в теме голосования: «{written}»",
                "post without a ballot in the vote thread: '{written}'"),
    "not_a_player": ("{voter} не игрок: голос не засчитан", "{voter} is not a player: ignored"),
    "dead_voter": ("{voter} выбыл(а): голос не засчитан", "{voter} is out of the game: ignored"),
    "dead_target": ("голос против выбывшего {target}: не засчитан",
                    "vote against {target}, who is out: ignored"),
    "silenced_voter": ("{voter} лишен(а) голоса в этот день: не засчитан",
                       "{voter} has no vote this day: ignored"),
    "immune_target": ("у {target} иммунитет в этот день: голос не засчитан",
                      "{target} is immune this day: ignored"),
    "change_limit": ("смена голоса сверх лимита ({limit}): не засчитана",
                     "vote change over the limit ({limit}): ignored"),
    "no_pass": ("«{written}»: в этих правилах нет голоса «пас»: не засчитан",
                "'{written}': these rules have no pass ballot: ignored"),
    "missed_vote": ("нет засчитанного голоса{why}: {what}", "no counted ballot{why}: {what}"),
    "modkill": ("{count}-й пропуск голосования в игре: автокилл", "missed vote number {count} in the game: modkill"),
    "modkill_second_nick": ("повторно неправильный ник после предупреждения (день {day}): автокилл",
                            "a misspelled nick again after a warning (day {day}): modkill"),
    # effects of a missed vote, for the message above
    "effect_self_vote": ("голос против себя", "a vote against oneself"),
    "effect_penalty": ("+{penalty:g} против себя", "+{penalty:g} against oneself"),
    "effect_none": ("без штрафа", "no penalty"),
    # outcomes
    "lynch": ("казнен(а): {names}", "eliminated: {names}"),
    "tie": ("ничья между {names}: никто не выбывает", "tie between {names}: nobody is eliminated"),
    "no_lynch": ("ни у кого нет голосов против больше нуля: никто не выбывает",
                 "nobody has a score above zero: nobody is eliminated"),
    "protected": ("{names} под защитой адвоката: никто не выбывает",
                  "{names} is protected by the advocate: nobody is eliminated"),
    "pass": ("все сказали «пас»: никто не выбывает", "everyone passed: nobody is eliminated"),
    "no_vote": ("голосования не было", "no vote this day"),
}


def say(code: str, lang: str, **fields) -> str:
    ru, en = MESSAGES[code]
    template = ru if lang == "ru" else en
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return template
