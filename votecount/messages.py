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
    "late_closed": ("голос в {time} — после закрытия дня в {closed}: не засчитан",
                    "ballot at {time}, after the day closed at {closed}: ignored"),
    "no_vote_day": ("в этот день голосования нет (модкилл: {names}): не засчитан",
                    "no vote this day (modkill: {names}): ignored"),
    "dead_voter_team": ("{voter} выбыл(а); некромант жив, но в файле игры не указана команда "
                        "(team = \"town\"): голос не засчитан",
                        "{voter} is out; the necromancer lives, but the game file gives no team "
                        "(team = \"town\"): ignored"),
    "silenced_voter_hidden": ("{voter} лишен(а) голоса в этот день (не объявляется): не засчитан",
                              "{voter} has no vote this day (not announced): ignored"),
    "runoff_outside": ("«{written}» — голос для катастрофы, а катастрофы нет: не засчитан",
                       "'{written}' is a runoff ballot outside a runoff: ignored"),
    "withdraw_final": ("второй голос окончателен, снять его нельзя: не засчитано",
                       "the second vote is final and cannot be withdrawn: ignored"),
    "unfast_nothing": ("снимать фаст не с чего: нет засчитанного голоса",
                       "no counted ballot to take the fast flag from: ignored"),
    "early_vote_changed": ("досрочный голос менять нельзя: изменение не засчитано",
                           "an early (досрочно) ballot cannot be changed: ignored"),
    "early_closed": ("все живые проголосовали досрочно: день закрыт в {time}",
                     "every alive voter voted досрочно: the day closed at {time}"),
    "hammer": ("у {target} большинство ({need}): день окончен", "{target} reached majority ({need}): the day ends"),
    "fast_night": ("фаст набран в {time}: фаст-ночь", "fast votes complete at {time}: fast night"),
    "runoff_once": ("в катастрофе — только один пост с голосом: не засчитан",
                    "one ballot only in the runoff: ignored"),
    "runoff_hang_all": ("в катастрофе голосуют «повесить всех» или «помиловать всех» ({names}): не засчитан",
                        "the runoff ballot is 'hang all' or 'pardon all' ({names}): ignored"),
    "runoff_pick_one": ("в катастрофе голосуют только за {names}: не засчитан",
                        "the runoff is a vote among {names} only: ignored"),
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
    "no_vote": ("голосования нет: модкилл ({names}); ночь по расписанию",
                "no vote this day: modkill ({names}); night on schedule"),
    "pardon_day1": ("первый день: один голос против {names}, остальные пас — помилование",
                    "day 1: one vote against {names}, everyone else passed: pardoned"),
    "catastrophe_skip": ("катастрофа ({names}) при {alive} живых: переголосования нет, ночь",
                         "tie ({names}) with {alive} alive: no runoff, night falls"),
    "runoff_due": ("катастрофа: переголосование между {names} ({mode})",
                   "tie: a runoff between {names} ({mode}) is due"),
    "mode_hang_all": ("повесить всех / помиловать всех", "hang all / pardon all"),
    "mode_pick_one": ("обычное голосование между ними", "an ordinary vote among them"),
    "runoff_hang": ("катастрофа: повешены {names}", "runoff: hanged {names}"),
    "runoff_pardon": ("катастрофа: помиловать всех ({pardon} против {hang} за повешение)",
                      "runoff: pardon all ({pardon} to {hang} for hanging)"),
    "open_leading": ("день ещё идёт: пока впереди — {names}", "the day is still open: leading so far: {names}"),
    "open_no_votes": ("день ещё идёт: голосов пока нет", "the day is still open: no votes yet"),
    # the life cycle of a count: interim headings and the warnings about "now"
    "interim": ("Промежуточный подсчёт на {at} (до конца дня {left})",
                "Interim count at {at}, {left} before the deadline"),
    "interim_runoff": ("Промежуточный подсчёт на {at} (до конца переголосования {left})",
                       "Interim count at {at}, {left} before the runoff deadline"),
    "hours": ("{h} ч", "{h} h"), "minutes": ("{m} мин", "{m} min"),
    "hours_minutes": ("{h} ч {m} мин", "{h} h {m} min"),
    "under_a_minute": ("меньше минуты", "under a minute"),
    "unknown_moment": ("страницы не говорят, когда они сохранены: подсчёт окончательный, хотя последний "
                       "пост ({last}) раньше дедлайна ({deadline}); промежуточный подсчёт — с --at, "
                       "например --at {example}",
                       "the pages do not say when they were saved: this count is final although the last "
                       "post ({last}) is before the deadline ({deadline}); for an interim count give the "
                       "moment with --at, e.g. --at {example}"),
    "runoff_tie": ("катастрофа: снова равенство ({names}) — правила молчат, никто не выбывает",
                   "runoff tied again ({names}): the rules are silent; nobody is eliminated"),
}


def say(code: str, lang: str, **fields) -> str:
    ru, en = MESSAGES[code]
    template = ru if lang == "ru" else en
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return template
