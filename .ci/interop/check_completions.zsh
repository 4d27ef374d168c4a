#!/usr/bin/env zsh
# Loads `pfin completions zsh` into an interactive zsh (driven through zpty), presses Tab after a
# few command lines, and checks what the completion system offers: a command, an option, a format.
# Usage: zsh .ci/interop/check_completions.zsh path/to/pfin
emulate -L zsh
zmodload zsh/zpty || { print -u2 "zsh/zpty is not available"; exit 1 }
pfin=${1:A}
work=$(mktemp -d)
trap 'zpty -d comp 2>/dev/null; rm -rf $work' EXIT
$pfin completions zsh > $work/_pfin || exit 1
# The candidates each completion adds go to a file instead of the screen.
cat > $work/.zshrc <<RC
PATH=${pfin:h}:\$PATH
autoload -U compinit && compinit -u -d $work/zcompdump
source $work/_pfin
compadd() {
    if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "\$@"; return; fi
    local -a hits
    builtin compadd -A hits "\$@"
    (( \$#hits )) && print -l -- \$hits >> $work/hits
    builtin compadd "\$@"
}
zstyle ':completion:*' list-prompt ''
zstyle ':completion:*' select-prompt ''
PROMPT='> '
RC
failed=0
check() {  # check 'COMMAND LINE' EXPECTED…
    local line=$1; shift
    rm -f $work/hits
    zpty comp "ZDOTDIR=$work zsh -i"
    # Wait for the prompt, then type the line and Tab, without Enter.
    local screen
    zpty -r -m -t comp screen '*> *' 2>/dev/null || { sleep 1 }
    zpty -n -w comp "${line}"$'\t'
    local waited=0
    while [[ ! -s $work/hits && $waited -lt 50 ]]; do sleep 0.1; (( waited++ )); done
    sleep 0.3
    zpty -d comp
    local -a got=(${(f)"$(sort -u $work/hits 2>/dev/null)"})
    local want
    for want in $@; do
        if (( ! ${got[(Ie)$want]} )); then
            print -u2 "zsh completion of '$line' lacks '$want'; it offered: ${got[*]}"
            failed=1
        fi
    done
}
check 'pfin conv' convert
check 'pfin rules ch' check
check 'pfin convert --t' --to
check 'pfin convert --to o' ofx ofx1
check 'pfin report --format h' html
(( failed )) && exit 1
print "zsh completions: a command, a subcommand, an option and formats complete"
