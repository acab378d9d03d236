package skillcore

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// The checks of manifests: what each reading agent refuses, skips or
// ignores in a plugin or marketplace manifest (rules manifest-field,
// manifest-name, manifest-path, marketplace-duplicate,
// marketplace-conflict, variable-unknown).

func readerIDs(rs []loader.FormatReader) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Target
	}
	return out
}

// says puts targets before a verb phrase given in the singular:
// "codex refuses the plugin", "claude-code and copilot refuse the plugin".
func says(ids []string, does string) string {
	if len(ids) < 2 {
		return strings.Join(ids, "") + " " + does
	}
	verb, rest, _ := strings.Cut(does, " ")
	if rest != "" {
		rest = " " + rest
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1] + " " + strings.TrimSuffix(verb, "s") + rest
}

// keyChecks judges an object's keys against a schema: unknown keys,
// wrong types and missing required keys. what says what the readers
// refuse when a check fails ("the plugin", "the entry").
type keyChecks struct {
	m        *Manifest
	targets  []string
	fields   map[string]loader.JSONType
	required []string
	badType  loader.Severity
	unknown  loader.Severity
	closed   bool
	refuse   string // what a fatal problem costs: "refuses the plugin"
}

func (k keyChecks) run(obj *syntax.JSONValue) {
	for _, mem := range obj.Members {
		want, known := k.fields[mem.Key]
		switch {
		case !known && k.unknown == 0:
			// The reader passes over keys it does not know, unsaid.
		case !known:
			msg := fmt.Sprintf("%s %q", says(k.targets, "ignores the unknown field"), mem.Key)
			if k.closed {
				msg = fmt.Sprintf("%s: %q is not a field of its closed schema", says(k.targets, k.refuse), mem.Key)
			}
			if c := closestKey(mem.Key, k.fields); c != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", c)
			}
			k.m.add("manifest-field", k.unknown, mem.KeyRange, k.targets, msg)
		case !want.Has(mem.Value.Kind):
			k.m.add("manifest-field", k.badType, mem.Value.Range, k.targets,
				fmt.Sprintf("%s: %q is %s where it wants %s", says(k.targets, k.consequence(k.badType)), mem.Key, mem.Value.Kind, want))
		}
	}
	for _, req := range k.required {
		if obj.Get(req) == nil {
			k.m.add("manifest-field", loader.Error, syntax.Range{Start: obj.Range.Start, End: obj.Range.Start + 1}, k.targets,
				fmt.Sprintf("%s: the required field %q is missing", says(k.targets, k.refuse), req))
		}
	}
}

func (k keyChecks) consequence(s loader.Severity) string {
	if s == loader.Error {
		return k.refuse
	}
	return "ignores the field"
}

// closestKey suggests a known key one or two edits away, or "".
func closestKey(key string, fields map[string]loader.JSONType) string {
	best, bestD := "", 3
	a := []rune(strings.ToLower(key))
	for k := range fields {
		if d := loader.EditDistance(a, []rune(strings.ToLower(k)), 3); d < bestD || (d == bestD && k < best) {
			best, bestD = k, d
		}
	}
	return best
}

// checkName judges a plugin or marketplace name against a reader's rule.
func checkName(m *Manifest, v *syntax.JSONValue, targets []string, re *regexp.Regexp, what, refuse string, reserved []string) {
	name, ok := v.Str()
	switch {
	case !ok:
		return // a wrong type is a manifest-field problem
	case strings.TrimSpace(name) == "":
		m.add("manifest-name", loader.Error, v.Range, targets, fmt.Sprintf("%s: the name is empty", says(targets, refuse)))
	case re != nil && !re.MatchString(name):
		m.add("manifest-name", loader.Error, v.Range, targets, fmt.Sprintf("%s: the name %q breaks its rule (%s)", says(targets, refuse), name, what))
	default:
		for _, id := range targets {
			if skips := checksOf(id).SkipsName; skips != nil {
				if why := skips(name); why != "" {
					m.add("manifest-name", loader.Error, v.Range, []string{id}, why)
				}
			}
		}
	}
	for _, r := range reserved {
		if strings.EqualFold(name, r) {
			m.add("manifest-name", loader.Error, v.Range, targets, fmt.Sprintf("%s: %q is a reserved name", says(targets, refuse), name))
		}
	}
	if refuse == "refuses the marketplace" {
		return
	}
	for _, id := range targets {
		if flags := checksOf(id).FlagsPluginName; flags != nil {
			if why := flags(name); why != "" {
				m.add("manifest-name", loader.Warning, v.Range, []string{id}, why)
			}
		}
	}
}

