package skillcore

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
)

// Env is where agents look for skills on one machine.
type Env struct {
	Home string
	// Getenv reads variables such as CODEX_HOME and ZOT_HOME; nil reads none.
	Getenv func(string) string
}

// Root is a target's root resolved to a directory.
type Root struct {
	Dir    string
	Target *loader.Target
	Scope  loader.Scope
	Rank   int // position in the target's precedence order
	// Project is the project directory a project root belongs to.
	Project string
	// Package, when set, is the plugin this root stands for: Dir is its
	// plugin root and it finds exactly the package's skills.
	Package *Package
	// Installed, when set, is the installed plugin Package stands for.
	Installed *loader.InstalledPlugin
	// Inherited: a copy of a project root in a folder above the project,
	// read by an agent run in the project.
	Inherited bool
	// Reach, when set, is every file the root's scan finds, where the
	// path alone cannot tell (a cap reached, a folder link followed).
	Reach *Reach
}

// SkillDir is the folder an agent says it found the SKILL.md at path in:
// the root, or a package's skills folder.
func (r Root) SkillDir(path string) string {
	if r.Package != nil {
		return r.Package.SkillDir(path)
	}
	return r.Dir
}

// Reach is the set of files a root's scan found, shared by the copies of
// the root.
type Reach struct {
	mu    sync.RWMutex
	files map[string]bool
	// shown are the files reached through a folder link, by the path
	// the agent shows for them (the one it first reached them by).
	shown map[string]string
}

func (r Root) reach(found []string, shown map[string]string) {
	if r.Reach == nil {
		return
	}
	set := make(map[string]bool, len(found))
	for _, p := range found {
		set[p] = true
	}
	r.Reach.mu.Lock()
	r.Reach.files, r.Reach.shown = set, shown
	r.Reach.mu.Unlock()
}

// Shown is the path under which the root's scan reached the file at path:
// path, or for a file it reached through a folder link, the path through
// that link (Codex shows it in its catalog, its listing the real path).
func (r Root) Shown(path string) string { return r.Reach.shownPath(path) }

func (x *Reach) shownPath(path string) string {
	if x != nil {
		x.mu.RLock()
		defer x.mu.RUnlock()
		if p, ok := x.shown[path]; ok {
			return p
		}
	}
	return path
}

