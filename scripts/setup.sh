#!/usr/bin/env bash
# The README's first command: installs what building cvsite needs, builds the release
# executable and its archive (scripts/release.sh), installs it from the archive
# (install.sh: /usr/local/bin as root, ~/.local/bin otherwise), then builds the user
# guide in site-example/ with it (and the library's API reference, scripts/symbol-graphs.sh) and says where the output is and how to preview it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/install-build-deps.sh"
echo "building the release executable (a few minutes the first time)…"
archive="$(bash "$root/scripts/release.sh" | tail -n 1)"
unpacked="$(mktemp -d)"
trap 'rm -rf "$unpacked"' EXIT
tar -xzf "$archive" -C "$unpacked"
installed="$(bash "$unpacked"/cvsite-*/install.sh | tee /dev/stderr | sed -n 's/^installed .* at //p')"
# The guide publishes the library's API reference from its symbol graphs.
bash "$root/scripts/symbol-graphs.sh" >/dev/null ||
  echo "(the guide is built without its API reference: see the message above)" >&2
"$installed" build "$root/site-example" --quiet
echo
echo "archive:    $archive"
echo "user guide: $root/site-example/public/ (built by $installed)"
echo "preview it: cvsite serve $root/site-example   (then open http://127.0.0.1:1313/)"
