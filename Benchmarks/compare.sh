#!/usr/bin/env bash
# Side-by-side build benchmark on the corpus of Benchmarks/gen_corpus.py, all figures from
# one hyperfine run on this machine (medians and ratios):
#   floor    - libcmark renders every page of the corpus AND writes it as OUT/<page>/index.html,
#              on all cores (Benchmarks/floor.c): the least any generator must do for the
#              same output files
#   cmark    - the cmark CLI over the corpus to /dev/null (parse + render only, one core)
#   cvsite   - a cold `cvsite build` of the corpus
#   hugo     - Hugo on the same Markdown bytes
# Every command that writes starts by deleting its previous output, so all pay the same
# file-system cost. The peak RSS of cvsite comes from one extra cold build under GNU time.
# The cvsite copy of the corpus goes through the same `sed` as PreviewBenchmark
# (`{tab=...}`/`{step=...}` to the default theme's `{value=...}`/`{status=...}`); the
# generator writes those names already, so the Markdown of both copies stays the same.
# hyperfine, cmark, hugo, pkg-config and libcmark-dev are installed with apt-get when missing.
#
# usage: Benchmarks/compare.sh [PAGES] [CVSITE_BINARY]    defaults: 1000, .build/release/cvsite
# env:   RUNS (default 5),
#        OUTPUT_ROOT (default: the work folder): where every command writes its output, for
#        example /dev/shm to measure without the file system's inode allocation costs.
# Prints a markdown table of medians and the ratios cvsite/floor and hugo/cvsite.
set -euo pipefail
n=${1:-1000}
bin=$(realpath "${2:-.build/release/cvsite}")
here=$(cd "$(dirname "$0")" && pwd)
for tool in hyperfine cmark hugo pkg-config; do
  command -v "$tool" >/dev/null || { apt-get install -y "$tool" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$tool" >/dev/null; }; }
done
dpkg -s libcmark-dev >/dev/null 2>&1 || apt-get install -y libcmark-dev >/dev/null
work=$(mktemp -d)
root=${OUTPUT_ROOT:-$work}/cvsite-bench-$$
trap 'rm -rf "$work" "$root"' EXIT
mkdir -p "$root"
cc -O2 -o "$work/floor" "$here/floor.c" $(pkg-config --cflags --libs libcmark) -lpthread
python3 "$here/gen_corpus.py" "$n" "$work/cv" --flavor cvsite
python3 "$here/gen_corpus.py" "$n" "$work/hu" --flavor hugo
find "$work/cv/content" -name '*.md' -print0 | xargs -0 sed -i -E \
  -e 's/\{tab=([a-z]+)\}/{value=\1}/' -e 's/\{step=pending\}/{status=todo}/' -e 's/\{step=([a-z]+)\}/{status=\1}/'
(cd "$work/cv/content" && find . -name '*.md' -print0 | sort -z) > "$work/list"
if [ -x /usr/bin/time ]; then
  (cd "$work/cv" && /usr/bin/time -f "%M" -o "$work/mem" "$bin" build --quiet --output "$root/cv" >/dev/null) || true
  echo "cvsite peak RSS: $(( $(cat "$work/mem") / 1024 )) MiB" >&2
  rm -rf "$root/cv"
fi
hyperfine --style basic -w 1 -r "${RUNS:-5}" --export-json "$work/r.json" \
  -n floor  "rm -rf $root/fl; $work/floor $work/cv/content $root/fl < $work/list" \
  -n cmark  "cd $work/cv/content && xargs -0 -n 500 cmark < $work/list > /dev/null" \
  -n cvsite "rm -rf $root/cv; cd $work/cv && $bin build --quiet --output $root/cv > /dev/null" \
  -n hugo   "rm -rf $root/hu; cd $work/hu && hugo --quiet -d $root/hu > /dev/null" >&2
python3 - "$work/r.json" "$n" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
m = {k: v["median"] for k, v in r.items()}
n = int(sys.argv[2])
print("| pages | floor (cmark+write, all cores) s | cmark CLI s | cvsite s | hugo s | cvsite/floor | hugo/cvsite | cvsite ms/page |")
print("|---|---|---|---|---|---|---|---|")
print(f"| {n} | {m['floor']:.3f} | {m['cmark']:.3f} | {m['cvsite']:.3f} | {m['hugo']:.3f} | {m['cvsite']/m['floor']:.2f} | {m['hugo']/m['cvsite']:.2f} | {1000*m['cvsite']/n:.3f} |")
PY