// has reports whether the scan found path, or false, true when no scan
// said.
func (x *Reach) has(path string) (found, known bool) {
	if x == nil {
		return false, false
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	if x.files == nil {
		return false, false
	}
	return x.files[path], true
}

// Roots resolves a target's roots for a project directory ("" for none):
// its project roots under project, then its global roots, in precedence
// order. A project root that is also a global root (a project at $HOME)
// counts once, as global.
func (e Env) Roots(t *loader.Target, project string) []Root {
	var out []Root
	global := map[string]bool{}
	for _, spec := range t.Roots {
		if spec.Scope == loader.ScopeGlobal {
			if d := e.resolve(spec, ""); d != "" {
				global[d] = true
			}
		}
	}
	for i, spec := range t.Roots {
		for k, at := range e.above(project, spec) {
			d := e.resolve(spec, at)
			if d == "" || (spec.Scope == loader.ScopeProject && global[d]) {
				continue
			}
			r := Root{Dir: d, Target: t, Scope: spec.Scope, Rank: i*loader.RankStride + k, Inherited: k > 0}
			if t.Scan.Recursive || t.Scan.OneLinkPerFile {
				r.Reach = &Reach{}
			}
			if spec.Scope == loader.ScopeProject {
				r.Project = project
			}
			out = append(out, r)
		}
	}
	return out
}

// above lists the folders whose copy of a project root spec the agent
// reads for project: project, then each folder above it as spec.Up says,
// nearer first. A global spec resolves once.
func (e Env) above(project string, spec loader.RootSpec) []string {
	out := []string{project}
	if spec.Scope != loader.ScopeProject || spec.Up == loader.Here || project == "" {
		return out
	}
	top := gitTop(project)
	// Outside a repository the agents walk up to the home folder, or to /
	// when the project is not under it; skill-ls stops at the project
	// then, rather than read (and watch) every folder up to /.
	if top == "" && (spec.Up != loader.UpToGitOrHome || e.Home == "" || !loader.Within(e.Home, project)) {
		return out
	}
	for d := project; d != top && len(out) < loader.RankStride; {
		up := filepath.Dir(d)
		if up == d || top == "" && up == e.Home {
			break
		}
		out = append(out, up)
		d = up
	}
	return out
}

// gitTop is the nearest folder at or above dir holding .git (a folder, or
// a file in a worktree), "" when none.
func gitTop(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

func (e Env) resolve(spec loader.RootSpec, project string) string {
	switch spec.Base {
	case loader.BaseProject:
		if project == "" {
			return ""
		}
		return filepath.Join(project, spec.Path)
	case loader.BaseHome:
		if e.Home == "" {
			return ""
		}
		return filepath.Join(e.Home, spec.Path)
	case loader.BaseEnv:
		if e.Getenv != nil {
			if v := e.Getenv(spec.Env); v != "" {
				return filepath.Join(v, spec.Path)
			}
		}
		if e.Home == "" {
			return ""
		}
		return filepath.Join(e.Home, spec.Under, spec.Path)
	}
	return spec.Path
}

// Finds reports whether a target scanning root would discover the SKILL.md
// at path, judging from the path alone. A skill.md (in any case) is found
// where a SKILL.md would be: it is told it is misnamed.
func (r Root) Finds(path string) bool {
	if !loader.Within(r.Dir, path) {
		// Reached through a folder link the scan followed: found under
		// its real path.
		found, _ := r.Reach.has(path)
		return found
	}
	if r.Package != nil {
		return r.Package.Has(path)
	}
	if found, known := r.Reach.has(path); known {
		return found
	}
	// Both are clean, so the rest of path is the relative path; every file
	// is matched against every root, so no filepath.Rel or Split here.
	rel := filepath.ToSlash(path[len(r.Dir)+1:])
	i := strings.LastIndexByte(rel, '/')
	if i < 0 {
		return (r.Target.Scan.RootFile || r.Target.Scan.RootClaims) && isSkillName(rel)
	}
	if !isSkillName(rel[i+1:]) {
		return false
	}
	dirs := rel[:i]
	depth := strings.Count(dirs, "/") + 1
	for rest := dirs; len(r.Target.Scan.SkipNames) > 0 && rest != ""; {
		var d string
		if d, rest, _ = strings.Cut(rest, "/"); slices.Contains(r.Target.Scan.SkipNames, d) {
			return false
		}
	}
	if !r.Target.Scan.Recursive {
		return depth == 1 && !(r.Target.Scan.SkipHidden && strings.HasPrefix(dirs, "."))
	}
	if depth > r.Target.Scan.MaxDepth {
		return false
	}
	return !r.Target.Scan.SkipHidden || !(strings.HasPrefix(dirs, ".") || strings.Contains(dirs, "/."))
}

// rootMarkers are the folders whose presence makes a directory a project.
var rootMarkers = func() []string {
	seen := map[string]bool{".git": true}
	out := []string{".git"}
	for _, t := range loader.Targets {
		for _, s := range t.Roots {
			if s.Base == loader.BaseProject && !seen[s.Path] {
				seen[s.Path] = true
				out = append(out, s.Path)
			}
		}
	}
	return out
}()

// ProjectOf finds the project that contains path: the nearest ancestor that
// holds a root such as .agents/skills, or a .git. It returns "" when there is
// none, or when the nearest is the home directory (whose roots are global).
// A path inside a root (".../.agents/skills/...") belongs to the directory
// holding that root, even when a folder in between (a skill cloned with its
// own .git) is a repository.
func (e Env) ProjectOf(path string) string { return e.projectOf(path, nil, nil) }

// projectOf is ProjectOf, remembering in memo (when not nil) the answer for
// every directory it walks through, so that files sharing ancestors cost one
// walk. A folder that listed knows (a walk listed it) says from that
// listing whether it holds a marker, with no lookup on disk; listed may be
// nil.
func (e Env) projectOf(path string, memo map[string]string, listed func(dir string) (marked, known bool)) string {
	if p, ok := e.projectByPath(path); ok {
		return p
	}
	var walked []string
	answer := func(p string) string {
		if memo != nil {
			for _, d := range walked {
				memo[d] = p
			}
		}
		return p
	}
	dir := fsys.ParentDir(path) // filepath.Dir without cleaning path again
	if !fsys.IsClean(path) {
		dir = filepath.Dir(path)
	}
	for {
		if p, ok := memo[dir]; ok {
			return answer(p)
		}
		walked = append(walked, dir)
		if hasMarker(dir, listed) {
			if dir == e.Home {
				return answer("")
			}
			return answer(dir)
		}
		parent := fsys.ParentDir(dir)
		if parent == dir {
			return answer("")
		}
		dir = parent
	}
}

// hasMarker reports whether dir holds a project marker, as its listing
// says when listed knows it, else as the disk says.
func hasMarker(dir string, listed func(dir string) (marked, known bool)) bool {
	if listed != nil {
		if marked, known := listed(dir); known {
			return marked
		}
	}
	for _, m := range rootMarkers {
		if _, err := os.Stat(dir + string(filepath.Separator) + m); err == nil {
			return true
		}
	}
	return false
}

// projectByPath finds, without touching the disk, the nearest directory of
// path that holds a project root path lies in.
func (e Env) projectByPath(path string) (string, bool) {
	slash := filepath.ToSlash(path)
	if !strings.Contains(slash, "/.") {
		return "", false // every marker is a hidden folder
	}
	best := -1
	for _, m := range rootMarkers {
		if m == ".git" {
			continue
		}
		if i := strings.LastIndex(slash, "/"+m+"/"); i > best {
			best = i
		}
	}
	if best < 0 {
		return "", false
	}
	dir := filepath.FromSlash(slash[:best])
	if dir == "" {
		dir = string(filepath.Separator)
	}
	if dir == e.Home {
		return "", true
	}
	return dir, true
}
