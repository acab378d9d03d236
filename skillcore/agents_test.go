package skillcore

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestAgentFiles: every agent is whole in its folder, agents/<id> (its id
// without dashes), whose agent.go holds its Target, names the version it was verified
// against, and names every package format the agent reads, so a reader of
// that one file sees where the agent finds plugins.
func TestAgentFiles(t *testing.T) {
	reads := map[string][]string{}
	for _, f := range loader.PluginFormats {
		for _, r := range f.Readers {
			reads[r.Target] = append(reads[r.Target], f.ID)
		}
	}
	for _, f := range loader.MarketplaceFormats {
		for _, r := range f.Readers {
			reads[r.Target] = append(reads[r.Target], f.ID)
		}
	}
	for _, tg := range loader.Targets {
		name := filepath.Join("agents", strings.ReplaceAll(tg.ID, "-", ""), "agent.go")
		src, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%s: %v", tg.ID, err)
			continue
		}
		text := string(src)
		if !regexp.MustCompile(`\bID:\s+"` + regexp.QuoteMeta(tg.ID) + `"`).MatchString(text) {
			t.Errorf("%s does not hold the Target of %s", name, tg.ID)
		}
		if v := tg.Verified.Version; v != "" && !strings.Contains(text, tg.Verified.Package+" "+v) {
			t.Errorf("%s does not name %s %s, the version verified", name, tg.Verified.Package, v)
		}
		for _, id := range reads[tg.ID] {
			if !strings.Contains(text, id) {
				t.Errorf("%s does not name %s, a package format %s reads", name, id, tg.ID)
			}
		}
	}
}
