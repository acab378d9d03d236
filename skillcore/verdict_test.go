package skillcore

import (
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// verdictRow is a SKILL.md in a folder and what each target's loader says
// of it: refuse maps a target to the rule of its error (every other target
// loads the skill), warn maps a target to a rule it warns with.
type verdictRow struct {
	name, dir, src string
	refuse, warn   map[string]string
}

// TestVerdictPerTarget holds every target to its own loader's verdict on
// the inputs where loaders part ways: scalars read as text or typed,
// metadata shapes, whitespace around the name and after the fences, tags.
func TestVerdictPerTarget(t *testing.T) {
	// Copilot reads name and description into typed strings: optional,
	// but a number or boolean there refuses the skill.
	typedName := map[string]string{"claude-api": "name-type", "copilot": "name-type", "tiny-agent": "name-type", "opencode": "name-type"}
	typedDesc := map[string]string{"claude-api": "description-type", "copilot": "description-type", "tiny-agent": "description-type", "opencode": "description-type"}
	brokenYAML := map[string]string{"agentskills": "yaml-syntax", "zed": "yaml-syntax", "claude-api": "yaml-syntax", "copilot": "yaml-syntax",
		"cursor": "yaml-syntax", "tiny-agent": "yaml-syntax", "zot": "yaml-syntax"}
	retried := map[string]string{"codex": "yaml-syntax", "claude-code": "yaml-syntax", "gemini": "yaml-syntax"}
	for _, c := range []verdictRow{
		{name: "number name", dir: "123", src: "name: 123\ndescription: x\n",
			refuse: typedName, warn: map[string]string{"claude-code": "name-type"}},
		{name: "boolean name", dir: "true", src: "name: true\ndescription: x\n",
			refuse: typedName, warn: map[string]string{"claude-code": "name-type"}},
		{name: "number description", dir: "x", src: "name: x\ndescription: 42\n",
			refuse: typedDesc, warn: map[string]string{"claude-code": "description-type"}},
		{name: "metadata scalars unquoted", dir: "x", src: "name: x\ndescription: y\nmetadata:\n  version: 1.0\n  beta: true\n  date: 2025-10-20\n",
			warn: map[string]string{"claude-api": "metadata-type", "tiny-agent": "metadata-type", "claude-code": "metadata-type"}},
		{name: "metadata list value", dir: "x", src: "name: x\ndescription: y\nmetadata:\n  tags:\n    - a\n",
			warn: map[string]string{"agentskills": "metadata-type", "zed": "metadata-type", "copilot": "metadata-type"}},
		{name: "metadata map value", dir: "x", src: "name: x\ndescription: y\nmetadata:\n  a:\n    b: c\n",
			warn: map[string]string{"agentskills": "metadata-type"}},
		{name: "metadata not a map", dir: "x", src: "name: x\ndescription: y\nmetadata: hello\n",
			refuse: map[string]string{"codex": "metadata-type"}, warn: map[string]string{"agentskills": "metadata-type"}},
		{name: "empty metadata", dir: "x", src: "name: x\ndescription: y\nmetadata:\n",
			warn: map[string]string{"agentskills": "metadata-type"}},
		{name: "codex short-description list", dir: "x", src: "name: x\ndescription: y\nmetadata:\n  short-description:\n    - a\n",
			refuse: map[string]string{"codex": "metadata-type"}, warn: map[string]string{"agentskills": "metadata-type"}},
		// Copilot trims the name before its character check.
		{name: "spaces around the name", dir: "sp", src: "name: \" sp \"\ndescription: y\n",
			refuse: map[string]string{"zed": "name-chars", "tiny-agent": "name-chars", "qwen-code": "name-chars"}},
		{name: "spaces inside the name", dir: "x", src: "name: \"a  b\"\ndescription: y\n",
			refuse: map[string]string{"agentskills": "name-chars", "zed": "name-chars", "claude-api": "name-chars", "tiny-agent": "name-chars", "qwen-code": "name-chars"}},
		{name: "explicit tag", dir: "x", src: "name: !!str x\ndescription: y\n",
			refuse: map[string]string{"agentskills": "yaml-tag"}},
		{name: "custom tag", dir: "x", src: "name: x\ndescription: y\nlicense: !note MIT\n",
			refuse: map[string]string{"agentskills": "yaml-tag"}, warn: map[string]string{"tiny-agent": "field-type"}},
		{name: "compatibility list", dir: "x", src: "name: x\ndescription: y\ncompatibility:\n  - a\n",
			refuse: map[string]string{"agentskills": "field-type", "claude-api": "field-type"}, warn: map[string]string{"tiny-agent": "field-type"}},
		{name: "compatibility number", dir: "x", src: "name: x\ndescription: y\ncompatibility: 42\n",
			refuse: map[string]string{"claude-api": "field-type"}, warn: map[string]string{"tiny-agent": "field-type"}},
		{name: "name list, optional in codex", dir: "x", src: "name:\n  - x\ndescription: y\n",
			refuse: map[string]string{"agentskills": "name-type", "zed": "name-type", "codex": "name-type", "claude-api": "name-type", "copilot": "name-type", "tiny-agent": "name-type", "opencode": "name-type"},
			// Gemini's line reader takes the name line's empty text.
			warn: map[string]string{"zot": "name-type", "claude-code": "name-type", "gemini": "name-type"}},
		{name: "zed's boolean spelled yes", dir: "x", src: "name: x\ndescription: y\ndisable-model-invocation: yes\n",
			refuse: map[string]string{"zed": "field-type", "copilot": "field-type", "agentskills": "field-unknown", "claude-api": "field-unknown"},
			warn:   map[string]string{"cursor": "field-type"}},
		{name: "ligature in the name", dir: "file", src: "name: \ufb01le\ndescription: y\n",
			refuse: map[string]string{"zed": "name-non-ascii", "claude-api": "name-non-ascii", "copilot": "name-chars", "tiny-agent": "name-non-ascii"}},
		{name: "a number sign outside ASCII", dir: "x\u09f4", src: "name: x\u09f4\ndescription: y\n",
			refuse: map[string]string{"zed": "name-non-ascii", "claude-api": "name-non-ascii", "copilot": "name-chars", "tiny-agent": "name-non-ascii"}},
		// Copilot keeps the name's case.
		{name: "uppercase", dir: "Abc", src: "name: Abc\ndescription: y\n",
			refuse: map[string]string{"agentskills": "name-chars", "zed": "name-chars", "claude-api": "name-chars", "tiny-agent": "name-chars"}},
		{name: "lowercase Greek", dir: "\u03b1\u03b2", src: "name: \u03b1\u03b2\ndescription: y\n",
			refuse: map[string]string{"zed": "name-non-ascii", "claude-api": "name-non-ascii", "copilot": "name-chars", "tiny-agent": "name-non-ascii"}},
		{name: "a combining mark", dir: "\u0915\u093f", src: "name: \u0915\u093f\ndescription: y\n",
			refuse: map[string]string{"agentskills": "name-chars", "zed": "name-chars", "claude-api": "name-chars", "copilot": "name-chars", "tiny-agent": "name-chars", "qwen-code": "name-chars"}},
		// No target that matches the folder compares it before NFKC, and
		// copilot does not match the folder at all.
		{name: "ligature in the folder name", dir: "\ufb01le", src: "name: file\ndescription: y\n"},
		{name: "copilot: no name, a folder its pattern refuses", dir: "-dash", src: "description: y\n",
			refuse: map[string]string{"agentskills": "name-missing", "zed": "name-missing", "claude-api": "name-missing", "copilot": "name-chars", "gemini": "name-missing", "tiny-agent": "name-missing",
				"opencode": "name-missing", "qwen-code": "name-missing"}},
		{name: "65 chars once NFKC", dir: strings.Repeat("a", 63) + "\ufb01", src: "name: " + strings.Repeat("a", 63) + "\ufb01\ndescription: y\n",
			refuse: map[string]string{"agentskills": "name-too-long", "zed": "name-too-long", "claude-api": "name-non-ascii", "copilot": "name-chars", "tiny-agent": "name-non-ascii"}},
		{name: "maps indented unlike", dir: "x", src: "name: x\ndescription: y\nmetadata:\n  a: b\nhooks:\n    c: d\n",
			refuse: map[string]string{"agentskills": "yaml-syntax", "claude-api": "field-unknown"}},
		{name: "tab in a plain value", dir: "x", src: "name: x\ndescription: a\tb\n",
			refuse: map[string]string{"agentskills": "yaml-syntax"}},
		{name: "tab after the colon", dir: "x", src: "name:\tx\ndescription: y\n",
			refuse: map[string]string{"agentskills": "yaml-syntax"}},
		{name: "tabs in quotes, block text and comments", dir: "x", src: "name: x # a\tcomment\ndescription: \"a\tb\"\ncompatibility: |\n  c\td\n#\t\n"},
		// Over 500 chars is a refusal only where compatibility is validated.
		{name: "compatibility over 500", dir: "x", src: "name: x\ndescription: y\ncompatibility: " + strings.Repeat("a", 501) + "\n",
			refuse: map[string]string{"agentskills": "compatibility-too-long", "claude-api": "compatibility-too-long"},
			warn:   map[string]string{"zed": "compatibility-too-long", "copilot": "compatibility-too-long", "gemini": "compatibility-too-long"}},
		// A null string field is read as not set.
		{name: "null string fields", dir: "x", src: "name: x\ndescription: y\nlicense: null\ncompatibility: ~\n"},
		// Codex and Claude Code quote a value that broke the YAML and read
		// it again; Gemini reads it line by line. The rest refuse it.
		{name: "colon in a plain value", dir: "x", src: "name: x\ndescription: a: b\n",
			refuse: brokenYAML, warn: retried},
		// OpenCode's repair is for values that hold ":" only.
		{name: "a flow opener in a plain value", dir: "x", src: "name: x\ndescription: [a\n",
			refuse: withVerdict(brokenYAML, "opencode", "yaml-syntax"), warn: retried},
		// Claude Code reads past a key given twice, and so does Gemini CLI
		// (its line reader takes the last); every other loader refuses it.
		{name: "a key given twice", dir: "x", src: "name: x\ndescription: y\ndescription: z\n",
			refuse: map[string]string{"agentskills": "yaml-duplicate-key", "zed": "yaml-duplicate-key", "codex": "yaml-duplicate-key", "claude-api": "yaml-duplicate-key",
				"copilot": "yaml-duplicate-key", "cursor": "yaml-duplicate-key", "tiny-agent": "yaml-duplicate-key", "zot": "yaml-duplicate-key",
				"opencode": "yaml-duplicate-key"},
			warn: map[string]string{"claude-code": "yaml-duplicate-key", "gemini": "yaml-duplicate-key"}},
		{name: "a field only copilot reads", dir: "x", src: "name: x\ndescription: y\nargument-hint: z\n",
			refuse: map[string]string{"agentskills": "field-unknown", "claude-api": "field-unknown"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkVerdicts(t, c, "---\n"+c.src+"---\nbody\n")
		})
	}
}

// TestVerdictFences: spaces after the fence lines, per loader. A "---" line
// inside a quoted value does not end the frontmatter for any target (the
// reference validator's split does; skill-ls does not copy that bug).
func TestVerdictFences(t *testing.T) {
	fm := "name: x\ndescription: y\n"
	for _, c := range []verdictRow{
		{name: "closing line with trailing spaces", src: "---\n" + fm + "---  \nbody\n",
			refuse: map[string]string{"zed": "frontmatter-unclosed", "qwen-code": "frontmatter-missing"}},
		{name: "closing line with trailing spaces, a rule in the body", src: "---\n" + fm + "--- \nbody\n---\nmore\n"},
		{name: "opening line with a trailing tab", src: "---\t\n" + fm + "---\nbody\n",
			refuse: map[string]string{"gemini": "frontmatter-missing", "claude-api": "frontmatter-missing", "qwen-code": "frontmatter-missing"}},
		{name: "CRLF and trailing spaces", src: "--- \r\n" + fm + "--- \r\nbody\r\n",
			refuse: map[string]string{"zed": "frontmatter-unclosed", "gemini": "frontmatter-missing", "claude-api": "frontmatter-missing", "qwen-code": "frontmatter-missing"}},
		// Codex closes at the first line whose trim() is "---", leaving
		// the quote open (probes/codex/reader-edges.txtar).
		{name: "dashes inside a quoted value", src: "---\nname: x\ndescription: 'a\n  ---\n  b'\n---\nbody\n",
			refuse: map[string]string{"codex": "yaml-syntax"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.dir = "x"
			checkVerdicts(t, c, c.src)
		})
	}
}

func checkVerdicts(t *testing.T, c verdictRow, src string) {
	t.Helper()
	s := loader.Parse("/p/"+c.dir+"/SKILL.md", []byte(src))
	problems := loader.Validate(s, loader.Targets)
	has := func(rule string, sev loader.Severity, id string) bool {
		return slices.ContainsFunc(problems, func(p loader.Problem) bool {
			return p.Rule == rule && p.Severity == sev && slices.Contains(p.Targets, id)
		})
	}
	for _, tg := range loader.Targets {
		rule, refused := c.refuse[tg.ID]
		if got := !loader.Loads(problems, tg.ID); got != refused {
			t.Errorf("%s refuses: %v, want %v\n%s", tg.ID, got, refused, describeProblems(problems))
		}
		if refused && !has(rule, loader.Error, tg.ID) {
			t.Errorf("%s: no %s error\n%s", tg.ID, rule, describeProblems(problems))
		}
		if rule, ok := c.warn[tg.ID]; ok && !has(rule, loader.Warning, tg.ID) {
			t.Errorf("%s: no %s warning\n%s", tg.ID, rule, describeProblems(problems))
		}
	}
}

func describeProblems(ps []loader.Problem) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString("  " + p.Severity.String() + " " + p.Rule + " " + strings.Join(p.Targets, ",") + ": " + p.Message + "\n")
	}
	return b.String()
}