// checksOf is the package checks of the target id, none for an id no
// target has.
func checksOf(id string) loader.PackageChecks {
	if t := loader.TargetByID(id); t != nil {
		return t.Packages
	}
	return loader.PackageChecks{}
}

// problemOfPath says what is wrong with a component path under a rule, or
// "" when the reader accepts it.
func problemOfPath(p string, rule loader.PathRule) string {
	switch {
	case p == "":
		return "the path is empty"
	case filepath.IsAbs(p) || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "\\"):
		return "the path is absolute"
	case hasDotDot(p):
		return "the path contains .."
	case rule.Dot && p == ".":
		return ""
	case rule.NotRoot && (p == "./" || p == "."):
		return "the path is the plugin root itself"
	case rule.DotSlash && !strings.HasPrefix(p, "./"):
		return "the path does not start with ./"
	}
	return ""
}

func hasDotDot(p string) bool {
	for _, seg := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == ".." {
			return true
		}
	}
	return false
}

// checkPaths judges the component paths of field (a string or an array)
// against the layout, relative to root.
func checkPaths(m *Manifest, field *syntax.JSONValue, root string, layout loader.SkillsLayout, items loader.JSONType, targets []string, refuse string, stat statFunc) {
	if field == nil {
		return
	}
	if items == 0 {
		items = loader.TString
	}
	for _, it := range field.Array() {
		if !items.Has(it.Kind) {
			m.add("manifest-field", loader.Error, it.Range, targets,
				fmt.Sprintf("%s: a skills entry is %s where it wants a path string", says(targets, refuse), it.Kind))
		}
	}
	for _, v := range stringsOf(field) {
		if why := problemOfPath(v.Text, layout.Paths); why != "" {
			sev, what := layout.Paths.Severity, layout.Paths.Consequence
			if sev == 0 {
				sev, what = loader.Warning, "ignores the path"
			}
			m.add("manifest-path", sev, v.Range, targets, fmt.Sprintf("%s: %s (%q)", says(targets, what), why, v.Text))
			continue
		}
		d := filepath.Clean(filepath.Join(root, filepath.FromSlash(v.Text)))
		st, err := stat(d)
		switch {
		case d != root && !loader.Within(root, d):
			m.add("manifest-path", loader.Error, v.Range, targets, fmt.Sprintf("%s %q: it leaves the plugin root", says(targets, "refuses the path"), v.Text))
		case err != nil:
			m.add("manifest-path", loader.Warning, v.Range, targets, fmt.Sprintf("%q names nothing: %s", v.Text, says(targets, "finds no skills there")))
		case st.Mode().IsRegular() && filepath.Base(d) != loader.FileName:
			m.add("manifest-path", loader.Warning, v.Range, targets, fmt.Sprintf("%q is a file where %s", v.Text, says(targets, "wants a skills folder (or a SKILL.md)")))
		}
	}
}

// checkPlugin judges a plugin manifest as the readers of its format that
// read it (targets) do.
func checkPlugin(m *Manifest, pf *loader.PluginFormat, root string, targets []string, stat statFunc) {
	if m.Root == nil || len(targets) == 0 {
		return
	}
	// Readers that judge the manifest their own way are told apart.
	var schemas []*loader.ManifestSchema
	by := map[*loader.ManifestSchema][]string{}
	for _, t := range targets {
		s := &pf.Schema
		if r, _ := loader.ReadingOf(pf.Readers, t); r.Schema != nil {
			s = r.Schema
		}
		if by[s] == nil {
			schemas = append(schemas, s)
		}
		by[s] = append(by[s], t)
	}
	for _, s := range schemas {
		targets := by[s]
		keyChecks{m: m, targets: targets, fields: s.Fields, required: s.Required, badType: s.BadType,
			unknown: s.Unknown, closed: s.Closed, refuse: "refuses the plugin"}.run(m.Root)
		if v := m.Root.Get("name"); v != nil {
			checkName(m, v, targets, s.Name, s.NameWhat, "refuses the plugin", nil)
		}
		if pf.Skills.Field != "" {
			checkPaths(m, m.Root.Get(pf.Skills.Field), root, pf.Skills, s.PathItems, targets, "refuses the plugin", stat)
		}
	}
	checkVariables(m, m.Root)
}

// statFunc is os.Stat, or a finder's remembered answers of it.
type statFunc func(string) (fs.FileInfo, error)

