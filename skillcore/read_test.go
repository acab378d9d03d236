package skillcore

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name    string
		size    int
		bufCap  int
		reuseOK bool // the text fits the buffer given, which is then reused
	}{
		{"empty", 0, 0, false},
		{"empty into a buffer", 0, 16, true},
		{"small into nothing", 10, 0, false},
		{"exactly the buffer", 16, 16, false}, // end of file is read past the text
		{"under the buffer", 15, 16, true},
		{"far over the buffer", 100 << 10, 64, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := []byte(strings.Repeat("é-skill\n", tc.size/9+1)[:tc.size])
			p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 3, tc.bufCap+3)[3:] // stale bytes before the start must not show
			got, err := readFile(p, buf)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("readFile = %d bytes, %v; want %d bytes", len(got), err, len(want))
			}
			if reused := cap(buf) > 0 && cap(got) > 0 && &got[:1][0] == &buf[:1][0]; reused != tc.reuseOK {
				t.Errorf("buffer reused %v, want %v", reused, tc.reuseOK)
			}
		})
	}
	if _, err := readFile(filepath.Join(dir, "missing"), nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if _, err := readFile(dir, nil); err == nil {
		t.Error("a directory read as a file")
	}
}

// TestReread: a released skill reads its file back whole, and says so when
// the file changed or went.
func TestReread(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pdf", FileName)
	text := "---\nname: pdf\ndescription: Reads PDFs.\n---\n\n# PDF\n"
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s := Parse(p, []byte(text))
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
	if whole, src, err := s.Reread(); whole != nil || string(src) != changed || err != nil {
		t.Errorf("reread of a changed file: whole %v, src %q, err %v", whole != nil, src, err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if whole, _, err := s.Reread(); whole != nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("reread of a file gone: whole %v, err %v", whole != nil, err)
	}
}
