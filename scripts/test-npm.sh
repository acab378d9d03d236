#!/usr/bin/env bash
# Tests the npm packages end to end, as a user gets them: builds the
# release for this machine's platform only (scripts/release.sh with
# PLATFORMS), installs the two tarballs (the skill-ls launcher and this
# platform's binary package) into an empty project offline, with an empty
# npm cache, and runs `npx skill-ls` there: --version, check (findings,
# clean, misuse) with the same output and exit code as the binary from the
# release archive, a language server session over stdio, signals passed
# on, and the message when the platform package is missing. Needs go, tar,
# python3, node and npm.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=scripts/build-lib.sh
. "$repo/scripts/build-lib.sh"
for tool in node npm npx; do
	command -v "$tool" >/dev/null || { echo "test-npm.sh: $tool is not installed" >&2; exit 2; }
done
host=$(host_platform)
if ! go_platform "$host" >/dev/null 2>&1; then
	echo "test-npm.sh: skipped: no release binary for this machine ($host)"
	exit 0
fi

work="$(mktemp -d)"
serve_pid=
trap '[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null; rm -rf "$work"' EXIT
# Go keeps its caches and settings where they were before HOME moves.
GOMODCACHE=$(go env GOMODCACHE) GOCACHE=$(go env GOCACHE) GOENV=$(go env GOENV)
export GOMODCACHE GOCACHE GOENV
export npm_config_cache="$work/npm-cache" npm_config_update_notifier=false HOME="$work/home"
mkdir -p "$HOME"

OUT="$work/dist" PLATFORMS="$host" "$repo/scripts/release.sh" --snapshot >"$work/release.log" 2>&1 || { cat "$work/release.log"; exit 1; }
version=$(sed -n 's/^release \([^:]*\):.*/\1/p' "$work/release.log")
main_tgz="$work/dist/skill-ls-$version.tgz"
plat_tgz="$work/dist/skill-ls-cli-$host-$version.tgz"
read -r goos goarch < <(go_platform "$host")
tar -C "$work" -xzf "$work/dist/skill-ls_${version}_${goos}_${goarch}.tar.gz"
bin="$work/skill-ls_${version}_${goos}_${goarch}/skill-ls"

passed=0 failed=0
ok() { echo "ok   - $1"; passed=$((passed + 1)); }
fail() { echo "FAIL - $1" >&2; failed=$((failed + 1)); }

# An empty project, the tarballs installed offline: npm may not fetch
# anything (the other platforms' packages are optional and skipped).
proj="$work/project"
mkdir -p "$proj"
cd "$proj"
echo '{"name": "npm-e2e", "private": true}' >package.json
if npm install --offline --no-audit --no-fund "$main_tgz" "$plat_tgz" >"$work/install.log" 2>&1; then
	ok "npm install --offline of skill-ls-$version.tgz and skill-ls-cli-$host-$version.tgz"
else
	cat "$work/install.log" >&2
	fail "npm install --offline"
	exit 1
fi

# same NAME ARGS...: npx skill-ls and the archive's binary print the same
# and exit alike, run in the same folder.
same() {
	local name=$1 want_rc=$2
	shift 2
	local got_rc=0 bin_rc=0
	npx --no-install skill-ls "$@" >"$work/npx.out" 2>"$work/npx.err" || got_rc=$?
	"$bin" "$@" >"$work/bin.out" 2>"$work/bin.err" || bin_rc=$?
	if [ "$got_rc" -ne "$want_rc" ] || [ "$bin_rc" -ne "$want_rc" ]; then
		fail "$name: exit $got_rc (npx) and $bin_rc (binary), want $want_rc"
		cat "$work/npx.err" >&2
	elif ! cmp -s "$work/npx.out" "$work/bin.out" || ! cmp -s "$work/npx.err" "$work/bin.err"; then
		fail "$name: npx skill-ls and the binary print differently"
		diff "$work/bin.out" "$work/npx.out" >&2 || true
	else
		ok "$name: exit $got_rc, output as the binary's ($(wc -l <"$work/npx.out") lines)"
	fi
}

