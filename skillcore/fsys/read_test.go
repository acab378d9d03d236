package fsys

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
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
			got, err := ReadFile(p, buf)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("ReadFile = %d bytes, %v; want %d bytes", len(got), err, len(want))
			}
			if reused := cap(buf) > 0 && cap(got) > 0 && &got[:1][0] == &buf[:1][0]; reused != tc.reuseOK {
				t.Errorf("buffer reused %v, want %v", reused, tc.reuseOK)
			}
		})
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), nil); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	if _, err := ReadFile(dir, nil); err == nil {
		t.Error("a directory read as a file")
	}
}

// TestReadFileRefuses: what is not a regular file of at most 1 MiB is not
// read, and is told for what it is; nothing here blocks or reads without
// end.
func TestReadFileRefuses(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, at(name)); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name string, size int) {
		t.Helper()
		if err := os.WriteFile(at(name), bytes.Repeat([]byte("x"), size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("1MiB", MaxFileBytes)
	write("1MiB+1", MaxFileBytes+1)
	sparse, err := os.Create(at("sparse"))
	if err != nil {
		t.Fatal(err)
	}
	if err := sparse.Truncate(2 << 30); err != nil {
		t.Fatal(err)
	}
	sparse.Close()
	if err := syscall.Mkfifo(at("fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	link("fifo", "to-fifo")
	if err := os.Mkdir(at("folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	link("/dev/zero", "zero")
	link("/proc/self/pagemap", "pagemap")
	l, err := net.Listen("unix", at("socket"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	// What /proc/self/fd/0 is for a server on a pipe: its own stdin.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	link(fmt.Sprintf("/proc/self/fd/%d", r.Fd()), "stdin")

	for _, tc := range []struct {
		name, rule string
		size       int64 // for file-too-large, what the message tells
		link       bool
		what       string
	}{
		{name: "1MiB"},
		{name: "1MiB+1", rule: "file-too-large", size: MaxFileBytes + 1},
		{name: "sparse", rule: "file-too-large", size: 2 << 30},
		{name: "fifo", rule: "file-not-regular", what: "FIFO"},
		{name: "to-fifo", rule: "file-not-regular", what: "FIFO", link: true},
		{name: "folder", rule: "file-not-regular", what: "folder"},
		{name: "zero", rule: "file-not-regular", what: "character device", link: true},
		{name: "pagemap", rule: "file-not-regular", what: "pseudo-file", link: true},
		{name: "socket", rule: "file-not-regular", what: "socket"},
		{name: "stdin", rule: "file-not-regular", what: "FIFO", link: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "pagemap" {
				if _, err := os.Stat("/proc/self/pagemap"); err != nil {
					t.Skip("no /proc/self/pagemap here")
				}
			}
			src, err := ReadFile(at(tc.name), nil)
			if tc.rule == "" {
				if err != nil || len(src) != MaxFileBytes {
					t.Fatalf("read %d bytes, %v", len(src), err)
				}
				return
			}
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("err %v (%d bytes read), want a FileError", err, len(src))
			}
			if fe.Rule != tc.rule || fe.Link != tc.link || !strings.Contains(fe.Message(), tc.what) {
				t.Errorf("got %s link=%v %q", fe.Rule, fe.Link, fe.Message())
			}
			if tc.size > 0 && (fe.Size != tc.size || !strings.Contains(fe.Message(), fmt.Sprint(tc.size))) {
				t.Errorf("size %d in %q, want %d", fe.Size, fe.Message(), tc.size)
			}
		})
	}
}

// ReadFileMode gives the mode of the file it opened, special bits
// included, whether it read it or refused it.
func TestReadFileMode(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		size int
		mode fs.FileMode
		read bool
	}{
		{"plain", 10, 0o644, true},
		{"world-writable", 10, 0o666, true},
		{"set-uid", 10, 0o755 | fs.ModeSetuid, true},
		{"set-gid", 10, 0o755 | fs.ModeSetgid, true},
		{"too large", MaxFileBytes + 1, 0o666, false},
	} {
		p := filepath.Join(dir, tc.name)
		if err := os.WriteFile(p, make([]byte, tc.size), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, tc.mode); err != nil {
			t.Fatal(err)
		}
		b, mode, err := ReadFileMode(p, nil)
		if mode != tc.mode || (err == nil) != tc.read || tc.read && len(b) != tc.size {
			t.Errorf("%s: mode %v, %d bytes, err %v; want mode %v, read %v", tc.name, mode, len(b), err, tc.mode, tc.read)
		}
	}
}

// TestReadTextMode: a text file is read whole, as ReadFileMode reads it,
// whatever its length against the sniff; a NUL in the first sniff bytes
// stops the read with ErrBinary and the mode; a NUL past them is text.
func TestReadTextMode(t *testing.T) {
	dir := t.TempDir()
	const sniff = 16
	for _, tc := range []struct {
		name    string
		content string
		binary  bool
	}{
		{"empty", "", false},
		{"short text", "hello\n", false},
		{"text of the sniff's length", strings.Repeat("a", sniff), false},
		{"long text", strings.Repeat("line of text\n", 1000), false},
		{"NUL at the start", "\x00PNG" + strings.Repeat("x", 100), true},
		{"NUL within the sniff", "abc\x00def", true},
		{"NUL past the sniff", strings.Repeat("a", sniff) + "\x00", false},
	} {
		p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
		if err := os.WriteFile(p, []byte(tc.content), 0o640); err != nil {
			t.Fatal(err)
		}
		got, mode, err := ReadTextMode(p, nil, sniff)
		if mode.Perm() != 0o640 {
			t.Errorf("%s: mode %v, want -rw-r-----", tc.name, mode)
		}
		if tc.binary {
			if !errors.Is(err, ErrBinary) || got != nil {
				t.Errorf("%s: %q, %v; want ErrBinary", tc.name, got, err)
			}
			continue
		}
		if err != nil || string(got) != tc.content {
			t.Errorf("%s: %d bytes, %v; want the file's %d bytes", tc.name, len(got), err, len(tc.content))
		}
	}
}
