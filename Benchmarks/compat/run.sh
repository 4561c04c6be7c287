#!/usr/bin/env bash
# Builds every project of projects.tsv with cvsite and measures what it published.
#
#   bash Benchmarks/compat/run.sh MIRRORS [OUT]
#
# MIRRORS holds one bare git repository per project, at MIRRORS/OWNER+NAME/repo (or at
# MIRRORS/OWNER+NAME when that is itself the git directory). For each row the commit's
# tree is extracted into a fresh temporary folder, made a git repository (`git init`: a
# site may include files of its own repository), built with
#
#   ${CVSITE:-cvsite} build WORK/FOLDER --output WORK/out --quiet --format json --jobs JOBS
#
# under `timeout ${TIMEOUT:-300}`, and measured by measure.py, which appends one row to
# OUT (default Benchmarks/compat/results.tsv, replaced at the start) and writes
# OUT-without-.tsv.details/OWNER+NAME.json (examples, first errors, warning kinds) and
# OWNER+NAME.stderr (the diagnostics as printed). When `git archive` fails (the mirrors
# lack files of 4 MiB and more), extract.py writes what the snapshot has, the missing files
# as empty ones, listed in OWNER+NAME.missing.
#
# A folder written `FOLDER:FILE` is built with `--settings FILE`.
#
# Environment: CVSITE (the executable), TIMEOUT (seconds per project, 300), JOBS (cvsite's
# --jobs, 1 so that the machine stays usable), ONLY (a regular expression: only the
# repositories it matches), KEEP (a folder: keep each extracted tree and output there
# instead of deleting them), RENDER_SAMPLE (12: when a build fails with errors in the
# content, measure.py renders that many of its pages with `cvsite render` and measures
# those instead; 0 turns it off).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ $# -lt 1 ]]; then
    echo "usage: $0 MIRRORS [OUT]" >&2
    exit 2
fi
mirrors="$(cd "$1" && pwd)"
out="${2:-$here/results.tsv}"
cvsite="${CVSITE:-cvsite}"
limit="${TIMEOUT:-300}"
jobs="${JOBS:-1}"
only="${ONLY:-}"
keep="${KEEP:-}"
sample="${RENDER_SAMPLE:-12}"
details="${out%.tsv}.details"

mkdir -p "$(dirname "$out")" "$details"
: >"$out"

tail -n +2 "$here/projects.tsv" | while IFS=$'\t' read -r generator repository commit folder note; do
    # `FOLDER:FILE`: the folder built with `--settings FILE`, as the project's own build
    # names its settings (Textual's `mkdocs build -f mkdocs-online.yml`).
    settings=()
    if [[ "$folder" == *:* ]]; then
        settings=(--settings "${folder#*:}")
        folder="${folder%%:*}"
    fi
    [[ -z "$generator" || "$generator" == \#* ]] && continue
    if [[ -n "$only" && ! "$repository" =~ $only ]]; then
        continue
    fi
    name="${repository/\//+}"
    mirror="$mirrors/$name/repo"
    [[ -d "$mirror" ]] || mirror="$mirrors/$name"

    if [[ -n "$keep" ]]; then
        work="$keep/$name"
        rm -rf "$work"
        mkdir -p "$work"
    else
        work="$(mktemp -d "${TMPDIR:-/tmp}/cvsite-compat.XXXXXX")"
    fi
    tree="$work/tree"
    mkdir -p "$tree"
    stderr="$details/$name.stderr"
    : >"$stderr"

    status=0
    seconds=0
    if ! git -C "$mirror" cat-file -e "$commit^{commit}" 2>/dev/null; then
        echo "error: no mirror of $repository with commit $commit at $mirror" >"$stderr"
        status=no-mirror
    else
        missing="$details/$name.missing"
        : >"$missing"
        if ! (git -C "$mirror" archive "$commit" | tar -x -C "$tree") 2>/dev/null; then
            # the snapshot lacks some blobs (files of 4 MiB and more): extract what is there
            rm -rf "$tree"
            mkdir -p "$tree"
            python3 "$here/extract.py" "$mirror" "$commit" "$tree" >"$missing"
        fi
        git -C "$tree" init -q
        start=$(date +%s%N)
        timeout "$limit" "$cvsite" build "$tree/$folder" --output "$work/out" --quiet \
            --format json --jobs "$jobs" "${settings[@]}" >"$work/stdout" 2>"$stderr" || status=$?
        tenths=$(( ($(date +%s%N) - start) / 100000000 ))
        seconds="$((tenths / 10)).$((tenths % 10))"
        if [[ "$status" == 124 ]]; then
            echo "error: timed out after $limit s" >>"$stderr"
        fi
    fi

    python3 "$here/measure.py" --generator "$generator" --repository "$repository" \
        --commit "$commit" --folder "$folder" --site "$tree/$folder" --output "$work/out" \
        --diagnostics "$stderr" --exit "$status" --seconds "$seconds" \
        --cvsite "$cvsite" --render-sample "$sample" \
        --missing "$details/$name.missing" --results "$out" --details "$details" || echo "measure.py failed on $repository" >&2

    if [[ -z "$keep" ]]; then
        rm -rf "$work"
    fi
done