same "npx skill-ls --version" 0 --version
grep -q "^skill-ls $version\$" "$work/npx.out" && ok "--version says skill-ls $version" || fail "--version says $(head -n 1 "$work/npx.out"), want skill-ls $version"

# Skill projects inside the npm project, where npx finds its bin.
cp -R "$repo/testdata/sample" "$proj/sample"
cd "$proj/sample"
same "npx skill-ls check (testdata/sample, with errors)" 1 check
cd "$proj"
same "npx skill-ls check --format github sample" 1 check --format github sample
mkdir -p "$proj/clean/.agents/skills/notes"
printf -- '---\nname: notes\ndescription: Takes notes when the user asks to remember something.\n---\n# Notes\n' >"$proj/clean/.agents/skills/notes/SKILL.md"
cd "$proj/clean"
same "npx skill-ls check (a clean project)" 0 check
cd "$proj"
same "npx skill-ls check --format nope (misuse)" 2 check --format nope clean

# The language server over stdio through the launcher: initialize,
# shutdown, exit.
frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
{
	frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}'
	frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
	frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'
	frame '{"jsonrpc":"2.0","method":"exit"}'
} >"$work/lsp.in"
rc=0
npx --no-install skill-ls serve <"$work/lsp.in" >"$work/lsp.out" 2>"$work/lsp.err" || rc=$?
if [ "$rc" -eq 0 ] && grep -q '"capabilities"' "$work/lsp.out" && grep -q '"id":2' "$work/lsp.out"; then
	ok "npx skill-ls serve: initialize answered, shutdown and exit, exit 0"
else
	fail "npx skill-ls serve: exit $rc; out: $(head -c 300 "$work/lsp.out"); err: $(cat "$work/lsp.err")"
fi

# SIGTERM to the launcher (an editor stopping the server) reaches the
# binary: both end, and the launcher exits as the binary does when it gets
# SIGTERM itself. The server's stdin stays open (a fifo held by sleep).
mkfifo "$work/stdin"
sleep 600 >"$work/stdin" &
holder=$!
# terminate CMD...: starts the server, sends it SIGTERM once its binary
# runs, and sets term_rc to its exit code and term_child to the binary's
# pid (the process itself when it is the binary).
terminate() {
	"$@" serve <"$work/stdin" >/dev/null 2>&1 &
	serve_pid=$!
	term_child=$serve_pid
	for _ in $(seq 100); do
		[ "$(ps -o comm= -p "$term_child")" = skill-ls ] && break
		term_child=$(pgrep -P "$serve_pid" || echo "$serve_pid")
		sleep 0.1
	done
	kill -TERM "$serve_pid"
	term_rc=0
	wait "$serve_pid" || term_rc=$?
	serve_pid=
}
terminate "$bin"
bin_rc=$term_rc
terminate node "$proj/node_modules/.bin/skill-ls"
kill "$holder" 2>/dev/null || true
for _ in $(seq 100); do
	kill -0 "$term_child" 2>/dev/null || break
	sleep 0.1
done
if kill -0 "$term_child" 2>/dev/null; then
	fail "SIGTERM: the binary (pid $term_child) still runs after the launcher ended"
	kill "$term_child"
elif [ "$term_rc" -ne "$bin_rc" ]; then
	fail "SIGTERM: the launcher exits $term_rc, the binary alone $bin_rc"
else
	ok "SIGTERM to the launcher ends the binary, exit $term_rc as the binary's"
fi

# Without the platform package (npm install --omit=optional), the launcher
# says what is missing and fails.
bare="$work/bare"
mkdir -p "$bare"
cd "$bare"
echo '{"name": "npm-e2e-bare", "private": true}' >package.json
npm install --offline --no-audit --no-fund --omit=optional "$main_tgz" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "npm install --omit=optional"; }
rc=0
npx --no-install skill-ls check >"$work/bare.out" 2>&1 || rc=$?
if [ "$rc" -eq 1 ] && grep -q "no binary for this platform ($host)" "$work/bare.out"; then
	ok "without @skill-ls/cli-$host: exit 1, the missing package named"
else
	fail "without the platform package: exit $rc: $(cat "$work/bare.out")"
fi

echo "test-npm.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
