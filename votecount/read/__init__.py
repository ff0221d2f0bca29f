"""Reading a thread: THREAD arguments → pages' bytes (sources.py: files, folders, .zip, -;
fetch.py, http.py, cookies.py, manifest.py: live threads, the only network code) → trees
(pages.py: the one place that decodes charsets) → posts by the engine records → one Thread
(thread.py: merged, ordered, gaps and conflicts said; pipeline.py runs the steps, in worker
processes for a long thread; postsfile.py reads a posts file instead of pages); zone.py: the
zone and language the saved pages state, which a count without --tz or a game file takes.

May import: votecount.engines, votecount.model, votecount.errors, votecount.parallel,
votecount.messages (plurals of fetch errors), votecount (the version, for the User-Agent)."""
