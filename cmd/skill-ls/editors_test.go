package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// update rewrites the editors' lists from explain --targets:
//
//	go test ./cmd/skill-ls -run TestEditorLists -update
var update = flag.Bool("update", false, "rewrite the editors' target lists and root markers from explain --targets")

// editorList is a list written out in a file of the repository that must
// follow the targets: the ids a setting accepts, the agents a command
// offers, the folders that mark a project. Its first region group is the
// list, each item group one element.
type editorList struct {
	file   string // relative to the repository
	what   string
	region *regexp.Regexp
	item   *regexp.Regexp
	want   func([]targetInfo) []string
	render func([]string) string
}

var (
	jsonString   = regexp.MustCompile(`"([^"]*)"`)
	luaString    = regexp.MustCompile(`'([^']*)'`)
	markdownCode = regexp.MustCompile("`([^`]*)`")
)

// editorLists are every such list in editors/ and the README; the VS Code
// extension's Show Catalog asks the binary itself (explain --targets).
var editorLists = []editorList{
	{
		file:   "editors/vscode/package.json",
		what:   "the skill-ls.targets setting's enum",
		region: regexp.MustCompile(`(?s)"skill-ls\.targets": \{.*?"enum": \[\s*(.*?)\s*\]`),
		item:   jsonString,
		want:   targetIDs,
		render: joinQuoted(`"`, ",\n              "),
	},
	{
		file:   "editors/vscode/README.md",
		what:   "the skill-ls.targets row of the settings table",
		region: regexp.MustCompile("\\| `skill-ls\\.targets` \\| `\\[\\]` \\| agents to check against \\((.*?)\\);"),
		item:   markdownCode,
		want:   targetIDs,
		render: joinQuoted("`", ", "),
	},
	{
		file:   "README.md",
		what:   "the targets row of the settings table",
		region: regexp.MustCompile("\\| `targets` \\|.*which is always on: (.*?) \\|\n"),
		item:   markdownCode,
		want:   func(ts []targetInfo) []string { return slices.DeleteFunc(targetIDs(ts), isAgentSkills) },
		render: joinQuoted("`", ", "),
	},
	{
		file:   "editors/jetbrains/settings.schema.json",
		what:   "the skill-ls.targets setting's enum",
		region: regexp.MustCompile(`(?s)"targets": \{.*?"enum": \[\s*(.*?)\s*\]`),
		item:   jsonString,
		want:   targetIDs,
		render: joinQuoted(`"`, ",\n              "),
	},
	{
		file:   "editors/emacs/skill-ls.el",
		what:   "skill-ls-targets, offered by skill-ls-show-catalog",
		region: regexp.MustCompile(`(?s)\(defconst skill-ls-targets\n  '\((.*?)\)\n`),
		item:   jsonString,
		want:   targetIDs,
		render: lispWords(len(`  '(`)),
	},
	{
		file:   "editors/emacs/skill-ls.el",
		what:   "skill-ls-root-markers",
		region: regexp.MustCompile(`(?s)\(defcustom skill-ls-root-markers\n  '\((.*?)\)\n`),
		item:   jsonString,
		want:   rootMarkers,
		render: lispWords(len(`  '(`)),
	},
	{
		file:   "editors/neovim/lua/skill_ls/init.lua",
		what:   "M.root_markers",
		region: regexp.MustCompile(`(?s)\nM\.root_markers = \{\n(.*?)\n\}\n`),
		item:   luaString,
		want:   rootMarkers,
		render: func(items []string) string { return "  '" + strings.Join(items, "',\n  '") + "'," },
	},
}

func isAgentSkills(id string) bool { return id == "agentskills" }

// rootMarkers are the folders that mark a project for an editor: .git,
// and the first folder of every target's project roots, in name order.
func rootMarkers(ts []targetInfo) []string {
	var dirs []string
	for _, t := range ts {
		for _, r := range t.ProjectRoots {
			dirs = append(dirs, strings.Split(r, "/")[0])
		}
	}
	slices.Sort(dirs)
	return append([]string{".git"}, slices.Compact(dirs)...)
}

// joinQuoted writes items each between quote, separated by sep.
func joinQuoted(quote, sep string) func([]string) string {
	return func(items []string) string {
		return quote + strings.Join(items, quote+sep+quote) + quote
	}
}

// lispWords writes items as Lisp strings separated by spaces, filled to
// 80 columns, the first line starting at column first and the others
// indented by 4 (and one column kept for the closing parenthesis).
func lispWords(first int) func([]string) string {
	return func(items []string) string {
		var b strings.Builder
		col := first
		for i, it := range items {
			w := `"` + it + `"`
			switch {
			case i == 0:
			case col+1+len(w) > 79:
				b.WriteString("\n    ")
				col = 4
			default:
				b.WriteString(" ")
				col++
			}
			b.WriteString(w)
			col += len(w)
		}
		return b.String()
	}
}

// read finds the list in its file: the file's text, where the list
// starts and ends in it, and its elements.
func (l editorList) read(t *testing.T) (src []byte, start, end int, items []string) {
	t.Helper()
	src, err := os.ReadFile(l.path())
	if err != nil {
		t.Fatal(err)
	}
	loc := l.region.FindAllSubmatchIndex(src, -1)
	if len(loc) != 1 {
		t.Fatalf("%s: %s found %d times, want once; update editorLists", l.file, l.what, len(loc))
	}
	start, end = loc[0][2], loc[0][3]
	for _, m := range l.item.FindAllSubmatch(src[start:end], -1) {
		items = append(items, string(m[1]))
	}
	return src, start, end, items
}

func (l editorList) path() string { return filepath.Join("..", "..", filepath.FromSlash(l.file)) }

// TestEditorLists holds every list of targets, or of folders derived
// from them, written in editors/ and the READMEs to explain --targets,
// so a new target cannot be missing from one (cursor was, from all).
func TestEditorLists(t *testing.T) {
	targets := explainedTargets(t)
	for _, l := range editorLists {
		src, start, end, got := l.read(t)
		want := l.want(targets)
		if slices.Equal(got, want) {
			continue
		}
		if !*update {
			t.Errorf("%s: %s is\n\t%v\nwant\n\t%v\n(go test ./cmd/skill-ls -run TestEditorLists -update writes it)", l.file, l.what, got, want)
			continue
		}
		out := slices.Concat(src[:start], []byte(l.render(want)), src[end:])
		if err := os.WriteFile(l.path(), out, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: wrote %s", l.file, l.what)
	}
}

// TestEditorListsRender: each list, written from what it holds, is the
// text it already has, so -update changes only the elements.
func TestEditorListsRender(t *testing.T) {
	for _, l := range editorLists {
		src, start, end, items := l.read(t)
		if got := l.render(items); got != string(src[start:end]) {
			t.Errorf("%s: %s written as\n%s\nwant\n%s", l.file, l.what, got, src[start:end])
		}
	}
}
