#!/usr/bin/env bash
# Writes the symbol graphs of the ContainerViews library into site-example/api/, where the
# user guide's `symbolGraphs:` setting reads them for its API reference. Extracts them
# from the module a build left (the release build of scripts/release.sh, else a debug
# build), with the toolchain's swift-symbolgraph-extract.
#
#   scripts/symbol-graphs.sh [OUTPUT_FOLDER]     (default site-example/api)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
output="${1:-$root/site-example/api}"
modules=""
for candidate in "$root/.build-release/release/Modules" "$root/.build/release/Modules" "$root/.build/debug/Modules"; do
  if [ -e "$candidate/ContainerViews.swiftmodule" ]; then modules="$candidate"; break; fi
done
if [ -z "$modules" ]; then
  echo "symbol-graphs.sh: no ContainerViews.swiftmodule: build the package first (scripts/release.sh or swift build)" >&2
  exit 2
fi
rm -rf "$output"
mkdir -p "$output"
swift-symbolgraph-extract -module-name ContainerViews -I "$modules" -target "$(uname -m)-unknown-linux-gnu" \
  -minimum-access-level public -output-dir "$output"
echo "symbol graphs of ContainerViews in $output"
