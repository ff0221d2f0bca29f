"""The sentences of issue 32's additions, in Russian and English: the nick stages --explain names
(ballots/nickstages.py) and the mid-day events of the game file (count/events.py). Part of the
one catalogue: messages.MESSAGES holds them."""

NICK_MESSAGES: dict[str, tuple[str, str]] = {
    "stage.abbreviation": ("сокращение ника", "abbreviation"),
    "stage.leetspeak": ("цифры вместо букв", "leetspeak"),
    "stage.repeat": ("слово, повторённое N раз", "a word times N"),
    "stage.word_order": ("слова ника в другом порядке", "the nick's words in another order"),
    "stage.subsequence": ("буквы ника по порядку", "letters of the nick in order"),
    "stage.misspelling": ("опечатка", "misspelling"),
    "stage.distinctive": ("общая отличительная часть ника", "a distinctive part of the nick"),
    "events.killed": ("{voter} убит(а) днём: голос больше не считается",
                      "{voter} was killed during the day: the vote no longer counts"),
    "events.reset": ("голоса сброшены ({at}): этот голос больше не считается",
                     "the votes were reset ({at}): this vote no longer counts"),
    "events.not_tables": ("{what}: events должны быть таблицами [[days.events]]",
                          "{what}: events must be [[days.events]] tables"),
    "events.post_or_time": ("{what}: укажите post или time (одно из двух)",
                            "{what}: give post or time (one of them)"),
    "events.reset_bool": ("{what}: reset должен быть true или false", "{what}: reset must be true or false"),
    "events.nothing": ("{what}: событие без kill и без reset = true ничего не меняет",
                       "{what}: an event needs kill or reset = true"),
}
