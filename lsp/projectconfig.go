package lsp

import (
	"bytes"
	"path/filepath"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/analysis"
	"github.com/skill-ls/skill-ls/skillcore"
)

// The project configuration file (.skill-ls.yaml) is the bottom layer of
// the settings: the workspace is built over it (analysis.Config.Project),
// the initializationOptions and workspace/configuration laid over it key by
// key. The file of the first workspace folder applies, found as check finds
// it: from the folder upward, not above the repository root. An open
// buffer of it counts over the disk. Its config-invalid findings are
// published on it while it is open; when it changes (an edit, a save, a
// watched-file event) the workspace is judged again.

// configEditDelay is how long after an edit of the configuration buffer
// the workspace is judged again: a rebuild costs a scan, not a keystroke.
const configEditDelay = 300 * time.Millisecond

// configPatterns are the watched-file patterns of the configuration.
var configPatterns = func() []string {
	var out []string
	for _, name := range skillcore.ConfigNames {
		out = append(out, "**/"+name)
	}
	return out
}()

// projectState is the server's view of the configuration file; Server.mu
// guards it, publishMu orders what is published on the file.
type projectState struct {
	config    *skillcore.Config    // in force; nil: none
	docs      map[string]*document // open configuration buffers by path
	timer     *time.Timer          // the pending re-judging after an edit
	publishMu sync.Mutex
}

// configPath is the path a URI names when it is a configuration file, or "".
func configPath(u uri.URI) string {
	if !u.IsFile() {
		return ""
	}
	p := pathOf(u)
	if !skillcore.IsConfigFile(p) {
		return ""
	}
	return p
}

// openConfig takes an opened configuration buffer, reporting false when u
// is not a configuration file.
func (s *Server) openConfig(u uri.URI, version int32, text string) bool {
	path := configPath(u)
	if path == "" {
		return false
	}
	s.mu.Lock()
	if s.project.docs == nil {
		s.project.docs = map[string]*document{}
	}
	s.project.docs[path] = &document{uri: u, path: path, version: version, text: []byte(text)}
	s.mu.Unlock()
	s.goTask(s.projectChanged)
	return true
}

// changeConfig applies the edits of a configuration buffer and judges the
// workspace again once the edits pause.
func (s *Server) changeConfig(u uri.URI, version int32, changes []textChange) (bool, error) {
	path := configPath(u)
	if path == "" {
		return false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	doc := s.project.docs[path]
	if doc == nil {
		return true, nil
	}
	text, err := applyChanges(doc.text, changes, s.enc)
	if err != nil {
		return true, err
	}
	doc.text, doc.version = text, version
	// A pending re-judging counts as work under way until it starts.
	if s.project.timer == nil || !s.project.timer.Stop() {
		s.busy++
	}
	s.project.timer = time.AfterFunc(configEditDelay, func() {
		s.goTask(s.projectChanged)
		s.busyAdd(-1)
	})
	return true, nil
}

// saveConfig judges the workspace again after a save.
func (s *Server) saveConfig(u uri.URI) bool {
	if configPath(u) == "" {
		return false
	}
	s.goTask(s.projectChanged)
	return true
}

// closeConfig hands the configuration back to the disk and clears what was
// published on it.
func (s *Server) closeConfig(u uri.URI) bool {
	path := configPath(u)
	if path == "" {
		return false
	}
	s.mu.Lock()
	delete(s.project.docs, path)
	s.mu.Unlock()
	s.goTask(func() {
		s.projectChanged()
		s.project.publishMu.Lock()
		defer s.project.publishMu.Unlock()
		s.publishConfig(u, nil, []protocol.Diagnostic{})
	})
	return true
}

// projectChanged reads the configuration again, rebuilds the workspace
// when it changed, and publishes the findings of every open configuration
// buffer.
func (s *Server) projectChanged() {
	if s.refreshProject() {
		s.rebuild()
	}
	s.project.publishMu.Lock()
	defer s.project.publishMu.Unlock()
	s.mu.Lock()
	var open []*document
	for _, d := range s.project.docs {
		open = append(open, &document{uri: d.uri, path: d.path, version: d.version, text: d.text})
	}
	inForce, enc := s.project.config, s.enc
	s.mu.Unlock()
	for _, d := range open {
		// The buffer in force is the one the workspace judged; another
		// (a configuration of a folder deeper down) is judged alone.
		c := inForce
		if c == nil || c.Path != d.path || !bytes.Equal(c.Src, d.text) {
			c = skillcore.ParseConfig(d.path, d.text, analysis.RuleIDs())
		}
		ws := analysis.NewWorkspace(analysis.Config{Project: c, Rules: s.currentRules()})
		fs := ws.Findings(d.path)
		s.publishConfig(d.uri, &d.version, diagnostics(fs, NewMapper(d.text, enc), nil))
	}
}

// currentRules are the rule severities the editor's settings set.
func (s *Server) currentRules() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settings.Rules
}

func (s *Server) publishConfig(u uri.URI, version *int32, ds []protocol.Diagnostic) {
	params := &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: ds}
	if version != nil {
		params.Version = protocol.NewOptional(*version)
	}
	if err := s.client.PublishDiagnostics(s.ctx, params); err != nil && s.ctx.Err() == nil {
		s.logf(protocol.MessageTypeWarning, "publishing diagnostics: %v", err)
	}
}

// refreshProject reads the configuration file in force (its open buffer,
// else the disk) and reports whether it differs from the one the
// workspace was built over. The disk is read without holding mu.
func (s *Server) refreshProject() bool {
	s.mu.Lock()
	var folder string
	if len(s.folders) > 0 {
		folder = s.folders[0]
	}
	s.mu.Unlock()
	var c *skillcore.Config
	if folder != "" {
		c = s.readProject(folder)
	}
	s.mu.Lock()
	old := s.project.config
	s.project.config = c
	s.mu.Unlock()
	changed := !sameConfig(old, c)
	if changed && c != nil && len(c.Problems) > 0 {
		s.tellf(protocol.MessageTypeWarning, "%s: %d %s (config-invalid); what is wrong is left at its default", c.Path, len(c.Problems), plural(len(c.Problems), "problem", "problems"))
	}
	return changed
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// readProject reads the configuration that applies to folder.
func (s *Server) readProject(folder string) *skillcore.Config {
	path := skillcore.FindConfig(folder)
	s.mu.Lock()
	for p, d := range s.project.docs {
		// An open buffer of a file not saved yet counts too.
		if filepath.Dir(p) == folder || p == path {
			path = p
			text := bytes.Clone(d.text)
			s.mu.Unlock()
			return skillcore.ParseConfig(path, text, analysis.RuleIDs())
		}
	}
	s.mu.Unlock()
	if path == "" {
		return nil
	}
	c, err := skillcore.LoadConfig(path, analysis.RuleIDs())
	if err != nil {
		s.logf(protocol.MessageTypeWarning, "%s: %v", path, err)
	}
	return c
}

// configDirsLocked are the folders the server's own watcher covers for the
// configuration when the client does not watch: the first workspace folder
// (where one may be created) and the folder of the file in force.
func (s *Server) configDirsLocked() []string {
	if s.clientWatches || len(s.folders) == 0 {
		return nil
	}
	dirs := []string{s.folders[0]}
	if c := s.project.config; c != nil && filepath.Dir(c.Path) != s.folders[0] {
		dirs = append(dirs, filepath.Dir(c.Path))
	}
	return dirs
}

func sameConfig(a, b *skillcore.Config) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Path == b.Path && bytes.Equal(a.Src, b.Src)
}
