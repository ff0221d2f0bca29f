"""The modules split out of ballots, fetch and batch: each old module still names what moved,
so code (and pickled batch jobs) that imports the old names reads the same objects."""


def test_ballots_still_names_the_runs_and_the_bold_vote_reader():
    from votecount import ballots, bold_vote, runs
    assert ballots.read_bold is bold_vote.read_bold
    assert ballots.runs is runs.runs and ballots.Run is runs.Run and ballots.WORD is runs.WORD


def test_fetch_still_names_the_http_pieces():
    from votecount import fetch, fetch_http
    for name in ("FetchOptions", "FetchedPage", "USER_AGENT", "_Clock", "clean_url", "is_url", "retry_after"):
        assert getattr(fetch, name) is getattr(fetch_http, name), name


def test_batch_still_names_finding_and_tables():
    from votecount import batch, batch_find, batch_tables
    for name in ("Job", "GAME_FILE", "discover", "make_jobs"):
        assert getattr(batch, name) is getattr(batch_find, name), name
    for name in ("COLUMNS", "TABLES", "FORMATS", "result_rows", "write_tables"):
        assert getattr(batch, name) is getattr(batch_tables, name), name
