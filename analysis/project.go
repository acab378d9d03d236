package analysis

import "maps"

// The project configuration file (.skill-ls.yaml) is the lowest layer of
// the settings: the editor's settings and the command line's flags, given
// in Config, are laid over it key by key, and rules rule by rule.

// overProject is cfg laid over its project configuration: a key cfg leaves
// unset (nil) takes the file's value.
func overProject(cfg Config) Config {
	p := cfg.Project
	if p == nil {
		return cfg
	}
	if cfg.Targets == nil {
		cfg.Targets = p.Targets
	}
	if cfg.Roots == nil {
		cfg.Roots = p.Roots
	}
	if len(p.Rules) > 0 {
		rules := maps.Clone(p.Rules)
		maps.Copy(rules, cfg.Rules)
		cfg.Rules = rules
	}
	return cfg
}

// Ignored reports whether the project configuration's ignore patterns
// leave out the file at path: it still takes part in the world (an agent
// loads it all the same), but nothing is reported on it.
func (w *Workspace) Ignored(path string) bool { return w.config.Project.Ignored(path) }

// configFindings are the problems of the project configuration file, when
// path is that file.
func (w *Workspace) configFindings(path string) ([]Finding, bool) {
	p := w.config.Project
	if p == nil || path != p.Path {
		return nil, false
	}
	return w.findings(p.Problems, nil, nil), true
}
