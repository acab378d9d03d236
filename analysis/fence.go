package analysis

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// fence is the part of the file system a link from a skill may lead to:
// the workspace folders and the known roots. A link is a path written by
// whoever wrote the skill, and a cloned repository is untrusted: its
// "../../../../secret.txt" must not become a link to, or a hover about, a
// file outside.
type fence struct {
	dirs []string // as configured
	real []string // with their symbolic links resolved
}

// fence is the workspace's fence, made for one request.
func (w *Workspace) fence() fence {
	var f fence
	add := func(d string) {
		if d == "" {
			return
		}
		d = filepath.Clean(d)
		f.dirs = append(f.dirs, d)
		if r, err := filepath.EvalSymlinks(d); err == nil {
			f.real = append(f.real, r)
		}
	}
	for _, d := range w.config.Projects {
		add(d)
	}
	for _, r := range w.World.Roots() {
		add(r.Dir)
	}
	return f
}

// allows reports whether path lies inside the fence: as written, and,
// when it exists, once its symbolic links are resolved (a link inside
// may point out).
func (f fence) allows(path string) bool {
	path = fsys.CleanPath(path)
	if !within(f.dirs, path) {
		return false
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return true // nothing there to reach
	}
	return within(f.real, real)
}

// stat is os.Stat for a path inside the fence, and "not there" for one
// outside, so that nothing is told of a file outside.
func (f fence) stat(path string) (os.FileInfo, bool) {
	if !f.allows(path) {
		return nil, false
	}
	st, err := os.Stat(path)
	return st, err == nil
}

// within reports whether path is one of dirs or below one.
func within(dirs []string, path string) bool {
	for _, d := range dirs {
		if path == d || strings.HasPrefix(path, strings.TrimSuffix(d, string(filepath.Separator))+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
