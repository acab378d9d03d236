# The npm packages of a release (sourced by scripts/release.sh and
# scripts/test-npm.sh, not run): `skill-ls`, a launcher whose optional
# dependencies are one package per platform holding the binary, selected
# by npm through their os and cpu fields (as esbuild and biome ship).
# The templates are in scripts/npm/; python3 writes the package.json files.

npm_src="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/npm"

# npm_platform_name TARGET: the package of a platform's binary.
npm_platform_name() { echo "@skill-ls/cli-$1"; }

# npm_platform_package TARGET BINARY VERSION DIR: writes the package of
# TARGET's binary (TARGET as VS Code and Node name it: linux-x64, ...) into
# DIR.
npm_platform_package() {
	local target=$1 binary=$2 version=$3 dir=$4 exe=skill-ls
	case "$target" in win32-*) exe=skill-ls.exe ;; esac
	mkdir -p "$dir/bin"
	cp "$binary" "$dir/bin/$exe"
	chmod 755 "$dir/bin/$exe"
	cp "$repo/editors/vscode/LICENSE" "$dir/"
	printf '# %s\n\nThe skill-ls binary for %s, installed by the `skill-ls` package as an\noptional dependency. Install `skill-ls` instead: `npx skill-ls check`.\n' \
		"$(npm_platform_name "$target")" "$target" >"$dir/README.md"
	python3 - "$npm_src/platform/package.json" "$dir/package.json" "$target" "$version" <<'PY'
import json, sys
src, out, target, version = sys.argv[1:]
os_, cpu = target.split("-", 1)
with open(src) as f:
    pkg = json.load(f)
pkg["name"] = pkg["name"].replace("PLATFORM", target)
pkg["description"] = pkg["description"].replace("PLATFORM", target)
pkg["version"] = version
pkg["os"], pkg["cpu"] = [os_], [cpu]
with open(out, "w") as f:
    json.dump(pkg, f, indent=2)
    f.write("\n")
PY
}

# npm_main_package VERSION DIR TARGET...: writes the skill-ls package into
# DIR, depending optionally on each TARGET's package at VERSION.
npm_main_package() {
	local version=$1 dir=$2
	shift 2
	mkdir -p "$dir"
	cp -R "$npm_src/skill-ls/." "$dir/"
	cp "$repo/editors/vscode/LICENSE" "$dir/"
	python3 - "$dir/package.json" "$version" "$@" <<'PY'
import json, sys
path, version, targets = sys.argv[1], sys.argv[2], sys.argv[3:]
with open(path) as f:
    pkg = json.load(f)
pkg["version"] = version
pkg["optionalDependencies"] = {f"@skill-ls/cli-{t}": version for t in targets}
with open(path, "w") as f:
    json.dump(pkg, f, indent=2)
    f.write("\n")
PY
}

# npm_pack DIR DEST: packs the package in DIR into DEST and prints the
# tarball's file name.
npm_pack() {
	(cd "$1" && npm pack --silent --pack-destination "$2") | tail -n 1
}
