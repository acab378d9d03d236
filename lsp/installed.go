package lsp

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/fsnotify/fsnotify"
	"go.lsp.dev/protocol"
)

// Installing, enabling, disabling or removing a plugin changes files under
// the home folder (an agent's settings, its registry, its plugin cache)
// and, for project settings, in the workspace where the client reports
// only SKILL.md files. The server watches them itself; a change there
// rebuilds the workspace, which reads the installed plugins again (rare
// enough that reading everything again costs nothing worth saving).

// installedDepth is how far below a plugin cache folder the server
// watches: cache/<marketplace>/<plugin> catches a plugin installed or
// removed (a new version also rewrites the agent's registry or replaces
// the plugin's folder).
const installedDepth = 2

// watchInstalled watches the folder of each file in paths and each folder
// in paths installedDepth levels down, and remembers them for
// installedEvent.
func watchInstalled(w *watcher, paths []string, add func(string) bool, listed map[string]int) {
	set := map[string]bool{}
	for _, p := range paths {
		set[p] = true
		if isDir(p) {
			watchTree(p, installedDepth, false, add, listed)
			continue
		}
		if dir, ok := watchUpTo(w, filepath.Dir(p), add); ok {
			add(dir)
		}
	}
	w.mu.Lock()
	w.installed = set
	w.mu.Unlock()
}

// installedEvent reports whether ev changes what is installed: one of the
// files written, created or removed, a folder coming or going in a plugin
// cache, or one on the way to a file or folder not there yet.
func (w *watcher) installedEvent(ev fsnotify.Event) bool {
	name := filepath.Clean(ev.Name)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.installed[name] {
		return ev.Op&(fsnotify.Create|fsnotify.Write|fsnotify.Remove|fsnotify.Rename) != 0
	}
	if ev.Op&(fsnotify.Create|fsnotify.Remove|fsnotify.Rename) == 0 {
		return false
	}
	for p := range w.installed {
		if strings.HasPrefix(p, name+string(filepath.Separator)) {
			return true // a folder on the way to one came or went
		}
	}
	for d := filepath.Dir(name); ; d = filepath.Dir(d) {
		if w.installed[d] {
			return true
		}
		if d == filepath.Dir(d) {
			return false
		}
	}
}

// installationChanged waits for the folders to settle and reports whether
// what is installed, or what is wrong in its files, changed; and the skill
// files whose events came meanwhile.
func (s *Server) installationChanged(w *watcher) (changed bool, skills []string) {
	skills = settle(w.fs.Events)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ws != nil && s.ws.World.InstallationChanged(), skills
}

// installSettle is how long the folders must be quiet before installed
// plugins are read again: an agent copies a plugin file by file, and what
// lies deeper than the watches is seen only by reading.
const installSettle = 150 * time.Millisecond

// settle takes events until none has come for installSettle, and returns
// the skill files among them: a rebuild that follows reads everything
// again, but when the installation did not change after all, a skill
// edited meanwhile must still be read (a rescan finds only files that
// came or went).
func settle(events <-chan fsnotify.Event) (skills []string) {
	t := time.NewTimer(installSettle)
	defer t.Stop()
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return skills
			}
			if isSkillFileName(filepath.Base(ev.Name)) {
				skills = append(skills, filepath.Clean(ev.Name))
			}
			t.Reset(installSettle)
		case <-t.C:
			return skills
		}
	}
}

// logInstalled logs what is wrong in the files installed plugins were read
// from (their diagnostics show when such a file is opened).
func logInstalled(s *Server, in loader.Installation) {
	for i, p := range in.Problems {
		if i == 10 {
			s.logf(protocol.MessageTypeWarning, "installed plugins: %d more problems", len(in.Problems)-i)
			return
		}
		s.logf(protocol.MessageTypeWarning, "installed plugins: %s: %s", p.Path, p.Message)
	}
}
