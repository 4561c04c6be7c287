#!/usr/bin/env bash
# The README's second command: installs what the tests use (scripts/install-test-deps.sh:
# cmark, cmark-gfm and the browser-check stack), builds the release archive
# (scripts/release.sh) before the tests start, so that its build does not compete for
# the cores with the tests that time what they watch (the packed-executable test then
# finds it up to date), and runs every test with `swift test`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/install-test-deps.sh
echo "building the release archive the packed-executable test unpacks…"
bash scripts/release.sh >/dev/null
swift test "$@"
