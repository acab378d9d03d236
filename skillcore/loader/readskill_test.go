package loader_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	_ "github.com/skill-ls/skill-ls/skillcore/agents/all"
	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestReread: a released skill reads its file back whole, and says so when
// the file changed or went.
func TestReread(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pdf", loader.FileName)
	text := "---\nname: pdf\ndescription: Reads PDFs.\n---\n\n# PDF\n"
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s := loader.Parse(p, []byte(text))
	if whole, _, err := s.Reread(); whole != s || err != nil {
		t.Errorf("a whole skill is not its own reread: %v", err)
	}
	s.Release()
	whole, _, err := s.Reread()
	if err != nil || whole == nil || string(whole.Src) != text || !s.Released() {
		t.Fatalf("reread of an unchanged file: %v, whole %v", err, whole != nil)
	}
	changed := strings.Replace(text, "PDFs", "PNGs", 1)
	if err := os.WriteFile(p, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if whole, fresh, err := s.Reread(); whole != nil || fresh == nil || string(fresh.Src) != changed || err != nil {
		t.Errorf("reread of a changed file: whole %v, fresh %v, err %v", whole != nil, fresh, err)
	}
	// A file swapped for a FIFO is not read (which would wait for ever): it
	// comes back as what it now is.
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if whole, fresh, err := s.Reread(); whole != nil || err != nil || fresh == nil || len(fresh.Problems) != 1 || fresh.Problems[0].Rule != "file-not-regular" {
		t.Errorf("reread of a FIFO: whole %v, fresh %v, err %v", whole != nil, fresh, err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if whole, _, err := s.Reread(); whole != nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("reread of a file gone: whole %v, err %v", whole != nil, err)
	}
}

// TestReadSkill: a file that is not read is a skill holding only why, for
// every agent; so is a skill.md where SKILL.md is looked for.
func TestReadSkill(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, rule string }{
		{"skill.md", "skill-md-case"},
		{"Skill.md", "skill-md-case"},
		{"SKILL.MD", "skill-md-case"},
		{loader.FileName, "file-not-regular"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ToLower(tc.name)+"-"+tc.rule, tc.name)
			if err := os.MkdirAll(p, 0o755); err != nil { // a folder: never read
				t.Fatal(err)
			}
			s, err := loader.ReadSkill(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Problems) != 1 || s.Problems[0].Rule != tc.rule || s.Problems[0].Severity != loader.Error || len(s.Src) != 0 {
				t.Fatalf("problems %v, %d bytes", s.Problems, len(s.Src))
			}
			if loader.Loads(loader.Validate(s, []*loader.Target{loader.Targets[0]}), loader.Targets[0].ID) {
				t.Error("an agent loads it")
			}
		})
	}
	if _, err := loader.ReadSkill(filepath.Join(dir, "none", loader.FileName)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}
