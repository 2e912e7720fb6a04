#!/usr/bin/env bash
# Installs what the build, the product and the tests need on Debian 12 — only what is missing.
# The last line is the Debian package's: dpkg-shlibdeps and the validators (test-package.sh).
# Safe to run again: it checks dpkg first and does nothing when everything is present.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config git curl
    qt6-base-dev qt6-httpserver-dev qt6-websockets-dev qt6-charts-dev libqt6opengl6-dev
    libqt6sql6-sqlite libqt6sql6-psql nlohmann-json3-dev qt6-tools-dev qt6-l10n-tools
    qt6-svg-dev qt6-translations-l10n xvfb xauth sqlite3 libsqlite3-dev nodejs npm clang libclang-rt-14-dev lld openssl
    postgresql ccache
    dpkg-dev lintian desktop-file-utils appstream
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# node and npm may come from outside Debian's packages; a working binary is enough.
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
    missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
filtered=()
for p in "${missing[@]}"; do [ -n "$p" ] && filtered+=("$p"); done

if [ ${#filtered[@]} -gt 0 ]; then
    echo "deps: installing ${filtered[*]}"
    sudo_cmd=()
    [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
        "${filtered[@]}"
else
    echo "deps: all system packages present"
fi
