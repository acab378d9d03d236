package analysis

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"golang.org/x/tools/txtar"
)

// featureTree is a workspace for the editor features: a project with two
// skills of one name, a global skill, and files a skill links to.
const featureTree = `
-- home/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Global deploy.
---
-- proj/.git/HEAD --
ref: main
-- proj/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: "Déploie 😀 <fast> & safe"
license: MIT
---
# Deploy

See [guide](references/guide.md) and [missing](references/none.md).
Run ` + "`scripts/run.sh`" + `.

## Steps

` + "```sh\necho hi\n```" + `

# Notes
-- proj/.agents/skills/deploy/references/guide.md --
guide
-- proj/.agents/skills/deploy/scripts/run.sh --
echo
-- proj/.agents/skills/other/SKILL.md --
---
name: other
description: Other skill.
---
`

// loadTree writes a txtar tree under a temp dir and scans it as a
// workspace whose home is <tmp>/home and whose project is <tmp>/proj.
func loadTree(t *testing.T, tree string) (*Workspace, string) {
	t.Helper()
	dir := t.TempDir()
	for _, f := range txtar.Parse([]byte(tree)).Files {
		p := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w := NewWorkspace(Config{Home: filepath.Join(dir, "home"), Projects: []string{filepath.Join(dir, "proj")}})
	if errs := w.Scan(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return w, dir
}

func offsetOf(t *testing.T, src []byte, needle string) int {
	t.Helper()
	i := strings.Index(string(src), needle)
	if i < 0 {
		t.Fatalf("%q not in source", needle)
	}
	return i
}

func labels(items []CompletionItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

func TestCompleteKeysAtEmptyLine(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	// An empty line inserted before the closing ---.
	at := offsetOf(t, src, "license: MIT\n") + len("license: MIT\n")
	edited := string(src[:at]) + "\n" + string(src[at:])
	w.Set(path, []byte(edited))
	items := w.Complete(path, at)
	got := labels(items)
	for _, want := range []string{"compatibility", "metadata", "allowed-tools"} {
		if !slices.Contains(got, want) {
			t.Errorf("completion lacks %q: %v", want, got)
		}
	}
	for _, present := range []string{"name", "description", "license"} {
		if slices.Contains(got, present) {
			t.Errorf("completion offers present key %q", present)
		}
	}
	it := items[slices.Index(got, "allowed-tools")]
	if it.InsertPlain != "allowed-tools: " || it.Range != (Range{Start: at, End: at}) || !strings.Contains(it.Doc, "Honoured by") {
		t.Errorf("item = %+v", it)
	}
}

func TestCompleteValues(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	cases := []struct {
		insert, want string
	}{
		{"effort: ", "xhigh"},
		{"disable-model-invocation: t", "true"},
		{"shell: ", "powershell"},
		{"allowed-tools: Read ", "Grep"},
		{"license: A", "Apache-2.0"},
	}
	for _, c := range cases {
		src := w.Source(path)
		at := offsetOf(t, src, "license: MIT\n") + len("license: MIT\n")
		text := string(src[:at]) + c.insert + "\n" + string(src[at:])
		w.Set(path, []byte(text))
		got := labels(w.Complete(path, at+len(c.insert)))
		if !slices.Contains(got, c.want) {
			t.Errorf("%q: completion %v lacks %q", c.insert, got, c.want)
		}
		w.Set(path, src)
	}
	// The directory name for name, with multi-byte text before the cursor.
	src := w.Source(path)
	name := offsetOf(t, src, "name: deploy")
	got := w.Complete(path, name+len("name: "))
	if len(got) != 1 || got[0].Label != "deploy" || got[0].Range != (Range{Start: name + 6, End: name + 12}) {
		t.Errorf("name completion = %+v", got)
	}
}

func TestCompleteBodyPaths(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	text := string(src) + "Read [x](ref"
	w.Set(path, []byte(text))
	items := w.Complete(path, len(text))
	got := labels(items)
	if !slices.Contains(got, "references/guide.md") || !slices.Contains(got, "scripts/run.sh") || slices.Contains(got, "SKILL.md") {
		t.Fatalf("paths = %v", got)
	}
	if r := items[0].Range; r.Start != len(text)-3 || r.End != len(text) {
		t.Errorf("range = %+v", r)
	}
	// Inside backticks too, and at the very end of the file.
	text = string(src) + "Run `scr"
	w.Set(path, []byte(text))
	if got := labels(w.Complete(path, len(text))); !slices.Contains(got, "scripts/run.sh") {
		t.Errorf("backtick paths = %v", got)
	}
	// Plain prose offers nothing.
	if got := w.Complete(path, len(text)-5); len(got) != 0 {
		t.Errorf("prose completion = %v", labels(got))
	}
}

func TestHoverName(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	h := w.Hover(path, offsetOf(t, src, "deploy\ndescription"))
	if h == nil {
		t.Fatal("no hover")
	}
	for _, want := range []string{
		"Zed catalog entry:",
		"<name>deploy</name>",
		"Déploie 😀 &lt;fast&gt; &amp; safe",       // zed escapes the description
		"Codex", "zot", "see the catalog command", // entries that did not fit
		"64 bytes (zed)",
		"catalog budget: this skill uses",
		"hides the global skill",
		"home/.agents/skills/deploy/SKILL.md",
	} {
		if !strings.Contains(h.Markdown, want) {
			t.Errorf("hover lacks %q:\n%s", want, h.Markdown)
		}
	}
	if h.Range.Start != offsetOf(t, src, "name:") {
		t.Errorf("range = %+v", h.Range)
	}
	if n := strings.Count(h.Markdown, "\n") + 1; n > hoverLines {
		t.Errorf("hover runs to %d lines:\n%s", n, h.Markdown)
	}
}

// The hover's first line stands alone (Emacs's ElDoc shows it in the echo
// area as the cursor rests on name): one line saying who loads the skill,
// how long the value is and how many names collide, then a blank line and
// the detail. A skill loaded through a plugin has the names it is loaded
// under below it.
func TestHoverSummaryLine(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	for _, c := range []struct{ at, want string }{
		{"deploy\ndescription", "`deploy` name: loaded by agentskills, "},
		{"fast", "`deploy` description: loaded by agentskills, "},
	} {
		h := w.Hover(path, offsetOf(t, src, c.at))
		if h == nil {
			t.Fatalf("no hover on %s", c.at)
		}
		first, rest, _ := strings.Cut(h.Markdown, "\n")
		if !strings.HasPrefix(first, c.want) || !strings.Contains(first, " chars") || !strings.Contains(first, "1 name collision") {
			t.Errorf("hover on %s starts %q, want %q..., its length and its collision", c.at, first, c.want)
		}
		if !strings.HasPrefix(rest, "\n") {
			t.Errorf("hover on %s: first line %q is not a short paragraph of its own", c.at, first)
		}
	}
}

// When an agent that reads the file refuses it, the hover says so and why
// before anything else, and shows no catalog entry for that agent; it stays
// compact.
func TestHoverRefused(t *testing.T) {
	const tree = `
-- proj/.git/HEAD --
ref: main
-- proj/.agents/skills/my-skill/SKILL.md --
---
name: Wrong_Name
description: Formats widget reports. Use when the user asks for a widget report.
---
-- proj/.claude/skills/ok-skill/SKILL.md --
---
name: ok-skill
description: Does things.
license: MIT
---
`
	w, dir := loadTree(t, tree)
	path := filepath.Join(dir, "proj/.agents/skills/my-skill/SKILL.md")
	src := w.Source(path)
	e := w.World.Entry(path)
	for _, key := range []string{"Wrong_Name", "Formats"} {
		h := w.Hover(path, offsetOf(t, src, key))
		if h == nil {
			t.Fatalf("no hover on %s", key)
		}
		first := strings.SplitN(h.Markdown, "\n", 2)[0]
		if !strings.Contains(first, "⛔ refused by agentskills, zed") || !strings.Contains(first, "name-chars") {
			t.Errorf("hover on %s does not start with the refusal and its rule:\n%s", key, h.Markdown)
		}
		if !strings.Contains(h.Markdown, "- ⛔ **Refused by agentskills, zed**: name \"Wrong_Name\" has characters") {
			t.Errorf("hover on %s lacks the refusal's reason:\n%s", key, h.Markdown)
		}
		for _, tg := range e.Targets {
			if !loader.Loads(e.Problems, tg.ID) && strings.Contains(h.Markdown, tg.Title+" catalog entry") {
				t.Errorf("hover on %s shows the catalog entry of %s, which refuses the file:\n%s", key, tg.ID, h.Markdown)
			}
		}
		if n := strings.Count(h.Markdown, "\n") + 1; n > hoverLines {
			t.Errorf("hover on %s runs to %d lines:\n%s", key, n, h.Markdown)
		}
	}
	ok := filepath.Join(dir, "proj/.claude/skills/ok-skill/SKILL.md")
	if h := w.Hover(ok, offsetOf(t, w.Source(ok), "ok-skill")); h == nil || strings.Contains(h.Markdown, "⛔") {
		t.Errorf("a skill every reader loads is not refused: %+v", h)
	}
}

func TestHoverDescriptionLengths(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	h := w.Hover(path, offsetOf(t, src, "fast"))
	// 23 chars, 27 bytes: é is 2 bytes and 😀 4.
	if h == nil || !strings.Contains(h.Markdown, "Length: 23 chars, 27 bytes") || !strings.Contains(h.Markdown, "1024 bytes (zed)") {
		t.Fatalf("hover = %+v", h)
	}
}

func TestHoverKeyAndLink(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	if h := w.Hover(path, offsetOf(t, src, "license")); h == nil || !strings.Contains(h.Markdown, "SPDX") {
		t.Errorf("license hover = %+v", h)
	}
	if h := w.Hover(path, offsetOf(t, src, "references/guide.md")+3); h == nil || !strings.Contains(h.Markdown, "exists") {
		t.Errorf("link hover = %+v", h)
	}
	if h := w.Hover(path, offsetOf(t, src, "references/none.md")+3); h == nil || !strings.Contains(h.Markdown, "does not exist") {
		t.Errorf("broken link hover = %+v", h)
	}
	if h := w.Hover(path, len(src)); h != nil {
		t.Errorf("hover at end of file = %+v", h)
	}
}

func TestDefinitionAndReferences(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	global := filepath.Join(dir, "home/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	at := offsetOf(t, src, "deploy\n")
	defs := w.Definition(path, at)
	if len(defs) != 1 || defs[0].Path != global {
		t.Fatalf("definition = %+v", defs)
	}
	gsrc := w.Source(global)
	if got := defs[0].Range; string(gsrc[got.Start:got.End]) != "deploy" {
		t.Errorf("definition range %+v", got)
	}
	refs := w.References(path, at)
	if len(refs) != 2 {
		t.Errorf("references = %+v", refs)
	}
	link := w.Definition(path, offsetOf(t, src, "references/guide.md"))
	if len(link) != 1 || !strings.HasSuffix(link[0].Path, "references/guide.md") {
		t.Errorf("link definition = %+v", link)
	}
}

func TestSymbolsFoldsLinks(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	syms := w.Symbols(path)
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
	}
	if !slices.Equal(names, []string{"name", "description", "license", "Deploy", "Notes"}) {
		t.Fatalf("symbols = %v", names)
	}
	if len(syms[3].Children) != 1 || syms[3].Children[0].Name != "Steps" {
		t.Errorf("Deploy children = %+v", syms[3].Children)
	}
	folds := w.Folds(path)
	kinds := map[string]int{}
	for _, f := range folds {
		kinds[f.Kind]++
	}
	if kinds["frontmatter"] != 1 || kinds["section"] != 3 || kinds["code"] != 1 {
		t.Errorf("folds = %+v", folds)
	}
	for _, f := range folds {
		if f.Kind == "code" && !strings.HasPrefix(string(src[f.Range.Start:f.Range.End]), "```sh") || f.Kind == "code" && !strings.HasSuffix(string(src[f.Range.Start:f.Range.End]), "```") {
			t.Errorf("code fold = %q", src[f.Range.Start:f.Range.End])
		}
	}
	links := w.Links(path)
	if len(links) != 3 || !links[0].Exists || links[1].Exists || !links[2].Exists {
		t.Errorf("links = %+v", links)
	}
	ws := w.WorkspaceSymbols("dep")
	if len(ws) != 2 || ws[0].Name != "deploy" {
		t.Errorf("workspace symbols = %+v", ws)
	}
}

func TestInlayHintAndLens(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	hints := w.InlayHints(path)
	// Zed counts bytes: 1024 - 27.
	if len(hints) != 1 || hints[0].Label != "997 bytes left" {
		t.Errorf("hints = %+v", hints)
	}
	lens := w.CodeLenses(path)
	if len(lens) != 1 || !strings.HasPrefix(lens[0].Title, "loaded by agentskills, zed, codex") {
		t.Errorf("lens = %+v", lens)
	}
}

func TestRename(t *testing.T) {
	w, dir := loadTree(t, featureTree)
	path := filepath.Join(dir, "proj/.agents/skills/deploy/SKILL.md")
	src := w.Source(path)
	at := offsetOf(t, src, "deploy\n")
	r, err := w.Rename(path, at, "ship-it")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Edits) != 1 || string(src[r.Edits[0].Range.Start:r.Edits[0].Range.End]) != "deploy" || r.ToDir != filepath.Join(dir, "proj/.agents/skills/ship-it") {
		t.Errorf("renaming = %+v", r)
	}
	if _, err := w.Rename(path, at, "Bad_Name"); err == nil || !strings.Contains(err.Error(), "not a valid skill name") {
		t.Errorf("Bad_Name: %v", err)
	}
	if _, err := w.Rename(path, at, "other"); err == nil || !strings.Contains(err.Error(), "taken") {
		t.Errorf("taken: %v", err)
	}
	if rng, ok := w.PrepareRename(path, at); !ok || string(src[rng.Start:rng.End]) != "deploy" {
		t.Errorf("prepare = %+v %v", rng, ok)
	}
}

// Completion offers no key that would at once be an error where the file
// sits: each offered key, written into the file, raises no field-unknown
// error. A key already there is never offered, nor anything with the
// cursor inside an existing key.
func TestCompleteKeysKnownWhereTheFileSits(t *testing.T) {
	const tree = `
-- proj/.git/HEAD --
ref: main
-- proj/.agents/skills/a/SKILL.md --
---
name: a
description: Does a.

---
-- proj/.claude/skills/b/SKILL.md --
---
name: b
description: Does b.

---
`
	w, dir := loadTree(t, tree)
	// effort is Claude Code's, but agentskills, which reads every skill,
	// refuses a field outside the spec: an error in either folder.
	for rel, wantEffort := range map[string]bool{"proj/.agents/skills/a/SKILL.md": false, "proj/.claude/skills/b/SKILL.md": false} {
		path := filepath.Join(dir, rel)
		src := slices.Clone(w.Source(path))
		blank := offsetOf(t, src, ".\n\n") + 2
		got := labels(w.Complete(path, blank))
		if slices.Contains(got, "effort") != wantEffort {
			t.Errorf("%s: effort offered %v, want %v: %v", rel, !wantEffort, wantEffort, got)
		}
		for _, present := range []string{"name", "description"} {
			if slices.Contains(got, present) {
				t.Errorf("%s: offers present key %q", rel, present)
			}
		}
		for _, k := range got {
			w.Set(path, slices.Concat(src[:blank], []byte(k+": x\n"), src[blank:]))
			for _, f := range w.Findings(path) {
				if f.Rule == "field-unknown" && f.Severity == Error {
					t.Errorf("%s: offered %q, which is at once %s: %s", rel, k, f.Rule, f.Message)
				}
			}
		}
		w.Set(path, src)
		if got := w.Complete(path, offsetOf(t, src, "description:")); len(got) != 0 {
			t.Errorf("%s: at the start of an existing key: %v", rel, labels(got))
		}
	}
}

func TestClampLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"a\nb", 3, "a\nb"},
		{"a\nb\nc\nd", 3, "a\nb\n…"},
		{"a\n```xml\n<x>\n</x>\n```", 4, "a\n```xml\n```\n…"},
	} {
		if got := clampLines(tc.in, tc.n); got != tc.want {
			t.Errorf("clampLines(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}
