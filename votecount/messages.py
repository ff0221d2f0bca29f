"""Every sentence and label votecount shows a user, in Russian and English: one catalogue
keyed by code, a (ru, en) pair for every key (tests/test_messages.py checks that both have the
same placeholders). Violations and outcomes have bare codes; report labels are `label.*`, the
diff's sentences `diff.*`, the activity report's `activity.*` and `reason.*`, the pages'
warnings `warning.*` (model.Note records, shown by note_text).

Russian is phrased so that nicks stay in the nominative ("голос: Ёжик", "против: Ёжик"): a
nick is never declined by a template."""

from __future__ import annotations

from .messages_batch import BATCH_MESSAGES
from .messages_boards import BOARD_MESSAGES
from .messages_draft import DRAFT_MESSAGES
from .messages_refuse import REFUSE_MESSAGES
from .messages_watch import WATCH_MESSAGES
from .messages_house import HOUSE_MESSAGES
from .messages_nicks import NICK_MESSAGES
from .messages_post import POST_MESSAGES

MESSAGES: dict[str, tuple[str, str]] = {
    # code: (ru, en) — str.format fields: voter, target, written, time, deadline, extra…
    "time_unknown": ("время поста {no} неизвестно, а он может попасть в этот день: голос не засчитан, "
                     "проверьте его вручную",
                     "the time of post {no} is unknown and it may fall in this day: its ballot is not counted, "
                     "check it by hand"),
    "late_vote": ("голос после дедлайна — не засчитан", "ballot after the deadline: ignored"),
    "edited_vote": ("пост с голосом отредактирован{by}: голос против себя",
                    "vote post edited{by}: counts as a vote against oneself"),
    "edited_vote_ignored": ("пост с голосом отредактирован{by}: голос не засчитан",
                            "vote post edited{by}: ignored"),
    "unknown_nick": ("ник «{written}» не найден среди игроков{hint} — голос не засчитан",
                     "nick '{written}' is not a player{hint}: ignored"),
    "ambiguous_nick": ("ник «{written}» подходит нескольким игрокам ({hint}): голос не засчитан",
                       "nick '{written}' fits several players ({hint}): ignored"),
    "several_nicks": ("в посте несколько ников ({hint}): голос не засчитан",
                      "several nicks in one post ({hint}): ignored"),
    "no_colour": ("голос без цвета: {target} (нужен красный или синий) — не засчитан",
                  "vote for {target} has no colour (red or blue needed): ignored"),
    "self_vote": ("голос за себя: не засчитан", "vote on oneself: ignored"),
    "extra_text": ("в посте с голосом есть лишние слова", "words besides the nick in a vote post"),
    "chatter": ("пост без голоса в теме голосования: «{written}»",
                "post without a ballot in the vote thread: '{written}'"),
    "not_a_player": ("{voter} не игрок: голос не засчитан", "{voter} is not a player: ignored"),
    "dead_voter": ("{voter} выбыл(а): голос не засчитан", "{voter} is out of the game: ignored"),
    "dead_target": ("против: {target} — выбыл(а) из игры, голос не засчитан",
                    "vote against {target}, who is out: ignored"),
    "silenced_voter": ("{voter} лишен(а) голоса в этот день: не засчитан",
                       "{voter} has no vote this day: ignored"),
    "immune_target": ("против: {target} — иммунитет в этот день, голос не засчитан",
                      "{target} is immune this day: ignored"),
    "change_limit": ("смена голоса сверх лимита ({limit}): не засчитана",
                     "vote change over the limit ({limit}): ignored"),
    "no_pass": ("«{written}»: в этих правилах нет голоса «пас»: не засчитан",
                "'{written}': these rules have no pass ballot: ignored"),
    "missed_vote": ("нет засчитанного голоса{why} — {what}", "no counted ballot{why}: {what}"),
    "modkill": ("{count}-й пропуск голосования в игре: модкилл", "missed vote number {count} in the game: modkill"),
    "modkill_second_nick": ("повторно неправильный ник после предупреждения (день {day}): модкилл",
                            "a misspelled nick again after a warning (day {day}): modkill"),
    "late_closed": ("голос после закрытия дня — не засчитан", "ballot after the day closed: ignored"),
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
    "early_closed": ("все живые проголосовали досрочно: день закрыт {time}",
                     "every alive voter voted досрочно: the day closed {time}"),
    "hammer": ("большинство ({need}) набрано: {target} — день окончен", "{target} reached majority ({need}): the day ends"),
    "fast_night": ("фаст набран {time}: фаст-ночь", "fast votes complete {time}: fast night"),
    "runoff_once": ("в катастрофе — только один пост с голосом: не засчитан",
                    "one ballot only in the runoff: ignored"),
    "runoff_hang_all": ("в катастрофе голосуют «повесить всех» или «помиловать всех» ({names}): не засчитан",
                        "the runoff ballot is 'hang all' or 'pardon all' ({names}): ignored"),
    "runoff_pick_one": ("в катастрофе голосуют только за одного из кандидатов ({names}): не засчитан",
                        "the runoff is a vote among {names} only: ignored"),
    # effects of a missed vote, for the message above
    "effect_self_vote": ("голос против себя", "a vote against oneself"),
    "effect_penalty": ("штраф +{penalty:g}", "penalty +{penalty:g}"),
    "effect_none": ("без штрафа", "no penalty"),
    # outcomes
    "lynch": ("казнён(а) {names}", "eliminated: {names}"),
    "tie": ("ничья: {names} — никто не выбывает", "tie between {names}: nobody is eliminated"),
    "no_lynch": ("ни у кого нет голосов против больше нуля: никто не выбывает",
                 "nobody has a score above zero: nobody is eliminated"),
    "protected": ("{names} под защитой адвоката: никто не выбывает",
                  "{names} is protected by the advocate: nobody is eliminated"),
    "pass": ("все сказали «пас»: никто не выбывает", "everyone passed: nobody is eliminated"),
    "no_vote": ("голосования нет: модкилл ({names}); ночь по расписанию",
                "no vote this day: modkill ({names}); night on schedule"),
    "pardon_day1": ("первый день: один голос (против: {names}), остальные пас — помилование",
                    "day 1: one vote against {names}, everyone else passed: pardoned"),
    "catastrophe_skip": ("катастрофа ({names}) при {alive} живых: переголосования нет, ночь",
                         "tie ({names}) with {alive} alive: no runoff, night falls"),
    "runoff_due": ("катастрофа: переголосование ({mode}), кандидаты: {names}",
                   "tie: a runoff between {names} ({mode}) is due"),
    "runoff_hang": ("катастрофа: повешены — {names}", "runoff: hanged {names}"),
    "runoff_pardon": ("катастрофа: помиловать всех ({pardon} против {hang} за повешение)",
                      "runoff: pardon all ({pardon} to {hang} for hanging)"),
    "did_you_mean": (" (может, {best}?)", " (did you mean {best}?)"),
    "missed_why": (" (голос «{written}» не принят)", " (ballot '{written}' rejected)"),
    "open_leading": ("день ещё идёт, пока впереди {names}", "the day is still open, leading so far: {names}"),
    "open_no_votes": ("день ещё идёт: голосов пока нет", "the day is still open: no votes yet"),
    "undecided_leading": ("итог не подводится, пока впереди {names}", "no outcome declared: leading so far: {names}"),
    "undecided_no_votes": ("итог не подводится: голосов пока нет", "no outcome declared: no votes so far"),
    # the life cycle of a count: interim headings and the warnings about "now"
    "interim": ("Промежуточный подсчёт на {at} (до конца дня {left})",
                "Interim count at {at}, {left} before the deadline"),
    "interim_runoff": ("Промежуточный подсчёт на {at} (до конца переголосования {left})",
                       "Interim count at {at}, {left} before the runoff deadline"),
    "interim_no_deadline": ("Промежуточный подсчёт{at} — дедлайн не задан: итог не подводится; задайте "
                            "--deadline или дедлайн в файле игры",
                            "Interim count{at} — no deadline is set: no outcome is declared; give --deadline "
                            "or a deadline in the game file"),
    "interim_incomplete": ("Промежуточный подсчёт{at} — тема дана не целиком (см. предупреждение): итог дня "
                           "не подводится",
                           "Interim count{at} — the thread is not whole (see the warning): the day's outcome "
                           "is not declared"),
    "interim_at": (" на {at}", " at {at}"),
    "error.incomplete": ("--strict: тема дана не целиком: {gaps}",
                         "--strict: the thread is not whole: {gaps}"),
    "gap.before": ("страницы начинаются с поста {post_no}", "the pages start at post {post_no}"),
    "gap.after": ("после поста {post_no} есть следующая страница ({url})",
                  "a next page follows post {post_no} ({url})"),
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
    # --explain: each ballot's story (rule ids lead the lines; the nick's line is names.explain)
    "story.read": ("пост {no} ({author}, {time}): прочитан как «{kind}»{written}",
                   "post {no} by {author} at {time}: read as {kind}{written}"),
    "story.written": (": «{written}»", " '{written}'"),
    "story.nick": ("ник: {how}", "nick: {how}"),
    "nick.strict": ("«{written}» = {player} ({stage})", "'{written}' = {player} ({stage})"),
    "nick.heuristic": ("«{written}» → {player}: {stage} (оценка {score}; {tail}); кандидаты: {cands}",
                       "'{written}' → {player} by {stage} (score {score}; {tail}); candidates: {cands}"),
    "nick.accepted": ("принят", "accepted"),
    "nick.not_accepted": ("эти правила такое не принимают (C3.4)", "not accepted by these rules (C3.4)"),
    "nick.ambiguous": ("«{written}» подходит нескольким: {cands}", "'{written}' is ambiguous: {cands}"),
    "nick.none": ("«{written}» не совпадает ни с одним игроком{closest}", "'{written}' matches no player{closest}"),
    "nick.closest": (" (ближе всего: {cands})", " (closest: {cands})"),
    # how a written nick was matched (names.py's stages); English keeps the stage's own name
    "stage.exact": ("точно", "exact"),
    "stage.alias": ("псевдоним", "alias"),
    "stage.prefix": ("начало ника", "prefix"),
    "stage.initials": ("инициалы", "initials"),
    "stage.inflection": ("падежное окончание", "inflection"),
    "stage.layout": ("другая раскладка", "layout"),
    "stage.part": ("часть ника", "part"),
    "stage.swapped": ("переставлены буквы", "swapped"),
    "stage.fuzzy": ("похожее написание", "fuzzy"),
    "story.relayed": ("C3.12: голос передал ведущий ({gm})", "C3.12: relayed by the GM ({gm})"),
    "story.change": ("PC.1: смена голоса {n} из {limit}", "PC.1: change {n} of {limit}"),
    "story.changed": ("смена голоса", "a change of vote"),
    "story.replaced": ("заменён постом {no}", "replaced by post {no}"),
    "story.withdraws": ("снимает голос", "withdraws the vote"),
    "story.nothing_to_withdraw": (" (голоса не было)", " (there was none)"),
    "story.unfast": ("PC.1: снимает фаст; голос остаётся", "PC.1: withdraws the fast flag; the vote stays"),
    "story.counted": ("засчитан: последний принятый голос игрока", "counted, the voter's last accepted ballot"),
    "story.advance": ("PC.13: голос на катастрофу заранее — {choice}", "PC.13: runoff ballot in advance: {choice}"),
    "story.runoff": ("PC.5: катастрофа, кандидаты: {names} ({mode})", "PC.5: runoff between {names} ({mode})"),
    "story.runoff_counted": ("PC.5: засчитан в катастрофе", "PC.5: counted in the runoff"),
    "story.advance_counts": ("PC.13: засчитан голос, оставленный заранее в посте {no}",
                             "PC.13: the ballot left in advance in post {no} counts"),
    # what a post was read as (ballots.Reading.kind), for the story
    "reading.vote": ("голос", "vote"), "reading.pass": ("пас", "pass"),
    "reading.withdraw": ("снятие голоса", "withdraw"), "reading.unfast": ("снятие фаста", "unfast"),
    "reading.runoff": ("голос в катастрофе", "runoff"), "reading.unknown": ("неизвестный ник", "unknown"),
    "reading.chatter": ("пост без голоса", "chatter"), "reading.empty": ("пусто", "empty"),
    # votecount activity: the reasons counted in one cell ("2 коротко, 1 повтор")
    "reason_word.empty": ("пусто", "empty"), "reason_word.filler": ("заглушка", "filler"),
    "reason_word.short": ("коротко", "short"), "reason_word.promise": ("обещание", "promise"),
    "reason_word.repeat": ("повтор", "repeat"),
    # the pages' warnings: model.Note records made while the thread is read (read/thread.py,
    # read/pipeline.py, read/sources.py), shown by note_text in the count's language
    "warning.posts_missing": ("в сохранённых страницах нет постов {posts} (страница не сохранена или посты удалены)",
                              "posts missing from the saved pages: {posts} (a page not saved, or posts deleted)"),
    "warning.quotes_unmarked": ("страницы — {view}: цитаты в нём не отмечены, и голос внутри цитаты не "
                                "отличить от голоса цитирующего — проверьте цитаты вручную",
                                "the pages are the {view} view, which does not mark quotes: a vote inside a "
                                "quote cannot be told from the quoter's own — check quotes by hand"),
    "warning.block_skipped": ("{source}: пропущен блок, похожий на пост, но не пост: {what}",
                              "{source}: a block shaped like a post that is not one was skipped: {what}"),
    "warning.zone_stated": ("время — в поясе {zone}, который указан на страницах (другой пояс: --tz или "
                            "timezone в файле игры)",
                            "times are in {zone}, the zone the pages state (another: --tz or the game file's "
                            "timezone)"),
    "warning.zone_default_ru": ("страницы не указывают пояс: время — в {zone}, поясе русских форумов (другой "
                                "пояс: --tz или timezone в файле игры)",
                                "the pages state no zone: times are in {zone}, the zone of Russian boards "
                                "(another: --tz or the game file's timezone)"),
    "warning.zone_default_utc": ("страницы не указывают пояс и написаны не по-русски: время — в {zone} (другой "
                                 "пояс: --tz или timezone в файле игры)",
                                 "the pages state no zone and are not in Russian: times are in {zone} (another: "
                                 "--tz or the game file's timezone)"),
    "warning.starts_mid": ("страницы начинаются с поста {first}: постов 1–{before} в них нет (дайте первую "
                           "страницу темы)",
                           "the pages read start at post {first}: posts 1–{before} are not in them (give the "
                           "thread's first page)"),
    "warning.ends_mid": ("{source} ссылается на следующую страницу ({url}), а её среди прочитанных нет: тема дана "
                         "не целиком, постов после {last} в подсчёте нет; день, который идёт дальше, не "
                         "подводится (дайте все страницы темы или её адрес)",
                         "{source} links to a next page ({url}) that is not among the pages read: the thread "
                         "is not whole, no post after {last} is counted; a day that goes on past it is not "
                         "decided (give every page of the thread, or its address)"),
    "warning.edited_no_time": ("{source}: пост {no} (id {id}) отредактирован, но время правки не указано: "
                               "была ли правка после дедлайна, неизвестно",
                               "{source}: post {no} (id {id}): edited, but the edit notice gives no time: "
                               "whether the edit came after a deadline is unknown"),
    "warning.edited_by_no_time": ("{source}: пост {no} (id {id}) отредактирован (кем: {editor}), но время "
                                  "правки не указано: была ли правка после дедлайна, неизвестно",
                                  "{source}: post {no} (id {id}): edited by {editor}, but the edit notice "
                                  "gives no time: whether the edit came after a deadline is unknown"),
    "warning.post_time_unknown": ("{source}: пост {no} (id {id}): время поста на странице не прочитать: пост "
                                  "оставлен без времени, его голос не засчитывается",
                                  "{source}: post {no} (id {id}): the page shows no readable post time: the post "
                                  "is kept with its time unknown, and its ballot is not counted"),
    "warning.own_report": ("{file}: HTML-отчёт самого votecount, не страница темы: пропущен",
                           "{file}: votecount's own HTML report, not a page of the thread: skipped"),
    "warning.own_text": ("{file}: текстовый вывод самого votecount, не страница темы: пропущен",
                         "{file}: votecount's own text output, not a page of the thread: skipped"),
    # outcome kinds as words (the JSON keeps the codes)
    'kind.open': ('день идёт', 'open'),
    'kind.lynch': ('казнь', 'lynch'),
    'kind.tie': ('ничья', 'tie'),
    'kind.no_lynch': ('без казни', 'no_lynch'),
    'kind.pass': ('пас', 'pass'),
    'kind.pardon': ('помилование', 'pardon'),
    'kind.protected': ('защита', 'protected'),
    'kind.runoff': ('переголосование', 'runoff'),
    'kind.no_vote': ('без голосования', 'no_vote'),
    # report labels (render/words.word)
    'label.day': ('День', 'Day'),
    'label.deadline': ('дедлайн', 'deadline'),
    'label.none': ('нет', 'none'),
    'label.count': ('Подсчёт голосов', 'Vote count'),
    'label.candidate': ('Кандидат', 'Candidate'),
    'label.score': ('Счёт', 'Score'),
    'label.red': ('красный', 'red'),
    'label.blue': ('синий', 'blue'),
    'label.none_colour': ('без цвета', 'no colour'),
    'label.penalty': ('штраф', 'penalty'),
    'label.voters': ('Голоса', 'Votes'),
    'label.outcome': ('Итог', 'Outcome'),
    'label.violations': ('Нарушения', 'Violations'),
    'label.missing': ('Не проголосовали', 'Did not vote'),
    'label.missing_yet': ('Ещё не проголосовали', 'Not voted yet'),
    'label.post': ('пост', 'post'),
    'label.no_votes': ('голосов нет', 'no votes'),
    'label.modkills': ('Модкилл', 'Modkill'),
    'label.runoff': ('Переголосование', 'Runoff'),
    'label.runoff_mode_hang_all': ('повесить всех / помиловать всех', 'hang all / pardon all'),
    'label.runoff_mode_pick_one': ('выбор одного из', 'pick one of'),
    'label.runoff_pending': ('ещё не подсчитана', 'not counted yet'),
    'label.changes': ('Изменения с прошлого подсчёта', 'Changes since the last count'),
    'label.timeline': ('Ход голосования', 'How the vote went'),
    'label.ballots': ('Бюллетени', 'Ballots'),
    'label.time': ('Время', 'Time'),
    'label.voter': ('Игрок', 'Player'),
    'label.target': ('За кого', 'Target'),
    'label.status': ('Статус', 'Status'),
    'label.counted': ('засчитан', 'counted'),
    'label.superseded': ('заменён', 'replaced'),
    'label.rejected': ('не засчитан', 'not counted'),
    'label.late': ('после дедлайна', 'after the deadline'),
    'label.early_close_at': ('Досрочное закрытие', 'Early close'),
    'label.fast_night_at': ('Фаст-ночь', 'Fast night'),
    'label.hammer_at': ('Молоток (большинство набрано)', 'Hammer (majority reached)'),
    'label.opens': ('начало', 'opens'),
    'label.summary': ('Итоги игры', 'Game summary'),
    'label.player': ('Игрок', 'Player'),
    'label.eliminated': ('Казнён', 'Eliminated'),
    'label.strikes': ('Пропуски', 'Missed votes'),
    'label.modkill_col': ('Модкилл', 'Modkill'),
    'label.game_days': ('дней', 'days'),
    'label.generated': ('Сделано votecount', 'Made by votecount'),
    'label.pass': ('пас', 'pass'),
    'label.withdraw': ('снял голос', 'withdrew'),
    'label.invalid': ('не голос', 'no ballot'),
    'label.warnings': ('Внимание', 'Warnings'),
    'label.penalties': ('штрафы за пропуск', 'missed-vote penalties'),
    'label.rules': ('правила', 'rules'),
    'label.posts': ('постов', 'posts'),
    'label.pages': ('стр.', 'pages'),
    'label.hang_all': ('повесить всех', 'hang all'),
    'label.pardon_all': ('помиловать всех', 'pardon all'),
    'label.explain': ('Разбор голосов', 'Ballot by ballot'),
    'label.runoff_missing': ('Не проголосовали в катастрофе', 'No runoff ballot'),
    # what changed since an earlier count (render/diff)
    'diff.score': ('{candidate} {delta} ({before} → {after})', '{candidate} {delta} ({before} → {after})'),
    'diff.moved': ('{voter}: голос перенесён: {before} → {after}', '{voter} moved from {before} to {after}'),
    'diff.recoloured': ('{voter}: {target}, {before} → {after}', '{voter}: {target}, {before} → {after}'),
    'diff.voted': ('{voter}: новый голос — {after}', '{voter} voted: {after}'),
    'diff.unvoted': ('{voter}: голос больше не засчитан — {before}', '{voter}: the vote for {before} no longer counts'),
    'diff.missing_gone': ('проголосовали: {names}', 'no longer missing: {names}'),
    'diff.missing_new': ('теперь не проголосовали: {names}', 'now missing: {names}'),
    'diff.violation_new': ('новое нарушение: {player} — {message}', 'new violation: {player} — {message}'),
    'diff.violation_gone': ('снято нарушение: {player} — {message}', 'violation gone: {player} — {message}'),
    'diff.outcome': ('итог изменился: «{before}» → «{after}»', "outcome changed: '{before}' → '{after}'"),
    'diff.no_change': ('без изменений', 'no changes'),
    'diff.new_day': ('в прошлом подсчёте не было дня {day}', 'the earlier count has no day {day}'),
    # votecount activity (C3.14): the terminal table
    'activity.day': ('День {n}', 'Day {n}'),
    'activity.open': (' (идёт: посты на сейчас)', ' (in progress: posts so far)'),
    'activity.player': ('игрок', 'player'),
    'activity.posts': ('постов', 'posts'),
    'activity.informative': ('информ.', 'informative'),
    'activity.below': ('< {m}', '< {m}'),
    'activity.two': ('< {m} два дня', '< {m} two days'),
    'activity.marked': ('помечены', 'marked'),
    'activity.yes': ('да', 'yes'),
    'activity.none': ('нет', 'nobody'),
    'activity.below_line': ('Меньше {m} информативных: {who}', 'Below {m} informative posts: {who}'),
    'activity.two_line': ('Меньше {m} два дня подряд (C3.14: модкилл, решает ведущий): {who}', "Below {m} two days running (C3.14: modkill, the GM's call): {who}"),
    'activity.unknown': ('Пишут, но не в составе и не ведущий: {who}', 'Posting but neither on the roster nor GM: {who}'),
    'activity.dead': ('Пишут, выбыв из игры (4.4): {who}', 'Posting while out of the game (4.4): {who}'),
    'activity.day_of': ('день', 'day'),
    'activity.note': ('Помеченные посты — догадка; информативность решает ведущий (4.1).', "Marked posts are a guess; what is informative is the GM's call (4.1)."),
    # votecount activity: why a post looks non-informative
    'reason.empty': ('нет своего текста (цитата, картинка или пусто)', 'no own text (a quote, a picture, or nothing)'),
    'reason.filler': ('только смех, смайлы, знаки или слово-заглушка', 'only laughter, emoji, punctuation or a filler word'),
    'reason.short': ('коротко ({n} сл.)', 'short ({n} words)'),
    'reason.promise': ('обещание без содержания («{said}»)', "a promise without content ('{said}')"),
    'reason.repeat': ('повтор поста {n}', 'repeats post {n}'),
}
MESSAGES.update(DRAFT_MESSAGES)  # init's draft: its sentences are in messages_draft.py
MESSAGES.update(BOARD_MESSAGES)  # reading boards' pages: messages_boards.py
MESSAGES.update(REFUSE_MESSAGES)  # refusals of a command line (messages_refuse.py)
MESSAGES.update(WATCH_MESSAGES)  # votecount watch: its sentences are in messages_watch.py
MESSAGES.update(HOUSE_MESSAGES)  # the house rules (RULES.md H.*): messages_house.py
MESSAGES.update(POST_MESSAGES)  # the public post and the vote history: messages_post.py
MESSAGES.update(NICK_MESSAGES)  # nick stages and ballots in the wild (issue 32): messages_nicks.py
MESSAGES.update(BATCH_MESSAGES)  # batch's archives at scale: messages_batch.py


