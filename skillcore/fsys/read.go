package fsys

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// Every file skill-ls reads from disk is read by ReadFile: a workspace is
// untrusted, and a SKILL.md may be a FIFO (whose open or read waits for a
// writer for ever), a device (/dev/zero never ends), a kernel pseudo-file
// (/proc/self/pagemap claims size 0 and yields gigabytes) or a sparse file
// of 2 GB. So the file is opened without blocking, the handle is fstat'ed,
// and only a regular file is read, and only up to MaxFileBytes + 1 bytes.

// MaxFileBytes is the largest file ReadFile reads; a larger one is a
// file-too-large FileError.
const MaxFileBytes = 1 << 20

// ErrNotDir is a folder expected where something else is.
var ErrNotDir = errors.New("not a folder")

// FileError is a file skill-ls does not read, and says why as a finding:
// Rule is "file-not-regular" or "file-too-large".
type FileError struct {
	Path string
	Rule string
	What string // what the file is, for file-not-regular ("a FIFO")
	Size int64  // its size as fstat reports it
	Link bool   // path is a symlink to it
}

func (e *FileError) Error() string { return e.Path + ": " + e.Message() }

// Message is what the finding says.
func (e *FileError) Message() string {
	if e.Rule == "file-too-large" {
		return TooLargeMessage(e.Size)
	}
	what := e.What
	if e.Link {
		what = "a symlink to " + what
	}
	return fmt.Sprintf("%s is %s, not a regular file: skill-ls does not read it, and an agent that tries fails or hangs", filepath.Base(e.Path), what)
}

// TooLargeMessage tells of a file over MaxFileBytes.
func TooLargeMessage(size int64) string {
	return fmt.Sprintf("file is %d bytes; skill-ls reads no file over %d bytes (1 MiB), so it is not checked", size, MaxFileBytes)
}

// ReadFile reads the file at path into buf, grown as it needs. A file that
// is not regular, or is over MaxFileBytes, is not read: the error is then a
// *FileError. (The handle is stat'ed, not the path, so the file judged is
// the file read, even when the path is swapped in between.)
func ReadFile(path string, buf []byte) ([]byte, error) {
	b, _, err := ReadFileMode(path, buf)
	return b, err
}

// ReadFileMode is ReadFile, also giving the mode of the file it opened
// (0 when it could not open it), even when it refused to read it: a
// checker that judges a file's mode need not ask again.
func ReadFileMode(path string, buf []byte) ([]byte, fs.FileMode, error) {
	return readFileMode(path, buf, 0)
}

// ErrBinary is ReadTextMode's refusal of a file whose first bytes hold a
// NUL.
var ErrBinary = errors.New("a binary file")

// ReadTextMode is ReadFileMode for a file wanted only when it is text: it
// reads the first sniff bytes, and when they hold a NUL (binary, as git
// judges) it reads no further and returns ErrBinary with the mode. A
// skill's fonts and images cost a look at their start.
func ReadTextMode(path string, buf []byte, sniff int) ([]byte, fs.FileMode, error) {
	return readFileMode(path, buf, max(sniff, 1))
}

// readFileMode is ReadFileMode, reading the first sniff bytes (0: none)
// before the rest and stopping there at a NUL.
func readFileMode(path string, buf []byte, sniff int) ([]byte, fs.FileMode, error) {
	f, err := openFile(path)
	if err != nil {
		// A socket cannot be opened at all (ENXIO): say what it is.
		if st, serr := os.Stat(path); serr == nil && !st.Mode().IsRegular() {
			return nil, st.Mode(), notRegular(path, st)
		}
		return nil, 0, err
	}
	defer f.Close()
	st, err := f.stat()
	if err != nil {
		return nil, 0, err
	}
	mode := st.Mode()
	switch {
	case !mode.IsRegular():
		return nil, mode, notRegular(path, st)
	case st.Size() > MaxFileBytes:
		return nil, mode, &FileError{Path: path, Rule: "file-too-large", Size: st.Size(), Link: isLink(path)}
	}
	if st.Size() == 0 && !empty(f) {
		// A regular file that claims no size yet has bytes is made up by
		// the kernel as it is read (procfs, sysfs): it may never end.
		return nil, mode, &FileError{Path: path, Rule: "file-not-regular", What: "a kernel pseudo-file, of size 0 yet not empty", Link: isLink(path)}
	}
	buf = buf[:0]
	if sniff > 0 {
		k := min(sniff, int(st.Size()))
		if buf, err = readAtMost(f, buf, k, k); err != nil {
			return nil, mode, err
		}
		if bytes.IndexByte(buf, 0) >= 0 {
			return nil, mode, ErrBinary
		}
		if len(buf) < k || k == int(st.Size()) {
			return buf, mode, nil // the whole file (or it shrank since the fstat)
		}
	}
	buf, err = readAtMost(f, buf, MaxFileBytes+1, int(st.Size()))
	switch {
	case err != nil:
		return nil, mode, err
	case len(buf) > MaxFileBytes:
		// It grew since the fstat.
		return nil, mode, &FileError{Path: path, Rule: "file-too-large", Size: max(st.Size(), int64(len(buf))), Link: isLink(path)}
	}
	return buf, mode, nil
}

// handle is an open file (fsys_*.go).
type handle interface {
	io.ReadCloser
	stat() (fs.FileInfo, error)
}

// readAtMost appends to buf what r holds, up to n bytes, reading until end
// of file or n. size is what fstat said of the file: once that much is
// read, with room asked for more and none given, the file is read whole
// without a last read to see its end (one system call a file fewer).
func readAtMost(r io.Reader, buf []byte, n, size int) ([]byte, error) {
	if size > 0 && cap(buf) <= size {
		buf = slices.Grow(buf, min(size, n)+1)
	}
	for len(buf) < n {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		m, err := r.Read(buf[len(buf):min(cap(buf), n)])
		buf = buf[:len(buf)+m]
		if err == io.EOF || err == nil && size > 0 && len(buf) == size && len(buf) < cap(buf) {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// empty reports whether a file of size 0 is: a pseudo-file's first read
// yields bytes, or fails (/proc/self/pagemap reads only whole entries).
func empty(f io.Reader) bool {
	var b [512]byte
	n, err := f.Read(b[:])
	return n == 0 && err == io.EOF
}

func notRegular(path string, st fs.FileInfo) *FileError {
	return &FileError{Path: path, Rule: "file-not-regular", What: KindOf(st.Mode()), Size: st.Size(), Link: isLink(path)}
}

// KindOf names a file mode that is not a regular file's.
func KindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "not a regular file"
}

// isLink reports whether path itself is a symlink; asked only of a file
// not read, for its message.
func isLink(path string) bool {
	st, err := os.Lstat(path)
	return err == nil && st.Mode()&fs.ModeSymlink != 0
}

// BufferPool keeps buffers across collections, unlike a sync.Pool, which
// drops them at each: a large check would otherwise grow new ones after
// every collection.
type BufferPool struct{ free chan *[]byte }

// NewBufferPool keeps up to n buffers.
func NewBufferPool(n int) BufferPool { return BufferPool{free: make(chan *[]byte, n)} }

func (p BufferPool) Get() *[]byte {
	select {
	case b := <-p.free:
		return b
	default:
		return new([]byte)
	}
}

// Put keeps b unless the pool is full or b is over a file's size cap.
func (p BufferPool) Put(b *[]byte) {
	if cap(*b) > MaxFileBytes+1 {
		return
	}
	select {
	case p.free <- b:
	default:
	}
}
