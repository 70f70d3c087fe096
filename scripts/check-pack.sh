#!/usr/bin/env bash
# Proves the published package works: pack it, install the tarball globally into a fresh prefix,
# and run the installed `agents` for real (emulator, create, invoke). Every runtime library is
# bundled into dist/ by esbuild, so the install must add no package but this one.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
emulator_pid=
trap '[ -n "$emulator_pid" ] && kill "$emulator_pid" 2>/dev/null; rm -rf "$work"' EXIT
tarball=$(npm pack --silent --pack-destination "$work" | tail -n 1)
started=$(date +%s%N)
npm install -g --silent --no-audit --no-fund --prefix "$work/prefix" "$work/$tarball"
install_ms=$(( ($(date +%s%N) - started) / 1000000 ))
installed="$work/prefix/bin/agents"
# A package is a folder right under a node_modules (or under its @scope): bin/package.json, which
# marks bin/ as CommonJS, is not one.
packages=$(find "$work/prefix/lib/node_modules" -name package.json \
  \( -regex '.*/node_modules/[^/@][^/]*/package.json' -o -regex '.*/node_modules/@[^/]+/[^/]+/package.json' \) | wc -l)
[ "$packages" = 1 ] || { echo "the install added $packages packages, expected 1 (runtime libraries must be bundled)" >&2; exit 1; }

version=$("$installed" --version)
expected=$(node -p "require('./package.json').version")
[ "$version" = "$expected" ] || { echo "installed agents printed '$version', expected '$expected'" >&2; exit 1; }
"$installed" --help > /dev/null
set +e
"$installed" no-such-command 2> /dev/null
code=$?
set -e
[ "$code" = 2 ] || { echo "installed agents exited $code on an unknown command, expected 2" >&2; exit 1; }

# The bundled undici, zod, commander and conf, used for real.
export AGENTS_CONFIG_DIR="$work/config"
"$installed" emulator --port 0 --json --token-delay 0 > "$work/emulator.json" 2> /dev/null &
emulator_pid=$!
for _ in $(seq 50); do [ -s "$work/emulator.json" ] && break; sleep 0.1; done
AGENTS_BASE_URL=$(node -p "require('$work/emulator.json').baseUrl")
AGENTS_TOKEN=$(node -p "require('$work/emulator.json').token")
export AGENTS_BASE_URL AGENTS_TOKEN
id=$("$installed" create -q --name packed --description d --llm-model GPT_4_TURBO)
answer=$("$installed" invoke "$id" "hello" --no-session)
case "$answer" in *'You said: "hello"'*) ;; *) echo "installed agents answered '$answer'" >&2; exit 1 ;; esac

size=$(wc -c < "$work/$tarball")
echo "pack check: $tarball ($(( size / 1024 )) KiB) installs 1 package in ${install_ms} ms and runs (agents $version: emulator, create, invoke)"
