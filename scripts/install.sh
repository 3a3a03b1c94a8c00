#!/usr/bin/env bash
# Builds route-cli in release mode with the Swift standard library linked statically, and installs
# it with its man page and its bash, zsh and fish completions.
#
#   scripts/install.sh [--prefix DIR]      # default: /usr/local
#
# Installs DIR/bin/route-cli, DIR/share/man/man1/route-cli.1,
# DIR/share/bash-completion/completions/route-cli, DIR/share/zsh/site-functions/_route-cli and
# DIR/share/fish/vendor_completions.d/route-cli.fish. The binary needs no Swift toolchain to run
# (glibc and libstdc++ of the system only; `ldd` shows it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prefix=/usr/local
while [[ $# -gt 0 ]]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (expected --prefix DIR)" >&2; exit 64 ;;
  esac
done
scratch="$root/.build/static"
swift build --package-path "$root" --scratch-path "$scratch" -c release --static-swift-stdlib --product route-cli >&2
bin="$(swift build --package-path "$root" --scratch-path "$scratch" -c release --show-bin-path)/route-cli"
"$root/scripts/stage-release.sh" "$bin" "$prefix"
echo "installed $("$prefix/bin/route-cli" --version | head -1) in $prefix" >&2
