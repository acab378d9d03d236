package lsp

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/fsnotify/fsnotify"
	"go.lsp.dev/protocol"

	"github.com/skill-ls/skill-ls/skillcore"
)

// Watching keeps the workspace in step with the disk while the server
// runs. Where the client can, it watches the workspace for the server
// (workspace/didChangeWatchedFiles, registered for **/SKILL.md); the
// server's own watcher covers the global and extra roots, which lie outside
// the workspace, and everything for clients that cannot watch (Neovim turns
// client watching off on Linux). Either way an event only says "look
// again": the file is read from disk, so events that repeat or arrive out
// of order do no harm.

// clientWatchesWell reports whether a client that announces dynamic
// registration of workspace/didChangeWatchedFiles reports every change
// the server needs. Eglot does not: it watches only the folders that held
// a project file when the server registered, so a skill folder created
// later is never seen, and Eglot 1.9 drops every rename event (its
// handler re-sends them with the action quoted, which matches no action),
// so a write by rename (sed -i, git checkout) is never reported. The
// server then watches the workspace itself, as for a client that cannot
// watch. (Eglot 1.9 sends no clientInfo: editors/emacs/skill-ls.el
// declines the registration for it.)
func clientWatchesWell(info protocol.ClientInfo) bool {
	return !strings.EqualFold(info.Name, "eglot")
}

// watchRegistrationID names the client-side registration.
const watchRegistrationID = "skill-ls/watch"

// registerWatchers asks the client to report SKILL.md files and project
// configuration files created, changed or deleted, and skill folders
// deleted, in the workspace.
func (s *Server) registerWatchers(ctx context.Context) {
	watchers := []protocol.FileSystemWatcher{
		{GlobPattern: protocol.Pattern("**/" + loader.FileName)},
		{GlobPattern: protocol.Pattern("**/{plugin,marketplace,gemini-extension}.json")},
		{GlobPattern: protocol.Pattern("**/skills/*"), Kind: protocol.WatchKindDelete},
	}
	for _, p := range configPatterns {
		watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: protocol.Pattern(p)})
	}
	opts, err := protocol.Marshal(protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers})
	if err != nil {
		return
	}
	err = s.client.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID:              watchRegistrationID,
		Method:          protocol.MethodWorkspaceDidChangeWatchedFiles,
		RegisterOptions: opts,
	}}})
	if err != nil {
		s.logf(protocol.MessageTypeWarning, "client/registerCapability: %v; watching the workspace itself", err)
		return
	}
	s.mu.Lock()
	s.clientWatches = true
	s.mu.Unlock()
}

// DidChangeWatchedFiles reads again the files the client saw change.
func (s *Server) DidChangeWatchedFiles(ctx context.Context, params *protocol.DidChangeWatchedFilesParams) error {
	var paths []string
	rescan := false
	for _, c := range params.Changes {
		if !c.URI.IsFile() {
			continue
		}
		p := pathOf(c.URI)
		if skillcore.IsConfigFile(p) {
			s.goTask(s.projectChanged) // the configuration: judged again
			continue
		}
		if isSkillFileName(filepath.Base(p)) || loader.IsManifest(p) {
			paths = append(paths, p)
		} else {
			rescan = true // a folder came or went
		}
	}
	if len(paths) > 0 || rescan {
		s.goTask(func() { s.syncDisk(paths, rescan) })
	}
	return nil
}

// syncDisk reads paths again from disk and, with rescan, looks for skills
// that came or went under every root.
func (s *Server) syncDisk(paths []string, rescan bool) {
	s.rebuildMu.Lock()
	defer s.rebuildMu.Unlock()
	var found, added map[string]bool
	if rescan {
		s.mu.Lock()
		roots, installed := s.ws.World.Roots(), s.ws.World.Installation().Watch
		s.mu.Unlock()
		added = s.refreshWatches(roots, installed)
		found = map[string]bool{}
		var errs []error
		for _, r := range roots {
			ps, err := skillcore.Discover(r)
			if err != nil {
				errs = append(errs, err)
			}
			for _, p := range ps {
				found[p] = true
			}
		}
		s.tellLimits(errs)
	}
	load := slices.Clone(paths)
	if rescan {
		s.mu.Lock()
		for p := range found {
			// New files, and files in folders not watched until now (they
			// may have changed unseen), are read.
			if s.ws.World.Entry(p) == nil || added[filepath.Dir(p)] {
				load = append(load, p)
			}
		}
		for _, p := range s.ws.Paths() {
			if !found[p] && s.docs[p] == nil {
				load = append(load, p)
			}
		}
		s.mu.Unlock()
	}
	if s.load(load...) {
		s.refreshViews()
	}
	s.forgetMoved(load...)
}

