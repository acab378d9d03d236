package loader

// What an agent's installed layout (Target.Installed) is handed and fills
// in: the plugins an agent has installed on the machine, and the readers
// of the settings, registries and manifests they are kept in that more
// than one agent's layout shares.

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// InstalledPlugin is a package an agent has installed on the user's
// machine: a Claude Code, Codex or Copilot plugin, or a Gemini extension.
type InstalledPlugin struct {
	Target      string // the agent that installed it
	Marketplace string // "" where the agent has none (gemini, a direct install)
	Plugin      string // the name the agent keys it by (its install folder)
	// Name is the plugin's own name, as the agent says it: its manifest's
	// `name`, else Plugin (Copilot keeps obra/superpowers in
	// _direct/obra+superpowers and calls it superpowers).
	Name     string
	Manifest string // the manifest file the agent reads, "" for none
	Version  string // the version the agent loads, "" where unversioned
	Root     string // the plugin root folder the agent loads
	Enabled  bool
	// Why says what decided Enabled: a setting and the file holding it, or
	// the default.
	Why string
	// Broken, when set, is why the agent fails to load the plugin at all
	// (a missing folder, a manifest that is not JSON).
	Broken string
	// Copy: Root is the agent's own copy of the plugin (in its cache),
	// not a folder the user works in (a plugin loaded in place, a linked
	// extension).
	Copy bool
}

// ID is the key the agent's settings name the plugin by:
// "<plugin>@<marketplace>", or the plugin alone where there is no
// marketplace.
func (p InstalledPlugin) ID() string {
	if p.Marketplace == "" {
		return p.Plugin
	}
	return p.Plugin + "@" + p.Marketplace
}

// Named is how messages name the plugin: its own name, with its
// marketplace where it has one.
func (p InstalledPlugin) Named() string {
	name := cmp.Or(p.Name, p.Plugin)
	if p.Marketplace == "" {
		return name
	}
	return name + "@" + p.Marketplace
}

// named takes the plugin's own name from its manifest, when it gives one.
func (p *InstalledPlugin) named(manifest *syntax.JSONValue) {
	if n, ok := manifest.Get("name").Str(); ok && strings.TrimSpace(n) != "" {
		p.Name = n
	}
}

// Loads reports whether the agent loads the plugin's skills.
func (p InstalledPlugin) Loads() bool { return p.Enabled && p.Broken == "" }

// FileProblem is a problem in a file read to list the installed plugins:
// a settings file, a registry, an enablement file or a manifest.
type FileProblem struct {
	Path string
	Problem
}

// Installation is what the agents on one machine have installed, as seen
// from one project (enablement may differ per project).
type Installation struct {
	Plugins  []InstalledPlugin
	Problems []FileProblem
	// Watch lists the files and folders whose change can change the
	// answer: settings, registries, caches.
	Watch []string
	// Manifests are the texts of the plugins' manifests as read, for the
	// search of their skills not to read them again.
	Manifests map[string][]byte
}

// keepManifest keeps the text read of the manifest at path.
func (in *Installation) KeepManifest(path string, src []byte) {
	if in.Manifests == nil {
		in.Manifests = map[string][]byte{}
	}
	in.Manifests[path] = src
}

// maxListed bounds the entries read from one folder of a cache: a home
// is trusted more than a workspace, but a cache can still be huge.
const maxListed = 4096

// subdirs lists the folders directly in dir (symlinks to folders
// included), sorted, at most maxListed; more is a problem.
func (in *Installation) Subdirs(dir string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	ents, _ := f.ReadDir(maxListed + 1)
	if len(ents) > maxListed {
		ents = ents[:maxListed]
		in.AddProblem(dir, Warning, syntax.Range{}, fmt.Sprintf("holds more than %d entries: skill-ls reads only the first %d", maxListed, maxListed))
	}
	var out []string
	for _, de := range ents {
		if strings.HasPrefix(de.Name(), ".") {
			continue
		}
		if IsDir(filepath.Join(dir, de.Name())) {
			out = append(out, de.Name())
		}
	}
	slices.Sort(out)
	return out
}

func IsDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func (in *Installation) AddProblem(path string, sev Severity, r syntax.Range, msg string, targets ...string) {
	in.Problems = append(in.Problems, FileProblem{Path: path, Problem: Problem{
		Rule: "installed-config", Severity: sev, Message: msg, Range: r, Targets: targets,
	}})
}

func (in *Installation) WatchPaths(paths ...string) { in.Watch = append(in.Watch, paths...) }

// readConfig reads a settings or registry file the way a manifest is read
// (a regular file of at most MaxFileBytes) and parses it as JSON; jsonc
// allows comments and trailing commas. A missing file is nil, silently;
// anything else wrong is a problem naming what the agent does.
func (in *Installation) ReadConfig(path, target string, jsonc bool, consequence string) *syntax.JSONValue {
	v, _ := in.readConfigText(path, target, jsonc, consequence)
	return v
}

