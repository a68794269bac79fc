#!/usr/bin/env bash
# The test suites need three things npm cannot install: Debian's Chromium (Playwright cannot
# download a browser here), PostgreSQL (the server suite runs on it too) and nginx (the deployment
# test runs the repository's nginx site in front of two app processes). On Debian as root we
# install them; anywhere else we say what is missing and stop.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)
[ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || missing+=(nginx)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

cat >&2 <<MSG
The test suites need these system packages: ${missing[*]}.
Install them with your package manager (Debian/Ubuntu: sudo apt-get install ${missing[*]}),
or point CHROMIUM_PATH at a Chromium binary (NGINX_PATH at an nginx binary), then run npm test again.
MSG
exit 1
