//go:build unix && !linux

package fsys

import (
	"io/fs"
	"syscall"
)

// nonBlock makes opening a FIFO return at once instead of waiting for a
// writer, and keeps a terminal device from becoming the process's own.
const nonBlock = syscall.O_NONBLOCK | syscall.O_NOCTTY

func sysKey(st fs.FileInfo) (Key, bool) {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return Key{dev: uint64(sys.Dev), ino: uint64(sys.Ino)}, true
	}
	return Key{}, false
}