// sourceOf is where a marketplace entry's source leads.
type sourceOf struct {
	dir     string // a local plugin root, "" when none
	remote  string // the kind of a remote source, not followed
	problem string // why the readers skip the entry
}

// resolveSource resolves an entry's source against the marketplace root,
// never outside top.
func resolveSource(mf *loader.MarketplaceFormat, market, src *syntax.JSONValue, root, top string, stat statFunc) sourceOf {
	if src == nil {
		return sourceOf{}
	}
	var rel string
	switch src.Kind {
	case syntax.JSONObject:
		kind, _ := src.Get("source").Str()
		if kind == "" || kind != mf.Sources.LocalObject {
			if kind == "" {
				kind = "unknown"
			}
			return sourceOf{remote: kind}
		}
		p, ok := src.Get("path").Str()
		if !ok {
			return sourceOf{problem: "a local source without a \"path\""}
		}
		rel = p
	case syntax.JSONString:
		rel = src.Text
	default:
		return sourceOf{} // a wrong type is a manifest-field problem
	}
	pluginRoot, _ := market.Get("metadata").Get("pluginRoot").Str()
	switch {
	case rel == "":
		return sourceOf{problem: "the source is empty"}
	case strings.Contains(rel, "://") || strings.HasPrefix(rel, "git@"):
		return sourceOf{remote: "url"}
	case filepath.IsAbs(rel) || strings.HasPrefix(rel, "/"):
		return sourceOf{problem: "the source is an absolute path"}
	case hasDotDot(rel) || hasDotDot(pluginRoot):
		return sourceOf{problem: "the source contains .."}
	case strings.HasPrefix(rel, "./") || rel == ".":
	case mf.Sources.PluginRoot && pluginRoot != "":
		rel = pluginRoot + "/" + rel
	case mf.Sources.BarePath:
	default:
		return sourceOf{problem: "a local source must start with ./"}
	}
	dir := filepath.Clean(filepath.Join(root, filepath.FromSlash(rel)))
	if dir != top && !loader.Within(top, dir) {
		return sourceOf{problem: "the source leaves the repository"}
	}
	st, err := stat(dir)
	switch {
	case err != nil:
		return sourceOf{problem: "the source names nothing"}
	case !st.IsDir():
		return sourceOf{problem: "the source is a file where a plugin folder is wanted"}
	}
	return sourceOf{dir: dir}
}

// checkMarketplace judges a marketplace manifest as its format's readers
// do.
func checkMarketplace(m *Manifest, mf *loader.MarketplaceFormat, root, top string, stat statFunc) {
	if m.Root == nil {
		return
	}
	targets := readerIDs(mf.Readers)
	keyChecks{m: m, targets: targets, fields: mf.Fields, required: mf.Required, badType: loader.Error,
		unknown: loader.Warning, refuse: "refuses the marketplace"}.run(m.Root)
	if v := m.Root.Get("name"); v != nil {
		checkName(m, v, targets, mf.Name, mf.NameWhat, "refuses the marketplace", mf.Reserved)
	}
	first := map[string]*syntax.JSONValue{}
	for _, e := range m.Root.Get("plugins").Array() {
		if e.Kind != syntax.JSONObject {
			m.add("manifest-field", loader.Error, e.Range, targets, fmt.Sprintf("%s: it is %s, not an object", says(targets, "skips the entry"), e.Kind))
			continue
		}
		keyChecks{m: m, targets: targets, fields: mf.Entry, required: []string{"name", "source"}, badType: loader.Error,
			unknown: loader.Warning, refuse: "skips the entry"}.run(e)
		nv := e.Get("name")
		name, _ := nv.Str()
		if nv != nil {
			checkName(m, nv, targets, mf.Name, mf.NameWhat, "skips the entry", nil)
		}
		if prev := first[name]; prev != nil && name != "" {
			m.Problems = append(m.Problems, loader.Problem{Rule: "marketplace-duplicate", Severity: loader.Warning, Range: nv.Range, Targets: targets,
				Message: fmt.Sprintf("another entry of this marketplace is named %q: %s", name, says(targets, "keeps the first entry, skipping this one")),
				Related: []loader.Related{{Path: m.Path, Range: prev.Range, Message: "the first entry named " + name}}})
			continue
		}
		if name != "" {
			first[name] = nv
		}
		src := resolveSource(mf, m.Root, e.Get("source"), root, top, stat)
		if src.problem != "" {
			m.add("manifest-path", loader.Error, e.Get("source").Range, targets, fmt.Sprintf("%s %q: %s", says(targets, "skips the entry"), name, src.problem))
			continue
		}
		if src.dir != "" && len(mf.Sources.EntryDefines) > 0 {
			checkPaths(m, e.Get("skills"), src.dir, loader.PluginFormats[0].Skills, loader.PluginFormats[0].Schema.PathItems, mf.Sources.EntryDefines, "refuses the plugin", stat)
		}
	}
	checkVariables(m, m.Root)
}

