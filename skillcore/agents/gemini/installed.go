package gemini

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Gemini CLI installs extensions as ~/.gemini/extensions/<name>/, each with
// a gemini-extension.json (a linked one records its source folder in
// .gemini-extension-install.json). Extensions are enabled by default;
// ~/.gemini/extensions/extension-enablement.json holds per extension name
// {"overrides": ["!/home/me/*", "/home/me/work/"]}: a rule starting with
// "!" disables, one ending in "*" covers the folder's subfolders too, and
// the last rule matching the working folder wins.

func geminiInstalled(e loader.Machine, project string, in *loader.Installation) {
	const target = "gemini"
	dir := filepath.Join(e.Home, ".gemini", "extensions")
	enablementPath := filepath.Join(dir, "extension-enablement.json")
	in.WatchPaths(dir, enablementPath)
	rules := in.ReadConfig(enablementPath, target, false, "Gemini CLI reports it and enables every extension")

	for _, name := range in.Subdirs(dir) {
		p := loader.InstalledPlugin{Target: target, Plugin: name, Root: filepath.Join(dir, name), Copy: true}
		install := filepath.Join(p.Root, ".gemini-extension-install.json")
		if iv := in.ReadConfig(install, target, false, "Gemini CLI cannot tell where the extension is"); iv != nil {
			if kind, _ := iv.Get("type").Str(); kind == "link" {
				if src, ok := iv.Get("source").Str(); ok && filepath.IsAbs(src) && loader.PluginFolder(e.Home, filepath.Clean(src)) {
					p.Root, p.Copy = filepath.Clean(src), false
				}
			}
		}
		mv := p.ReadManifest(in, "gemini-extension.json", true, "Gemini CLI skips the extension")
		if mv != nil {
			if n, ok := mv.Get("name").Str(); ok && n != "" {
				p.Plugin, p.Name = n, n
			} else {
				p.Broken = "its gemini-extension.json has no name"
				in.AddProblem(filepath.Join(p.Root, "gemini-extension.json"), loader.Error, mv.Range, "has no `name`: Gemini CLI skips the extension", target)
			}
			p.Version, _ = mv.Get("version").Str()
		}
		p.Enabled, p.Why = geminiEnabled(in, enablementPath, rules, p.Plugin, project)
		in.Plugins = append(in.Plugins, p)
	}
}

// geminiEnabled applies an extension's overrides to the working folder.
func geminiEnabled(in *loader.Installation, path string, rules *syntax.JSONValue, name, project string) (bool, string) {
	on, why := true, "extensions are enabled by default"
	ext := rules.Get(name)
	if ext == nil {
		return on, why
	}
	at := "/" + strings.Trim(filepath.ToSlash(project), "/") + "/"
	if at == "//" {
		at = "/"
	}
	for _, r := range loader.ArrayOf(ext.Get("overrides")) {
		rule, ok := r.Str()
		if !ok {
			in.AddProblem(path, loader.Warning, r.Range, fmt.Sprintf("an override of %q is %s, not a string: Gemini CLI fails on it", name, r.Kind), "gemini")
			continue
		}
		if geminiRule(rule).MatchString(at) {
			on = !strings.HasPrefix(rule, "!")
			why = fmt.Sprintf("the override %q of %q matches %s (%s)", rule, name, at, path)
		}
	}
	return on, why
}

// geminiRule is the pattern of one override rule: "*" matches anything,
// a "/*" also the folder itself.
func geminiRule(rule string) *regexp.Regexp {
	rule = strings.TrimPrefix(rule, "!")
	q := regexp.QuoteMeta(rule)
	q = strings.ReplaceAll(q, `/\*`, `(/.*)?`)
	q = strings.ReplaceAll(q, `\*`, `(.*)?`)
	return regexp.MustCompile("^" + q + "$")
}

func init() { Target.Installed = geminiInstalled }
