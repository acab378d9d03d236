package skillcore

import (
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// TestManifestPlacesAsFilepath: fsys.SubPath says what filepath.Join says
// of every manifest place a package format names.
func TestManifestPlacesAsFilepath(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "a", "a/b", ".", "/tmp/x y"} {
		for _, t2 := range loader.Targets {
			var rels []string
			for _, l := range loader.PluginLookup(t2.ID) {
				rels = append(rels, l.Rel)
			}
			for _, l := range loader.MarketplaceLookup(t2.ID) {
				rels = append(rels, l.Rel)
			}
			for _, rel := range rels {
				if got, want := fsys.SubPath(p, rel), filepath.Join(p, rel); got != want {
					t.Errorf("SubPath(%q, %q) = %q, want %q", p, rel, got, want)
				}
			}
		}
	}
}
