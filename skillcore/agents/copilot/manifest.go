package copilot

import (
	"fmt"
	"strings"
)

// skipsPluginName says why copilot (VS Code) silently skips a plugin,
// marketplace or entry named name that its format's rule accepts: the
// name holds ":" or "/", which it does not load.
func skipsPluginName(name string) string {
	if !strings.ContainsAny(name, ":/") {
		return ""
	}
	return fmt.Sprintf("copilot (VS Code) silently skips a plugin named %q: names with : or / are not loaded", name)
}
