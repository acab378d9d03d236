#!/usr/bin/env bash
# Installs the released agents the targets are verified against
# (skillcore.Target.Verified; `go run ./cmd/conformance -versions`) from
# npm into a cache folder, one folder per package@version, once: a second
# run with the same versions downloads nothing. The folder is
# $SKILL_LS_AGENTS, else ~/.cache/skill-ls/agents.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${SKILL_LS_AGENTS:-${XDG_CACHE_HOME:-$HOME/.cache}/skill-ls/agents}
mkdir -p "$dir"
for spec in $(go run ./cmd/conformance -versions); do
  pkg=${spec%@*}; ver=${spec##*@}
  sub="$dir/$(printf '%s' "$pkg" | tr '/@' '+_')_$ver"
  if [ -f "$sub/.installed" ]; then continue; fi
  echo "installing $spec into $sub"
  rm -rf "$sub"; mkdir -p "$sub"
  (cd "$sub" && npm install --no-audit --no-fund --loglevel=error --prefix . "$spec" >/dev/null)
  touch "$sub/.installed"
done
echo "$dir"
