package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/txtar"
)

// A probe is one edge case of skill loading: a small tree of files laid
// into one or more skills roots of a fresh project, which every agent and
// skill-ls then judge.
//
// Its txtar comment holds, on the first line, what it probes, then header
// lines:
//
//	roots: .agents/skills .claude/skills   the roots it is laid into (default: defaultRoots)
//	link: REL -> TARGET                    a symbolic link at REL
//	expect: AGENT ...                      what the agent was seen to do (documentation only)
//	alone: true                            never share a project with other probes
//	env: KEY=VALUE                         in the agents' environment (KEY= unsets a suite default)
//	args: ARG ...                          after `claude -p hi` ("@/" = the project)
//	install: %/DIR                         every agent installs what DIR offers (install.go)
//	then: AGENT ARG ...                    one of the agent's commands, after the installs
//
// File names are relative to the skills root; "@/" makes one relative to
// the project, "~/" to the home folder and "%/" to a folder beside both
// that no agent reads unless told (the packages installed from).
type probe struct {
	name  string
	doc   string
	roots []string
	links [][2]string
	files []txtar.File
	alone bool
	env   []string // KEY=VALUE for the agents' environment
	args  []string // claude's arguments
	cwd   string   // where the agents run, relative to the project
	// owners, on a batch of probes, names the probe each top folder
	// comes from.
	owners map[string]string
	// installs are folders ("%/DIR") every agent installs into the home,
	// then agents' commands ("AGENT ARGS...") run after (install.go).
	installs []string
	then     []string
}

// defaultRoots are the two project roots that, between them, every agent
// under test reads.
var defaultRoots = []string{".agents/skills", ".claude/skills"}

func loadProbes(dir string) ([]*probe, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(p, ".txtar") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []*probe
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		pr, err := parseProbe(strings.TrimSuffix(filepath.Base(p), ".txtar"), data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, pr)
	}
	return out, nil
}