// maxWatchedDirs bounds the server's own watches (inotify has a per-user
// limit shared with every other program).
const maxWatchedDirs = 4096

// watcher is the server's own file watcher.
type watcher struct {
	fs   *fsnotify.Watcher
	mu   sync.Mutex
	dirs map[string]bool
	done chan struct{}
	// installed are the files and folders the agents' installed plugins
	// were read from: a change there reads them all again.
	installed map[string]bool
}

func (w *watcher) close() {
	if w == nil {
		return
	}
	w.fs.Close()
	<-w.done
}

func (w *watcher) watching(dir string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.dirs[dir]
}

// add watches dir, if it is not watched already.
// It records the folders newly watched in added, when not nil: what
// changed in them before could have been missed.
func (w *watcher) add(dir string, added map[string]bool) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.dirs[dir] {
		return true
	}
	if w.fs.Add(dir) != nil {
		return false
	}
	w.dirs[dir] = true
	if added != nil {
		added[dir] = true
	}
	return true
}

// keep stops watching every directory not in dirs.
func (w *watcher) keep(dirs map[string]bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for d := range w.dirs {
		if !dirs[d] {
			_ = w.fs.Remove(d)
			delete(w.dirs, d)
		}
	}
}

// refreshWatches points the server's own watcher at the roots it must
// cover: every global and extra root outside the workspace folders, and all
// of them when the client does not watch. A root that does not exist yet is
// watched from its nearest existing parent, so its creation is seen.
//
// A folder is always watched before it is listed, so a subfolder created
// meanwhile is seen either by the listing or as an event; and refreshing
// runs before a scan reads the disk, so a change made after the scan read a
// file is seen too.
//
// The files and folders installed plugins were read from (installed) are
// watched too, wherever they are (watchInstalled).
//
// It returns the folders it started watching.
func (s *Server) refreshWatches(all []skillcore.Root, installed []string) (added map[string]bool) {
	s.mu.Lock()
	if s.state.Load() == stageShutdown || s.ctx.Err() != nil {
		s.mu.Unlock()
		return nil
	}
	var roots []skillcore.Root
	for _, r := range all {
		if !s.clientWatches || !under(r.Dir, s.folders) {
			roots = append(roots, r)
		}
	}
	configDirs := s.configDirsLocked()
	w := s.watch
	if w == nil {
		fw, err := fsnotify.NewWatcher()
		if err != nil {
			s.mu.Unlock()
			s.logf(protocol.MessageTypeWarning, "file watching: %v", err)
			return nil
		}
		w = &watcher{fs: fw, dirs: map[string]bool{}, done: make(chan struct{})}
		// The session may end between the check above and here: then no
		// loop runs, and a watcher kept would make serve wait for ever
		// for its loop to end.
		if !s.goBackground(func() { s.watchLoop(w) }) {
			s.mu.Unlock()
			fw.Close()
			return nil
		}
		s.watch = w
	}
	s.mu.Unlock()

	keep := map[string]bool{}
	added = map[string]bool{}
	full := false
	add := func(d string) bool {
		if keep[d] {
			return true
		}
		if len(keep) >= maxWatchedDirs {
			full = true
			return false
		}
		if !w.add(d, added) {
			return false
		}
		keep[d] = true
		return true
	}
	listed := map[string]int{} // how deep below each folder was watched
	for _, r := range roots {
		if dir, ok := watchUpTo(w, r.Dir, add); ok {
			depth := 1
			if r.Target.Scan.Recursive {
				depth = r.Target.Scan.MaxDepth
			}
			watchTree(dir, depth, r.Target.Scan.SkipHidden, add, listed)
		}
	}
	for _, d := range configDirs {
		add(d)
	}
	watchInstalled(w, installed, add, listed)
	w.keep(keep)
	if full {
		s.logf(protocol.MessageTypeWarning, "file watching: more than %d folders under the skill roots; watching only the first", maxWatchedDirs)
	}
	return added
}

