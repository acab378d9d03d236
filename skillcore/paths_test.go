package skillcore

import (
	"path/filepath"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// TestManifestPlacesAsFilepath: fsys.SubPath says what filepath.Join says
// of every manifest place a package format names.
func TestManifestPlacesAsFilepath(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "a", "a/b", ".", "/tmp/x y"} {
		for _, t2 := range Targets {
			var rels []string
			for _, l := range pluginLookup(t2.ID) {
				rels = append(rels, l.rel)
			}
			for _, l := range marketplaceLookup(t2.ID) {
				rels = append(rels, l.rel)
			}
			for _, rel := range rels {
				if got, want := fsys.SubPath(p, rel), filepath.Join(p, rel); got != want {
					t.Errorf("SubPath(%q, %q) = %q, want %q", p, rel, got, want)
				}
			}
		}
	}
}
