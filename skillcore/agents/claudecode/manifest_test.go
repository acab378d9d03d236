package claudecode

import "testing"

func TestReservedPlugin(t *testing.T) {
	for name, want := range map[string]bool{
		"claude-in-chrome-troubleshooting": true,
		"Anthropic-tools":                  true,
		"cc-plugin-x":                      true,
		"claude":                           true,
		"claude-mods":                      true,
		"official-claude-kit":              true,
		"my-official-tools":                false,
		"superpowers":                      false,
		"claudeish":                        false,
		"anthropics":                       true,
	} {
		if got := reservedPlugin(name); got != want {
			t.Errorf("%q: got %v, want %v", name, got, want)
		}
	}
}
