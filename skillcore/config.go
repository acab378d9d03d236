package skillcore

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// ConfigNames are the names of the project configuration file, the first
// preferred when a folder holds both.
var ConfigNames = []string{".skill-ls.yaml", ".skill-ls.yml"}

// ConfigKeys are the keys a project configuration may hold.
var ConfigKeys = []string{"targets", "roots", "rules", "ignore"}

// Severities a rule can be set to in a configuration; "off" silences it.
var Severities = []string{"error", "warning", "info", "off"}

// severitySynonyms are other spellings taken for a severity: ESLint's
// "warn" is what many write.
var severitySynonyms = map[string]string{"warn": "warning"}

// SeverityOf is the severity a configuration word sets, taking the
// synonyms; false when it is none.
func SeverityOf(word string) (string, bool) {
	if slices.Contains(Severities, word) {
		return word, true
	}
	sev, ok := severitySynonyms[word]
	return sev, ok
}

// Config is a project configuration file as read: what it sets, each
// value it could not use reported in Problems (with its exact range) and
// left at its default.
type Config struct {
	Path    string            // the file
	Src     []byte            // its text, for placing Problems
	Targets []string          // pinned targets; nil: not set
	Roots   []string          // extra roots, absolute (written relative to the file)
	Rules   map[string]string // rule id -> error, warning, info or off
	Ignore  []string          // gitignore-style patterns, relative to the file
	// Problems are the file's config-invalid findings.
	Problems []loader.Problem
	ignore   gitignore.Matcher
}

// IsConfigFile reports whether path names a project configuration file.
func IsConfigFile(path string) bool { return slices.Contains(ConfigNames, filepath.Base(path)) }

