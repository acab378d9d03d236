#!/usr/bin/env bash
# Regenerates the VS Code screenshots in docs/ (shown in README.md and
# editors/vscode/README.md) from the end-to-end test on today's VS Code:
#
#   scripts/screenshots.sh
#
# docs/vscode-diagnostics-hover.png  a SKILL.md with skill-ls's findings
#                                    and its hover
# docs/vscode-catalog.png            Show Catalog's document for an agent
#
# Needs what scripts/vscode-e2e.sh needs (scripts/install-code-server.sh).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/code-server-lib.sh
. "$repo/scripts/code-server-lib.sh"
current=${SKILL_LS_CODE_SERVER_LIST[0]%%:*}
shots=$(mktemp -d "${TMPDIR:-/tmp}/skill-ls-shots.XXXXXX")
trap 'rm -rf "$shots"' EXIT

SHOTS="$shots" "$repo/scripts/vscode-e2e.sh" "$current"
for name in diagnostics-hover catalog; do
	cp "$shots/$name.png" "$repo/docs/vscode-$name.png"
	echo "docs/vscode-$name.png"
done