// TestAgentskillsAgreesWithSkillsRef: the agentskills verdict on inputs
// where YAML readers and validators part ways, each as skills-ref
// (agentskills/agentskills 69ef37e, strictyaml 1.7.3) judged it when run on
// the same file.
func TestAgentskillsAgreesWithSkillsRef(t *testing.T) {
	agentskills := []*loader.Target{loader.TargetByID("agentskills")}
	for _, c := range []struct {
		dir, src string
		valid    bool
	}{
		{"null", "---\nname: null\ndescription: x\n---\n", true},
		{"x", "---\nname:\ndescription: x\n---\n", false},
		{"x", "---\nname: \"\"\ndescription: y\n---\n", false},
		{"x", "---\nname: x\ndescription: 1.0\n---\n", true},
		{"x", "---\nname: x\ndescription: 2025-10-20\n---\n", true},
		{"x", "---\nname: x\ndescription: ~\n---\n", true},
		{"x", "---\nname: x\ndescription: \"  \"\n---\n", false},
		{"x", "---\nname: x\ndescription: |\n  " + strings.Repeat("a", 1024) + "\n---\n", false}, // the kept newline counts
		{"x", "---\nname: x\ndescription: >-\n  " + strings.Repeat("a", 1024) + "\n---\n", true},
		{"x", "---\nname: x\ndescription: y\ncompatibility:\n---\n", true},
		{"x", "---\nname: x\ndescription: y\nlicense:\n  a: b\n---\n", true},
		{"x", "---\nname: x\ndescription: y\nallowed-tools:\n  a: b\n---\n", true},
		{"x", "---\nname: x\ndescription: y\n123: z\n---\n", false},
		{"x", "---\nname: \"x\u00a0\"\ndescription: y\n---\n", true},
		{"x", "---\nname: x\ufeff\ndescription: y\n---\n", false},
		{"sp", "---\nname: \"\\tsp\"\ndescription: y\n---\n", true},
		{"stra\u00dfe", "---\nname: stra\u00dfe\ndescription: y\n---\n", true},
		{"\u01c5x", "---\nname: \u01c5x\ndescription: y\n---\n", false},
		{"\u0130x", "---\nname: \u0130x\ndescription: y\n---\n", false},
		{"\u217b", "---\nname: \u217b\ndescription: y\n---\n", true},
		{"\u0661\u0662", "---\nname: \u0661\u0662\ndescription: y\n---\n", true},
		{"x\u02b0", "---\nname: x\u02b0\ndescription: y\n---\n", true},
		{"x\U0001F600", "---\nname: x\U0001F600\ndescription: y\n---\n", false},
		{"a.b", "---\nname: a.b\ndescription: y\n---\n", false},
		{"x", "---\nname: x\ndescription: y\nmetadata:\n  a:\n    b: c\n  d:\n      e: f\n---\n", false},
		{"x", "---\nname: x\ndescription: y\nmetadata:\n  l:\n    - a:\n        b: c\n    - a:\n          b: c\n---\n", true},
		{"x", "---\nname: x\t\ndescription: y\n---\n", false},
		{"x", "--- \nname: x\ndescription: y\n---\t\n", true},
	} {
		s := loader.Parse("/p/"+c.dir+"/SKILL.md", []byte(c.src))
		problems := loader.Validate(s, agentskills)
		if got := loader.Loads(problems, "agentskills"); got != c.valid {
			t.Errorf("%q in %s: valid %v, skills-ref says %v\n%s", c.src, c.dir, got, c.valid, describeProblems(problems))
		}
	}
}

// withVerdict is verdicts with one more target's.
func withVerdict(verdicts map[string]string, target, rule string) map[string]string {
	out := map[string]string{target: rule}
	for k, v := range verdicts {
		out[k] = v
	}
	return out
}