func parseProbe(name string, data []byte) (*probe, error) {
	a := txtar.Parse(data)
	pr := &probe{name: name, files: a.Files}
	for i, line := range strings.Split(strings.TrimRight(string(a.Comment), "\n"), "\n") {
		if i == 0 {
			pr.doc = line
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		val = strings.TrimSpace(val)
		switch {
		case !ok || strings.TrimSpace(line) == "":
		case key == "roots":
			pr.roots = strings.Fields(val)
		case key == "link":
			from, to, ok := strings.Cut(val, " -> ")
			if !ok {
				return nil, fmt.Errorf("link %q: want REL -> TARGET", val)
			}
			pr.links = append(pr.links, [2]string{strings.TrimSpace(from), strings.TrimSpace(to)})
		case key == "alone":
			pr.alone = val == "true"
		case key == "cwd":
			pr.cwd = val
		case key == "env":
			pr.env = append(pr.env, val)
		case key == "args":
			pr.args = strings.Fields(val)
		case key == "install":
			pr.installs = append(pr.installs, val)
		case key == "then":
			pr.then = append(pr.then, val)
		default:
			// expect: and free text: documentation only.
		}
	}
	if len(pr.roots) == 0 {
		pr.roots = defaultRoots
	}
	for i := range pr.files {
		// txtar ends every file with a line break; "\\no-eol" at the end
		// of a file asks for one without.
		pr.files[i].Data = bytes.TrimSuffix(pr.files[i].Data, []byte("\\no-eol\n"))
	}
	return pr, nil
}

// sharable reports whether the probe can share a project with others: it
// is a set of skill folders directly in the root, nothing else.
func (pr *probe) sharable() bool {
	if pr.alone || pr.cwd != "" || len(pr.links) > 0 || len(pr.env) > 0 || len(pr.args) > 0 || len(pr.installs) > 0 || len(pr.then) > 0 {
		return false
	}
	for _, f := range pr.files {
		if strings.HasPrefix(f.Name, "@/") || strings.HasPrefix(f.Name, "~/") || !strings.Contains(f.Name, "/") {
			return false
		}
	}
	return true
}

func (pr *probe) topFolders() []string {
	var out []string
	for _, f := range pr.files {
		top, _, _ := strings.Cut(f.Name, "/")
		if !slices.Contains(out, top) {
			out = append(out, top)
		}
	}
	return out
}

// batch lays sharable probes with the same roots into shared projects,
// as many as it takes for no top folder to appear twice in one: each agent
// then runs once for many probes. Both sides see the same project, so a
// batch judges each probe as fairly as a project of its own would.
func batch(prs []*probe, size int) []*probe {
	var out, batches []*probe
	for _, pr := range prs {
		if !pr.sharable() {
			out = append(out, pr)
			continue
		}
		var b *probe
		for _, c := range batches {
			if len(c.owners) < size && slices.Equal(c.roots, pr.roots) && !slices.ContainsFunc(pr.topFolders(), func(f string) bool { _, ok := c.owners[f]; return ok }) {
				b = c
				break
			}
		}
		if b == nil {
			b = &probe{name: fmt.Sprintf("batch%02d", len(batches)+1), doc: "probes that share a project", roots: pr.roots, owners: map[string]string{}}
			batches = append(batches, b)
		}
		for _, f := range pr.topFolders() {
			b.owners[f] = pr.name
		}
		b.files = append(b.files, pr.files...)
	}
	return append(out, batches...)
}

// owner is the probe a path of the layout comes from.
func (l *layout) owner(key string) string {
	if l.probe.owners == nil {
		return l.probe.name
	}
	rel := strings.TrimPrefix(key, l.root+"/")
	top, _, _ := strings.Cut(rel, "/")
	if o, ok := l.probe.owners[top]; ok {
		return o
	}
	return l.probe.name
}

// A layout is one probe laid into one root: a project and a home folder of
// its own.
type layout struct {
	probe   *probe
	root    string // the skills root, relative to the project
	dir     string // holds proj/ and home/
	project string
	home    string
	cwd     string // where the agents run
	print   string // digest of the layout as laid, before any agent ran (recall.go)
	// installedBy are the agents that ran the probe's installs.
	installedBy []string
}

func (l *layout) id() string { return l.probe.name + "@" + l.root }

func (pr *probe) lay(work string) ([]*layout, error) {
	var out []*layout
	for _, root := range pr.roots {
		dir := filepath.Join(work, pr.name, strings.ReplaceAll(strings.Trim(root, "/"), "/", "_"))
		l := &layout{probe: pr, root: root, dir: dir, project: filepath.Join(dir, "proj"), home: filepath.Join(dir, "home")}
		l.cwd = filepath.Join(l.project, pr.cwd)
		if err := l.write(); err != nil {
			return nil, err
		}
		l.print = digest(l.dir)
		out = append(out, l)
	}
	return out, nil
}

// where turns a probe's file name into a path on disk.
func (l *layout) where(name string) string {
	switch {
	case strings.HasPrefix(name, "@/"):
		return filepath.Join(l.project, name[2:])
	case strings.HasPrefix(name, "~/"):
		return filepath.Join(l.home, name[2:])
	case strings.HasPrefix(name, "%/"):
		return filepath.Join(l.dir, "src", name[2:])
	}
	return filepath.Join(l.project, l.root, name)
}

func (l *layout) write() error {
	if err := os.RemoveAll(l.dir); err != nil {
		return err
	}
	for _, d := range []string{filepath.Join(l.project, l.root), l.home, l.cwd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	for _, f := range l.probe.files {
		p := l.where(f.Name)
		if strings.HasSuffix(f.Name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	for _, ln := range l.probe.links {
		p := l.where(ln[0])
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.Symlink(ln[1], p); err != nil {
			return err
		}
	}
	return gitInit(l.project)
}
