"""The catalogue's refusals of a command line that cannot be counted as given (--tz, --rules,
--deadline, --day, --at beside a game file): one line on stderr, exit status 2. Shown in
English there, as every error line is (messages.say(code, "en")); Russian beside it, same keys."""

REFUSE_MESSAGES = {
    'refuse.moment': (
        "{option} '{value}': не время (можно: {forms})",
        "{option} '{value}': not a time (accepted: {forms})"),
    'refuse.bare_time': (
        '{option} {value}: время без даты требует темы с постами',
        '{option} {value}: a bare time needs a thread with posts'),
    'refuse.year': (
        "{option} '{value}': год вне допустимого ({first}–{last})",
        "{option} '{value}': year out of range ({first}–{last})"),
    'refuse.tz_unknown': (
        '--tz {name}: неизвестный часовой пояс (имя IANA, например Europe/Moscow)',
        '--tz {name}: unknown time zone (use an IANA name such as Europe/Moscow)'),
    'refuse.rules_over_game': (
        '--rules {spec}: правила задаёт файл игры {source} ({rules}); измените `rules` в его таблице '
        '[game] или считайте без --game',
        '--rules {spec}: the game file {source} sets the rules ({rules}); change `rules` in its [game] '
        'table, or count without --game'),
    'refuse.deadline_over_game': (
        '--deadline {deadline}: дедлайн каждого дня задаёт файл игры {source} в [[days]]; измените его '
        'там (--deadline — для подсчёта без файла игры или с файлом без [[days]])',
        "--deadline {deadline}: the game file {source} sets each day's deadline in its [[days]]; change "
        "it there (--deadline is for a count without a game file or one without [[days]])"),
    'refuse.day_no_game': (
        '--day {day}: без файла игры тема — один день (день 1); дайте --game с таблицей [[days]] '
        'для каждого дня',
        '--day {day}: without a game file the thread is one day (day 1); give --game with a [[days]] '
        'table for each day'),
    'refuse.day_one_day': (
        '--day {day}: в {source} нет дней, кроме дня 1 (без таблиц [[days]] тема — один день); '
        'добавьте таблицу [[days]] для каждого дня',
        '--day {day}: {source} gives no day but day 1 (without [[days]] tables the thread is one '
        'day); add a [[days]] table for each day'),
    'refuse.day_missing': (
        '--day {day}: в файле игры дни {days}',
        '--day {day}: the game file has days {days}'),
    'refuse.at_day_not_open': (
        '--at {at}: день {day} ещё не начался{when}',
        '--at {at}: day {day} had not opened yet{when}'),
    'refuse.at_not_open': (
        '--at {at}: ни один день ещё не начался{when}',
        '--at {at}: no day had opened yet{when}'),
    'refuse.day_opens': (
        ' (день {day} начинается {opens})',
        ' (day {day} opens {opens})'),
}
