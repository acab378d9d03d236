//go:build !linux

package fsys

import (
	"io/fs"
	"os"
	"path/filepath"
)

// openFlags: on other systems files are opened as usual, without blocking
// where the system has FIFOs (see fsys_unix.go).
var openFlags = os.O_RDONLY | nonBlock

// Key tells folders apart; by device and inode where the system has
// them (fsys_unix.go), else by the resolved path.
type Key struct {
	dev, ino uint64
	path     string
}

// osFile is an open file as an os.File.
type osFile struct{ *os.File }

func (f osFile) stat() (fs.FileInfo, error) { return f.Stat() }

func openFile(path string) (handle, error) {
	f, err := os.OpenFile(path, openFlags, 0)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

// Folder is a folder a walk is in; here it is opened by its whole path.
type Folder struct{ path string }

var NoFolder = Folder{}

func OpenFolder(_ Folder, _, path string) (Folder, error) { return Folder{path: path}, nil }

func (Folder) Close() {}

func (f Folder) List(dir string, max int) ([]fs.DirEntry, Key, error) { return ListDir(dir, max) }

// ListDir lists up to max+1 entries of the folder dir, and its key.
func ListDir(dir string, max int) ([]fs.DirEntry, Key, error) {
	f, err := os.OpenFile(dir, openFlags, 0)
	if err != nil {
		return nil, Key{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, Key{}, err
	}
	if !st.IsDir() {
		return nil, Key{}, &os.PathError{Op: "open", Path: dir, Err: ErrNotDir}
	}
	key := keyOf(dir, st)
	var out []fs.DirEntry
	for len(out) <= max {
		batch, err := f.ReadDir(1024)
		out = append(out, batch...)
		if err != nil || len(batch) == 0 {
			break
		}
	}
	return out, key, nil
}

func keyOf(path string, st fs.FileInfo) Key {
	if k, ok := sysKey(st); ok {
		return k
	}
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return Key{path: p}
	}
	return Key{path: path}
}
