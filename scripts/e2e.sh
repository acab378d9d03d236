#!/usr/bin/env bash
# End-to-end tests of the editor integrations (editors/) against the real
# skill-ls binary.
#
#   scripts/e2e.sh            run every step
#   scripts/e2e.sh nvim node  run only the named steps
#
# Steps: vscode-unit, node, vsix, vscode (one step per VS Code version:
# vscode-4.139.1, ...), nvim, emacs, manifests (see below).
# vsix builds the platform-specific .vsix for this machine with
# scripts/package-vscode.sh and runs the binary inside it.
# Needs: go, node + npm, nvim (Debian's 0.7.2 is enough), emacs with eglot
# (Debian: emacs-nox elpa-eglot), python3 >= 3.11, unzip. With CI=true a
# missing tool fails its step; otherwise the step is skipped.
#
# SKILL_LS_E2E_BINARY=/path/to/skill-ls tests that binary instead of
# building ./cmd/skill-ls. SKILL_LS_TIMEOUT_MS (default 30000) bounds each
# wait for the server inside a step; SKILL_LS_E2E_TIMEOUT (seconds, default
# 150; the vscode steps SKILL_LS_E2E_VSCODE_TIMEOUT, default 480) bounds a
# whole step.
#
# The last line printed is "N passed, N failed" (", N skipped" may follow);
# the exit status is 1 when any step failed.

set -u
set -o pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/skill-ls-e2e.XXXXXX")
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT

ci=false
case "${CI:-}" in true | 1 | yes) ci=true ;; esac

step_timeout=${SKILL_LS_E2E_TIMEOUT:-150}
export SKILL_LS_TIMEOUT_MS=${SKILL_LS_TIMEOUT_MS:-30000}

passed=0
failed=0
skipped=0
failed_steps=()

selected=("$@")
selected_step() {
	local s
	[ "${#selected[@]}" -eq 0 ] && return 0
	for s in "${selected[@]}"; do
		[ "$s" = "$1" ] && return 0
	done
	return 1
}

pass() {
	passed=$((passed + 1))
	echo "--- PASS: $1"
}
fail() {
	failed=$((failed + 1))
	failed_steps+=("$1")
	echo "--- FAIL: $1${2:+ ($2)}"
}
skip() {
	skipped=$((skipped + 1))
	echo "--- SKIP: $1 ($2)"
}

# need STEP TOOL...: true when every tool is on PATH; otherwise fails the
# step under CI and skips it elsewhere, and returns false.
need() {
	local step=$1 tool
	shift
	for tool in "$@"; do
		if ! command -v "$tool" >/dev/null 2>&1; then
			if $ci; then
				fail "$step" "$tool not installed"
			else
				skip "$step" "$tool not installed"
			fi
			return 1
		fi
	done
	return 0
}

# run STEP CMD...: run a command or an exported shell function with a time
# limit, indenting its output; returns its status.
run() {
	local step=$1
	shift
	echo "=== RUN: $step"
	: >"$server_log"
	if timeout --kill-after=10 "$step_timeout" bash -c '"$@"' run "$@" 2>&1 | sed -u 's/^/    /'; then
		pass "$step"
	else
		if [ -s "$server_log" ]; then
			echo "    skill-ls stderr (last 40 lines):"
			tail -n 40 "$server_log" | sed 's/^/      /'
		fi
		fail "$step"
		return 1
	fi
}

# --- the binary and an isolated environment --------------------------------

# The VS Code versions and the cache they are installed in, read before
# HOME moves.
# shellcheck source=scripts/code-server-lib.sh
. "$repo/scripts/code-server-lib.sh"
SKILL_LS_VSCODE_CACHE=$(code_server_cache)
export SKILL_LS_VSCODE_CACHE

mkdir -p "$tmp/bin" "$tmp/home"
# HOME moves to an empty directory below (so editors read no user config and
# the server sees no global skills). First pin what lives under the real
# home: Go's and npm's caches and configuration, rustup's toolchains.
export GOCACHE="${GOCACHE:-$(go env GOCACHE 2>/dev/null || echo "$tmp/gocache")}"
export GOMODCACHE="${GOMODCACHE:-$(go env GOMODCACHE 2>/dev/null || echo "$tmp/gomodcache")}"
export GOPATH="${GOPATH:-$(go env GOPATH 2>/dev/null || echo "$tmp/gopath")}"
export GOENV="${GOENV:-$(go env GOENV 2>/dev/null || echo off)}"
if command -v npm >/dev/null 2>&1; then
	export npm_config_cache="${npm_config_cache:-$(npm config get cache 2>/dev/null)}"
	export npm_config_userconfig="${npm_config_userconfig:-$(npm config get userconfig 2>/dev/null)}"
