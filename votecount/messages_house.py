"""The sentences of the house rules (RULES.md H.*): their violations, outcomes and --explain
story lines, in Russian and English. Part of the one catalogue (messages.MESSAGES holds them),
kept here beside the rules' other sentences so that messages.py stays readable."""

HOUSE_MESSAGES: dict[str, tuple[str, str]] = {
    # violations (code: ru, en)
    "edited_vote_missed": ("пост с голосом отредактирован{by}: голос не засчитан, прежний не возвращается — "
                           "это пропуск голосования",
                           "vote post edited{by}: ignored, the earlier ballot does not come back — a missed vote"),
    "change_without_phrase": ("голос уже засчитан, а смена без слов «{words}»: не засчитана",
                              "a ballot already counts and this change lacks '{words}': ignored"),
    "withdraw_without_phrase": ("голос уже засчитан, а отмена без слов «{words}»: не засчитана",
                                "a ballot already counts and this withdrawal lacks '{words}': ignored"),
    "change_window": ("смена голоса с {start}: уже {limit} из {limit} — не засчитана",
                      "vote change from {start} on: {limit} of {limit} made already — ignored"),
    "final_vote_changed": ("голос в посте {no} окончательный («{word}»): изменение не засчитано",
                           "the ballot of post {no} is final ('{word}'): this change is ignored"),
    "pass_limit": ("«пас» уже был в {used} из {limit} дн. игры (дни: {days}): не засчитан",
                   "a pass was already counted on {used} of {limit} days of the game (days: {days}): ignored"),
    "image_post": ("в посте только картинка: голос не прочитан — проверьте его глазами",
                   "the post holds only an image: no ballot read — check it by eye"),
    # the tie rules (H.1-H.3): outcomes
    "tie_earliest": ("ничья ({names}), решает время: казнён(а) {winner} — счёт набран раньше ({times})",
                     "tie ({names}) broken by time: {winner} is eliminated — the score was completed first ({times})"),
    "tie_earliest_equal": ("ничья ({names}): счёт набран в одно время ({times}) — никто не выбывает",
                           "tie ({names}): the scores were completed at the same time ({times}) — nobody is eliminated"),
    "tie_all": ("ничья ({names}): выбывают все", "tie ({names}): all tied leaders are eliminated"),
    "tie_all_two": ("ничья ({names}) при двух живых: никто не выбывает",
                    "tie ({names}) with two alive: nobody is eliminated"),
    "tie_all_cap": ("ничья ({names}): больше {cap} выбыть не могут — никто не выбывает",
                    "tie ({names}): no more than {cap} may be eliminated — nobody is eliminated"),
    "gm_decides": ("ничья: решает ведущий ({names})", "tie: the GM decides ({names})"),
    "open_ahead_on_time": ("{lead}; по времени впереди {winner} ({times})",
                           "{lead}; ahead on time: {winner} ({times})"),
    "time_opening": ("открытие дня", "the day's opening"),
    # --explain story lines
    "story.final": ("окончательный голос («{word}»): его нельзя сменить или отменить",
                    "final ballot ('{word}'): it cannot be changed or withdrawn"),
    "story.edited_missed": ("прежний голос (пост {no}) не возвращается", "the earlier ballot (post {no}) does not come back"),
    "kind.gm_decides": ("решает ведущий", "gm_decides"),
    # `votecount init`: the house rules found in the GM's first post, as commented lines
    "draft.house_head": ("# Правила ведущего из поста {no}: каждая строка ниже — догадка. Проверьте её и уберите «#»\n"
                         "# (и у строки [rules]), чтобы она действовала; RULES.md, правила H.*",
                         "# House rules from the GM's post {no}: each line below is a guess. Check it and remove the '#'\n"
                         "# (from the [rules] line too) to make it count; RULES.md, rules H.*"),
    "draft.house_line": ("  # CHECK: «{words}» (пост {no})", "  # CHECK: '{words}' (post {no})"),
}
