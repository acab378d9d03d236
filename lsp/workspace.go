package lsp

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// foldersOf lists the workspace folders as paths, from workspaceFolders or,
// for older clients, rootUri or rootPath.
func foldersOf(params *protocol.InitializeParams) []string {
	var out []string
	if fs, ok := params.WorkspaceFolders.Get(); ok {
		for _, f := range fs {
			if f.URI.IsFile() {
				out = append(out, pathOf(f.URI))
			}
		}
		return out
	}
	if params.RootURI != nil && params.RootURI.IsFile() {
		return []string{pathOf(*params.RootURI)}
	}
	if p, ok := params.RootPath.Get(); ok && p != "" {
		return []string{filepath.Clean(p)}
	}
	return nil
}

// DidChangeWorkspaceFolders rebuilds the workspace for the new folders.
func (s *Server) DidChangeWorkspaceFolders(ctx context.Context, params *protocol.DidChangeWorkspaceFoldersParams) error {
	s.mu.Lock()
	for _, f := range params.Event.Removed {
		p := pathOf(f.URI)
		s.folders = slices.DeleteFunc(s.folders, func(q string) bool { return q == p })
	}
	for _, f := range params.Event.Added {
		if p := pathOf(f.URI); f.URI.IsFile() && !slices.Contains(s.folders, p) {
			s.folders = append(s.folders, p)
		}
	}
	s.mu.Unlock()
	s.goTask(s.maybeRebuild)
	return nil
}

// home is the home directory of the global roots.
func (s *Server) homeLocked() string {
	if h := s.settings.Home; h != "" {
		return filepath.Clean(h)
	}
	if s.opts.Home != "" {
		return s.opts.Home
	}
	h, _ := os.UserHomeDir()
	return h
}

// analysisConfigLocked is the workspace configuration the settings and
// folders make.
func (s *Server) analysisConfigLocked() analysis.Config {
	home := s.homeLocked()
	var roots []string
	for _, r := range s.settings.Roots {
		switch {
		case r == "~":
			r = home
		case strings.HasPrefix(r, "~/"):
			r = filepath.Join(home, r[2:])
		case !filepath.IsAbs(r) && len(s.folders) > 0:
			r = filepath.Join(s.folders[0], r)
		}
		roots = append(roots, filepath.Clean(r))
	}
	return analysis.Config{
		Home:     home,
		Projects: slices.Clone(s.folders),
		Targets:  slices.Clone(s.settings.Targets),
		Roots:    roots,
		Rules:    s.settings.Rules,
		Project:  s.project.config,
		Getenv:   s.getenv,
		// The files no editor holds are diagnosed, then read for their
		// frontmatter only: their bodies go back to the disk.
		ReleaseBodies: true,
		// Files opened or changed in a burst share one fit of each
		// agent's catalog budget; the files it changes are scheduled
		// through OnReload.
		DeferFits: true,
	}
}

// rebuild makes a new workspace from the current settings: it scans every
// root (without holding mu, so editing goes on), lays the open buffers over
// the disk, swaps it in and schedules diagnostics for every file it holds
// and every file published before (which clears files no longer relevant).
// Until the first one is swapped in, the open documents are judged in a
// provisional workspace (early.go).
// It returns the number of files in the new workspace.
func (s *Server) rebuild() int {
	s.rebuildMu.Lock()
	defer s.rebuildMu.Unlock()
	s.refreshProject()
	s.mu.Lock()
	settings, folders := s.settings, slices.Clone(s.folders)
	ws := s.newWorkspaceLocked()
	if !s.ready {
		s.provisionalLocked() // with the settings pulled since initialize
	}
	s.mu.Unlock()

	// The roots are made with what the agents have installed, read before
	// its files are watched: a plugin installed in between would be seen
	// neither by that read nor as an event. Once they are watched, it is
	// read again, and the roots made again when it changed.
	for range maxInstallRereads {
		s.refreshWatches(ws.World.Roots(), ws.World.Installation().Watch)
		if !ws.World.InstallationChanged() {
			break
		}
		s.mu.Lock()
		ws = s.newWorkspaceLocked()
		s.mu.Unlock()
	}
	if s.scanHook != nil {
		s.scanHook()
	}
	errs := ws.Scan()

	s.mu.Lock()
	for _, d := range s.docs {
		if !d.moved {
			ws.Set(d.path, d.text)
		}
	}
	s.ws = ws
	s.builtWith, s.builtFolders = settings, folders
	s.ready = true
	paths := append(ws.Paths(), ws.ManifestPaths()...)
	now := time.Now()
	s.scheduleLocked(now, "", paths)
	s.scheduleLocked(now, "", s.diag.publishedPaths())
	// Read under mu: once swapped in, ws is the server's, and every edit
	// writes it.
	installed := ws.World.Installation()
	s.mu.Unlock()
	s.markScanned()
	s.refreshViews()

	s.tellLimits(errs)
	for i, err := range errs {
		if i == 10 {
			s.logf(protocol.MessageTypeWarning, "scan: %d more errors", len(errs)-i)
			break
		}
		s.logf(protocol.MessageTypeWarning, "scan: %v", err)
	}
	logInstalled(s, installed)
	return len(paths)
}

