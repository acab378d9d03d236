#!/usr/bin/env bash
# Builds the VS Code extension as platform-specific .vsix files, each
# carrying the skill-ls binary cross-compiled for its platform, so users
# need no Go toolchain:
#
#   scripts/package-vscode.sh                 every platform
#   scripts/package-vscode.sh linux-x64 ...   only those
#
# Platforms: linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64.
# Writes dist/skill-ls-<platform>-<version>.vsix (OUT=dir to change it);
# the version is editors/vscode/package.json's (VERSION=... to change the
# binary's). Needs go, node and npm (npm ci fetches esbuild and vsce).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/build-lib.sh
. "$repo/scripts/build-lib.sh"
ext="$repo/editors/vscode"
out=$(mkdir -p "${OUT:-$repo/dist}" && cd "${OUT:-$repo/dist}" && pwd)
version=${VERSION:-$(node -p "require('$ext/package.json').version")}

targets=("$@")
[ "${#targets[@]}" -eq 0 ] && targets=("${SKILL_LS_PLATFORMS[@]}")
for t in "${targets[@]}"; do go_platform "$t" >/dev/null; done

cd "$ext"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	npm ci --no-audit --no-fund
fi
trap 'rm -rf "$ext/bin"' EXIT
for t in "${targets[@]}"; do
	echo "== $t"
	rm -rf bin && mkdir bin
	bin=bin/skill-ls
	[ "$t" = win32-x64 ] && bin=bin/skill-ls.exe
	(cd "$repo" && build_binary "$t" "$ext/$bin" "$version")
	# vsce runs the vscode:prepublish script (esbuild) first.
	npx --no-install vsce package --no-dependencies --target "$t" --out "$out/skill-ls-$t-$version.vsix"
done
