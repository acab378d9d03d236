#!/usr/bin/env bash
# Compares two skill-ls builds on real trees: `check --format json` must give
# byte-identical output, stderr and exit status on every DIR. Used to prove
# a refactor changed no behaviour.
#
#   scripts/same-output.sh BEFORE AFTER DIR...
#
# A DIR is checked from inside it with the same empty HOME for both builds,
# so the machine's own skills play no part. A DIR holding home/ and project/
# (or proj/), like testdata/installed/* and the trees of `skill-ls bench
# --dir`, is instead checked from its project with HOME=DIR/home and
# --global, so the agents' installed layouts are read too.
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: $0 BEFORE AFTER DIR..." >&2; exit 2; }
before="$(realpath "$1")" after="$(realpath "$2")"
shift 2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home"

# run BIN NAME DIR: one check of DIR by BIN, kept under $work/NAME.*
run() {
	local exe="$1" name="$2" dir home="$work/home" cwd args=(.)
	dir="$(realpath "$3")" cwd="$dir" # HOME below is taken from inside cwd
	for p in project proj; do
		if [ -d "$dir/home" ] && [ -d "$dir/$p" ]; then
			home="$dir/home" cwd="$dir/$p" args=(--global)
			break
		fi
	done
	(cd "$cwd" && HOME="$home" "$exe" check --format json "${args[@]}" >"$work/$name.json" 2>"$work/$name.err"; echo $? >"$work/$name.rc")
}

differ=0
for dir in "$@"; do
	[ -d "$dir" ] || continue
	run "$before" before "$dir"
	run "$after" after "$dir"
	if cmp -s "$work/before.json" "$work/after.json" && cmp -s "$work/before.rc" "$work/after.rc" && cmp -s "$work/before.err" "$work/after.err"; then
		echo "same      $dir ($(wc -c <"$work/after.json") bytes, exit $(cat "$work/after.rc"))"
	else
		echo "DIFFERENT $dir"
		diff <(cat "$work/before.rc" "$work/before.err" "$work/before.json") <(cat "$work/after.rc" "$work/after.err" "$work/after.json") | head -20
		differ=1
	fi
done
exit $differ
