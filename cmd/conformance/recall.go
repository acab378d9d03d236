package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// The suite's own source is part of every remembered answer's key: an
// answer is the agent's output as this code reads it.
//
//go:embed *.go
var suiteSource embed.FS

// memory keeps agents' answers across runs. An agent at one released
// version, run on the same files with the same arguments, answers the same;
// asking it again costs minutes of CI. The key holds the agent's version,
// the suite's source, the arguments and the content of every file the run
// sees, so a change to any of them asks the agent again. A nil memory
// remembers nothing (-fresh).
type memory struct {
	dir    string
	source string
}

// unless is m, or no memory when a digest the key needs failed.
func (m *memory) unless(failed bool) *memory {
	if failed {
		return nil
	}
	return m
}

// defaultMemory is the user's cache folder's skill-ls/conformance.
func defaultMemory() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "skill-ls", "conformance")
}

func newMemory(dir string) (*memory, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	h := sha256.New()
	err := fs.WalkDir(suiteSource, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := suiteSource.ReadFile(p)
		fmt.Fprintf(h, "%s %d\n", p, len(b))
		h.Write(b)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &memory{dir: dir, source: hex.EncodeToString(h.Sum(nil))}, nil
}

// recall returns what run returned the last time it was asked with the
// same key, or runs it. The key holds a digest of every tree the run reads
// (taken before any agent writes in them; the caller passes no memory when
// a digest failed); the trees' paths are kept as placeholders, so an
// answer laid in another folder is recalled, if that folder's path is as
// long: Codex's catalog budget counts the roots' paths, so a longer path
// leaves less of each description. run's second result says whether its
// answer may be kept (not after a failure).
func recall[T any](m *memory, key []string, trees []string, run func() (T, bool)) T {
	if m == nil {
		v, _ := run()
		return v
	}
	file := m.file(key, trees, ".json")
	var v T
	if b, err := os.ReadFile(file); err == nil && json.Unmarshal(placeTrees(b, trees, false), &v) == nil {
		return v
	}
	v, ok := run()
	if b, err := json.Marshal(v); ok && err == nil {
		tmp := file + ".tmp"
		if os.WriteFile(tmp, placeTrees(b, trees, true), 0o644) == nil {
			_ = os.Rename(tmp, file)
		}
	}
	return v
}

// file is where the answer asked with key is kept; the length of each
// tree's path is part of the key.
func (m *memory) file(key, trees []string, ext string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%q\n", m.source, key)
	for _, t := range trees {
		fmt.Fprintf(h, "%d\n", len(t))
	}
	return filepath.Join(m.dir, hex.EncodeToString(h.Sum(nil))+ext)
}

// placeTrees turns the trees' paths in an encoded answer into placeholders
// (out) or back.
func placeTrees(b []byte, trees []string, out bool) []byte {
	for i, t := range trees {
		path, _ := json.Marshal(t)
		path = path[1 : len(path)-1]
		mark := []byte(fmt.Sprintf("\u00a7tree%d\u00a7", i))
		if out {
			b = bytes.ReplaceAll(b, path, mark)
		} else {
			b = bytes.ReplaceAll(b, mark, path)
		}
	}
	return b
}

// digest is a hash of every entry under dir ("" when it cannot be read:
// nothing is then recalled for it, see memory.unless).
func digest(dir string) string {
	h := sha256.New()
	if fingerprint(h, dir) != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// fingerprint writes into w every entry under dir: its path, its kind, a
// symbolic link's target (with dir's own path as a placeholder) and a
// file's content.
func fingerprint(w io.Writer, dir string) error {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		paths = append(paths, p)
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(paths)
	for _, p := range paths {
		rel, _ := filepath.Rel(dir, p)
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%q %v\n", rel, info.Mode())
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "-> %q\n", strings.ReplaceAll(target, dir, "\u00a7"))
		case info.Mode().IsRegular():
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%d\n", info.Size())
			_, err = io.Copy(w, f)
			f.Close()
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// keepTree lays tree as make left it the last time it ran with the same
// key, or runs make and keeps what it left (every path under base written
// as a placeholder, so the tree is laid again under another base).
func keepTree(m *memory, key []string, tree, base string, make func() error) error {
	if m == nil {
		return make()
	}
	file := m.file(key, nil, ".tar.gz")
	if f, err := os.Open(file); err == nil {
		err = untarTree(f, tree, base)
		f.Close()
		if err == nil {
			return nil
		}
		if err := os.RemoveAll(tree); err != nil {
			return err
		}
		if err := os.MkdirAll(tree, 0o755); err != nil {
			return err
		}
	}
	if err := make(); err != nil {
		return err
	}
	tmp := file + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return nil // remembering is a saving, not a need
	}
	err = tarTree(f, tree, base)
	if f.Close() == nil && err == nil {
		_ = os.Rename(tmp, file)
	} else {
		os.Remove(tmp)
	}
	return nil
}

// treeMark stands for the base folder in a kept tree.
const treeMark = "\u00a7base\u00a7"

func tarTree(w io.Writer, tree, base string) error {
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	err := filepath.WalkDir(tree, func(p string, e fs.DirEntry, err error) error {
		if err != nil || p == tree {
			return err
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(tree, p)
		hdr := &tar.Header{Name: filepath.ToSlash(rel), Mode: int64(info.Mode().Perm())}
		var data []byte
		switch {
		case info.IsDir():
			hdr.Typeflag = tar.TypeDir
		case info.Mode()&fs.ModeSymlink != 0:
			to, err := os.Readlink(p)
			if err != nil {
				return err
			}
			hdr.Typeflag, hdr.Linkname = tar.TypeSymlink, strings.ReplaceAll(to, base, treeMark)
		case info.Mode().IsRegular():
			if data, err = os.ReadFile(p); err != nil {
				return err
			}
			data = bytes.ReplaceAll(data, []byte(base), []byte(treeMark))
			hdr.Typeflag, hdr.Size = tar.TypeReg, int64(len(data))
		default:
			return nil // sockets and pipes an agent left are not kept
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		_, err = tw.Write(data)
		return err
	})
	if err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

func untarTree(r io.Reader, tree, base string) error {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		p := filepath.Join(tree, filepath.FromSlash(hdr.Name))
		if !strings.HasPrefix(p, tree+string(filepath.Separator)) {
			return fmt.Errorf("kept tree: %q lies outside", hdr.Name)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		switch hdr.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(p, fs.FileMode(hdr.Mode)|0o700)
		case tar.TypeSymlink:
			err = os.Symlink(strings.ReplaceAll(hdr.Linkname, treeMark, base), p)
		case tar.TypeReg:
			var data []byte
			if data, err = io.ReadAll(tr); err == nil {
				err = os.WriteFile(p, bytes.ReplaceAll(data, []byte(treeMark), []byte(base)), fs.FileMode(hdr.Mode))
			}
		}
		if err != nil {
			return err
		}
	}
}
