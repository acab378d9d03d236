#!/usr/bin/env bash
# Tests the pre-commit hooks of .pre-commit-hooks.yaml as a user runs them:
# `pre-commit try-repo` builds skill-ls from this repository (language:
# golang, with the machine's Go) and runs it on a sample repository. The
# skill-ls hook must fail on a broken skill, skill-ls-fix must repair it, and
# skill-ls must then pass. Needs pre-commit (Debian: apt-get install
# pre-commit) and Go; the Go modules come from the module cache or proxy.
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

sample="$work/sample"
mkdir -p "$sample/.agents/skills/deploy" "$sample/.agents/skills/notes"
cd "$sample"
git init -q .
# Misspelt key and a colon that breaks the YAML: both have safe fixes.
printf -- '---\nname: deploy\ndescription: Use when: shipping the app\nlicence: MIT\n---\n# Deploy\n' > .agents/skills/deploy/SKILL.md
printf -- '---\nname: notes\ndescription: Takes notes.\n---\n# Notes\n' > .agents/skills/notes/SKILL.md
echo '# not a skill' > README.md
git add -A

status=0
run() { pre-commit try-repo "$repo" "$1" --all-files --color never > "$work/out.txt" 2>&1 || status=$?; cat "$work/out.txt"; }

status=0; run skill-ls
[ "$status" -ne 0 ] && grep -q "yaml-syntax" "$work/out.txt" || { echo "precommit.sh: FAIL: the hook passed a broken skill" >&2; exit 1; }
status=0; run skill-ls-fix
[ "$status" -ne 0 ] && grep -q "files were modified by this hook" "$work/out.txt" || { echo "precommit.sh: FAIL: skill-ls-fix did not fix" >&2; exit 1; }
grep -q 'description: "Use when: shipping the app"' .agents/skills/deploy/SKILL.md && grep -q '^license: MIT$' .agents/skills/deploy/SKILL.md || { echo "precommit.sh: FAIL: unexpected fix:" >&2; cat .agents/skills/deploy/SKILL.md >&2; exit 1; }
git add -A
status=0; run skill-ls
[ "$status" -eq 0 ] || { echo "precommit.sh: FAIL: the hook failed after --fix" >&2; exit 1; }
echo "precommit.sh: 3 passed, 0 failed"