fi
export npm_config_update_notifier=false
if [ -z "${RUSTUP_HOME:-}" ] && [ -d "$HOME/.rustup" ]; then export RUSTUP_HOME="$HOME/.rustup"; fi
if [ -z "${CARGO_HOME:-}" ] && [ -d "$HOME/.cargo" ]; then export CARGO_HOME="$HOME/.cargo"; fi
export HOME="$tmp/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share"
export XDG_STATE_HOME="$HOME/.local/state" XDG_CACHE_HOME="$HOME/.cache"
unset CODEX_HOME ZOT_HOME NVIM_APPNAME VIMINIT EMACSLOADPATH || true

have_binary=false
mkdir -p "$tmp/real"
if [ -n "${SKILL_LS_E2E_BINARY:-}" ]; then
	# Test the editors against a given binary instead of building one.
	echo "=== using SKILL_LS_E2E_BINARY=$SKILL_LS_E2E_BINARY"
	if ln -s "$(readlink -f "$SKILL_LS_E2E_BINARY")" "$tmp/real/skill-ls"; then
		have_binary=true
	fi
else
	echo "=== RUN: build"
	if (cd "$repo" && go build -o "$tmp/real/skill-ls" ./cmd/skill-ls) 2>&1 | sed 's/^/    /'; then
		have_binary=true
		echo "    built $tmp/real/skill-ls"
	else
		echo "    go build ./cmd/skill-ls failed: every step that runs the server fails"
	fi
fi
# Editors find `skill-ls` on PATH: a wrapper that runs the real binary with
# the same arguments and keeps its stderr (a panic, say) for the report of
# a failed step.
server_log="$tmp/server-stderr.log"
printf '#!/bin/sh\nexec "%s" "$@" 2>>"%s"\n' "$tmp/real/skill-ls" "$server_log" >"$tmp/bin/skill-ls"
chmod +x "$tmp/bin/skill-ls"
export PATH="$tmp/bin:$PATH"

# The workspace: one broken skill, one valid skill, one plain Markdown file.
ws="$tmp/ws"
mkdir -p "$ws/.agents/skills/my-skill" "$ws/.agents/skills/good-skill"
cat >"$ws/README.md" <<'EOF'
# A project

Not a skill: skill-ls must not attach here.
EOF
# Line 1 (0-based): the name value `Wrong_Name` is columns 6-16.
cat >"$ws/.agents/skills/my-skill/SKILL.md" <<'EOF'
---
name: Wrong_Name
description: Formats widget reports. Use when the user asks for a widget report.
---

# My skill

Run the formatter on the report.
EOF
# Line 3 (0-based) is a blank line inside the frontmatter (for completion).
cat >"$ws/.agents/skills/good-skill/SKILL.md" <<'EOF'
---
name: good-skill
description: Summarizes gadget logs. Use when the user asks about gadget logs.

---

# Good skill

Read the log and summarize it.
EOF
# The same name under .claude/skills: a collision, for "Open <path>".
mkdir -p "$ws/.claude/skills/good-skill"
cat >"$ws/.claude/skills/good-skill/SKILL.md" <<'EOF'
---
name: good-skill
description: Summarizes gadget logs for Claude. Use when the user asks about gadget logs.
---

# Good skill (Claude's copy)
EOF
export SKILL_LS_WS="$ws" SKILL_LS_REPO="$repo"
export repo tmp ws

server_step() { # STEP: false (and fails the step) without a binary
	if ! $have_binary; then
		fail "$1" "no skill-ls binary"
		return 1
	fi
	return 0
}

vscode="$repo/editors/vscode"
export vscode
vscode_ready=false

# --- vscode-unit: npm ci, tsc and node --test of the pure client code -------
if selected_step vscode-unit || selected_step node || selected_step vsix; then
	if need vscode-unit node npm; then
		npm_setup() {
			cd "$vscode" || return 1
			if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
				npm ci --no-audit --no-fund || return 1
			fi
			npm test
		}
		export -f npm_setup
		run vscode-unit npm_setup && vscode_ready=true
	fi
fi

# --- node: the extension's launch contract against the real server ---------
if selected_step node; then
	if need node node && server_step node; then
		if $vscode_ready; then
			run node node "$repo/testdata/e2e/vscode-client.js" "$vscode" "$ws"
		else
			fail node "editors/vscode did not build"
		fi
	fi
fi