// readConfigText is readConfig, with the text read.
func (in *Installation) readConfigText(path, target string, jsonc bool, consequence string) (*syntax.JSONValue, []byte) {
	src, err := fsys.ReadFile(path, nil)
	var fe *fsys.FileError
	switch {
	case errors.As(err, &fe):
		in.AddProblem(path, Warning, syntax.Range{}, fe.Message()+": "+consequence, target)
		return nil, nil
	case err != nil:
		if !os.IsNotExist(err) {
			in.AddProblem(path, Warning, syntax.Range{}, fmt.Sprintf("cannot be read (%v): %s", err, consequence), target)
		}
		return nil, nil
	}
	text := src
	if text == nil {
		text = []byte{} // read, and empty
	}
	if jsonc {
		src = standardizeJSONC(src)
	}
	v, jerr := ParseJSON(src)
	switch {
	case jerr != nil:
		in.AddProblem(path, Error, jerr.Range, "not valid JSON ("+jerr.Message+"): "+consequence, target)
		return nil, text
	case v.Kind != syntax.JSONObject:
		in.AddProblem(path, Error, v.Range, "is "+v.Kind.String()+", not an object: "+consequence, target)
		return nil, text
	}
	return v, text
}

// objectOf returns the object at key of v, reporting a value of another
// kind; nil when absent or wrong.
func (in *Installation) ObjectOf(path, target string, v *syntax.JSONValue, key, consequence string) *syntax.JSONValue {
	m := v.Member(key)
	if m == nil || m.Value.Kind == syntax.JSONNull {
		return nil
	}
	if m.Value.Kind != syntax.JSONObject {
		in.AddProblem(path, Warning, m.Value.Range, fmt.Sprintf("`%s` is %s, not an object: %s", key, m.Value.Kind, consequence), target)
		return nil
	}
	return m.Value
}

// boolOf reads a boolean member; a value of another kind is a problem and
// counts as absent.
func (in *Installation) BoolOf(path, target string, v *syntax.JSONValue, key, consequence string) (bool, bool) {
	m := v.Member(key)
	if m == nil {
		return false, false
	}
	if m.Value.Kind != syntax.JSONBool {
		in.AddProblem(path, Warning, m.Value.Range, fmt.Sprintf("`%s` is %s, not true or false: %s", key, m.Value.Kind, consequence), target)
		return false, false
	}
	return m.Value.Text == "true", true
}

// enablement is one settings file's say on which plugins are enabled.
type Enablement struct {
	path  string
	scope string // how messages name the file: "user", "project", "local"
	on    map[string]bool
	said  map[string]string // the value as written, for messages
}

// enabledPlugins reads the `enabledPlugins` map of a settings file.
func (in *Installation) EnabledPlugins(path, scope, target string, jsonc bool) Enablement {
	en := Enablement{path: path, scope: scope, on: map[string]bool{}, said: map[string]string{}}
	in.WatchPaths(path)
	v := in.ReadConfig(path, target, jsonc, "its enabledPlugins are ignored")
	if v == nil {
		return en
	}
	agent := TargetByID(target).Title
	m := in.ObjectOf(path, target, v, "enabledPlugins", agent+" ignores it")
	if m == nil {
		return en
	}
	for _, mem := range m.Members {
		switch mem.Value.Kind {
		case syntax.JSONBool:
			en.on[mem.Key], en.said[mem.Key] = mem.Value.Text == "true", mem.Value.Text
		case syntax.JSONArray:
			// A list of versions enables the plugin at those versions.
			en.on[mem.Key], en.said[mem.Key] = true, "a list of versions"
		default:
			in.AddProblem(path, Warning, mem.Value.Range, fmt.Sprintf("enabledPlugins[%q] is %s, not true, false or a list of versions: %s ignores it", mem.Key, mem.Value.Kind, agent), target)
		}
	}
	return en
}

// decide applies settings files in rising precedence (the last that names
// id wins) and says which decided.
func Decide(id string, files []Enablement) (on, set bool, why string) {
	for _, f := range files {
		if v, ok := f.on[id]; ok {
			on, set = v, true
			why = fmt.Sprintf("enabledPlugins[%q] is %s in the %s settings (%s)", id, f.said[id], f.scope, f.path)
		}
	}
	return on, set, why
}

// pluginFolder reports whether a folder a registry names may be searched
// as a plugin: not the home folder, nor one holding it (a registry naming
// "/" must not turn a start-up into a walk of the disk).
func PluginFolder(home, dir string) bool {
	dir, home = filepath.Clean(dir), filepath.Clean(home)
	return dir != home && !Within(dir, home) && dir != filepath.Dir(dir)
}

