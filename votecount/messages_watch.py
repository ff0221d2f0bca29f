"""The sentences of `votecount watch` (its round headings, alerts and notes), in Russian and
English: part of the one catalogue (messages.MESSAGES holds them), kept here so that
messages.py stays readable."""

WATCH_MESSAGES: dict[str, tuple[str, str]] = {
    'watch.round': (
        '[{time}] раунд {n}:',
        '[{time}] round {n}:'),
    'watch.alert': (
        '!! {text}',
        '!! {text}'),
    'watch.l_minus_one': (
        '{target}: L-1 (голосов: {score}, молоток: {need})',
        '{target}: L-1 ({score} votes, the hammer is {need})'),
    'watch.hammer': (
        'молоток: {target} — набрано большинство ({need}), день окончен',
        'hammer: {target} reached the majority ({need}); the day is over'),
    'watch.no_lynch_hammer': (
        'молоток: большинство ({need}) — никого не казнить, день окончен',
        'hammer: a No Lynch majority ({need}); the day is over'),
    'watch.deadline': (
        'дедлайн дня {day} ({time}) прошёл: это итоговый подсчёт',
        "day {day}'s deadline ({time}) has passed: this is the final count"),
    'watch.edited': (
        '{voter}: засчитанный голос отредактирован (пост {post_no})',
        '{voter}: a counted ballot was edited (post {post_no})'),
    'watch.fetch_failed': (
        'тема не скачана: {error}; следующий раунд попробует снова',
        'the thread was not fetched: {error}; the next round tries again'),
    'watch.count_failed': (
        'подсчёт не сделан: {error}; остаётся прежний, следующий раунд попробует снова',
        'no count this round: {error}; the last one stands, the next round tries again'),
    'watch.no_count_yet': (
        'подсчёта ещё нет: страниц пока нет',
        'no count yet: no pages so far'),
    'watch.resumed': (
        'продолжение наблюдения: последний подсчёт — {time}; ниже — что изменилось с тех пор',
        'resuming the watch: the last count was at {time}; below is what changed since'),
    'watch.written': (
        'подсчёт записан в {file}',
        'the count is written to {file}'),
    'watch.stop_deadline': (
        'наблюдение окончено: дедлайн прошёл',
        'the watch ends: the deadline has passed'),
    'watch.stop_hammer': (
        'наблюдение окончено: молоток',
        'the watch ends: the hammer fell'),
    'watch.stop_rounds': (
        'наблюдение окончено: раундов — {n}',
        'the watch ends after {n} rounds'),
    'watch.every_floor': (
        '--every {asked}: {host} спрашивается не чаще раза в {floor} с',
        '--every {asked}: {host} is asked at most once every {floor} s'),
    'watch.crawl_delay': (
        '{host}: robots.txt просит паузу {delay} с между запросами — раунды не чаще',
        '{host}: robots.txt asks for {delay} s between requests; rounds are no closer'),
    'watch.retry_after': (
        'сервер просит подождать {wait} с: следующий раунд не раньше',
        'the server asks to wait {wait} s: the next round waits as long'),
}