# --- vsix: the platform-specific package, unpacked, and its binary run -----
# scripts/package-vscode.sh builds the .vsix for this machine (the binary
# cross-compiled with CGO_ENABLED=0, the extension bundled by esbuild); the
# check unpacks it, reads what is inside, runs the bundled binary's
# `version` and then a whole LSP session with it (vscode-client.js).
check_vsix() {
	local platform x="$tmp/vsix"
	platform=$(. "$repo/scripts/build-lib.sh" && host_platform)
	OUT="$tmp/vsix-out" VERSION=0.0.0-e2e "$repo/scripts/package-vscode.sh" "$platform" >"$tmp/vsix-build.log" 2>&1 || {
		tail -n 30 "$tmp/vsix-build.log"
		return 1
	}
	local vsix
	vsix=$(ls "$tmp"/vsix-out/skill-ls-"$platform"-*.vsix) || return 1
	echo "built $(basename "$vsix") ($(du -k "$vsix" | cut -f1) KiB)"
	rm -rf "$x" && mkdir -p "$x" && (cd "$x" && unzip -q "$vsix") || return 1
	node - "$x" "$platform" <<'EOF' || return 1
const fs = require('fs');
const path = require('path');
const assert = require('assert');
const cp = require('child_process');
const [root, platform] = process.argv.slice(2);
const ext = path.join(root, 'extension');
const m = JSON.parse(fs.readFileSync(path.join(ext, 'package.json'), 'utf8'));
let failures = 0;
function check(what, fn) {
  try { fn(); console.log(`ok   - ${what}`); } catch (e) { failures++; console.log(`FAIL - ${what}\n       ${e.message}`); }
}
function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(path.join(dir, d.name)) : [path.relative(ext, path.join(dir, d.name))]);
}
const all = files(ext);
console.log(`files: ${all.join(', ')}`);
check(`the package is for ${platform}`, () =>
  assert.match(fs.readFileSync(path.join(root, 'extension.vsixmanifest'), 'utf8'), new RegExp(`TargetPlatform="${platform}"`)));
check('it carries the skill-ls binary, executable', () => {
  const st = fs.statSync(path.join(ext, 'bin', 'skill-ls'));
  assert.ok(st.mode & 0o111, 'not executable');
});
check('the bundled binary runs: skill-ls version', () => {
  const out = cp.execFileSync(path.join(ext, 'bin', 'skill-ls'), ['version'], { encoding: 'utf8' });
  assert.strictEqual(out.split('\n')[0], 'skill-ls 0.0.0-e2e');
});
check('the extension is one bundled file, with no node_modules, sources or tests', () => {
  assert.ok(fs.existsSync(path.join(ext, 'out', 'extension.js')));
  assert.deepStrictEqual(all.filter((f) => f.startsWith('out/')), ['out/extension.js']);
  assert.ok(!all.some((f) => f.startsWith('node_modules/') || f.startsWith('src/') || f.endsWith('.ts') || f.endsWith('.map')));
  assert.ok(all.length <= 10, `${all.length} files`);
});
check('the bundle has vscode-languageclient inside and needs only vscode', () => {
  const js = fs.readFileSync(path.join(ext, 'out', 'extension.js'), 'utf8');
  assert.ok(js.includes('vscode-languageclient') || js.includes('LanguageClient'));
  const requires = [...js.matchAll(/require\("([^"]+)"\)/g)].map((r) => r[1]);
  const foreign = requires.filter((r) => r !== 'vscode' && !r.startsWith('node:') && !require('module').builtinModules.includes(r));
  assert.deepStrictEqual(foreign, []);
});
check('manifest: main, activation on SKILL.md, manifests, the Skill language and Markdown', () => {
  assert.strictEqual(m.main, './out/extension.js');
  assert.ok(m.activationEvents.includes('workspaceContains:**/SKILL.md'));
  assert.ok(m.activationEvents.includes('onLanguage:skill'));
  assert.ok(m.activationEvents.includes('onLanguage:markdown'));
  assert.ok(m.activationEvents.includes('workspaceContains:**/.claude-plugin/plugin.json'));
  assert.ok(m.activationEvents.includes('workspaceContains:**/gemini-extension.json'));
});
check('manifest: settings for path, targets, roots, rules, debounceMs, trace', () => {
  const p = m.contributes.configuration.properties;
  for (const k of ['path', 'targets', 'roots', 'rules', 'debounceMs', 'trace.server']) assert.ok(p[`skill-ls.${k}`], k);
  assert.strictEqual(p['skill-ls.path'].default, '');
});
check('manifest: commands show catalog and restart server', () => {
  const ids = m.contributes.commands.map((c) => c.command).sort();
  assert.deepStrictEqual(ids, ['skill-ls.restart', 'skill-ls.showCatalog']);
});
console.log(`vsix: ${failures} failed`);
process.exit(failures ? 1 : 0);
EOF
	# The extension's launch with the bundled binary, for a whole session.
	node "$repo/testdata/e2e/vscode-client.js" "$vscode" "$ws" "$x/extension/bin/skill-ls"
}
export -f check_vsix
if selected_step vsix; then
	if need vsix node npm unzip go; then
		if $vscode_ready; then
			run vsix check_vsix
		else
			fail vsix "editors/vscode did not build"
		fi
	fi