def say(code: str, lang: str, **fields) -> str:
    """The sentence `code` in `lang` (Russian for "ru", else English), its fields filled."""
    template = MESSAGES[code][0 if lang == "ru" else 1]
    if not fields:
        return template
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return template


def counted(lang: str, n: int, key: str) -> str:
    """"1 страница", "2 страницы", "5 страниц"; "1 page", "2 pages" (messages: `plural.*`)."""
    forms = say(f"plural.{key}", lang).split("|")
    if lang != "ru":
        return f"{n} {forms[0] if n == 1 else forms[-1]}"
    last, tens = n % 10, n % 100
    form = forms[0] if last == 1 and tens != 11 else forms[1] if 2 <= last <= 4 and not 12 <= tens <= 14 else forms[2]
    return f"{n} {form}"


def note_text(note, lang: str) -> str:
    """A warning record (model.Note) as its sentence in `lang`."""
    return say(note.code, lang, **dict(note.fields))


def collate(nick: str) -> tuple[str, str]:
    """The order a Russian reader expects for nicks: case-insensitive, Ё with Е (then the
    nick itself, so that the order is total)."""
    return nick.casefold().replace("ё", "е"), nick


def labels(prefix: str, lang: str) -> dict[str, str]:
    """Every entry under `prefix.` in `lang`, by its short key (a renderer's table of words)."""
    cut = len(prefix) + 1
    return {k[cut:]: v[0 if lang == "ru" else 1] for k, v in MESSAGES.items() if k.startswith(prefix + ".")}
