#!/usr/bin/env bash
# Runs the browser and HTML checks.
#   Tests/browser/run.sh              # fixture pages of the default theme (rendered by a Swift test)
#   Tests/browser/run.sh SITE_OUTPUT  # any built site, e.g. site-example/public
# Screenshots go to $CVSITE_SCREENSHOTS (default: .build/browser-screenshots).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
shots="${CVSITE_SCREENSHOTS:-$root/.build/browser-screenshots}"
if [ $# -ge 1 ]; then
  site="$(cd "$1" && pwd)"
else
  site="${TMPDIR:-/tmp}/cvsite-browser-fixture"
  rm -rf "$site"
  (cd "$root" && CVSITE_FIXTURE_OUT="$site" swift test ${CVSITE_SCRATCH:+--scratch-path "$CVSITE_SCRATCH"} \
    --filter CvsiteSiteTests.BrowserFixturePagesTests)
fi
python3 "$here/check.py" "$site" --screenshots "$shots"
