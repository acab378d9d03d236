package skillcore

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"golang.org/x/tools/txtar"
)

func TestRelease(t *testing.T) {
	const whole = "---\nname: pdf\ndescription: Reads PDFs — tables and forms.\n---\n\n# PDF\n\nSee [forms](forms.md).\n"
	tests := []struct {
		name     string
		src      string
		released bool
		kept     string // the text a released skill keeps
	}{
		{"whole file", whole, true, "---\nname: pdf\ndescription: Reads PDFs — tables and forms.\n---\n"},
		{"crlf", strings.ReplaceAll(whole, "\n", "\r\n"), true, "---\r\nname: pdf\r\ndescription: Reads PDFs — tables and forms.\r\n---\r\n"},
		{"bom", "\uFEFF" + whole, true, "\uFEFF---\nname: pdf\ndescription: Reads PDFs — tables and forms.\n---\n"},
		{"no body", "---\nname: pdf\ndescription: d\n---", true, "---\nname: pdf\ndescription: d\n---"},
		// Claude Code lists a skill without a description by its body's first line.
		{"no description", "---\nname: pdf\n---\n\nReads PDFs.\n", false, ""},
		{"description not a string", "---\nname: pdf\ndescription: [a, b]\n---\n\nReads PDFs.\n", false, ""},
		{"unclosed", "---\nname: pdf\ndescription: d\n\n# PDF\n", false, ""},
		{"no frontmatter", "# PDF\n", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			s := loader.Parse("/p/pdf/SKILL.md", src)
			before := *s
			if got := s.Release(); got != tc.released || s.Released() != tc.released {
				t.Fatalf("Release() = %v, Released() = %v, want %v", got, s.Released(), tc.released)
			}
			if !tc.released {
				if !bytes.Equal(s.Src, src) {
					t.Errorf("a skill that is not released kept %q, want its whole text", s.Src)
				}
				return
			}
			if string(s.Src) != tc.kept {
				t.Errorf("kept %q, want %q", s.Src, tc.kept)
			}
			if &s.Src[0] == &src[0] {
				t.Error("the kept text shares the whole text's memory, which then cannot go")
			}
			if !reflect.DeepEqual(s.Meta, before.Meta) || !reflect.DeepEqual(s.Problems, before.Problems) || s.Frontmatter != before.Frontmatter {
				t.Error("releasing changed what was parsed")
			}
			if !s.Release() {
				t.Error("a second Release reports false")
			}

			back, ok := s.Restore(bytes.Clone(src))
			if !ok || !bytes.Equal(back.Src, src) || back.Released() || !s.Released() {
				t.Fatalf("Restore of the same text: ok %v, whole %v, restored released %v, skill released %v", ok, bytes.Equal(back.Src, src), back.Released(), s.Released())
			}
			if !reflect.DeepEqual(back.Meta, before.Meta) || back.Path != before.Path {
				t.Error("the restored skill is not the one parsed")
			}
			changed := bytes.Clone(src)
			changed[len(changed)-2] ^= 1 // same length, one byte off
			if _, ok := s.Restore(changed); ok {
				t.Error("Restore took a text with a changed byte")
			}
			if _, ok := s.Restore(append(bytes.Clone(src), '\n')); ok {
				t.Error("Restore took a longer text")
			}
		})
	}
}

// TestReparseReleased: a new version of a released file is parsed whole,
// reusing the frontmatter when it is unchanged.
func TestReparseReleased(t *testing.T) {
	const fm = "---\nname: pdf\ndescription: Reads PDFs.\n---\n"
	prev := loader.Parse("/p/pdf/SKILL.md", []byte(fm+"\n# PDF\n"))
	prev.Release()
	for _, src := range []string{fm + "\n# PDF, edited\n", "---\nname: pdf\ndescription: Reads more PDFs.\n---\n\n# PDF\n"} {
		got := loader.Reparse(prev, []byte(src))
		want := loader.Parse(prev.Path, []byte(src))
		if got.Released() || string(got.Src) != src {
			t.Errorf("Reparse of %q: released %v, text %q", src, got.Released(), got.Src)
		}
		if !reflect.DeepEqual(got.Meta, want.Meta) || !reflect.DeepEqual(got.Problems, want.Problems) || got.Frontmatter != want.Frontmatter {
			t.Errorf("Reparse of %q differs from Parse", src)
		}
	}
}

