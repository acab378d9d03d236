#!/usr/bin/env bash
# The VS Code end-to-end test: a real VS Code (code-server from npm, as
# scripts/install-code-server.sh installs it) with the packaged linux-x64
# .vsix installed, driven in headless Chromium by playwright-core through
# testdata/e2e/code-server-test.js, the way a user works: open a SKILL.md,
# type, hover, fix, rename, change a setting, run the commands.
#
#   scripts/vscode-e2e.sh VERSION          e.g. 4.139.1
#
# VSIX=file.vsix tests that package (default: scripts/package-vscode.sh
# linux-x64 builds one). SHOTS=dir keeps the screenshots there (default: a
# scratch folder, removed at the end). Everything code-server writes (user
# data, extensions, XDG folders, TMPDIR) goes to a scratch folder.
# Exit status 0 when every check passed; 2 when code-server, chromium or
# playwright-core is not installed.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/code-server-lib.sh
. "$repo/scripts/code-server-lib.sh"

version=${1:?usage: scripts/vscode-e2e.sh CODE_SERVER_VERSION}
major=$(node_of "$version") || { echo "unknown code-server version $version (SKILL_LS_CODE_SERVERS)" >&2; exit 2; }
cs=$(code_server_dir "$version")
nodebin=$(node_dir "$major")/node_modules/node/bin
pw=$(playwright_dir)/node_modules/playwright-core
browser=$(chromium_path)
for need in "$cs/.installed:code-server $version (scripts/install-code-server.sh)" \
	"$pw/package.json:playwright-core (scripts/install-code-server.sh)" \
	"${browser:-/nonexistent}:chromium (apt-get install chromium)"; do
	if [ ! -e "${need%%:*}" ]; then
		echo "not installed: ${need#*:}"
		exit 2
	fi
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/skill-ls-vscode.XXXXXX")
server_pid=
cleanup() {
	if [ -n "$server_pid" ]; then
		kill "$server_pid" 2>/dev/null || true
		wait "$server_pid" 2>/dev/null || true
	fi
	rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

vsix=${VSIX:-}
if [ -z "$vsix" ]; then
	OUT="$scratch/dist" VERSION=0.0.0-e2e "$repo/scripts/package-vscode.sh" linux-x64 >"$scratch/package.log" 2>&1 || {
		tail -n 30 "$scratch/package.log"
		exit 1
	}
	vsix=$(ls "$scratch"/dist/skill-ls-linux-x64-*.vsix)
fi
shots=${SHOTS:-$scratch/shots}
mkdir -p "$shots"

# A home of its own: VS Code, the server and Chromium see no user files.
export HOME="$scratch/home" TMPDIR="$scratch/tmp"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share"
export XDG_STATE_HOME="$HOME/.local/state" XDG_CACHE_HOME="$HOME/.cache"
mkdir -p "$HOME" "$TMPDIR"
ud="$scratch/user-data" exts="$scratch/extensions"
mkdir -p "$ud/User"
# Auto-save off: code-server saves a changed file after a second by
# default, and diagnostics that follow typing must come from didChange,
# not from the disk.
cat >"$ud/User/settings.json" <<'EOF'
{
  "files.autoSave": "off",
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "extensions.ignoreRecommendations": true,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.welcomePage.walkthroughs.openOnInstall": false,
  "workbench.colorTheme": "Default Light Modern",
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "window.commandCenter": false,
  "editor.minimap.enabled": false,
  "git.enabled": false,
  "chat.commandCenter.enabled": false
}
EOF

ws="$scratch/project"
"$nodebin/node" "$repo/testdata/e2e/code-server-test.js" --make-workspace "$ws"

# The test itself runs on the machine's Node (playwright-core needs 20 or
# later); code-server on its own.
test_node=$(command -v node)
export PATH="$nodebin:$PATH"
csbin="$cs/node_modules/.bin/code-server"
echo "code-server $("$csbin" --version 2>/dev/null | grep -m 1 "with Code"), Node $(node --version), $("$browser" --version 2>/dev/null | head -n 1)"
"$csbin" --install-extension "$vsix" --extensions-dir "$exts" --user-data-dir "$ud" >"$scratch/install.log" 2>&1 || {
	cat "$scratch/install.log"
	exit 1
}

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
"$csbin" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
	--disable-workspace-trust --extensions-dir "$exts" --user-data-dir "$ud" "$ws" >"$scratch/code-server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
	curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
	sleep 0.5
done

# Does this VS Code have its own Skill language (built-in Prompt Basics)?
skill_language=0
grep -qs '"id": *"skill"' "$cs"/node_modules/code-server/lib/vscode/extensions/prompt-basics/package.json && skill_language=1

status=0
SKILL_LANGUAGE=$skill_language CODE_SERVER_URL="http://127.0.0.1:$port/?folder=$ws" SKILL_LS_WS="$ws" SHOTS="$shots" \
	PLAYWRIGHT_CORE="$pw" CHROMIUM="$browser" CODE_SERVER_VERSION="$version" \
	"$test_node" "$repo/testdata/e2e/code-server-test.js" || status=$?
if [ "$status" -ne 0 ]; then
	echo "code-server log (last 30 lines):"
	tail -n 30 "$scratch/code-server.log" | sed 's/^/  /'
	for f in "$ud"/logs/*/exthost*/*skill-ls*.log "$ud"/logs/*/*/exthost*/output_logging_*/*skill-ls*.log; do
		[ -f "$f" ] && { echo "$f:"; tail -n 30 "$f" | sed 's/^/  /'; }
	done
fi
[ -z "${SHOTS:-}" ] || echo "screenshots in $shots"
exit "$status"
