"""The sentences of a drafted game file (`votecount init`: its heading, comments and notes), in
Russian and English: part of the one catalogue (messages.MESSAGES holds them), kept here so that
messages.py stays readable. The markers CHECK, FILL IN and NOT LISTED are the same in both
languages: the README and the stderr line name them."""

DRAFT_MESSAGES: dict[str, tuple[str, str]] = {
    'draft.pages_one': (
        'страниц: {n}',
        '{n} page'),
    'draft.pages_many': (
        'страниц: {n}',
        '{n} pages'),
    'draft.head': (
        '# Черновик `votecount init` по {source} ({engine}, {pages}, постов: {posts}).\n# Каждое значение ниже — догадка: проверьте каждую строку с пометкой CHECK или FILL IN, затем считайте командой\n#   votecount ТЕМА --game ЭТОТ_ФАЙЛ',
        '# Drafted by `votecount init` from {source} ({engine}, {pages}, {posts} posts).\n# Every value below is a guess: check each line marked CHECK or FILL IN, then count with\n#   votecount THREAD --game THIS_FILE'),
    'draft.warning': (
        '# ВНИМАНИЕ: {warning}',
        '# WARNING: {warning}'),
    'draft.mid_thread': (
        'страницы начинаются с поста {no}, а не с первого поста темы: ведущий в черновике (первый автор этих страниц) — догадка, и более ранних дней здесь нет',
        "the pages start at post {no}, not at the thread's first post: the GM drafted (the first poster of these pages) is a guess, and earlier days are missing"),
    'draft.rules': (
        '  # CHECK: догадка, потому что {why}; пресеты: classic, red-blue, pass-catastrophe, bold-vote',
        '  # CHECK: guessed because {why}; presets: classic, red-blue, pass-catastrophe, bold-vote'),
    'draft.timezone': (
        '  # CHECK: {why}',
        '  # CHECK: {why}'),
    'draft.zone_written': (
        'зона, в которой записаны дедлайны',
        'the zone the deadlines are written in'),
    'draft.lang': (
        '  # CHECK: язык постов темы (ru | en), язык подсчётов',
        "  # CHECK: the language of the thread's posts (ru | en), the language of the counts"),
    'draft.gm_first': (
        '  # CHECK: первый автор темы; добавьте другие аккаунты ведущего',
        "  # CHECK: the thread's first poster; add the GM's other accounts"),
    'draft.gm_mid': (
        '  # CHECK: первый автор этих страниц, а не первого поста темы; добавьте другие аккаунты ведущего',
        "  # CHECK: the first poster of these pages, not the thread's first post; add the GM's other accounts"),
    'draft.rules_red_blue': (
        'постов игроков с ником красным или синим: {n} ({first})',
        '{n} posts by players carry a nick in red or blue ({first})'),
    'draft.rules_pass': (
        'постов со словами {words}: {n} ({first})',
        '{n} posts say {words} ({first})'),
    'draft.rules_or': (
        ' или ',
        ' or '),
    'draft.quoted': (
        '«{word}»',
        "'{word}'"),
    'draft.rules_bold': (
        'постов игроков с жирным «Vote …»: {n} ({first})',
        "{n} posts by players have a bold 'Vote …' ({first})"),
    'draft.rules_classic': (
        'нет ни цветных ников, ни слов «пас», ни жирных голосов',
        'no coloured nicks, pass words or bold votes were found'),
    'draft.rules_first': (
        'первый: пост {no}, автор {author}',
        'first: post {no} by {author}'),
    'draft.players': (
        '# Игроки: все, кто писал, кроме ведущего, в порядке первого поста ({n}).\n# CHECK: уберите зрителей, добавьте игроков, которые не писали, добавьте aliases = ["…"] для\n# прозвищ, которыми их зовут другие, и role = "doctor" и т. п., где роль меняет голоса.',
        '# Players: everyone who posted except the GM, in order of first post ({n}).\n# CHECK: remove spectators, add players who never posted, add aliases = ["…"] for\n# nicknames the others use, and role = "doctor" etc. where a role changes votes.'),
    'draft.skipped_fold': (
        '# NOT LISTED: {name} сводится к тому же имени, что и {other} (один аккаунт или два? в файле игры не может быть обоих)',
        '# NOT LISTED: {name} folds to the same name as {other} (one account, or two? a game file cannot hold both)'),
    'draft.skipped_empty': (
        '# NOT LISTED: {name} — ни букв, ни цифр, по которым можно узнать ник',
        '# NOT LISTED: {name} has no letters or digits a nick could be matched by'),
    'draft.posts_one': (
        'постов: {n}',
        '{n} post'),
    'draft.posts_many': (
        'постов: {n}',
        '{n} posts'),
    'draft.nick': (
        '  # {posts}, первый: пост {no}{note}',
        '  # {posts}, first: post {no}{note}'),
    'draft.not_in_list': (
        ' (нет в списке ведущего в посте {no}: зритель или замена?)',
        " (not in the GM's list in post {no}: a spectator or a replacement?)"),
    'draft.one_post': (
        ' (всего один пост: игрок или зритель?)',
        ' (only one post: a player, or a spectator?)'),
    'draft.never_posted': (
        '# CHECK: названы в списке ведущего в посте {no}, но здесь не писали;\n# раскомментируйте тех, кто играет (написание — ведущего):',
        "# CHECK: named in the GM's list in post {no} but never posted here;\n# uncomment the ones who play (the spelling is the GM's):"),
    'draft.no_players': (
        '# FILL IN: игроков нет (никто, кроме ведущего, не писал здесь под ником, который можно\n# внести в список), а файл игры без игроков не принимается; добавьте таблицу для каждого игрока:',
        '# FILL IN: no player is listed (nobody but the GM posted here under a name that can be\n# listed), and a game file without players is refused; add a table for each player:'),
    'draft.no_days': (
        '# Дни: не найдено поста ведущего, открывающего день («День 1», «Day 1», «Наступает день»).\n# FILL IN по таблице [[days]] на каждый день; без них все посты считаются днём 1:',
        '# Days: no GM post announcing a day was found ("День 1", "Day 1", "Наступает день").\n# FILL IN one [[days]] table per day; without any, every post counts as day 1:'),
    'draft.day': (
        '# День {n}: открыт постом ведущего {no}: «{marker}»',
        "# Day {n}: opened by the GM's post {no}: «{marker}»"),
    'draft.opens': (
        '  # CHECK: время поста {no}',
        '  # CHECK: the time of post {no}'),
    'draft.deadline': (
        '  # CHECK: прочитано из «{text}» в посте {no}',
        "  # CHECK: read from '{text}' in post {no}"),
    'draft.closed': (
        '; ведущий закрыл день в посте {no} в {time}, так что дедлайн был раньше',
        '; the GM closed the day in post {no} at {time}, so it was before that'),
    'draft.no_deadline': (
        '  # FILL IN: в посте {no} дедлайн не найден; догадка: {why}{closed}',
        '  # FILL IN: no deadline found in post {no}; a guess {why}{closed}'),
    'draft.no_deadline_fits': (
        '# deadline: FILL IN: в посте {no} дедлайн не найден, и {why}{closed}',
        '# deadline: FILL IN: no deadline found in post {no}, and {why}{closed}'),
    'draft.fits_none': (
        'ни один момент не подходит: следующий день открывается не позже этого (проверьте оба открытия)',
        'no moment fits: the next day opens no later than this one (check both openings)'),
    'draft.why_day_last': (
        'в день последнего поста этого дня',
        "on the day of the day's last post"),
    'draft.why_thread_last': (
        'в день последнего поста темы',
        "on the day of the thread's last post"),
    'draft.why_first_20': (
        'первые 20:00 после открытия дня',
        'at the first 20:00 after the day opens'),
    'draft.why_next_opening': (
        'в момент открытия следующего дня (день кончается до того, как откроется следующий)',
        "at the next day's opening (a day ends before the next opens)"),
    'draft.named': (
        '; посты ведущего с открытия дня {n} называют: {names}',
        "; the GM's posts since day {n} opened name: {names}"),
    'draft.dead': (
        '  # FILL IN: кто выбыл до этого дня (убит, казнён, модкилл){hint}',
        '  # FILL IN: who was out before this day (killed, lynched, modkilled){hint}'),
    'draft.bad_deadline': (
        '«{text}» прочитано как {time}, но {why}: проверьте',
        "read '{text}' as {time}, but {why}: check it"),
    'draft.bad_not_after_open': (
        'это не позже открытия дня',
        "it is not after the day's opening"),
    'draft.bad_next_opens': (
        'день {n} открывается раньше',
        'day {n} opens before it'),
    'draft.bad_not_after_prev': (
        'это не позже дедлайна предыдущего дня',
        "it is not after the previous day's deadline"),
    # why the draft's zone (read.zone.Choice.why)
    'zone.why_given': ('пояс задан в --tz', 'given with --tz'),
    'zone.why_footer_name': ('пояс {zone} назван в подвале страницы форума', "the page's footer names the zone {zone}"),
    'zone.why_footer_offset': ('в подвале страницы сказано, что время — {offset}',
                               "the page's footer says its times are {offset}"),
    'zone.why_singlefile': ('дата сохранения SingleFile на странице — {offset} (часы того, кто её сохранил)',
                            "the page's SingleFile save date is {offset} (the clock of whoever saved it)"),
    'zone.why_ru': ('страницы не указывают пояс: Москва, пояс русских форумов; иначе задайте --tz',
                    'the pages state no zone: Moscow, the zone of Russian boards; give --tz otherwise'),
    'zone.why_utc': ('страницы не указывают пояс и написаны не по-русски: UTC; иначе задайте --tz',
                     'the pages state no zone and are not in Russian: UTC; give --tz otherwise'),
}

