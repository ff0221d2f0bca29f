"""The sentences of the public post (render/forum_post.py: what a GM pastes into the thread) and
of the vote history, in Russian and English: part of the one catalogue (messages.MESSAGES holds
them), kept here so that messages.py stays readable. Russian keeps nicks in the nominative."""

POST_MESSAGES: dict[str, tuple[str, str]] = {
    # the heading: "Мафия на Заречной — день 1: промежуточный подсчёт на 14:00"
    'post.head': ('{title} — день {day}', '{title} — day {day}'),
    'post.head_final': ('{title} — день {day}: итоги', '{title} — day {day}: final count'),
    # a title that names the day already ("Голосование, день 1"): not "— день 1" again
    'post.head_named': ('{title}', '{title}'),
    'post.head_final_named': ('{title}: итоги', '{title}: final count'),
    'post.deadline': ('дедлайн {date} в {time} {zone}', 'deadline {date} {time} {zone}'),
    'post.no_deadline': ('дедлайн не задан', 'no deadline set'),
    'post.times_in': (', время — {zone}', ', times in {zone}'),
    # a tally row's penalty: "штраф +2"
    'post.penalty': ('штраф +{n}', 'penalty +{n}'),
    # the majority line: "живых 7 — для казни нужно 4; L-1: Петя"
    'post.majority': ('живых {alive} — для казни нужно {need}', '{alive} alive — {need} to eliminate'),
    'post.l1': ('в шаге от казни: {names}', 'L-1: {names}'),
    'post.missing_yet': ('Ещё не проголосовали: {names}', 'Not voted yet: {names}'),
    'post.missing': ('Не проголосовали: {names}', 'Did not vote: {names}'),
    'post.outcome': ('Итог: {what}', 'Outcome: {what}'),
    'post.leading': ('Пока впереди: {names}', 'Leading so far: {names}'),
    'post.ahead_on_time': ('; по времени впереди {name}', '; ahead on time: {name}'),
    'post.no_votes_yet': ('Голосов пока нет.', 'No votes yet.'),
    'post.modkills': ('Модкилл: {names}', 'Modkill: {names}'),
    'post.closed_at': ('{what} в {time}', '{what} at {time}'),
    'post.violations': ('Что изменило подсчёт', 'What changed the count'),
    'post.violation': ('{player} ({where}): {what}', '{player} ({where}): {what}'),
    'post.violation_nopost': ('{player}: {what}', '{player}: {what}'),
    # an edited vote post, said with the edit's time as the post writes times (C3.3, H.4)
    'post.edited': ('пост с голосом отредактирован{at} — {what}', 'vote post edited{at}: {what}'),
    'post.edited_at': (' в {time}', ' at {time}'),
    'post.effect_self_vote': ('голос против себя', 'a vote against oneself'),
    'post.effect_ignored': ('голос не засчитан', 'not counted'),
    'post.effect_missed': ('голос не засчитан, это пропуск', 'not counted: a missed vote'),
    'post.where': ('пост {no}, {time}', 'post {no}, {time}'),
    'post.history': ('История голосов', 'Vote history'),
    # a history entry's words for what is not a vote
    'post.pass': ('пас', 'pass'),
    'post.withdraw': ('снял(а) голос', 'unvote'),
    # a violation's effect in the working view (the table): JSON keeps the codes
    'effect.ignored': ('не засчитан', 'ignored'),
    'effect.self_vote': ('голос против себя', 'self_vote'),
    'effect.penalty': ('штраф', 'penalty'),
    'effect.warning': ('предупреждение', 'warning'),
    'effect.modkill': ('модкилл', 'modkill'),
    'effect.missed': ('пропуск', 'missed'),
    # a ballot's kind in --explain (the reading's words are `reading.*`)
    'ballot.vote': ('голос', 'vote'), 'ballot.pass': ('пас', 'pass'),
    'ballot.withdraw': ('снятие голоса', 'withdraw'), 'ballot.invalid': ('не голос', 'invalid'),
    'ballot.runoff': ('голос в катастрофе', 'runoff'),
    # a count's word in its forms (words.counted: "1 страница", "2 страницы", "5 страниц";
    # "1 page", "2 pages"): Russian one|few|many, English one|other
    'plural.pages': ('страница|страницы|страниц', 'page|pages'),
    'plural.posts': ('пост|поста|постов', 'post|posts'),
    # a time inside a sentence (count/checks.said): on the deadline's date, or another date
    'when.time': ('в {clock}', 'at {clock}'),
    'when.dated': ('в {clock} {date}', 'at {clock} on {date}'),
    # who edited a vote post, and when (the edited_vote sentences' {by})
    'edited.by_when': (' (правка — {who}, {when})', ' (edited by {who} {when})'),
    'edited.by': (' (правка — {who})', ' (edited by {who})'),
    'plural.attempts': ('попытка|попытки|попыток', 'attempt|attempts'),
    # `votecount posts`: the table's headers
    'posts.no': ('№', 'no'), 'posts.id': ('ид', 'id'), 'posts.author': ('автор', 'author'),
    'posts.time': ('время', 'time'), 'posts.edited': ('правка', 'edited'), 'posts.text': ('текст', 'text'),
    # the HTML report
    'html.filter': ('Показать кандидата:', 'Show candidate:'),
    'html.filter_all': ('всех', 'all'),
    'html.matrix_note': ('в клетке — дни, когда засчитанный голос игрока был против кандидата',
                         "each cell: the days on which the voter's counted vote named the candidate"),
    'html.ballots_busy': ('бюллетеней: {n} — каждый есть в истории голосов выше, все поля — в --format csv',
                          '{n} ballots — each is in the vote history above; every field is in --format csv'),
    'html.key_late': ('после дедлайна', 'after the deadline'),
    # violation codes as words (the HTML report's groups); JSON and CSV keep the codes
    'code.late_vote': ('голос после дедлайна', 'ballot after the deadline'),
    'code.edited_vote': ('отредактированный пост с голосом', 'edited vote post'),
    'code.unknown_nick': ('ник не найден', 'unknown nick'),
    'code.ambiguous_nick': ('ник подходит нескольким', 'ambiguous nick'),
    'code.no_colour': ('голос без цвета', 'vote without a colour'),
    'code.self_vote': ('голос за себя', 'vote on oneself'),
    'code.extra_text': ('лишние слова или пост без голоса', 'extra words or a post without a ballot'),
    'code.not_a_player': ('пишет не игрок', 'not a player'),
    'code.dead_voter': ('голосует выбывший', 'a voter who is out'),
    'code.dead_target': ('голос против выбывшего', 'vote against a player who is out'),
    'code.silenced_voter': ('лишён(а) голоса', 'no vote this day'),
    'code.immune_target': ('голос против неприкосновенного', 'vote against an immune player'),
    'code.change_limit': ('смена голоса сверх лимита', 'vote change over the limit'),
    'code.early_vote_changed': ('смена досрочного голоса', 'an early ballot changed'),
    'code.missed_vote': ('нет засчитанного голоса', 'missed vote'),
    'code.modkill': ('модкилл', 'modkill'),
    'code.change_without_phrase': ('смена голоса без нужной фразы', 'a change without the phrase'),
    'code.final_vote_changed': ('смена окончательного голоса', 'a final vote changed'),
    'code.pass_limit': ('пас сверх лимита', 'pass over the limit'),
    'code.image_post': ('голос картинкой', 'a vote posted as an image'),
    'post.matrix': ('Кто за кого голосовал', 'Who voted for whom'),
}