// watchUpTo makes sure the creation of root will be seen: when root is
// missing, it watches the nearest existing parent (two levels up at most,
// as in ~/.agents/skills) and reports false; when root exists, true.
func watchUpTo(w *watcher, root string, add func(string) bool) (string, bool) {
	var missing []string
	d := root
	for ; !isDir(d); d = filepath.Dir(d) {
		if len(missing) == 3 || d == filepath.Dir(d) {
			return "", false
		}
		missing = append(missing, d)
	}
	for len(missing) > 0 {
		// Watch the parent first, then look again for the child: one
		// created in between is then seen one way or the other.
		if !w.add(d, nil) {
			return "", false
		}
		next := missing[len(missing)-1]
		if !isDir(next) {
			add(d) // keep it: it is how the child's creation is seen
			return "", false
		}
		missing, d = missing[:len(missing)-1], next
	}
	return d, true
}

// watchTree watches dir, then its subfolders depth levels down (1 for a
// children scan: the skill folders), skipping hidden ones when the target
// does. Folders several roots share are listed once per depth.
func watchTree(dir string, depth int, skipHidden bool, add func(string) bool, listed map[string]int) {
	if !add(dir) || depth == 0 {
		return
	}
	if d, ok := listed[dir]; ok && d >= depth {
		return
	}
	listed[dir] = depth
	entries, err := skillcore.ReadDir(dir) // a root that is a FIFO must not block
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || (skipHidden && strings.HasPrefix(e.Name(), ".")) {
			continue
		}
		watchTree(filepath.Join(dir, e.Name()), depth-1, skipHidden, add, listed)
	}
}

// watchLoop turns file events into reads of the disk.
func (s *Server) watchLoop(w *watcher) {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			var paths []string
			rescan, reinstall := false, false
			for more := true; more; {
				reinstall = reinstall || w.installedEvent(ev)
				if skillcore.IsConfigFile(ev.Name) {
					s.goTask(s.projectChanged)
				} else if isSkillFileName(filepath.Base(ev.Name)) {
					if ev.Op&(fsnotify.Create|fsnotify.Write|fsnotify.Remove|fsnotify.Rename) != 0 {
						paths = append(paths, filepath.Clean(ev.Name))
					}
				} else if ev.Op&fsnotify.Create != 0 && isDir(ev.Name) ||
					ev.Op&(fsnotify.Remove|fsnotify.Rename) != 0 && w.watching(filepath.Clean(ev.Name)) {
					rescan = true // a folder came or went
				}
				select { // take whatever else is queued, in one go
				case ev, more = <-w.fs.Events:
				default:
					more = false
				}
			}
			if reinstall || len(paths) > 0 || rescan {
				s.takeEvents(w, paths, rescan, reinstall)
			}
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			s.logf(protocol.MessageTypeWarning, "file watching: %v", err)
		}
	}
}

// takeEvents reads the disk again after file events: the skill files
// at paths, every root with rescan, and the installed plugins with
// reinstall. A panic is logged and the watching goes on.
func (s *Server) takeEvents(w *watcher, paths []string, rescan, reinstall bool) {
	s.busyAdd(1)
	defer s.busyAdd(-1)
	defer s.recoverLog("file events")
	if reinstall {
		changed, settled := s.installationChanged(w)
		if changed {
			s.rebuild() // reads the installed plugins again
			return
		}
		paths, rescan = append(paths, settled...), true // what settling took in
	}
	s.syncDisk(paths, rescan)
}

// under reports whether path is one of dirs or inside one.
func under(path string, dirs []string) bool {
	for _, d := range dirs {
		if path == d || strings.HasPrefix(path, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// isSkillFileName reports whether a file's event is a skill's: SKILL.md,
// or a skill.md that is told it is misnamed.
func isSkillFileName(name string) bool {
	return name == loader.FileName || loader.IsCaseVariant(name)
}