// conflict reports a strict: false entry whose plugin.json declares
// components: the agent refuses the plugin.
func conflict(l *listing, t *loader.Target, man *Manifest) {
	at := l.entry.Member("strict").KeyRange
	l.market.Problems = append(l.market.Problems, loader.Problem{Rule: "marketplace-conflict", Severity: loader.Error, Range: at, Targets: []string{t.ID},
		Message: fmt.Sprintf("%s refuses the plugin %q: the entry sets \"strict\": false, so it must be the whole definition, but %s declares components too", t.ID, l.name, filepath.Base(filepath.Dir(man.Path))+"/"+filepath.Base(man.Path)),
		Related: []loader.Related{{Path: man.Path, Range: man.Root.Range, Message: "the plugin manifest"}}})
}

// mismatch reports a plugin whose manifest name differs from its entry's
// where the reader requires them equal.
func mismatch(l *listing, t *loader.Target, man *Manifest, name string) {
	at := l.entry.Get("name").Range
	l.market.Problems = append(l.market.Problems, loader.Problem{Rule: "marketplace-conflict", Severity: loader.Error, Range: at, Targets: []string{t.ID},
		Message: fmt.Sprintf("%s skips the entry %q: the plugin's manifest is named %q, and the two must be equal", t.ID, l.name, name),
		Related: []loader.Related{{Path: man.Path, Range: man.Root.Get("name").Range, Message: "the manifest's name"}}})
}

// variableProblems judges a skill's ${CLAUDE_...} references as each agent
// that replaces variables does: one it does not know, or one of a plugin's
// outside a plugin, stays as written.
func variableProblems(e *Entry) []loader.Problem {
	var out []loader.Problem
	for _, t := range loader.Targets {
		if len(t.Variables) == 0 {
			continue
		}
		inPlugin := e.InstalledName(t) != ""
		for _, v := range e.Skill.Vars {
			var msg string
			switch known := t.Variable(v.Name); {
			case known == nil:
				msg = fmt.Sprintf("%s leaves ${%s} as written: it replaces only %s", t.ID, v.Name, variableList(t))
			case known.PluginOnly && !inPlugin:
				msg = fmt.Sprintf("%s replaces ${%s} only in the skills of a plugin it loads; here it stays as written", t.ID, v.Name)
			default:
				continue
			}
			out = append(out, loader.Problem{Rule: "variable-unknown", Severity: loader.Warning, Range: v.Range, Targets: []string{t.ID}, Message: msg})
		}
	}
	return out
}

// variableList names the variables t replaces, for messages.
func variableList(t *loader.Target) string {
	names := make([]string, len(t.Variables))
	for i, v := range t.Variables {
		names[i] = "${" + v.Name + "}"
	}
	return strings.Join(names, ", ")
}

// checkVariables reports, for each agent that replaces ${...}s in
// manifests, the references in a manifest's strings it does not know.
func checkVariables(m *Manifest, v *syntax.JSONValue) {
	for _, t := range loader.Targets {
		if mv := t.Packages.Variables; mv != nil {
			unknownVariables(m, v, t.ID, mv)
		}
	}
}

// unknownVariables reports the references in v's strings that mv's agent
// (id) leaves as written.
func unknownVariables(m *Manifest, v *syntax.JSONValue, id string, mv *loader.ManifestVariables) {
	if v == nil {
		return
	}
	if v.Kind == syntax.JSONString && strings.Contains(v.Text, mv.Prefix) {
		raw := v.Range.Text(m.Src)
		for _, loc := range mv.Pattern.FindAllStringSubmatchIndex(raw, -1) {
			name := raw[loc[2]:loc[3]]
			if !mv.Known[name] {
				m.add("variable-unknown", loader.Warning, syntax.Range{Start: v.Range.Start + loc[0], End: v.Range.Start + loc[1]}, []string{id},
					fmt.Sprintf(mv.Unknown, name))
			}
		}
	}
	for _, it := range v.Items {
		unknownVariables(m, it, id, mv)
	}
	for _, mem := range v.Members {
		unknownVariables(m, mem.Value, id, mv)
	}
}
