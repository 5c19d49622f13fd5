#!/usr/bin/env bash
# Installs what the test suites need from Debian's packages: Chromium for the browser
# suite, a Chinese font so zh_CN screenshots show text rather than empty boxes, and
# PostgreSQL for the second database engine. Fails loudly when it cannot.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
id postgres >/dev/null 2>&1 || need+=(postgresql)
[ -n "$(fc-list :lang=zh 2>/dev/null)" ] || need+=(fonts-wqy-microhei)
if [ ${#need[@]} -eq 0 ]; then
  echo "provision: chromium, a Chinese font and postgresql are present"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "provision: missing ${need[*]} and not root; install them with apt-get (Debian packages chromium, fonts-wqy-microhei, postgresql)" >&2
  exit 1
fi
echo "provision: installing ${need[*]} from apt"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${need[@]}" >/dev/null
[ -x /usr/bin/chromium ] || { echo "provision: chromium did not install" >&2; exit 1; }
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { echo "provision: postgresql did not install" >&2; exit 1; }
[ -n "$(fc-list :lang=zh 2>/dev/null)" ] || { echo "provision: no Chinese font after installing fonts-wqy-microhei" >&2; exit 1; }
