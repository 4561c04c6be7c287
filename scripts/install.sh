#!/usr/bin/env bash
# Puts cvsite on PATH: copies the executable beside this script (or the one named) to
# /usr/local/bin when run as root, ~/.local/bin otherwise (no root needed), or --prefix.
#
#   ./install.sh                    from an unpacked cvsite-<version>-linux-<arch>.tar.gz
#   ./install.sh --prefix DIR       into DIR instead
#   ./install.sh PATH/TO/cvsite     another executable
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source_binary="$here/cvsite"
target=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) target="$2"; shift 2 ;;
    -h | --help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) source_binary="$1"; shift ;;
  esac
done
[ -x "$source_binary" ] || { echo "install.sh: no executable at $source_binary" >&2; exit 2; }
if [ -z "$target" ]; then
  if [ "$(id -u)" -eq 0 ]; then target=/usr/local/bin; else target="$HOME/.local/bin"; fi
fi
mkdir -p "$target"
install -m 755 "$source_binary" "$target/cvsite"
echo "installed $("$target/cvsite" --version) at $target/cvsite"
case ":$PATH:" in
  *":$target:"*) ;;
  *) echo "note: $target is not on PATH; add it, for example: echo 'export PATH=\"$target:\$PATH\"' >> ~/.profile" ;;
esac
