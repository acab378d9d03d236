//go:build linux

package fsys

import (
	"bytes"
	"encoding/binary"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// On Linux files and folders are read through bare descriptors: an
// os.File costs two more system calls per open (its poller's fcntl and a
// failing epoll_ctl), a fifth of a large check's system time.

// openFlags make opening a FIFO return at once instead of waiting for a
// writer, and keep a terminal device from becoming the process's own.
const openFlags = syscall.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY | syscall.O_CLOEXEC

// Key is what tells two folders apart however they are reached: their
// device and inode.
type Key struct{ dev, ino uint64 }

// fdFile is an open file as a bare descriptor.
type fdFile struct {
	fd   int
	path string
}

func openFile(path string) (handle, error) {
	fd, err := open(path, openFlags)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return &fdFile{fd: fd, path: path}, nil
}

func open(path string, flags int) (int, error) {
	for {
		fd, err := openAt(atCWD, path, flags)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// atCWD is AT_FDCWD: openAt's path as it is, absolute or from the
// working folder.
const atCWD = -0x64

// cPaths are the NUL-terminated copies of paths open(2) takes, kept for
// the next: syscall.Open makes one a call (24,000 on a large check).
var cPaths = sync.Pool{New: func() any { return new([]byte) }}

// openAt is openat(2) of path from the folder dirfd, once (EINTR is the
// caller's to retry).
func openAt(dirfd int, path string, flags int) (int, error) {
	if strings.IndexByte(path, 0) >= 0 {
		return -1, syscall.EINVAL
	}
	buf := cPaths.Get().(*[]byte)
	b := append(append((*buf)[:0], path...), 0)
	fd, _, errno := syscall.Syscall6(syscall.SYS_OPENAT, uintptr(dirfd), uintptr(unsafe.Pointer(&b[0])), uintptr(flags|syscall.O_LARGEFILE), 0, 0, 0)
	*buf = b[:0]
	cPaths.Put(buf)
	if errno != 0 {
		return -1, errno
	}
	return int(fd), nil
}

func (f *fdFile) Read(b []byte) (int, error) {
	for {
		n, err := syscall.Read(f.fd, b)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: f.path, Err: err}
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f *fdFile) Close() error { return syscall.Close(f.fd) }

func (f *fdFile) stat() (fs.FileInfo, error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd, &st); err != nil {
		return nil, &os.PathError{Op: "fstat", Path: f.path, Err: err}
	}
	return &statInfo{name: filepath.Base(f.path), st: st}, nil
}

// statInfo is fs.FileInfo over a stat buffer.
type statInfo struct {
	name string
	st   syscall.Stat_t
}

func (s *statInfo) Name() string       { return s.name }
func (s *statInfo) Size() int64        { return s.st.Size }
func (s *statInfo) ModTime() time.Time { return time.Unix(s.st.Mtim.Unix()) }
func (s *statInfo) IsDir() bool        { return s.Mode().IsDir() }
func (s *statInfo) Sys() any           { return &s.st }
func (s *statInfo) Mode() fs.FileMode {
	m := fs.FileMode(s.st.Mode & 0o777)
	switch s.st.Mode & syscall.S_IFMT {
	case syscall.S_IFDIR:
		m |= fs.ModeDir
	case syscall.S_IFIFO:
		m |= fs.ModeNamedPipe
	case syscall.S_IFSOCK:
		m |= fs.ModeSocket
	case syscall.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFBLK:
		m |= fs.ModeDevice
	case syscall.S_IFLNK:
		m |= fs.ModeSymlink
	}
	// The special bits, as os.Stat gives them.
	if s.st.Mode&syscall.S_ISUID != 0 {
		m |= fs.ModeSetuid
	}
	if s.st.Mode&syscall.S_ISGID != 0 {
		m |= fs.ModeSetgid
	}
	if s.st.Mode&syscall.S_ISVTX != 0 {
		m |= fs.ModeSticky
	}
	return m
}

func keyOf(_ string, st fs.FileInfo) Key {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return Key{sys.Dev, sys.Ino}
	}
	return Key{}
}

// listScratch is what listing a folder works in: what one getdents64 call
// returns, and the names read so far with where each ends.
type listScratch struct {
	buf   []byte
	names []byte
	ends  []int
	types []fs.FileMode
}

var listScratches = sync.Pool{New: func() any { return &listScratch{buf: make([]byte, 32<<10)} }}

// Folder is an open folder. A walk opens each subfolder from its parent's
// descriptor: the kernel then looks up one name instead of every folder
// of a long path (a tenth of a large check's system time).
type Folder struct{ fd int }

// NoFolder opens by the whole path.
var NoFolder = Folder{fd: -1}

// OpenFolder opens the folder at path, which is name in at (NoFolder: by
// path). Anything else where a folder is expected (a FIFO) fails at once.
func OpenFolder(at Folder, name, path string) (Folder, error) {
	var fd int
	var err error
	for {
		if at.fd < 0 {
			fd, err = openAt(atCWD, path, openFlags|syscall.O_DIRECTORY)
		} else {
			fd, err = openAt(at.fd, name, openFlags|syscall.O_DIRECTORY)
		}
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return NoFolder, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return Folder{fd: fd}, nil
}

func (f Folder) Close() { syscall.Close(f.fd) }

// ListDir lists up to max+1 entries of the folder dir (unsorted, without
// "." and ".."), and the folder's key.
func ListDir(dir string, max int) ([]fs.DirEntry, Key, error) {
	f, err := OpenFolder(NoFolder, "", dir)
	if err != nil {
		return nil, Key{}, err
	}
	defer f.Close()
	return f.List(dir, max)
}

// List is ListDir of the open folder f, at dir.
func (f Folder) List(dir string, max int) ([]fs.DirEntry, Key, error) {
	fd := f.fd
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, Key{}, &os.PathError{Op: "fstat", Path: dir, Err: err}
	}
	key := Key{st.Dev, st.Ino}
	sc := listScratches.Get().(*listScratch)
	defer listScratches.Put(sc)
	buf := sc.buf
	// The names are gathered first, then made one string, and the entries
	// one slice handed out as pointers into it: three allocations a folder
	// rather than two an entry.
	names, ends, types := sc.names[:0], sc.ends[:0], sc.types[:0]
	defer func() { sc.names, sc.ends, sc.types = names[:0], ends[:0], types[:0] }()
	for len(ends) <= max {
		n, err := syscall.ReadDirent(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, key, &os.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			break
		}
		for b := buf[:n]; len(b) >= offName && len(ends) <= max; {
			// A linux_dirent64 record: inode, offset, record length,
			// type, then the name up to a NUL.
			ino := binary.NativeEndian.Uint64(b[offIno:])
			reclen := int(binary.NativeEndian.Uint16(b[offReclen:]))
			if reclen < offName || reclen > len(b) {
				break
			}
			rec := b[:reclen]
			b = b[reclen:]
			name := rec[offName:]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if ino == 0 || string(name) == "." || string(name) == ".." {
				continue
			}
			names = append(names, name...)
			ends = append(ends, len(names))
			types = append(types, direntType(rec[offType]))
		}
	}
	all := string(names)
	ents := make([]dirent, len(ends))
	out := make([]fs.DirEntry, len(ends))
	start := 0
	for i, end := range ends {
		ents[i] = dirent{dir: dir, name: all[start:end], typ: types[i]}
		out[i] = &ents[i]
		start = end
	}
	return out, key, nil
}

// Offsets in a linux_dirent64 record.
var (
	offIno    = int(unsafe.Offsetof(syscall.Dirent{}.Ino))
	offReclen = int(unsafe.Offsetof(syscall.Dirent{}.Reclen))
	offType   = int(unsafe.Offsetof(syscall.Dirent{}.Type))
	offName   = int(unsafe.Offsetof(syscall.Dirent{}.Name))
)

// unknownType marks an entry whose type the file system did not say.
const unknownType = fs.ModeIrregular

func direntType(t uint8) fs.FileMode {
	switch t {
	case syscall.DT_REG:
		return 0
	case syscall.DT_DIR:
		return fs.ModeDir
	case syscall.DT_LNK:
		return fs.ModeSymlink
	case syscall.DT_FIFO:
		return fs.ModeNamedPipe
	case syscall.DT_SOCK:
		return fs.ModeSocket
	case syscall.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.DT_BLK:
		return fs.ModeDevice
	}
	return unknownType
}

// dirent is one entry of a folder listed by ListDir.
type dirent struct {
	dir, name string
	typ       fs.FileMode
}

func (d *dirent) Name() string { return d.name }
func (d *dirent) IsDir() bool  { return d.Type().IsDir() }
func (d *dirent) Type() fs.FileMode {
	if d.typ == unknownType {
		// Some file systems leave the type out: ask for it.
		if st, err := os.Lstat(filepath.Join(d.dir, d.name)); err == nil {
			d.typ = st.Mode().Type()
		} else {
			d.typ = 0
		}
	}
	return d.typ
}
func (d *dirent) Info() (fs.FileInfo, error) { return os.Lstat(filepath.Join(d.dir, d.name)) }
