#!/usr/bin/env bash
# `bash scripts/ci-node.sh` prints the folder of a `node` that the project supports (`engines`:
# 22.12 or later), for the test command and CI to put first on PATH: the machine's own when it is
# supported, else the newest release of the line in .nvmrc, taken from the npm registry (the
# official binaries, published as node-<os>-<arch>) and kept in ~/.cache/glossa-node/<version>.
# `bash scripts/ci-node.sh 26` fetches the newest 26 whatever the machine has. Messages go to
# stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "ci-node: $*" >&2; }
major="${1:-}"

if [ -z "$major" ] && command -v node >/dev/null; then
  current="$(node -p 'process.versions.node')"
  if node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'; then
    say "the machine's Node $current is supported"
    dirname "$(command -v node)"
    exit 0
  fi
  say "the machine's Node $current is not supported (22.12 or later)"
fi
major="${major:-$(tr -dc '0-9' < .nvmrc)}"

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) say "no Node binaries on the npm registry for $(uname -s)"; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) say "no Node binaries on the npm registry for $(uname -m)"; exit 1 ;;
esac
package="node-$os-$arch"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/glossa-node"

# The newest release of the line; offline, the newest one already in the cache.
newest() { sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1; }
version="$(npm view "$package@^$major" version --json 2>/dev/null |
  grep -o "\"$major\.[0-9]*\.[0-9]*\"" | tr -d '"' | newest || true)"
if [ -z "$version" ]; then
  version="$(ls "$cache" 2>/dev/null | grep "^$major\." | newest || true)"
  [ -n "$version" ] || { say "cannot find a Node $major release (registry unreachable?)"; exit 1; }
  say "the registry did not answer; using the cached Node $version"
fi

home="$cache/$version"
if [ ! -x "$home/bin/node" ]; then
  say "fetching $package@$version from the npm registry"
  mkdir -p "$cache"
  scratch="$(mktemp -d "$cache/.fetch-XXXXXX")"
  trap 'rm -rf "$scratch"' EXIT
  npm pack "$package@$version" --pack-destination "$scratch" --silent >/dev/null
  mkdir "$scratch/node"
  tar -xzf "$scratch/$package-$version.tgz" -C "$scratch/node" --strip-components=1
  "$scratch/node/bin/node" --version >/dev/null
  # Whole or not at all: a run stopped halfway leaves no broken Node behind.
  rm -rf "$home"
  mv "$scratch/node" "$home"
fi
say "Node $version from $home"
echo "$home/bin"
