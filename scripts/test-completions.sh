#!/usr/bin/env bash
# The zsh and fish completion scripts of `route-cli completions`, run by the shells themselves
# (the bash script is run by CompletionsCommandTests in `swift test`): each parses, zsh registers
# it for route-cli, and fish completes subcommands, options and option values from it. And the
# man page that scripts/install.sh writes: a section for every subcommand.
#
#   scripts/test-completions.sh        # needs zsh and fish (apt-get install zsh fish)
set -euo pipefail
cd "$(dirname "$0")/.."
for shell in zsh fish; do
  command -v "$shell" >/dev/null || { echo "error: $shell is needed (apt-get install zsh fish)" >&2; exit 1; }
done
swift build -q --product route-cli
cli="$(swift build --show-bin-path)/route-cli"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
check() {  # check WHAT EXPECTED ACTUAL
  if [[ "$2" == "$3" ]]; then echo "ok   $1"; else echo "FAIL $1: expected [$2], got [$3]"; failed=1; fi
}

"$cli" completions zsh > "$work/_route-cli"
zsh -n "$work/_route-cli" && echo "ok   zsh: the script parses"
check "zsh: compinit registers it for route-cli" "_route-cli" \
  "$(zsh -fc "fpath=($work \$fpath); autoload -Uz compinit && compinit -u -d $work/.zcompdump; print -r -- \$_comps[route-cli]")"

"$cli" completions fish > "$work/route-cli.fish"
fish -n "$work/route-cli.fish" && echo "ok   fish: the script parses"
complete_fish() { fish -c "source $work/route-cli.fish; complete -C '$1'" | cut -f1 | sort | tr '\n' ' '; }
check "fish: subcommands" "route " "$(complete_fish 'route-cli ro')"
check "fish: options" "--state --stateful --stats " "$(complete_fish 'route-cli route --stat')"
check "fish: option values" "always auto never " "$(complete_fish 'route-cli route --color ')"
check "fish: argument values" "bash fish zsh " "$(complete_fish 'route-cli completions ')"
python3 scripts/man-page.py "$cli" > "$work/route-cli.1"
for sub in $("$cli" --help | awk '/^SUBCOMMANDS:/ { on = 1; next } on && /^  [a-z]/ { print $1 }'); do
  check "man page: a section for $sub" 1 "$(grep -c "^\.SH \"ROUTE\\\\-CLI ${sub^^}\"" "$work/route-cli.1" || true)"
done
exit $failed
