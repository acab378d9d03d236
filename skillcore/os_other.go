//go:build !unix

package skillcore

import (
	"io/fs"
	"path/filepath"
)

// openFlags: systems without FIFOs open files as usual.
const openFlags = 0

// dirFlags: a folder is opened as usual.
const dirFlags = 0

// fileKey tells folders apart; without inodes, by their resolved path.
type fileKey struct{ path string }

func keyOf(path string, _ fs.FileInfo) fileKey {
	if p, err := filepath.EvalSymlinks(path); err == nil {
		return fileKey{p}
	}
	return fileKey{path}
}
