package fsys

import (
	"path/filepath"
	"strings"
)

// A large check joins and splits paths a few hundred thousand times; on
// paths already clean, as every path the walk makes and the world keeps
// is, filepath's Join and Dir clean them again for nothing (a twentieth of
// the run). These two do not.

// ChildPath is filepath.Join(dir, name) for a clean dir and a name read
// from a folder listing (no separator, not "." or "..").
func ChildPath(dir, name string) string {
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

// SubPath is filepath.Join(dir, rel) for a clean dir and a clean relative
// rel without "..": a manifest's place in a plugin, from the formats' data,
// joined to each of a thousand plugin folders for each target.
func SubPath(dir, rel string) string {
	if filepath.Separator != '/' {
		return filepath.Join(dir, rel)
	}
	return ChildPath(dir, rel)
}

// CleanPath is filepath.Clean(path), which rewrites path byte by byte even
// when it is clean already, as nearly every path a world is asked about
// is: a large check cleans a hundred thousand of them.
func CleanPath(path string) string {
	if IsClean(path) {
		return path
	}
	return filepath.Clean(path)
}

// IsClean reports whether filepath.Clean would return path as it is; it
// may say false of a clean path ("." or ".."), never true of one that is
// not.
func IsClean(path string) bool {
	if filepath.Separator != '/' || path == "" {
		return false
	}
	if path == "/" {
		return true
	}
	if path[len(path)-1] == '/' {
		return false
	}
	start := 0
	if path[0] == '/' {
		start = 1
	}
	for start < len(path) {
		end := strings.IndexByte(path[start:], '/')
		if end < 0 {
			end = len(path)
		} else {
			end += start
		}
		switch path[start:end] {
		case "", ".", "..":
			return false
		}
		start = end + 1
	}
	return true
}

// Below is filepath.Rel(dir, path), slashed, for a clean path inside a
// clean dir, without cleaning either again; false for any other pair.
func Below(dir, path string) (string, bool) {
	if !IsClean(dir) || !IsClean(path) || !strings.HasPrefix(path, dir) || len(path) == len(dir) {
		return "", false
	}
	if rest := path[len(dir):]; dir == "/" {
		return rest, true
	} else if rest[0] == '/' {
		return rest[1:], true
	}
	return "", false
}

// DirOf is filepath.Dir(path) for any path, without cleaning again a path
// that is clean already: a skill's folder is asked for by each agent's
// judgement of it, a dozen times a skill.
func DirOf(path string) string {
	if IsClean(path) {
		return ParentDir(path)
	}
	return filepath.Dir(path)
}

// JoinName is filepath.Join(dir, name) for any dir and a name read from a
// folder listing (or a literal one, as SKILL.md), without cleaning again a
// dir that is clean already.
func JoinName(dir, name string) string {
	if IsClean(dir) && name != "" && name != "." && name != ".." && !strings.ContainsRune(name, filepath.Separator) {
		return ChildPath(dir, name)
	}
	return filepath.Join(dir, name)
}