// maxInstallRereads bounds how often a rebuild reads the installation
// again while an agent keeps changing it; the events of what it writes
// later start another rebuild.
const maxInstallRereads = 3

// newWorkspaceLocked is an empty workspace for the current settings and
// folders.
func (s *Server) newWorkspaceLocked() *analysis.Workspace {
	ws := analysis.NewWorkspace(s.analysisConfigLocked())
	// A body read back that changed on disk is an event the watcher has
	// not told yet, and a deferred catalog fit may change other files'
	// findings; ws calls this with mu held, as every caller of ws does.
	ws.OnReload = func(paths []string) { s.scheduleLocked(time.Now(), "", paths) }
	return ws
}

// load reads paths from disk and takes them into the workspace, or drops
// those gone or that no root discovers, and schedules them and the files
// they affect. The files are read before mu is taken, so no request waits
// on the disk; skillcore's reader does not wait on a FIFO or read a device
// either way. An open buffer shadows the disk and is left alone. It
// reports whether the world changed: a file taken in or dropped.
func (s *Server) load(paths ...string) (changed bool) {
	s.loadMu.Lock()
	defer s.loadMu.Unlock()
	files := make([]analysis.DiskFile, len(paths))
	for i, p := range paths {
		files[i] = analysis.ReadDisk(p)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range files {
		changed = s.takeLocked(f) || changed
	}
	return changed
}

// takeLocked takes in a file load read, reporting whether the world
// changed.
func (s *Server) takeLocked(f analysis.DiskFile) bool {
	if d := s.docs[f.Path]; d != nil {
		if d.moved && f.Err == nil {
			// The moved buffer's file is back: the buffer shadows it again.
			d.moved = false
			s.scheduleLocked(time.Now(), d.path, s.ws.Set(d.path, d.text))
			return true
		}
		return false
	}
	var affected []string
	changed := true
	// A skill new to a folder searched for packages may be a plugin's: the
	// packages there are resolved again first.
	fresh := f.Err == nil && s.ws.World.Entry(f.Path) == nil && !analysis.IsManifestFile(f.Path)
	if analysis.IsManifestFile(f.Path) || s.discoverableLocked(f.Path) ||
		fresh && s.ws.World.RefreshPackagesFor(f.Path) && s.discoverableLocked(f.Path) {
		affected = s.ws.Take(f)
	} else if s.ws.World.Entry(f.Path) != nil {
		affected = s.ws.Remove(f.Path)
	} else {
		changed = false // neither in the world nor for it
	}
	s.scheduleLocked(time.Now(), f.Path, affected)
	return changed
}

// discoverableLocked reports whether some root of the workspace finds path.
func (s *Server) discoverableLocked(path string) bool {
	for _, r := range s.ws.World.Roots() {
		if r.Finds(path) {
			return true
		}
	}
	return false
}

// pathOf is the clean file path of a file URI, in memory of its own: the
// URI is a substring of the message it came in, which a path kept in a
// map would keep alive whole (a didOpen's, with the document's text).
func pathOf(u uri.URI) string { return strings.Clone(filepath.Clean(u.FsPath())) }

// fileURI is the URI of a path.
func fileURI(path string) uri.URI { return uri.File(path) }

// tellLimits shows the user each cap a scan reached: which, and where.
// Fewer skills than there are, without a word, would read as all of them.
// Each is shown once, not again at every rescan.
func (s *Server) tellLimits(errs []error) {
	for _, err := range errs {
		le := (*skillcore.LimitError)(nil)
		if !errors.As(err, &le) {
			continue
		}
		msg := le.Error()
		s.mu.Lock()
		shown := s.limitsShown[msg]
		if s.limitsShown == nil {
			s.limitsShown = map[string]bool{}
		}
		s.limitsShown[msg] = true
		s.mu.Unlock()
		if !shown {
			s.tellf(protocol.MessageTypeWarning, "%s", msg)
		}
	}
}
