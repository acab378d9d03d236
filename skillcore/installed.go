package skillcore

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

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
	loader.Problem
}

// Installation is what the agents on one machine have installed, as seen
// from one project (enablement may differ per project).
type Installation struct {
	Plugins  []InstalledPlugin
	Problems []FileProblem
	// Watch lists the files and folders whose change can change the
	// answer: settings, registries, caches.
	Watch []string
	// manifests are the texts of the plugins' manifests as read, for the
	// search of their skills not to read them again.
	manifests map[string][]byte
}

// keepManifest keeps the text read of the manifest at path.
func (in *Installation) keepManifest(path string, src []byte) {
	if in.manifests == nil {
		in.manifests = map[string][]byte{}
	}
	in.manifests[path] = src
}

// manifestRead is the manifest at path as InstalledPlugins read it, for
// a package search (findPackages' preread); false when it did not.
func (in *Installation) manifestRead(path string) (*Manifest, bool) {
	src, ok := in.manifests[path]
	if !ok {
		return nil, false
	}
	return ParseManifest(path, src), true
}

// installSource is one agent's way of keeping installed plugins: where
// they live and what enables them. Adding an agent is one entry.
type installSource struct {
	target string
	list   func(e Env, project string, in *Installation)
}

var installSources = []installSource{
	{"claude-code", claudeInstalled},
	{"codex", codexInstalled},
	{"copilot", copilotInstalled},
	{"gemini", geminiInstalled},
}

// InstalledPlugins lists the plugins the agents have installed under the home
// folder, and whether each is enabled for project ("" for none). It only
// reads: settings, registries and caches are never written. Unreadable
// or malformed files are Problems; the rest of the answer stands.
func (e Env) InstalledPlugins(project string) Installation {
	var in Installation
	if e.Home == "" {
		return in
	}
	if project != "" {
		project = filepath.Clean(project)
	}
	// The agents keep their plugins apart: each is read on its own, in
	// parallel, and their answers joined in a fixed order.
	each := make([]Installation, len(installSources))
	ForEach(len(installSources), func(i int) { installSources[i].list(e, project, &each[i]) })
	for _, one := range each {
		in.Plugins = append(in.Plugins, one.Plugins...)
		in.Problems = append(in.Problems, one.Problems...)
		in.Watch = append(in.Watch, one.Watch...)
		for p, src := range one.manifests {
			in.keepManifest(p, src)
		}
	}
	// Each agent's plugins stay in the order it keeps them: Claude Code
	// lists plugins' skills in installed_plugins.json's order, the order
	// they were installed (probe installed-order).
	slices.SortStableFunc(in.Plugins, func(a, b InstalledPlugin) int { return strings.Compare(a.Target, b.Target) })
	return in
}

// maxListed bounds the entries read from one folder of a cache: a home
// is trusted more than a workspace, but a cache can still be huge.
const maxListed = 4096

