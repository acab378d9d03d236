package loader

import "regexp"

// PackageChecks are what one agent does with a plugin's or a
// marketplace's manifest beyond the rules of its format: facts of that
// agent, set by its folder and applied by the world's manifest checks.
type PackageChecks struct {
	// SkipsName, when set, says why the agent silently skips a plugin,
	// marketplace or entry of a format it reads whose name passes the
	// format's own rule ("" when it loads it): an error.
	SkipsName func(name string) string
	// FlagsPluginName, when set, says why the agent's validator flags the
	// name of a plugin or entry (not a marketplace's) it still loads (""
	// when it does not): a warning.
	FlagsPluginName func(name string) string
	// Variables, when set, are the ${...} references the agent replaces
	// in the strings of every plugin and marketplace manifest.
	Variables *ManifestVariables
}

// ManifestVariables are the ${...} references an agent replaces in
// manifests: a reference Pattern matches (its first group the name) but
// Known lacks stays as written, which Unknown says (a format taking the
// name).
type ManifestVariables struct {
	Prefix  string // in every string Pattern can match: a quick test
	Pattern *regexp.Regexp
	Known   map[string]bool
	Unknown string
}
