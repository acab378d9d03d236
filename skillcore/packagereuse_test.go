package skillcore

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/txtar"
)

// reuseRepo is a repository holding a folder of skills (skills/, hidden
// folders and a plugin inside it) beside unrelated sources in nested
// folders, one of them a plugin: n source folders.
func reuseRepo(t *testing.T, n int) (top, skills string) {
	top = t.TempDir()
	files := []txtar.File{
		{Name: ".git/HEAD", Data: []byte("ref: refs/heads/main\n")},
		{Name: ".claude-plugin/marketplace.json", Data: []byte(`{"name":"m","owner":{"name":"o"},"plugins":[{"name":"y","source":"./skills/y"}]}`)},
		{Name: "src/p/.claude-plugin/plugin.json", Data: []byte(`{"name":"p"}`)},
		{Name: "src/p/skills/s/SKILL.md", Data: []byte("---\nname: s\ndescription: d\n---\n")},
		{Name: "skills/x/SKILL.md", Data: []byte("---\nname: x\ndescription: d\n---\n")},
		{Name: "skills/x/.venv/lib/SKILL.md", Data: []byte("x")},
		{Name: "skills/.hidden/h/SKILL.md", Data: []byte("x")},
		{Name: "skills/.claude-plugin/plugin.json", Data: []byte(`{"name":"top"}`)},
		{Name: "skills/y/.claude-plugin/plugin.json", Data: []byte(`{"name":"y"}`)},
		{Name: "skills/y/skills/z/SKILL.md", Data: []byte("---\nname: z\ndescription: d\n---\n")},
	}
	for i := range n {
		files = append(files, txtar.File{Name: fmt.Sprintf("src/m%d/part/f.go", i), Data: []byte("package m\n")})
	}
	writeTree(t, top, files)
	return top, filepath.Join(top, "skills")
}

// sameFacts fails when two walks of one tree met different things.
func sameFacts(t *testing.T, got, want *walkFacts) {
	t.Helper()
	sorted := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"manifests", sorted(got.manifests), sorted(want.manifests)},
		{"skills", got.skills, want.skills},
		{"folders", got.folders, want.folders},
		{"links", got.links, want.links},
		{"linksIn", len(got.linksIn), len(want.linksIn)},
		{"topSeen", got.topSeen, want.topSeen},
		{"capped", got.capped, want.capped},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestPackageWalkReusesFind: the package search of a repository lists only
// the folders check's walk of a folder inside it did not, and meets what
// the whole walk meets.
func TestPackageWalkReusesFind(t *testing.T) {
	for _, n := range []int{10, 20} {
		top, skills := reuseRepo(t, n)
		w := NewWorld(Env{Home: t.TempDir()}, nil)
		w.Find(skills)
		got := walkForPackagesReusing(top, w.walks)
		want := walkForPackages(top)
		sameFacts(t, got, want)
		// Not listed again: skills/ and the folders below it that the
		// package walk enters.
		if listed := want.walked - 1 - want.foldersUnder(skills); got.walked != listed {
			t.Errorf("%d source folders: the package walk listed %d folders, want %d", n, got.walked, listed)
		}
	}
}

// TestPackageWalkReuseLinkedInto: a link elsewhere in the repository into
// the folder walked makes the search walk it whole, as it would have met
// it by its own path first.
func TestPackageWalkReuseLinkedInto(t *testing.T) {
	top, skills := reuseRepo(t, 3)
	if err := os.Symlink(filepath.Join(skills, "y"), filepath.Join(top, "src", "linked")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	w := NewWorld(Env{Home: t.TempDir()}, nil)
	w.Find(skills)
	got := walkForPackagesReusing(top, w.walks)
	want := walkForPackages(top)
	sameFacts(t, got, want)
	if got.walked != want.walked {
		t.Errorf("listed %d folders, want the whole walk's %d", got.walked, want.walked)
	}
}

// TestPackageWalkReuseSkipsHiddenWalk: a walk of a hidden folder the
// package walk does not enter is not taken in.
func TestPackageWalkReuseSkipsHiddenWalk(t *testing.T) {
	top, skills := reuseRepo(t, 3)
	w := NewWorld(Env{Home: t.TempDir()}, nil)
	w.Find(filepath.Join(skills, ".hidden"))
	sameFacts(t, walkForPackagesReusing(top, w.walks), walkForPackages(top))
}
