#!/usr/bin/env bash
# Tests the pre-commit hooks of .pre-commit-hooks.yaml as a user runs them,
# with `pre-commit try-repo` on a sample repository: the skill-ls hook must
# fail on a broken skill, skill-ls-fix must repair it, and skill-ls must
# then pass. Twice: the golang hooks build skill-ls from this repository
# with the machine's Go; the node hooks (skill-ls-node, skill-ls-node-fix)
# install the repository's package.json with the machine's Node, offline,
# and run its skill-ls launcher. The binaries it names are published only
# with a release, so here the launcher runs the binary just built, through
# SKILL_LS_BINARY (a wrapper that records each call, to show the launcher
# ran). Needs pre-commit (Debian: apt-get install pre-commit, which brings
# nodeenv), Go, and Node with npm; the Go modules come from the module
# cache or proxy.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
command -v pre-commit >/dev/null || { echo "precommit.sh: pre-commit is not installed (apt-get install pre-commit)" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The build reuses the machine's Go caches; everything else (pre-commit's
# own cache, the home folder the checker reads global skills from) is
# fresh.
export GOCACHE="$(go env GOCACHE)" GOMODCACHE="$(go env GOMODCACHE)"
export PRE_COMMIT_HOME="$work/pre-commit" HOME="$work/home"
mkdir -p "$HOME"
git config --global user.email ci@example.invalid
git config --global user.name ci
git config --global init.defaultBranch main

# The binary the node hooks' launcher runs, behind a wrapper that counts.
(cd "$repo" && go build -o "$work/bin/skill-ls" ./cmd/skill-ls)
printf '#!/bin/sh\necho >>"%s/launched"\nexec "%s/bin/skill-ls" "$@"\n' "$work" "$work" >"$work/bin/wrapper"
chmod +x "$work/bin/wrapper"

# flow CHECK FIX: the three steps with the check hook CHECK and the fix
# hook FIX, on a new sample repository.
flow() {
	sample="$work/sample-$1"
	mkdir -p "$sample/.agents/skills/deploy" "$sample/.agents/skills/notes"
	cd "$sample"
	git init -q .
	# Misspelt key and a colon that breaks the YAML: both have safe fixes.
	printf -- '---\nname: deploy\ndescription: Use when: shipping the app\nlicence: MIT\n---\n# Deploy\n' > .agents/skills/deploy/SKILL.md
	printf -- '---\nname: notes\ndescription: Takes notes.\n---\n# Notes\n' > .agents/skills/notes/SKILL.md
	echo '# not a skill' > README.md
	git add -A

	run() { pre-commit try-repo "$repo" "$1" --all-files --color never > "$work/out.txt" 2>&1 || status=$?; cat "$work/out.txt"; }

	status=0; run "$1"
	[ "$status" -ne 0 ] && grep -q "yaml-syntax" "$work/out.txt" || { echo "precommit.sh: FAIL: $1 passed a broken skill" >&2; exit 1; }
	status=0; run "$2"
	[ "$status" -ne 0 ] && grep -q "files were modified by this hook" "$work/out.txt" || { echo "precommit.sh: FAIL: $2 did not fix" >&2; exit 1; }
	grep -q 'description: "Use when: shipping the app"' .agents/skills/deploy/SKILL.md && grep -q '^license: MIT$' .agents/skills/deploy/SKILL.md || { echo "precommit.sh: FAIL: unexpected fix:" >&2; cat .agents/skills/deploy/SKILL.md >&2; exit 1; }
	git add -A
	status=0; run "$1"
	[ "$status" -eq 0 ] || { echo "precommit.sh: FAIL: $1 failed after $2" >&2; exit 1; }
	echo "ok   - $1 and $2"
}

flow skill-ls skill-ls-fix
command -v node >/dev/null && command -v npm >/dev/null || { echo "precommit.sh: node and npm are needed for the node hooks" >&2; exit 2; }
SKILL_LS_BINARY="$work/bin/wrapper" npm_config_offline=true npm_config_cache="$work/npm-cache" flow skill-ls-node skill-ls-node-fix
[ "$(wc -l <"$work/launched")" -eq 3 ] || { echo "precommit.sh: FAIL: the node hooks' launcher ran the binary $(wc -l <"$work/launched") times, want 3" >&2; exit 1; }
echo "ok   - the node hooks ran skill-ls through the npm package's launcher (3 runs)"
echo "precommit.sh: 3 passed, 0 failed"
