#!/usr/bin/env bash
# Writes the symbol graphs of the ContainerViews library into site-example/api/, where the
# user guide's `symbolGraphs:` setting reads them for its API reference. Compiles the
# library's module on its own, with its default trait's `@Entry` macro declared (the
# executable's builds leave the macro out), and extracts its public symbols with the
# toolchain's swift-symbolgraph-extract.
#
#   scripts/symbol-graphs.sh [OUTPUT_FOLDER]     (default site-example/api)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
output="${1:-$root/site-example/api}"
target="$(uname -m)-unknown-linux-gnu"
modules="$(mktemp -d)"
trap 'rm -rf "$modules"' EXIT
# The macro's implementation is not built here: declaring it needs none (its warning
# that the plugin is missing is expected, and suppressed).
swiftc -emit-module -parse-as-library -module-name ContainerViews -target "$target" -D ENTRY_MACRO \
  -swift-version 6 -suppress-warnings -emit-module-path "$modules/ContainerViews.swiftmodule" \
  "$root"/Sources/ContainerViews/*.swift
rm -rf "$output"
mkdir -p "$output"
swift-symbolgraph-extract -module-name ContainerViews -I "$modules" -target "$target" \
  -minimum-access-level public -output-dir "$output"
echo "symbol graphs of ContainerViews in $output"
