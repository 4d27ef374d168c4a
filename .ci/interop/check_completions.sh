#!/usr/bin/env bash
# The shell completions and the manual as their users meet them: `pfin completions zsh` loaded
# into an interactive zsh (check_completions.zsh), `pfin completions fish` asked by fish itself
# (`complete -C`), and docs/pfin.1 rendered by man with warnings on. bash is covered by
# swift test (BashCompletionTests), which needs nothing beyond bash.
# Usage: bash .ci/interop/check_completions.sh path/to/pfin
set -euo pipefail
pfin=$(realpath "$1")
here=$(dirname "$0")

zsh "$here/check_completions.zsh" "$pfin"

script=$(mktemp)
trap 'rm -f "$script"' EXIT
"$pfin" completions fish > "$script"
fish_complete() { fish --no-config -c "source $script; complete -C '$1'" | cut -f1 | sort; }
expect() {  # expect 'COMMAND LINE' EXPECTED…
    local line=$1; shift
    local got; got=$(fish_complete "$line")
    for want in "$@"; do
        grep -qx -- "$want" <<<"$got" || { echo "fish completion of '$line' lacks '$want'; it offered: $(tr '\n' ' ' <<<"$got")" >&2; exit 1; }
    done
}
expect 'pfin conv' convert
expect 'pfin rules ch' check
expect 'pfin convert --t' --to
expect 'pfin convert --to o' ofx ofx1
expect 'pfin report --format h' html
echo "fish completions: a command, a subcommand, an option and formats complete"

warnings=$(MANWIDTH=80 man --warnings -l docs/pfin.1 2>&1 >/dev/null)
[ -z "$warnings" ] || { echo "man warns about docs/pfin.1:" >&2; echo "$warnings" >&2; exit 1; }
cmp -s docs/pfin.1 <("$pfin" help --man) || { echo "docs/pfin.1 is not what 'pfin help --man' writes; re-record it" >&2; exit 1; }
echo "docs/pfin.1: the generated manual, rendered by man without warnings"
