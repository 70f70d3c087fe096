#!/usr/bin/env bash
# Proves the published package works: pack it, install the tarball globally into a
# fresh prefix, and run the installed `agents`.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(npm pack --silent --pack-destination "$work" | tail -n 1)
npm install -g --silent --no-audit --no-fund --prefix "$work/prefix" "$work/$tarball"
installed="$work/prefix/bin/agents"
version=$("$installed" --version)
expected=$(node -p "require('./package.json').version")
[ "$version" = "$expected" ] || { echo "installed agents printed '$version', expected '$expected'" >&2; exit 1; }
"$installed" --help > /dev/null
set +e
"$installed" no-such-command 2> /dev/null
code=$?
set -e
[ "$code" = 2 ] || { echo "installed agents exited $code on an unknown command, expected 2" >&2; exit 1; }
echo "pack check: $tarball installs into a fresh prefix and runs (agents $version)"
