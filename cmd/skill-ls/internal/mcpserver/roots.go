package mcpserver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Roots are the folders the server was started for: no tool reads or
// writes outside them, whatever path an agent sends.
type Roots []string

// NewRoots makes the roots of dirs, each made absolute with its links
// resolved, so a path is compared with where the roots really are.
func NewRoots(dirs []string) (Roots, error) {
	var out Roots
	for _, d := range dirs {
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, err
		}
		if st, err := os.Stat(real); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("%s: not a folder", d)
		}
		out = append(out, real)
	}
	if len(out) == 0 {
		return nil, errors.New("no root")
	}
	return out, nil
}

// Inside is p as an absolute, clean path when it lies inside a root, else
// an error saying why not. A relative p is taken from the first root. The
// longest part of p that exists is resolved through its links, so neither
// ".." nor a link inside a root leads out of it; the rest (a file not yet
// written) can hold no link.
func (rs Roots) Inside(p string) (string, error) {
	if p == "" {
		return "", errors.New("empty path")
	}
	if strings.ContainsRune(p, 0) {
		return "", errors.New("a path cannot hold a NUL byte")
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(rs[0], p)
	}
	p = filepath.Clean(p)
	real, err := realPath(p)
	if err != nil {
		return "", err
	}
	for _, r := range rs {
		if within(r, real) {
			// The real path: the world and the roots name files alike.
			return real, nil
		}
	}
	return "", fmt.Errorf("%s is outside the roots this server was started for (%s)", p, strings.Join(rs, ", "))
}

// realPath resolves the links of the longest existing prefix of p, and
// keeps the rest as it is.
func realPath(p string) (string, error) {
	rest := ""
	for dir := p; ; dir = filepath.Dir(dir) {
		real, err := filepath.EvalSymlinks(dir)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		if dir == filepath.Dir(dir) {
			return p, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// within reports whether p is root or lies below it.
func within(root, p string) bool {
	return p == root || strings.HasPrefix(p, strings.TrimSuffix(root, string(filepath.Separator))+string(filepath.Separator))
}
