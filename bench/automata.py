"""pyahocorasick against ahocorasick-rs for the nick automaton (votecount/ballots/nickscan.py).

    python bench/automata.py        # needs: pip install ahocorasick-rs (pyahocorasick is a dependency)

The roster of the generated 50-page thread (bench/mybbru_thread.py) with its forms as
names.Matcher builds them; the text scanned is every post of that thread, folded into the
skeleton that windows() reads. Build: best of 20; scan: every post once, best of 15. Both must
report the same start positions (overlapping hits included).
"""

from __future__ import annotations

import time
from pathlib import Path

WORK = Path(__file__).resolve().parent / "work"


def main() -> None:
    import ahocorasick
    import ahocorasick_rs

    from votecount import api
    from votecount.ballots import reading as ballots, names
    from votecount.count import game as game_mod

    folder = WORK / "archive" / "t99999-mybbru-generated"
    game = game_mod.load(str(folder / "game.toml"))
    thread = api.read([str(folder)], api.zone(game.timezone), jobs=1)
    matcher = names.Matcher([names.Player(p.nick, p.aliases) for p in game.players])
    forms = sorted(matcher.forms)
    texts = []
    for post in thread.posts:
        words = ballots.WORD.findall(ballots.fold(post.text))
        texts.append(" ".join(w.casefold().replace("ё", "е").translate(names._SKELETON) for w in words))

    def build_py():
        a = ahocorasick.Automaton(ahocorasick.STORE_INTS)
        for f in forms:
            a.add_word(f, len(f))
        a.make_automaton()
        return a

    def build_rs():
        return ahocorasick_rs.AhoCorasick(forms, matchkind=ahocorasick_rs.MATCHKIND_STANDARD)

    def scan_py(a):
        return [{end - n + 1 for end, n in a.iter(t)} for t in texts]

    def scan_rs(a):
        return [{start for _, start, _ in a.find_matches_as_indexes(t, overlapping=True)} for t in texts]

    def best(fn, arg, n):
        out = 9e9
        for _ in range(n):
            t0 = time.perf_counter()
            fn(arg) if arg is not None else fn()
            out = min(out, time.perf_counter() - t0)
        return out

    py, rs = build_py(), build_rs()
    same = scan_py(py) == scan_rs(rs)
    chars = sum(map(len, texts))
    print(f"{len(forms)} forms, {len(texts)} posts, {chars / 1e6:.2f} M characters; same hits: {same}")
    for name, build, scan, a in (("pyahocorasick", build_py, scan_py, py), ("ahocorasick-rs", build_rs, scan_rs, rs)):
        b, s = best(build, None, 20), best(scan, a, 15)
        print(f"  {name:15} build {b * 1e6:7.0f} µs   scan {s * 1e3:6.1f} ms ({s / len(texts) * 1e6:.1f} µs a post)")
    t0 = time.perf_counter()
    for t in texts:
        ws = t.split(" ")
        for size in (3, 2, 1):
            for i in range(len(ws) - size + 1):
                w = " ".join(ws[i:i + size]).strip(names._EDGE_CHARS)
                _ = w in matcher.forms or w[:-1] in matcher.forms or w[:-2] in matcher.forms
    print(f"  {'every run tried':15} (windows() before the automaton, its tests only) "
          f"{(time.perf_counter() - t0) * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
