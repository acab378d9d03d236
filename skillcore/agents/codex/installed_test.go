package codex_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/agents/codex"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestCodexCachedVersion: of a plugin's cached versions Codex loads
// "local", else the newest; the listing's text order does not decide.
func TestCodexCachedVersion(t *testing.T) {
	for _, c := range []struct {
		dirs []string
		want string
	}{
		{[]string{"1.9.0", "1.10.0"}, "1.10.0"},
		{[]string{"1.10.0", "1.9.0", "local"}, "local"},
		{[]string{"3.0.0-rc.1", "2.9.9"}, "3.0.0-rc.1"},
		{[]string{"1.0.0", "bad name"}, "1.0.0"}, // a name Codex refuses is no version
	} {
		base := t.TempDir()
		for _, d := range c.dirs {
			if err := os.Mkdir(filepath.Join(base, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		var in loader.Installation
		if got := codex.CodexActiveVersion(&in, base); got != c.want {
			t.Errorf("%q: loads %q, want %q", c.dirs, got, c.want)
		}
	}
}
