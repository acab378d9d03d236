//go:build unix

package skillcore

import (
	"io/fs"
	"syscall"
)

// openFlags make opening a FIFO return at once instead of waiting for a
// writer, and keep a terminal device from becoming the process's own.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOCTTY

// dirFlags open only a folder: anything else named where a folder is
// expected (a root that is a FIFO) fails at once.
const dirFlags = syscall.O_DIRECTORY | openFlags

// fileKey is what tells two folders apart however they are reached: their
// device and inode.
type fileKey struct{ dev, ino uint64 }

func keyOf(path string, st fs.FileInfo) fileKey {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return fileKey{uint64(sys.Dev), uint64(sys.Ino)}
	}
	return fileKey{}
}