// TestReleasedWorldMatches: a world that releases its bodies reports the
// same problems and renders the same catalogs and budget reports as one that
// keeps them, for every world scenario.
func TestReleasedWorldMatches(t *testing.T) {
	worldScenarios(t, func(t *testing.T, files []txtar.File, _ []string) {
		dir := t.TempDir()
		skills := writeTree(t, dir, files)
		kept, lean := scanTestWorld(t, dir, skills, false), scanTestWorld(t, dir, skills, true)
		released := 0
		for _, p := range skills {
			if lean.Entry(p).Skill.Released() {
				released++
			}
			if got, want := lean.Problems(p), kept.Problems(p); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: problems differ once released:\n got %v\nwant %v", p, got, want)
			}
		}
		if released == 0 {
			t.Error("no file was released")
		}
		for _, tg := range loader.Targets {
			for _, project := range []string{filepath.Join(dir, "proj"), ""} {
				got, want := RenderCatalog(tg, lean.Catalog(tg, project)), RenderCatalog(tg, kept.Catalog(tg, project))
				if got != want {
					t.Errorf("%s catalog differs once released:\n got %q\nwant %q", tg.ID, got, want)
				}
				got, want = BudgetReport(tg, lean.Catalog(tg, project)), BudgetReport(tg, kept.Catalog(tg, project))
				if got != want {
					t.Errorf("%s budget report differs once released:\n got %q\nwant %q", tg.ID, got, want)
				}
			}
		}
	})
}

// TestValidateReleased: what a target says of a file does not change once
// its body is let go, for the checks that look past the frontmatter: the
// file's size, and an exact closing line further down.
func TestValidateReleased(t *testing.T) {
	const head = "---\nname: pdf\ndescription: Reads PDFs.\n--- \n"
	for _, tc := range []struct{ name, src string }{
		{"closing spaces, exact line later", head + "\n# PDF\n\n---\n\nMore.\n"},
		{"closing spaces, none later", head + "\n# PDF\n"},
		{"over a target's size", "---\nname: pdf\ndescription: Reads PDFs.\n---\n" + strings.Repeat("word ", 30<<10)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := loader.Parse("/p/pdf/SKILL.md", []byte(tc.src))
			want := loader.Validate(whole, loader.Targets)
			lean := loader.Parse("/p/pdf/SKILL.md", []byte(tc.src))
			if !lean.Release() {
				t.Fatal("not released")
			}
			if got := loader.Validate(lean, loader.Targets); !reflect.DeepEqual(got, want) {
				t.Errorf("problems differ once released:\n got %v\nwant %v", got, want)
			}
			if lean.Size() != len(tc.src) {
				t.Errorf("Size() = %d, want %d", lean.Size(), len(tc.src))
			}
		})
	}
}

// TestReadAheadMatches: a world that reads the files its walk finds while
// the walk goes on judges them as one that reads them in Load.
func TestReadAheadMatches(t *testing.T) {
	worldScenarios(t, func(t *testing.T, files []txtar.File, _ []string) {
		dir := t.TempDir()
		skills := writeTree(t, dir, files)
		kept := scanTestWorld(t, dir, skills, false)
		w := NewWorld(Env{Home: filepath.Join(dir, "home")}, []string{filepath.Join(dir, "proj")})
		w.ReleaseBodies, w.ReadAhead = true, true
		found, _ := w.Find(dir)
		if w.ahead == nil {
			t.Fatal("the walk read nothing ahead")
		}
		if errs := w.Scan(found...); len(errs) > 0 {
			t.Fatal(errs)
		}
		for _, p := range skills {
			if w.Entry(p) == nil {
				t.Errorf("%s: not loaded", p)
				continue
			}
			if got, want := w.Problems(p), kept.Problems(p); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: problems differ when read ahead:\n got %v\nwant %v", p, got, want)
			}
		}
	})
}
