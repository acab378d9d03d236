package claudecode

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// manifestChecks are what Claude Code does with a plugin's and a
// marketplace's manifest beyond its formats' rules.
var manifestChecks = loader.PackageChecks{
	FlagsPluginName: func(name string) string {
		if !reservedPlugin(name) {
			return ""
		}
		return fmt.Sprintf("`claude plugin validate` refuses the plugin name %q as one of Anthropic's own (claude-, anthropic-, cc-plugin-, ...); Claude Code still installs and loads it", name)
	},
	// It replaces ${CLAUDE_PLUGIN_ROOT}, ${CLAUDE_PLUGIN_DATA} and
	// ${CLAUDE_SKILL_DIR} in a plugin's manifests; another
	// ${CLAUDE_PLUGIN_...} stays as written.
	Variables: &loader.ManifestVariables{
		Prefix:  "${CLAUDE_",
		Pattern: regexp.MustCompile(`\$\{(CLAUDE_PLUGIN_[A-Z0-9_]*|CLAUDE_SKILL_DIR)\}`),
		Known:   map[string]bool{"CLAUDE_PLUGIN_ROOT": true, "CLAUDE_PLUGIN_DATA": true, "CLAUDE_SKILL_DIR": true},
		Unknown: "claude-code leaves ${%s} as written: it replaces only ${CLAUDE_PLUGIN_ROOT} and ${CLAUDE_PLUGIN_DATA}",
	},
}

// reservedPlugin reports whether `claude plugin validate` (Claude
// Code 2.1.328) refuses a plugin name as passing for one of Anthropic's
// own: it starts with claude-, anthropic-, anthropics- or cc-plugin-, is
// claude, anthropic, anthropics, claude-code or claude-mods, or puts
// "official" beside claude or anthropic. Its installer does not refuse it.
func reservedPlugin(name string) bool {
	n := strings.ToLower(name)
	for _, p := range []string{"claude-", "anthropic-", "anthropics-", "cc-plugin-"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	switch n {
	case "claude", "anthropic", "anthropics", "claude-code", "claude-mods":
		return true
	}
	return strings.Contains(n, "official") && (strings.Contains(n, "claude") || strings.Contains(n, "anthropic"))
}
