#!/usr/bin/env bash
# Regenerates the committed seed corpora of tests/fuzz/corpus/ (small: each
# file a few KB). Run after scripts/run-fuzzers.sh has configured build-fuzz/.
#   tile_xml       the tile XML of tests/tiles/data and the first tiles of
#                  host/data/basic.xml
#   jcz_replay     small scenarios of tests/scenarios (every expansion)
#   module_hook_*  state and request bytes of replayed scenarios
#   effect_applier the shipped module's responses to those, and a few more
#                  (make_fuzz_seeds.cpp)
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=tests/fuzz/corpus
rm -rf "$corpus"
mkdir -p "$corpus/tile_xml" "$corpus/jcz_replay"
cp tests/tiles/data/*.xml "$corpus/tile_xml/"
# The first tile-set and ten tiles of basic.xml, as a document of its own.
python3 - host/data/basic.xml "$corpus/tile_xml/basic-head.xml" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
tiles = re.findall(r"<tile .*?</tile>", text, re.S)[:10]
ids = [re.search(r'id="([^"]+)"', t).group(1) for t in tiles]
refs = "".join(f'<ref tile="{i}" count="1"/>' for i in ids)
open(sys.argv[2], "w").write("<tiles>\n" + "\n".join(tiles) + f'\n<tile-set id="head:1">{refs}</tile-set>\n</tiles>\n')
PY
for f in base-city-pennant base-undo base-field lb-tiny-city lb-monastery-area hf-legal-token-corner \
         hf-legal-corners legacy-5.7-draw-order; do
  cp "tests/scenarios/$f.jcz" "$corpus/jcz_replay/"
done
cmake --build build-fuzz --target make_fuzz_seeds
build-fuzz/bin/make_fuzz_seeds "$corpus"
du -sh "$corpus"/*
