#!/usr/bin/env bash
# Installs the packages that building and testing libwarrules need, on Debian
# (as root, through apt-get). Elsewhere it names what is missing and stops.
set -euo pipefail
packages=(cmake make gcc g++ clang libclang-rt-14-dev gcc-multilib pkg-config libcmocka-dev doxygen
          python3 python3-numpy python3-dask python3-distributed python3-venv python3-pip python3-mypy
          lua5.1 liblua5.1-0-dev lua5.2 liblua5.2-dev lua5.3 liblua5.3-dev lua5.4 liblua5.4-dev
          luajit libluajit-5.1-dev luarocks librsvg2-bin gcovr abigail-tools valgrind
          love xvfb xauth libgl1-mesa-dri clang-format)

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
# Wait for a dpkg lock that another apt-get holds (up to 10 minutes) rather
# than failing at once.
lock=(-o DPkg::Lock::Timeout=600)
apt-get "${lock[@]}" update -qq
apt-get "${lock[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
