"""The sentences of reading boards' pages (votecount/engines: the generic reader's warning), in
Russian and English: part of the one catalogue (messages.MESSAGES holds them), kept here so that
messages.py stays readable."""

BOARD_MESSAGES: dict[str, tuple[str, str]] = {
    # --engine generic: what the page's structure gave, each element named by its label.
    "warning.generic_engine": (
        "движок форума неизвестен (--engine generic), посты найдены по строению страницы; выведено: "
        "блок поста — <{block}> ({posts}), автор — <{author}>, время — <{time}>, текст — <{body}>; "
        "не взято похожих блоков: {skipped}; правки постов не читаются — проверьте `votecount posts`",
        "forum engine unknown (--engine generic), posts found by the page's structure; inferred: "
        "post block <{block}> ({posts}), author <{author}>, time <{time}>, body <{body}>; "
        "like blocks not taken: {skipped}; post edits are not read — check with `votecount posts`"),
}
