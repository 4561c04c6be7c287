#!/usr/bin/env bash
# Installs what building cvsite needs on Debian, skipping what is already there:
# libcmark-dev (the Markdown parser), libpcre2-dev (the regex engine of code colouring),
# libgtksourceview-5-common (the language definitions compiled into the executable; data
# only) and pkg-config (which SwiftPM asks where the two libraries are).
set -euo pipefail
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
packages=()
for package in libcmark-dev libpcre2-dev libgtksourceview-5-common pkg-config; do
  dpkg -s "$package" >/dev/null 2>&1 || packages+=("$package")
done
if [ ${#packages[@]} -gt 0 ]; then
  echo "installing: ${packages[*]}"
  sudo_if_needed apt-get update -qq
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
fi