// FindConfig is the configuration file that applies to dir: the one in the
// nearest folder from dir upward holding one, never above the repository
// root (the nearest folder holding .git), or "" if none.
func FindConfig(dir string) string {
	for {
		for _, name := range ConfigNames {
			p := filepath.Join(dir, name)
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return p
			}
		}
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// LoadConfig reads and parses the configuration file at path; rules are
// the known rule ids. A file that cannot be read is an error.
func LoadConfig(path string, rules []string) (*Config, error) {
	src, err := fsys.ReadFile(path, nil)
	if err != nil {
		return nil, err
	}
	return ParseConfig(path, src, rules), nil
}

// ParseConfig reads a configuration file's text. It always returns a
// Config: what could not be used is a Problem and left unset.
func ParseConfig(path string, src []byte, rules []string) *Config {
	c := &Config{Path: path, Src: src}
	root, problems := loader.ParseYAML(src, syntax.Range{Start: 0, End: len(src)})
	for _, p := range problems {
		if isSyntaxError(p) {
			p.Range = faultLine(src, p.Range)
		}
		c.invalid(p.Range, p.Message)
	}
	if root == nil || (root.Kind == syntax.KindNull && len(problems) == 0) {
		return c // empty: every default
	}
	if root.Kind != syntax.KindMap {
		if len(problems) == 0 {
			c.invalid(root.Range, fmt.Sprintf("the configuration must be a mapping of %s, not a %s", strings.Join(ConfigKeys, ", "), root.Kind))
		}
		return c
	}
	seen := map[string]bool{}
	for _, f := range root.Fields {
		if seen[f.Key] {
			c.invalid(f.KeyRange, fmt.Sprintf("%q is given twice", f.Key))
			continue
		}
		seen[f.Key] = true
		switch f.Key {
		case "targets":
			c.Targets = c.words(f, loader.TargetIDs(), "target")
			if c.Targets == nil {
				c.Targets = []string{}
			}
		case "roots":
			for _, r := range c.words(f, nil, "root") {
				if !filepath.IsAbs(r) {
					r = filepath.Join(filepath.Dir(path), r)
				}
				c.Roots = append(c.Roots, filepath.Clean(r))
			}
		case "ignore":
			c.Ignore = c.words(f, nil, "pattern")
		case "rules":
			c.rules(f, rules)
		default:
			c.invalid(f.KeyRange, UnknownWord("key", f.Key, ConfigKeys))
		}
	}
	c.compileIgnore()
	return c
}

// isSyntaxError reports whether p says the YAML does not parse.
func isSyntaxError(p loader.Problem) bool {
	return p.Rule == "yaml-syntax" && strings.HasPrefix(p.Message, "YAML does not parse")
}

// faultLine places a syntax error on the line that broke the file.
// yaml.v3 names the line where the enclosing block began ("rules:" for a
// bad line under it), so at may be far above the fault. The fault is the
// line whose addition makes the text stop parsing: found by bisection
// over the line ends after at, a few parses however long the file. at is
// kept when the text up to its line does not parse either, or when the
// fault is on its line (yaml.v3's column is finer).
func faultLine(src []byte, at syntax.Range) syntax.Range {
	fails := func(end int) bool {
		_, ps := loader.ParseYAML(src[:end], syntax.Range{Start: 0, End: end})
		return slices.ContainsFunc(ps, isSyntaxError)
	}
	first, _ := syntax.LineAt(src, lineStart(src, at.Start))
	var ends []int // the ends of the lines from at's on, with their breaks
	for pos := first.Start; pos < len(src); {
		_, next := syntax.LineAt(src, pos)
		ends = append(ends, next)
		pos = next
	}
	if len(ends) < 2 || fails(first.Start) {
		return at
	}
	// The text up to first.Start parses and the whole text does not: find
	// a line where it turns, with ends[hi-1] parsing and ends[hi] failing.
	lo, hi := -1, len(ends)-1
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fails(ends[mid]) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if hi == 0 {
		return at
	}
	line, _ := syntax.LineAt(src, ends[hi-1])
	for line.Start < line.End && (src[line.Start] == ' ' || src[line.Start] == '\t') {
		line.Start++
	}
	return line
}

// lineStart is the offset where the line holding off begins.
func lineStart(src []byte, off int) int {
	off = min(max(off, 0), len(src))
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// words reads a list of strings (or one string), each one of known when
// known is not nil.
func (c *Config) words(f syntax.Field, known []string, what string) []string {
	v := f.Value
	items := v.Items
	switch v.Kind {
	case syntax.KindNull:
		return nil
	case syntax.KindList:
	case syntax.KindString:
		items = []*syntax.Value{v}
	default:
		c.invalid(v.Range, fmt.Sprintf("%s must be a list of %ss, not a %s", f.Key, what, v.Kind))
		return nil
	}
	var out []string
	for _, it := range items {
		switch {
		case it.Kind != syntax.KindString || it.Text == "":
			c.invalid(it.Range, fmt.Sprintf("each %s in %s must be a non-empty string, not a %s", what, f.Key, it.Kind))
		case known != nil && !slices.Contains(known, it.Text):
			c.invalid(it.Range, UnknownWord(what, it.Text, known))
		default:
			out = append(out, it.Text)
		}
	}
	return out
}

// rules reads the map of rule id to severity.
func (c *Config) rules(f syntax.Field, known []string) {
	v := f.Value
	if v.Kind == syntax.KindNull {
		return
	}
	if v.Kind != syntax.KindMap {
		c.invalid(v.Range, fmt.Sprintf("rules must map rule ids to %s, not be a %s", strings.Join(Severities, ", "), v.Kind))
		return
	}
	c.Rules = map[string]string{}
	for _, r := range v.Fields {
		word := r.Value.Text
		if r.Value.Kind == syntax.KindBool && !boolTrue(word) {
			word = "off" // YAML 1.1 reads a bare off as false
		}
		sev, ok := SeverityOf(word)
		switch {
		case !slices.Contains(known, r.Key):
			c.invalid(r.KeyRange, UnknownWord("rule", r.Key, known))
		case c.Rules[r.Key] != "":
			c.invalid(r.KeyRange, fmt.Sprintf("rule %q is given twice", r.Key))
		case !r.Value.IsScalar() || !ok:
			c.invalid(r.Value.Range, UnknownSeverity(r.Value.Text))
		default:
			c.Rules[r.Key] = sev
		}
	}
}

func boolTrue(s string) bool {
	switch strings.ToLower(s) {
	case "true", "yes", "on", "y":
		return true
	}
	return false
}

// compileIgnore makes the matcher of the ignore patterns.
func (c *Config) compileIgnore() {
	var ps []gitignore.Pattern
	for _, p := range c.Ignore {
		ps = append(ps, gitignore.ParsePattern(p, nil))
	}
	if len(ps) > 0 {
		c.ignore = gitignore.NewMatcher(ps)
	}
}

// Ignored reports whether path, a file, matches the ignore patterns. Paths
// outside the configuration's folder are never ignored.
func (c *Config) Ignored(path string) bool {
	if c == nil || c.ignore == nil {
		return false
	}
	rel, err := filepath.Rel(filepath.Dir(c.Path), path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	// A pattern naming a folder ignores everything in it, as in git.
	for i := 1; i <= len(parts); i++ {
		if c.ignore.Match(parts[:i], i < len(parts)) {
			return true
		}
	}
	return false
}

func (c *Config) invalid(r syntax.Range, msg string) {
	c.Problems = append(c.Problems, loader.Problem{Rule: "config-invalid", Severity: loader.Error, Range: r, Message: msg})
}

// UnknownWord says a word is not one of known, with the closest spellings
// or, when none is close, the list.
func UnknownWord(what, word string, known []string) string {
	msg := fmt.Sprintf("unknown %s %q", what, word)
	if near := Suggest(word, known); len(near) > 0 {
		return msg + "; did you mean " + quoteEach(near) + "?"
	}
	return msg + fmt.Sprintf(" (one of %s)", strings.Join(known, ", "))
}

// UnknownSeverity says a word is no severity, with the closest one (a
// misspelt synonym suggests the severity it stands for).
func UnknownSeverity(word string) string {
	msg := fmt.Sprintf("unknown severity %q", word)
	words := slices.Concat(Severities, slices.Sorted(maps.Keys(severitySynonyms)))
	var near []string
	for _, n := range Suggest(word, words) {
		if sev, _ := SeverityOf(n); !slices.Contains(near, sev) {
			near = append(near, sev)
		}
	}
	if len(near) > 0 {
		return msg + "; did you mean " + quoteEach(near) + "?"
	}
	return msg + fmt.Sprintf(" (one of %s)", strings.Join(Severities, ", "))
}

// quoteEach quotes words and joins them with "or".
func quoteEach(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(quoted, " or ")
}

// maxSuggestions bounds the words Suggest offers.
const maxSuggestions = 3

// Suggest is what a misspelt or shortened word may have meant: the
// closest spelling of known, or else the words of known it begins
// ("claude" for claude-code and claude-api), at most maxSuggestions of
// them; nil when none.
func Suggest(word string, known []string) []string {
	if near := loader.Closest(word, known); near != "" {
		return []string{near}
	}
	if word == "" {
		return nil
	}
	var out []string
	for _, k := range known {
		if len(out) < maxSuggestions && strings.HasPrefix(strings.ToLower(k), strings.ToLower(word)) {
			out = append(out, k)
		}
	}
	return out
}
