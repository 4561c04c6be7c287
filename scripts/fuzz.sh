#!/usr/bin/env bash
# Coverage-guided fuzzing of the page pipeline, the template engine, the symbol-graph
# reader and the readers of settings files and icons (libFuzzer and AddressSanitizer,
# Sources/CvsiteFuzz), for a bounded time.
#
#   scripts/fuzz.sh [SECONDS] [RUNS]     defaults: 600 seconds, no limit on runs
#
# The seed corpus is made from the repository: every page of site-example and the
# default theme's templates, the guide's symbol graphs when they are made
# (scripts/symbol-graphs.sh), plus the hand-written seeds in Tests/Fixtures/fuzz-seeds.
# Findings (crash-*, timeout-*, leak-*, oom-*) are written to .build-fuzz/findings/ and
# replay without the fuzzer: `swift run CvsiteFuzz FILE`. Each input has 5 s at most.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
runs=${2:--1}
scratch=${CVSITE_FUZZ_SCRATCH:-.build-fuzz}
CVSITE_FUZZ=1 swift build -c release --scratch-path "$scratch" --product CvsiteFuzz --disable-experimental-prebuilts \
  --disable-default-traits
binary="$scratch/release/CvsiteFuzz"
corpus="$scratch/corpus"
findings="$scratch/findings"
mkdir -p "$corpus" "$findings"
seed() { # seed SELECTOR NAME FILE: the selector byte (0 page, 1 page with raw HTML, 2 template, 3 URL, f0 symbol graph, f1-f6 a project's settings files and icons: see FUZZING.md), then the file
  { printf "\\x$1"; cat "$3"; } > "$corpus/seed-$2"
}
for page in $(find site-example/content -name '*.md' | sort); do
  name=$(echo "$page" | tr '/' '-')
  seed 00 "$name" "$page"
  seed 01 "raw-$name" "$page"
done
for template in $(find themes/default/layouts -name '*.mustache' | sort); do
  seed 02 "$(echo "$template" | tr '/' '-')" "$template"
done
for graph in site-example/api/*.symbols.json; do
  [ -f "$graph" ] && seed f0 "$(basename "$graph")" "$graph"
done
for file in Tests/Fixtures/fuzz-seeds/*; do cp "$file" "$corpus/"; done
export CVSITE_THEMES="$PWD/themes"
# libFuzzer reports crashes itself; the Swift backtracer reads memory ASan then flags.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/scripts/fuzz-lsan.supp"
"$binary" "$corpus" -max_total_time="$seconds" -runs="$runs" -timeout=5 -rss_limit_mb=4096 -max_len=65536 \
  -detect_leaks=1 -print_final_stats=1 -artifact_prefix="$findings/" 2>&1 | tee "$scratch/fuzz.log" | grep -E '^#[0-9]+ +(INITED|DONE|pulse)|^(stat::|==|SUMMARY|Done)'
