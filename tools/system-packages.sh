#!/usr/bin/env bash
# Installs the system packages the tests drive for real, when they are missing:
# a PostgreSQL server (the tests start a throwaway cluster), a Redis server (the tests
# start a throwaway one, to count limits shared by two servers), Chromium (browser tests)
# and tmux (the terminal board read back from a real terminal's screen).
set -euo pipefail

missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
((${#missing[@]})) || exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "The tests need ${missing[*]}; install them with your package manager." >&2
    exit 1
fi
sudo=()
[[ $(id -u) == 0 ]] || sudo=(sudo)
echo "Installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
