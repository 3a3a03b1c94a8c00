#!/usr/bin/env bash
# Lays out a built route-cli as an installation: bin/, the man page and the completions of the
# three shells under share/. Used by scripts/install.sh and scripts/package.sh.
#
#   scripts/stage-release.sh BINARY DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[[ $# -eq 2 ]] || { echo "usage: scripts/stage-release.sh BINARY DIR" >&2; exit 64; }
binary="$1"
dir="$2"
mkdir -p "$dir/bin" "$dir/share/man/man1" "$dir/share/bash-completion/completions" \
  "$dir/share/zsh/site-functions" "$dir/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$dir/bin/route-cli"
python3 "$root/scripts/man-page.py" "$dir/bin/route-cli" > "$dir/share/man/man1/route-cli.1"
"$dir/bin/route-cli" completions bash > "$dir/share/bash-completion/completions/route-cli"
"$dir/bin/route-cli" completions zsh > "$dir/share/zsh/site-functions/_route-cli"
"$dir/bin/route-cli" completions fish > "$dir/share/fish/vendor_completions.d/route-cli.fish"