// readAgentManifest reads the manifest the plugin's agent reads at its
// root, in the agent's lookup order (the package formats' readers): a
// manifest of a format marked by its $schema counts only when marked so.
// The agent fails the plugin when there is none where it looks, or the
// first it finds is not a JSON object (it does not look further).
func (p *InstalledPlugin) ReadAgentManifest(in *Installation, consequence string) *syntax.JSONValue {
	var tried []string
	for _, l := range PluginLookup(p.Target) {
		if slices.Contains(tried, l.Rel) {
			continue
		}
		tried = append(tried, l.Rel)
		path := filepath.Join(p.Root, filepath.FromSlash(l.Rel))
		if !IsRegular(path) || l.Format.Schema.Marker != "" && !markedAs(path, l.Format) {
			continue
		}
		return p.ReadManifest(in, l.Rel, true, consequence)
	}
	p.Broken = "it has no manifest where " + TargetByID(p.Target).Title + " looks (" + strings.Join(tried, ", ") + ")"
	return nil
}

// readManifest reads the plugin's manifest at rel below its root
// (pluginManifest), and takes from it the file, why the agent fails the
// plugin, and the plugin's own name.
func (p *InstalledPlugin) ReadManifest(in *Installation, rel string, required bool, consequence string) *syntax.JSONValue {
	v, broken := pluginManifest(in, p.Target, p.Root, rel, required, consequence)
	if path := filepath.Join(p.Root, filepath.FromSlash(rel)); in.Manifests[path] != nil {
		p.Manifest = path // read, whatever it says
	}
	p.Broken = broken
	p.named(v)
	return v
}

// markedAs reports whether the JSON file at path has the $schema that
// makes it a manifest of format pf.
func markedAs(path string, pf *PluginFormat) bool {
	src, err := fsys.ReadFile(path, nil)
	if err != nil {
		return false
	}
	v, jerr := ParseJSON(src)
	if jerr != nil {
		return false
	}
	schema, _ := v.Get("$schema").Str()
	return schema == pf.Schema.Marker
}

// pluginManifest reads a plugin's manifest at rel below root: its value,
// or why the agent fails the plugin without it (missing when required, or
// not a JSON object). Both are empty for an optional manifest not there.
func pluginManifest(in *Installation, target, root, rel string, required bool, consequence string) (*syntax.JSONValue, string) {
	path := filepath.Join(root, filepath.FromSlash(rel))
	if _, err := os.Stat(path); err != nil {
		if required {
			return nil, "it has no " + rel
		}
		return nil, ""
	}
	before := len(in.Problems)
	v, src := in.readConfigText(path, target, false, consequence)
	if src != nil {
		in.KeepManifest(path, src)
	}
	if v == nil && len(in.Problems) > before {
		return nil, "its " + rel + " " + in.Problems[len(in.Problems)-1].Message
	}
	return v, ""
}

// Machine is what an agent's installed layout reads of the machine.
type Machine struct {
	Home string
	// Getenv reads variables such as CODEX_HOME; nil reads none.
	Getenv func(string) string
	// MarketPlugins lists the plugins the marketplaces under dir define
	// (a package search).
	MarketPlugins func(dir string) []MarketPlugin
}

// MarketPlugin is a plugin a marketplace defines, as a package search
// finds it.
type MarketPlugin struct {
	Target      *Target // the agent that reads the marketplace
	Marketplace string
	Entry       string // the marketplace entry's name
	Root        string
	Refused     string // why the agent refuses the plugin, "" for none
}

// splitPluginID splits "<plugin>@<marketplace>"; both parts are needed
// and only one "@".
func SplitPluginID(id string) (plugin, market string, ok bool) {
	plugin, market, ok = strings.Cut(id, "@")
	return plugin, market, ok && plugin != "" && market != "" && !strings.Contains(market, "@")
}

// arrayOf is an array's items, nil for any other value.
func ArrayOf(v *syntax.JSONValue) []*syntax.JSONValue {
	if v == nil || v.Kind != syntax.JSONArray {
		return nil
	}
	return v.Items
}

// standardizeJSONC turns JSON with comments and trailing commas into JSON
// of the same length (comments become spaces), so offsets still point
// into the file. Text that is not even that is returned as it is, for
// the JSON reader to say where it breaks.
func standardizeJSONC(src []byte) []byte {
	out, err := hujson.Standardize(append([]byte(nil), src...))
	if err != nil || len(out) != len(src) {
		return src
	}
	return out
}

func IsRegular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// within reports whether path lies below dir, both clean.
func Within(dir, path string) bool {
	return len(path) > len(dir) && path[len(dir)] == filepath.Separator && path[:len(dir)] == dir
}
