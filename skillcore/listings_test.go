package skillcore

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestListerWalksAsReadDir: every recursive scan finds the same files,
// shown under the same paths, whether its folders are listed each afresh
// or through one lister shared by every scan, as a scan of the roots does.
func TestListerWalksAsReadDir(t *testing.T) {
	root := discoverTree(t)
	scans := []loader.Scan{{Recursive: true, MaxDepth: 64, RootFile: true}}
	for _, tg := range loader.Targets {
		if tg.Scan.Recursive {
			scans = append(scans, tg.Scan)
		}
	}
	scans = append(scans,
		loader.Scan{Recursive: true, MaxDepth: 64, MaxDirs: 3, FollowSymlinks: true},
		loader.Scan{Recursive: true, MaxDepth: 64, MaxEntries: 5, FollowSymlinks: true})
	l := newLister(nil)
	for _, scan := range scans {
		want, wantShown, wantExact := walkRecursive(root, scan, nil)
		got, gotShown, gotExact := walkRecursive(root, scan, l)
		if !slices.Equal(got, want) || gotExact != wantExact || len(gotShown) != len(wantShown) {
			t.Errorf("%+v: through a lister %q (exact %v, shown %v), afresh %q (exact %v, shown %v)", scan, got, gotExact, gotShown, want, wantExact, wantShown)
		}
		for p, s := range wantShown {
			if gotShown[p] != s {
				t.Errorf("%+v: %s shown as %q through a lister, %q afresh", scan, p, gotShown[p], s)
			}
		}
	}
}

// TestListerListsOnce: a second scan through the same lister lists no
// folder again (a folder removed after the first scan is still found),
// and a lister starts from the listings a check's walk made.
func TestListerListsOnce(t *testing.T) {
	root := discoverTree(t)
	scan := loader.Scan{Recursive: true, MaxDepth: 64}
	l := newLister(nil)
	first, _, _ := walkRecursive(root, scan, l)
	if err := os.RemoveAll(filepath.Join(root, "c")); err != nil {
		t.Fatal(err)
	}
	if again, _, _ := walkRecursive(root, scan, l); !slices.Equal(again, first) {
		t.Errorf("the second scan listed again: %q, the first found %q", again, first)
	}
	if fresh, _, _ := walkRecursive(root, scan, nil); slices.Equal(fresh, first) {
		t.Fatalf("removing %s changed nothing: the test shows nothing", filepath.Join(root, "c"))
	}

	walked, err := ReadDir(filepath.Join(root, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "a", loader.FileName)); err != nil {
		t.Fatal(err)
	}
	l = newLister(func(dir string) ([]os.DirEntry, bool) {
		if dir == filepath.Join(root, "a") {
			return walked, true
		}
		return nil, false
	})
	if got, _, _ := walkRecursive(root, scan, l); !slices.Contains(got, filepath.Join(root, "a", loader.FileName)) {
		t.Errorf("the walk's listing of a was not used: %q", got)
	}
}
