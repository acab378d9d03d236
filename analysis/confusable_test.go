package analysis

import (
	"fmt"
	"reflect"
	"regexp"
	"testing"
)

var lookalikeSaid = regexp.MustCompile(`looks like "[^"]*", the name of another skill, and is not it`)

// TestLookalikesFollowTheWorld: the index of names behind name-confusable
// is built once for a set of names and again when one comes, goes or is
// renamed; an edit that keeps every name keeps it.
func TestLookalikesFollowTheWorld(t *testing.T) {
	const (
		impostor = "proj/.agents/skills/dерlоy/SKILL.md"
		original = "proj/.agents/skills/deploy/SKILL.md"
		later    = "proj/.claude/skills/deploy-two/SKILL.md"
	)
	tr := newTestTree(t, Config{},
		treeFile{path: impostor, data: fm("name: dерlоy", okDesc)},
		treeFile{path: original, data: fm("name: deploy", okDesc)})
	looksLike := func() []string {
		var out []string
		// Two look-alikes at one name are one finding (onefinding.go)
		// saying both.
		for _, f := range tr.findings(impostor, "name-confusable") {
			out = append(out, lookalikeSaid.FindAllString(f.Message, -1)...)
		}
		return out
	}
	expect := func(step string, want ...string) {
		t.Helper()
		// Brought up to date by the change itself, as a fresh build is.
		x := &tr.ws.confusable
		if x.gen != tr.ws.World.NamesGen() {
			t.Errorf("%s: the index was left to be built again", step)
		}
		var fresh lookalikeIndex
		fresh.build(tr.ws.World)
		if !reflect.DeepEqual(fresh.byLook, x.byLook) || !reflect.DeepEqual(fresh.named, x.named) {
			t.Errorf("%s: the index kept up to date is %v, built afresh %v", step, x.byLook, fresh.byLook)
		}
		if got := looksLike(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %q, want %q", step, got, want)
		}
	}
	msg := func(name string) string {
		return fmt.Sprintf("looks like %q, the name of another skill, and is not it", name)
	}
	if looksLike(); tr.ws.confusable.gen != tr.ws.World.NamesGen() {
		t.Fatal("the index was not built")
	}
	expect("at first", msg("deploy"))
	gen := tr.ws.World.NamesGen()
	tr.ws.Set(tr.path(original), []byte(fm("name: deploy", "description: Deploys the service, with more words now.")))
	expect("a new description", msg("deploy"))
	if tr.ws.World.NamesGen() != gen {
		t.Errorf("a new description changed the names' generation")
	}
	tr.ws.Set(tr.path(original), []byte(fm("name: release", okDesc)))
	expect("the original renamed")
	tr.ws.Set(tr.path(later), []byte(fm("name: DEPLOY", okDesc)))
	expect("another comes", msg("DEPLOY"))
	tr.ws.Set(tr.path(original), []byte(fm("name: deploy", okDesc)))
	expect("named back", msg("deploy"), msg("DEPLOY"))
	tr.ws.Remove(tr.path(later))
	expect("one goes", msg("deploy"))
}
