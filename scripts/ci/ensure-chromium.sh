#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests (test/e2e/serve-browser.test.ts) when no
# Chromium is on the machine. playwright-core drives this system browser through
# `executablePath`; Playwright's own browser download cannot reach its host here.
set -euo pipefail

for candidate in "${ELWOOD_CHROMIUM:-}" chromium chromium-browser; do
  if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1; then
    echo "chromium: using $(command -v "$candidate")"
    exit 0
  fi
done

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: not found and cannot apt-get install it here (need root on Debian);" \
    "install chromium or set ELWOOD_CHROMIUM to a Chromium executable" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
echo "chromium: installed $(command -v chromium)"