// subdirs lists the folders directly in dir (symlinks to folders
// included), sorted, at most maxListed; more is a problem.
func (in *Installation) subdirs(dir string) []string {
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	ents, _ := f.ReadDir(maxListed + 1)
	if len(ents) > maxListed {
		ents = ents[:maxListed]
		in.problem(dir, loader.Warning, syntax.Range{}, fmt.Sprintf("holds more than %d entries: skill-ls reads only the first %d", maxListed, maxListed))
	}
	var out []string
	for _, de := range ents {
		if strings.HasPrefix(de.Name(), ".") {
			continue
		}
		if isDir(filepath.Join(dir, de.Name())) {
			out = append(out, de.Name())
		}
	}
	slices.Sort(out)
	return out
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func (in *Installation) problem(path string, sev loader.Severity, r syntax.Range, msg string, targets ...string) {
	in.Problems = append(in.Problems, FileProblem{Path: path, Problem: loader.Problem{
		Rule: "installed-config", Severity: sev, Message: msg, Range: r, Targets: targets,
	}})
}

func (in *Installation) watch(paths ...string) { in.Watch = append(in.Watch, paths...) }

// readConfig reads a settings or registry file the way a manifest is read
// (a regular file of at most MaxFileBytes) and parses it as JSON; jsonc
// allows comments and trailing commas. A missing file is nil, silently;
// anything else wrong is a problem naming what the agent does.
func (in *Installation) readConfig(path, target string, jsonc bool, consequence string) *syntax.JSONValue {
	v, _ := in.readConfigText(path, target, jsonc, consequence)
	return v
}

// readConfigText is readConfig, with the text read.
func (in *Installation) readConfigText(path, target string, jsonc bool, consequence string) (*syntax.JSONValue, []byte) {
	src, err := fsys.ReadFile(path, nil)
	var fe *fsys.FileError
	switch {
	case errors.As(err, &fe):
		in.problem(path, loader.Warning, syntax.Range{}, fe.Message()+": "+consequence, target)
		return nil, nil
	case err != nil:
		if !os.IsNotExist(err) {
			in.problem(path, loader.Warning, syntax.Range{}, fmt.Sprintf("cannot be read (%v): %s", err, consequence), target)
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
	v, jerr := loader.ParseJSON(src)
	switch {
	case jerr != nil:
		in.problem(path, loader.Error, jerr.Range, "not valid JSON ("+jerr.Message+"): "+consequence, target)
		return nil, text
	case v.Kind != syntax.JSONObject:
		in.problem(path, loader.Error, v.Range, "is "+v.Kind.String()+", not an object: "+consequence, target)
		return nil, text
	}
	return v, text
}

// objectOf returns the object at key of v, reporting a value of another
// kind; nil when absent or wrong.
func (in *Installation) objectOf(path, target string, v *syntax.JSONValue, key, consequence string) *syntax.JSONValue {
	m := v.Member(key)
	if m == nil || m.Value.Kind == syntax.JSONNull {
		return nil
	}
	if m.Value.Kind != syntax.JSONObject {
		in.problem(path, loader.Warning, m.Value.Range, fmt.Sprintf("`%s` is %s, not an object: %s", key, m.Value.Kind, consequence), target)
		return nil
	}
	return m.Value
}

// boolOf reads a boolean member; a value of another kind is a problem and
// counts as absent.
func (in *Installation) boolOf(path, target string, v *syntax.JSONValue, key, consequence string) (bool, bool) {
	m := v.Member(key)
	if m == nil {
		return false, false
	}
	if m.Value.Kind != syntax.JSONBool {
		in.problem(path, loader.Warning, m.Value.Range, fmt.Sprintf("`%s` is %s, not true or false: %s", key, m.Value.Kind, consequence), target)
		return false, false
	}
	return m.Value.Text == "true", true
}

// enablement is one settings file's say on which plugins are enabled.
type enablement struct {
	path  string
	scope string // how messages name the file: "user", "project", "local"
	on    map[string]bool
	said  map[string]string // the value as written, for messages
}

// enabledPlugins reads the `enabledPlugins` map of a settings file.
func (in *Installation) enabledPlugins(path, scope, target string, jsonc bool) enablement {
	en := enablement{path: path, scope: scope, on: map[string]bool{}, said: map[string]string{}}
	in.watch(path)
	v := in.readConfig(path, target, jsonc, "its enabledPlugins are ignored")
	if v == nil {
		return en
	}
	agent := loader.TargetByID(target).Title
	m := in.objectOf(path, target, v, "enabledPlugins", agent+" ignores it")
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
			in.problem(path, loader.Warning, mem.Value.Range, fmt.Sprintf("enabledPlugins[%q] is %s, not true, false or a list of versions: %s ignores it", mem.Key, mem.Value.Kind, agent), target)
		}
	}
	return en
}

// decide applies settings files in rising precedence (the last that names
// id wins) and says which decided.
func decide(id string, files []enablement) (on, set bool, why string) {
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
func pluginFolder(home, dir string) bool {
	dir, home = filepath.Clean(dir), filepath.Clean(home)
	return dir != home && !within(dir, home) && dir != filepath.Dir(dir)
}

// readAgentManifest reads the manifest the plugin's agent reads at its
// root, in the agent's lookup order (the package formats' readers): a
// manifest of a format marked by its $schema counts only when marked so.
// The agent fails the plugin when there is none where it looks, or the
// first it finds is not a JSON object (it does not look further).
func (p *InstalledPlugin) readAgentManifest(in *Installation, consequence string) *syntax.JSONValue {
	var tried []string
	for _, l := range loader.PluginLookup(p.Target) {
		if slices.Contains(tried, l.Rel) {
			continue
		}
		tried = append(tried, l.Rel)
		path := filepath.Join(p.Root, filepath.FromSlash(l.Rel))
		if !isRegular(path) || l.Format.Schema.Marker != "" && !markedAs(path, l.Format) {
			continue
		}
		return p.readManifest(in, l.Rel, true, consequence)
	}
	p.Broken = "it has no manifest where " + loader.TargetByID(p.Target).Title + " looks (" + strings.Join(tried, ", ") + ")"
	return nil
}

// readManifest reads the plugin's manifest at rel below its root
// (pluginManifest), and takes from it the file, why the agent fails the
// plugin, and the plugin's own name.
func (p *InstalledPlugin) readManifest(in *Installation, rel string, required bool, consequence string) *syntax.JSONValue {
	v, broken := pluginManifest(in, p.Target, p.Root, rel, required, consequence)
	if path := filepath.Join(p.Root, filepath.FromSlash(rel)); in.manifests[path] != nil {
		p.Manifest = path // read, whatever it says
	}
	p.Broken = broken
	p.named(v)
	return v
}

// markedAs reports whether the JSON file at path has the $schema that
// makes it a manifest of format pf.
func markedAs(path string, pf *loader.PluginFormat) bool {
	src, err := fsys.ReadFile(path, nil)
	if err != nil {
		return false
	}
	v, jerr := loader.ParseJSON(src)
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
		in.keepManifest(path, src)
	}
	if v == nil && len(in.Problems) > before {
		return nil, "its " + rel + " " + in.Problems[len(in.Problems)-1].Message
	}
	return v, ""
}
