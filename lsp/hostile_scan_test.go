package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// Documents opened, edited and closed while the first scan runs, in a
// world with an installed plugin and colliding names, and the disk changed
// meanwhile: once everything settles, what the server published last for
// each file is what a fresh analysis of the final state says. Edits move
// names in and out of collision groups, one of them for Gemini only (the
// name read past YAML that does not parse), as the world once mishandled.
func TestHostileFirstScan(t *testing.T) {
	const (
		plugin = "home/.copilot/installed-plugins/market/pr-tools/"
		pskill = plugin + "skills/review/SKILL.md"
		review = "ws/.agents/skills/review/SKILL.md"
		dupA   = "ws/.agents/skills/dup-a/SKILL.md"
		dupB   = "ws/.agents/skills/dup-b/SKILL.md"
		dupC   = "ws/.agents/skills/dup-c/SKILL.md"
		gem    = "ws/.gemini/skills/g/SKILL.md"
		gem2   = "ws/.gemini/skills/h/SKILL.md"
		gem3   = "ws/.gemini/skills/i/SKILL.md"
	)
	hold := make(chan struct{})
	h := start(t, "", setup{holdScan: hold})
	h.write(plugin+"plugin.json", `{"name": "pr-tools"}`)
	h.write(pskill, "---\nname: review\ndescription: Review with pr-tools.\n---\n")
	h.write("home/.copilot/config.json", `{"installedPlugins": [{"name": "pr-tools", "marketplace": "market", "enabled": true}]}`)
	disk := map[string]string{
		review: "---\nname: review\ndescription: Review this project.\n---\n",
		dupA:   "---\nname: dup\ndescription: A.\n---\n",
		dupB:   "---\nname: dup\ndescription: B.\n---\n",
		gem:    "---\nname: x\ndescription: a: b\n---\n",
		gem2:   "---\nname: review\ndescription: G.\n---\n",
		gem3:   "---\nname: x\ndescription: X.\n---\n",
	}
	for rel, text := range disk {
		h.write(rel, text)
	}

	// During the scan (held once it has watched its roots).
	open := map[string]string{}
	versions := map[string]int32{}
	set := func(rel, text string) {
		if old, ok := open[rel]; ok {
			versions[rel]++
			h.edit(rel, versions[rel], whole(old), text)
		} else {
			versions[rel] = 1
			h.open(rel, text, 1)
		}
		open[rel] = text
	}
	closeDoc := func(rel string) {
		h.closeDoc(rel)
		delete(open, rel)
	}
	set(review, disk[review])
	set(review, "---\nname: dup\ndescription: Now a dup.\n---\n")
	set(gem, disk[gem])
	set(gem, "---\nname: review\ndescription: a: b\n---\n") // review to Gemini only
	set(gem, "---\nname: review\ndescription: Fixed.\n---\n")
	set(dupA, disk[dupA])
	set(dupA, "---\nname: review\ndescription: A, renamed.\n---\n")
	closeDoc(dupA) // the disk's dup again
	set(pskill, h.read(pskill))
	set(pskill, "---\nname: dup\ndescription: Edited in the cache.\n---\n")
	closeDoc(pskill)
	h.write(dupC, "---\nname: dup\ndescription: C, new on disk.\n---\n")
	h.write(dupB, "---\nname: review\ndescription: B, renamed on disk.\n---\n")
	h.roundTrip()
	close(hold)
	h.settle()
	// And again once the world is in.
	set(gem, "---\nname: x\ndescription: a: b\n---\n")
	h.settle()
	set(gem, "---\nname: review\ndescription: a: b\n---\n")
	h.settle()
	set(gem, "---\nname: review\ndescription: Fixed again.\n---\n")
	h.settle()

	// The fresh analysis: a new workspace over the disk as it is, the open
	// documents laid over it.
	fresh := freshDiagnostics(h, open, UTF16)
	h.client.mu.Lock()
	defer h.client.mu.Unlock()
	for _, rel := range []string{review, dupA, dupB, dupC, gem, gem2, gem3} {
		want := fresh(rel)
		p, ok := h.client.latest(h.uri(rel))
		got, _ := p.Version.Get()
		if v, isOpen := versions[rel]; open[rel] != "" && (!ok || got != v) {
			t.Errorf("%s: last published %v version %d, want version %d", rel, ok, got, v)
			continue
		} else if !isOpen && !ok && len(want) == 0 {
			continue // never published, nothing to say
		}
		gotJSON, err1 := protocol.Marshal(p.Diagnostics)
		wantJSON, err2 := protocol.Marshal(want)
		if err1 != nil || err2 != nil || string(gotJSON) != string(wantJSON) {
			t.Errorf("%s: published\n%s\nfresh analysis\n%s", rel, gotJSON, wantJSON)
		}
	}
	// An agent's copy of a plugin is told only while open.
	if p, ok := h.client.latest(h.uri(pskill)); ok && len(p.Diagnostics) > 0 {
		t.Errorf("%s: closed, still told %v", pskill, codes(p))
	}
	for _, l := range h.client.logs {
		if l.Type == protocol.MessageTypeError {
			t.Errorf("logged: %s", l.Message)
		}
	}
}

// whole is the range of all of text.
func whole(text string) protocol.Range {
	lines := strings.Count(text, "\n")
	last := text[strings.LastIndex(text, "\n")+1:]
	return rng(0, 0, uint32(lines), uint32(len(last)))
}