fi

# --- vscode: the .vsix in a real VS Code ------------------------------------
# code-server (VS Code in a browser, from npm) with the linux-x64 .vsix
# installed, driven in headless Chromium (scripts/vscode-e2e.sh), on each
# version of scripts/code-server-lib.sh: today's and the oldest the
# extension's engines field admits. scripts/install-code-server.sh
# installs them (.ci/run does); under CI a missing one fails the step.
if selected_step vscode; then
	# The cache was named before HOME moved (code_server_cache reads it).
	for pair in "${SKILL_LS_CODE_SERVER_LIST[@]}"; do
		v=${pair%%:*}
		vscode_step() {
			local status=0
			VSIX=$(ls "$tmp"/vsix-out/skill-ls-linux-x64-*.vsix 2>/dev/null | head -n 1) \
				"$repo/scripts/vscode-e2e.sh" "$1" || status=$?
			if [ "$status" -eq 2 ]; then
				echo "code-server $1, playwright-core or chromium not installed (scripts/install-code-server.sh; apt-get install chromium)"
				$ci || return 0
			fi
			return "$status"
		}
		export -f vscode_step
		if [ "$(. "$repo/scripts/build-lib.sh" && host_platform)" != linux-x64 ]; then
			skip "vscode-$v" "the .vsix under test is linux-x64"
		elif [ ! -f "$(code_server_dir "$v")/.installed" ] && ! $ci; then
			skip "vscode-$v" "code-server $v not installed (scripts/install-code-server.sh)"
		else
			# Packaging the .vsix (when the vsix step did not) and starting
			# VS Code take longer than the other steps.
			step_timeout=${SKILL_LS_E2E_VSCODE_TIMEOUT:-480} run "vscode-$v" vscode_step "$v"
		fi
	done
fi

# --- nvim: headless Neovim with editors/neovim ------------------------------
if selected_step nvim; then
	if need nvim nvim && server_step nvim; then
		nvim_test() {
			nvim --version | head -n 1
			# A copy of its own: the test edits, renames and moves skills.
			local w="$tmp/ws-nvim"
			rm -rf "$w" && cp -r "$ws" "$w" || return 1
			cd "$w" && SKILL_LS_WS="$w" nvim --headless -i NONE -u "$repo/testdata/e2e/nvim-test.lua"
		}
		export -f nvim_test
		run nvim nvim_test
	fi
fi

# --- emacs: batch Emacs with eglot and editors/emacs/skill-ls.el -----------
need_eglot() {
	if emacs --batch -q --eval "(require 'eglot)" >/dev/null 2>&1; then
		return 0
	fi
	if $ci; then
		fail emacs "eglot not installed (Debian: elpa-eglot)"
	else
		skip emacs "eglot not installed (Debian: elpa-eglot)"
	fi
	return 1
}
if selected_step emacs; then
	if need emacs emacs && need_eglot && server_step emacs; then
		emacs_test() {
			emacs --version | head -n 1
			# Byte-compile cleanly (warnings are errors).
			cp "$repo/editors/emacs/skill-ls.el" "$tmp/skill-ls.el"
			emacs --batch -q --eval '(setq byte-compile-error-on-warn t)' \
				-f batch-byte-compile "$tmp/skill-ls.el" || return 1
			# -q, not -Q: on Emacs 28 eglot is Debian's elpa-eglot, put on the
			# load-path by site-start (Emacs 29+ has eglot built in).
			local w="$tmp/ws-emacs"
			rm -rf "$w" && cp -r "$ws" "$w" || return 1
			cd "$w" && SKILL_LS_WS="$w" emacs --batch -q \
				-l "$repo/editors/emacs/skill-ls.el" \
				-l "$repo/testdata/e2e/emacs-test.el"
		}
		export -f emacs_test
		run emacs emacs_test
	fi
fi

# --- manifests: Zed and Helix, which cannot run here ------------------------
if selected_step manifests; then
	if need manifests python3; then
		manifests_test() {
			python3 "$repo/testdata/e2e/check_manifests.py" "$repo" || return 1
			if rustfmt --version >/dev/null 2>&1; then
				# Parses src/lib.rs (a syntax check; the crate cannot be built
				# offline) and checks its formatting.
				rustfmt --edition 2021 --check "$repo/editors/zed/src/lib.rs" &&
					echo "ok   - zed: src/lib.rs parses and is rustfmt-clean"
			else
				echo "note - no working rustfmt: src/lib.rs syntax not checked"
			fi
		}
		export -f manifests_test
		run manifests manifests_test
	fi
fi

echo
if [ "${#failed_steps[@]}" -gt 0 ]; then
	echo "failed steps: ${failed_steps[*]}"
fi
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
