//go:build !linux

package skillcore

import (
	"io/fs"
	"os"
	"path/filepath"
)

// openFlags: on other systems files are opened as usual, without blocking
// where the system has FIFOs (see fsys_unix.go).
var openFlags = os.O_RDONLY | nonBlock

// fileKey tells folders apart; by device and inode where the system has
// them (fsys_unix.go), else by the resolved path.
type fileKey struct {
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

// folder is a folder a walk is in; here it is opened by its whole path.
type folder struct{ path string }

var noFolder = folder{}

func openFolder(_ folder, _, path string) (folder, error) { return folder{path: path}, nil }

func (folder) close() {}

func (f folder) list(dir string, max int) ([]fs.DirEntry, fileKey, error) { return listDir(dir, max) }

// listDir lists up to max+1 entries of the folder dir, and its key.
func listDir(dir string, max int) ([]fs.DirEntry, fileKey, error) {
	f, err := os.OpenFile(dir, openFlags, 0)
	if err != nil {
		return nil, fileKey{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fileKey{}, err
	}
	if !st.IsDir() {
		return nil, fileKey{}, &os.PathError{Op: "open", Path: dir, Err: errNotDir}
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

func keyOf(path string, st fs.FileInfo) fileKey {
	if k, ok := sysKey(st); ok {
		return k
	}
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return fileKey{path: p}
	}
	return fileKey{path: path}
}
