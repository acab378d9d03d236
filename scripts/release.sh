#!/usr/bin/env bash
# Builds a release of skill-ls with one command: an archive per platform
# (tar.gz; zip for Windows) holding the static binary, README.md and the
# docs/ it links to, the npm packages (skill-ls-<version>.tgz, the launcher,
# and skill-ls-cli-<platform>-<version>.tgz, one per platform's binary; their
# folders in npm/), and checksums.txt (SHA-256) over them, in dist/ (OUT=dir
# to change it).
#
#   scripts/release.sh VERSION      e.g. scripts/release.sh 0.2.0
#   scripts/release.sh --snapshot   version 0.0.0-snapshot-<commit>, as CI runs it
#
# Platforms: linux-x64 linux-arm64 darwin-x64 darwin-arm64 win32-x64 (the
# same as the VS Code packages; scripts/package-vscode.sh builds those);
# PLATFORMS="linux-x64 ..." builds only those. After building, it checks
# the checksums and runs the binary for this machine from its archive
# (`skill-ls version`). Needs go, tar, python3, and npm for the npm
# tarballs (without npm it writes the package folders and says so).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/build-lib.sh
. "$repo/scripts/build-lib.sh"
# shellcheck source=scripts/npm-lib.sh
. "$repo/scripts/npm-lib.sh"

case "${1:-}" in
--snapshot) version="0.0.0-snapshot-$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo local)" ;;
"" | -*)
	echo "usage: scripts/release.sh VERSION | --snapshot" >&2
	exit 2
	;;
*) version=${1#v} ;;
esac

# The node pre-commit hooks at this release's tag install package.json's
# version of the binaries: it should be this one.
hook_version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$repo/package.json")
case "$version" in
0.0.0-snapshot-*) ;;
"$hook_version") ;;
*) echo "warning: package.json says $hook_version: the node pre-commit hooks at this tag would run skill-ls $hook_version, not $version (set its version and optionalDependencies to $version)" >&2 ;;
esac

out=$(mkdir -p "${OUT:-$repo/dist}" && cd "${OUT:-$repo/dist}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/skill-ls-release.XXXXXX")
trap 'rm -rf "$work"' EXIT

read -r -a platforms <<<"${PLATFORMS:-${SKILL_LS_PLATFORMS[*]}}"
rm -rf "$out/npm"
archives=()
for t in "${platforms[@]}"; do
	read -r goos goarch < <(go_platform "$t")
	name="skill-ls_${version}_${goos}_${goarch}"
	dir="$work/$name"
	mkdir -p "$dir"
	bin=skill-ls
	[ "$goos" = windows ] && bin=skill-ls.exe
	echo "== $name"
	(cd "$repo" && build_binary "$t" "$dir/$bin" "$version")
	cp "$repo/README.md" "$dir/"
	cp -R "$repo/docs" "$dir/"
	[ -f "$repo/LICENSE" ] && cp "$repo/LICENSE" "$dir/"
	if [ "$goos" = windows ]; then
		(cd "$work" && python3 -m zipfile -c "$out/$name.zip" "$name")
		archives+=("$name.zip")
	else
		tar -C "$work" -czf "$out/$name.tar.gz" "$name"
		archives+=("$name.tar.gz")
	fi
	npm_platform_package "$t" "$dir/$bin" "$version" "$out/npm/cli-$t"
done
npm_main_package "$version" "$out/npm/skill-ls" "${platforms[@]}"
if command -v npm >/dev/null 2>&1; then
	for d in "$out"/npm/*/; do
		archives+=("$(npm_pack "$d" "$out")")
	done
else
	echo "npm not found: the npm packages are in $out/npm, not packed" >&2
fi
(cd "$out" && sha256sum "${archives[@]}" >checksums.txt)

# Check what was built: the checksums, and the binary for this machine.
(cd "$out" && sha256sum --quiet -c checksums.txt)
host=$(host_platform)
if read -r goos goarch < <(go_platform "$host" 2>/dev/null); then
	name="skill-ls_${version}_${goos}_${goarch}"
	if [ "$goos" != windows ]; then
		mkdir -p "$work/check" && tar -C "$work/check" -xzf "$out/$name.tar.gz"
		got=$("$work/check/$name/skill-ls" version | head -n 1)
		[ "$got" = "skill-ls $version" ] || {
			echo "$name: skill-ls version says \"$got\", want \"skill-ls $version\"" >&2
			exit 1
		}
		echo "ok: $name runs: $got"
	fi
fi
echo "release $version: ${#archives[@]} files (archives and npm tarballs) and checksums.txt in $out"
echo "npm, offline: npm install $out/skill-ls-$version.tgz $out/skill-ls-cli-$host-$version.tgz (or --save-optional with every tarball)"
