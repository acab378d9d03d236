package skillcore

import (
	"path/filepath"
	"strings"
)

// A large check joins and splits paths a few hundred thousand times; on
// paths already clean, as every path the walk makes and the world keeps
// is, filepath's Join and Dir clean them again for nothing (a twentieth of
// the run). These two do not.

// childPath is filepath.Join(dir, name) for a clean dir and a name read
// from a folder listing (no separator, not "." or "..").
func childPath(dir, name string) string {
	if filepath.Separator != '/' || dir == "" || dir == "." || name == "" {
		return filepath.Join(dir, name)
	}
	if dir[len(dir)-1] == '/' {
		return dir + name // the root
	}
	return dir + "/" + name
}

// ParentDir is filepath.Dir(path) for a clean path.
func ParentDir(path string) string {
	if filepath.Separator != '/' {
		return filepath.Dir(path)
	}
	switch i := strings.LastIndexByte(path, '/'); i {
	case -1:
		return "."
	case 0:
		return "/"
	default:
		return path[:i]
	}
}

// subPath is filepath.Join(dir, rel) for a clean dir and a clean relative
// rel without "..": a manifest's place in a plugin, from the formats' data,
// joined to each of a thousand plugin folders for each target.
func subPath(dir, rel string) string {
	if filepath.Separator != '/' {
		return filepath.Join(dir, rel)
	}
	return childPath(dir, rel)
}
