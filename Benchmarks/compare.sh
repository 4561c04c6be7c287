#!/usr/bin/env bash
# cvsite vs the cmark floor vs Hugo on the shared corpus, one hyperfine run, medians and
# ratios. Same as ../shared/bench/compare.sh except for one step: the corpus writes
# `{tab=...}` and `{step=...}` (with `step=pending`), while the default theme declares
# `value` and `status` (todo|current|done) as spec/markdown.md §6 says; the cvsite copy
# of the corpus is rewritten to those names (same page count, same Markdown otherwise).
#
# usage: Benchmarks/compare.sh [PAGES] [CVSITE_BINARY]    defaults: 1000, .build/release/cvsite
# env:   RUNS (default 5), SHARED (default ../shared beside the repository),
#        OUTPUT_ROOT (default: each corpus folder): where both tools write their output, for
#        example /dev/shm to measure without the file system's inode allocation costs.
set -euo pipefail
n=${1:-1000}
bin=$(realpath "${2:-.build/release/cvsite}")
here=$(cd "$(dirname "$0")" && pwd)
shared=${SHARED:-$(cd "$here/../../shared" && pwd)}
for tool in hyperfine cmark hugo; do
  command -v "$tool" >/dev/null || { apt-get install -y "$tool" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y "$tool" >/dev/null; }; }
done
work=$(mktemp -d)
out=${OUTPUT_ROOT:+$OUTPUT_ROOT/cvsite-bench-$$}
trap 'rm -rf "$work" ${out:+"$out"}' EXIT
if [ -n "$out" ]; then cv_out=$out/cv/public hu_out=$out/hu/public; else cv_out=$work/cv/public hu_out=$work/hu/public; fi
mkdir -p "$(dirname "$cv_out")" "$(dirname "$hu_out")"
python3 "$shared/bench/gen_corpus.py" "$n" "$work/cv" --flavor cvsite
python3 "$shared/bench/gen_corpus.py" "$n" "$work/hu" --flavor hugo
find "$work/cv/content" -name '*.md' -print0 | xargs -0 sed -i -E \
  -e 's/\{tab=([a-z]+)\}/{value=\1}/' -e 's/\{step=pending\}/{status=todo}/' -e 's/\{step=([a-z]+)\}/{status=\1}/'
find "$work/cv/content" -name '*.md' -print0 | sort -z > "$work/list"
# Peak memory of one cold build, from GNU time when present.
if [ -x /usr/bin/time ]; then
  (cd "$work/cv" && /usr/bin/time -f "%M" -o "$work/mem" "$bin" build --quiet --output "$cv_out" >/dev/null) || true
  echo "cvsite peak RSS: $(( $(cat "$work/mem") / 1024 )) MiB" >&2
  rm -rf "$cv_out"
fi
hyperfine --style basic -w 1 -r "${RUNS:-5}" --export-json "$work/r.json" \
  -n floor  "xargs -0 -n 500 cmark < $work/list > /dev/null" \
  -n cvsite "rm -rf $cv_out; cd $work/cv && $bin build --quiet --output $cv_out > /dev/null" \
  -n hugo   "rm -rf $hu_out; cd $work/hu && hugo --quiet -d $hu_out > /dev/null" >&2
python3 - "$work/r.json" "$n" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
med = {k: v["median"] for k, v in r.items()}
n = int(sys.argv[2])
print("| pages | floor (cmark) s | cvsite s | hugo s | cvsite/floor | hugo/cvsite | cvsite ms/page |")
print("|---|---|---|---|---|---|---|")
print(f"| {n} | {med['floor']:.3f} | {med['cvsite']:.3f} | {med['hugo']:.3f} | {med['cvsite']/med['floor']:.2f} | {med['hugo']/med['cvsite']:.2f} | {1000*med['cvsite']/n:.3f} |")
PY
