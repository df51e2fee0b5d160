#!/usr/bin/env bash
# Installs the packages that building and testing libwarrules need, on Debian
# (as root, through apt-get). Elsewhere it names what is missing and stops.
set -euo pipefail
packages=(cmake make gcc g++ clang libclang-rt-14-dev gcc-multilib pkg-config libcmocka-dev doxygen
          python3 lua5.4 liblua5.4-dev abigail-tools valgrind librsvg2-bin)

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
else
    echo "install-deps: not a Debian system; install these (or your system's equivalents): ${packages[*]}" >&2
    for tool in cmake cc pkg-config doxygen; do
        command -v "$tool" >/dev/null 2>&1 || { echo "install-deps: '$tool' is missing" >&2; exit 1; }
    done
    exit 0
fi
((${#missing[@]})) || exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: missing packages: ${missing[*]}" >&2
    echo "install-deps: run as root on Debian, or: sudo apt-get install ${missing[*]}" >&2
    exit 1
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
