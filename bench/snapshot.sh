#!/bin/bash
# Every output the project makes of its inputs, for a before/after comparison of a change that must
# not change behaviour (the layout move of issue 25 was checked so):
#   bench/snapshot.sh /tmp/after   (from the project root, the venv active; the same on the old
#   commit into /tmp/before), then diff -r /tmp/before /tmp/after: only the real games' timing line
#   and the batch line naming its output folder may differ.
# Covers: `posts -f json` and `init` of every corpus page and fixture page; every test game and the
# example in each format (json, table, bbcode, markdown, csv, html, --explain, without a game file,
# activity); batch over the test games; the 55 real games' figure (tests/realgames/measure.py).
out=$1; mkdir -p $out/posts $out/games $out/init
run() { local f=$1; shift; "$@" > $f.out 2> $f.err; echo $? > $f.rc; }
i=0
for p in $(find ../shared/corpus tests/fixtures/engines -name '*.html' | sort); do
  n=$(echo $p | tr '/' '_'); run $out/posts/$n votecount posts -f json "$p"
  run $out/init/$n votecount init "$p"
done
for g in tests/fixtures/games/*/ examples/zarechnaya/; do
  n=$(echo $g | tr '/' '_')
  gf=$g/game.toml; [ -f $gf ] || continue
  for f in json table bbcode markdown csv; do run $out/games/$n.$f votecount $g --game $gf -f $f; done
  run $out/games/$n.explain votecount $g --game $gf -f json --explain
  run $out/games/$n.html votecount $g --game $gf -f html
  run $out/games/$n.nogame votecount $g -f json
  run $out/games/$n.activity votecount activity $g --game $gf
done
run $out/batch votecount batch tests/fixtures/games -o $out/batchdir
python -m tests.realgames.measure > $out/realgames.out 2>&1
