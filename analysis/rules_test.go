package analysis

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The skill file most cases check: in the project's .agents/skills, which
// agentskills, zed, codex, copilot, gemini and zot read.
const mySkill = "proj/.agents/skills/my-skill/SKILL.md"

// agentsReaders are the targets that read mySkill.
var agentsReaders = []string{"agentskills", "zed", "codex", "copilot", "gemini", "zot"}

// withOwnReaders is ids with opencode and qwen-code, which read mySkill
// too, but their own way: most parse problems are theirs only as warnings.
func withOwnReaders(ids ...string) []string {
	return append(slices.Clone(ids), "opencode", "qwen-code")
}

// allBut is agentsReaders without the targets given.
func allBut(ids ...string) []string {
	var out []string
	for _, id := range agentsReaders {
		if !slices.Contains(ids, id) {
			out = append(out, id)
		}
	}
	return out
}

// fm is a file whose frontmatter holds lines, followed by a short body.
func fm(lines ...string) string {
	return "---\n" + strings.Join(lines, "\n") + "\n---\n# Body\n"
}

const (
	okName = "name: my-skill"
	okDesc = "description: Does things."
)

// ruleCase is one scenario of one rule: a file (with the expected range
// marked «like this») in a tree, and what the rule must say about it.
type ruleCase struct {
	name    string
	rule    string
	src     string   // the file checked
	file    string   // its path in the tree; mySkill when empty
	archive string   // the tree's other files, as txtar
	targets []string // targets pinned in the configuration
	quiet   bool     // the rule must not fire on the file
	sev     Severity // the finding's severity
	on      []string // the finding's targets, in any order; nil: not checked
	message string   // text the message must contain
	fifo    bool     // the file is a FIFO (src only marks the range)
	mode    os.FileMode
}

func ruleCases() []ruleCase {
	long := func(n int) string { return strings.Repeat("a", n) }
	body := func(lines int) string {
		return "---\nname: my-skill\ndescription: Does things.\n---\n«»" + strings.Repeat("line\n", lines)
	}
	nameDir := func(name string) string { return "proj/.agents/skills/" + name + "/SKILL.md" }
	sized := func(n int) string { // a valid file of exactly n bytes
		head := fm(okName, okDesc)
		return head + strings.Repeat("x", n-len(head))
	}
	twoDeploys := `
-- proj/.agents/skills/deploy/SKILL.md --
---
name: deploy
description: Project deploy.
---
`
	return append([]ruleCase{
		// Encoding and shape.
		{name: "invalid byte", rule: "not-utf8", src: fm("name: caf«\xe9»", okDesc), sev: Error, on: allBut("copilot", "gemini"), message: "0xE9 at offset 13"},
		{name: "invalid byte, read past by copilot", rule: "not-utf8", src: fm("name: caf«\xe9»", okDesc), sev: Warning, on: []string{"copilot", "gemini", "opencode", "qwen-code"}},
		{name: "invalid byte after emoji", rule: "not-utf8", src: fm(okName, "description: 😀 «\xff» x"), sev: Error},
		{name: "truncated sequence at end", rule: "not-utf8", src: fm(okName, okDesc) + "end «\xe2»\x82", sev: Error},
		{name: "valid accents", rule: "not-utf8", src: fm(okName, "description: café 😀 naïve"), quiet: true},
		{name: "leading BOM", rule: "bom", src: "«\ufeff»" + fm(okName, okDesc), sev: Error, on: allBut("copilot")},
		{name: "leading BOM, read past by copilot", rule: "bom", src: "«\ufeff»" + fm(okName, okDesc), sev: Warning, on: []string{"copilot", "opencode", "qwen-code"}},
		{name: "BOM later in the file", rule: "bom", src: fm(okName, okDesc) + "\ufeff", quiet: true},
		{name: "zed's 100 KiB plus one", rule: "file-too-large", src: sized(100<<10) + "«x»", sev: Error, on: []string{"zed"}, message: "the limit is 100 KiB"},
		{name: "zed's 100 KiB exactly", rule: "file-too-large", src: sized(100 << 10), quiet: true},
		{name: "over 1 MiB", rule: "file-too-large", src: "«»" + sized(1<<20) + "xy", sev: Error, on: withOwnReaders(agentsReaders...), message: "file is 1048578 bytes; skill-ls reads no file over"},
		{name: "a FIFO", rule: "file-not-regular", src: "«»", fifo: true, sev: Error, on: withOwnReaders(agentsReaders...), message: "FIFO"},
		{name: "a regular file", rule: "file-not-regular", src: fm(okName, okDesc), quiet: true},
		{name: "skill.md", rule: "skill-md-case", file: "proj/.agents/skills/my-skill/skill.md", src: "«»" + fm(okName, okDesc), sev: Error, on: withOwnReaders(agentsReaders...), message: "Rename the file to SKILL.md"},
		{name: "Skill.MD", rule: "skill-md-case", file: "proj/.agents/skills/my-skill/Skill.MD", src: "«»" + fm(okName, okDesc), sev: Error, on: withOwnReaders(agentsReaders...)},
		{name: "SKILL.md", rule: "skill-md-case", src: fm(okName, okDesc), quiet: true},
		{name: "no frontmatter", rule: "frontmatter-missing", src: "«# My skill»\nDoes things.\n", sev: Error, on: withOwnReaders(agentsReaders...)},
		{name: "no frontmatter, read past by claude-code", rule: "frontmatter-missing", src: "«# My skill»\nDoes things.\n", file: "proj/.claude/skills/my-skill/SKILL.md", targets: []string{"claude-code"}, sev: Warning, on: []string{"claude-code"}},
		{name: "empty file", rule: "frontmatter-missing", src: "«»", sev: Error},
		{name: "frontmatter after a blank line", rule: "frontmatter-missing", src: "«»\n" + fm(okName, okDesc), sev: Error},
		{name: "frontmatter behind a BOM", rule: "frontmatter-missing", src: "\ufeff" + fm(okName, okDesc), quiet: true},
		{name: "dashes with trailing space", rule: "frontmatter-missing", src: "«--- »\nname: my-skill\n---\n", sev: Error, on: []string{"gemini", "qwen-code"}, message: "spaces after ---"},
		{name: "dashes with trailing space, read on by most", rule: "frontmatter-missing", src: "--- \nname: my-skill\ndescription: x\n---\n", targets: []string{"codex"}, quiet: true},
		{name: "unclosed", rule: "frontmatter-unclosed", src: "«---»\nname: my-skill\ndescription: Does things.\n# Body\n", sev: Error, on: agentsReaders},
		{name: "closing line with trailing spaces for zed", rule: "frontmatter-unclosed", src: "---\nname: my-skill\ndescription: x\n«---  »\nbody\n", sev: Error, on: []string{"zed", "qwen-code"}, message: "spaces after ---"},
		{name: "closing line with trailing spaces, a rule later", rule: "frontmatter-unclosed", src: "---\nname: my-skill\ndescription: x\n---  \nbody\n---\n", quiet: true},
		{name: "only the opening line", rule: "frontmatter-unclosed", src: "«---»", sev: Error},
		{name: "closed at end of file without newline", rule: "frontmatter-unclosed", src: "---\nname: my-skill\ndescription: x\n---", quiet: true},
		{name: "closing line after CRLF", rule: "frontmatter-unclosed", src: "---\r\nname: my-skill\r\ndescription: x\r\n---\r\nbody\r\n", quiet: true},
		{name: "a list", rule: "frontmatter-not-mapping", src: "---\n«- name»\n---\n", sev: Error, on: append(allBut("copilot"), "opencode"), message: "a list"},
		{name: "a list, read past by copilot", rule: "frontmatter-not-mapping", src: "---\n«- name»\n---\n", sev: Warning, on: []string{"copilot", "qwen-code"}, message: "a list"},
		{name: "a scalar", rule: "frontmatter-not-mapping", src: "---\n«just text»\n---\n", sev: Error, message: "a string"},
		{name: "empty", rule: "frontmatter-not-mapping", src: "«---»\n---\n", sev: Error, message: "empty"},
		{name: "only comments", rule: "frontmatter-not-mapping", src: "«---»\n# nothing\n---\n", sev: Error, message: "empty"},
		{name: "a mapping", rule: "frontmatter-not-mapping", src: fm(okName, okDesc), quiet: true},
		// YAML.
		{name: "colon in a value", rule: "yaml-syntax", src: fm(okName, "description: Use when«:» deploying"), sev: Error, on: allBut("codex", "gemini"), message: "mapping values are not allowed"},
		{name: "colon in a value, read again by codex and gemini", rule: "yaml-syntax", src: fm(okName, "description: Use when«:» deploying"), sev: Warning, on: []string{"codex", "gemini", "opencode", "qwen-code"}, message: "mapping values are not allowed"},
		{name: "colon in a value, read past by claude-code", rule: "yaml-syntax", src: fm(okName, "description: Use when«:» deploying"), file: "proj/.claude/skills/my-skill/SKILL.md", targets: []string{"claude-code"}, sev: Warning, on: []string{"claude-code"}},
		{name: "colon after multi-byte text", rule: "yaml-syntax", src: fm(okName, "description: Déploie 😀 quand«:» prêt"), sev: Error},
		{name: "colon in a value, CRLF", rule: "yaml-syntax", src: "---\r\nname: my-skill\r\ndescription: Use when«:» deploying\r\n---\r\n", sev: Error},
		{name: "unclosed flow", rule: "yaml-syntax", src: fm(okName, okDesc, "«metadata: {a: b»"), sev: Error},
		{name: "column-0 --- inside a quoted value", rule: "yaml-syntax", src: fm(okName, "description: \"a", "«---»", "b\""), sev: Error, message: "document indicator"},
		{name: "colon in a quoted value", rule: "yaml-syntax", src: fm(okName, `description: "Use when: deploying"`), quiet: true},
		{name: "colon without a space", rule: "yaml-syntax", src: fm(okName, "description: see http://x.y/z"), quiet: true},
		{name: "key given twice", rule: "yaml-duplicate-key", src: fm(okName, okDesc, "«name»: other"), sev: Error, on: append(allBut("gemini"), "opencode"), message: `key "name" is given twice`},
		{name: "nested key given twice", rule: "yaml-duplicate-key", src: fm(okName, okDesc, "metadata:", "  a: x", "  «a»: y"), sev: Error},
		{name: "same key in two maps", rule: "yaml-duplicate-key", src: fm(okName, okDesc, "metadata:", "  name: x"), quiet: true},
		{name: "flow map", rule: "yaml-flow-style", src: fm(okName, okDesc, "metadata: «{author: me}»"), sev: Warning, on: []string{"agentskills"}, message: "{a: b}"},
		{name: "flow list", rule: "yaml-flow-style", src: fm(okName, okDesc, "allowed-tools: «[Read, Grep]»"), sev: Warning, message: "[a, b]"},
		{name: "brackets in a quoted string", rule: "yaml-flow-style", src: fm(okName, `description: "[a, b] {c: d}"`), quiet: true},
		{name: "anchor", rule: "yaml-anchor", src: fm(okName, "description: «&d Does things.»", "compatibility: *d"), sev: Warning, on: []string{"agentskills"}},
		{name: "explicit tag", rule: "yaml-tag", src: fm("name: «!!str my-skill»", okDesc), sev: Warning, on: []string{"agentskills"}},
		{name: "custom tag on a map", rule: "yaml-tag", src: fm(okName, okDesc, "metadata: «!x", "  a: b»"), sev: Warning},
		{name: "exclamation in text", rule: "yaml-tag", src: fm(okName, "description: Stop! Then go."), quiet: true},
		{name: "alias", rule: "yaml-anchor", src: fm(okName, "description: &d Does things.", "compatibility: «*d»"), sev: Warning},
		{name: "ampersand in text", rule: "yaml-anchor", src: fm(okName, "description: Tom & Jerry *sing*"), quiet: true},
		// name.
		{name: "no name", rule: "name-missing", src: "«---»\ndescription: Does things.\n---\n", sev: Error, on: []string{"agentskills", "zed", "gemini", "opencode", "qwen-code"}},
		{name: "no name, codex only", rule: "name-missing", src: "«---»\ndescription: x\n---\n", targets: []string{"codex"}, on: []string{"agentskills"}, sev: Warning},
		{name: "numeric folder", rule: "name-missing", src: "«---»\ndescription: x\n---\n", file: nameDir("2024"), sev: Error},
		{name: "CRLF", rule: "name-missing", src: "«---»\r\ndescription: x\r\n---\r\n", sev: Error},
		{name: "name given", rule: "name-missing", src: fm(okName, okDesc), quiet: true},
		{name: "number for typed readers", rule: "name-type", src: fm("name: «123»", okDesc), file: nameDir("123"), targets: []string{"claude-api", "tiny-agent"}, sev: Error, on: []string{"claude-api", "tiny-agent"}, message: "name is an integer (123); write it as a quoted string"},
		{name: "number read as text", rule: "name-type", src: fm("name: 123", okDesc), file: nameDir("123"), targets: []string{"zed", "codex", "gemini", "zot"}, quiet: true},
		{name: "number refused by copilot", rule: "name-type", src: fm("name: «123»", okDesc), file: nameDir("123"), sev: Error, on: []string{"copilot", "opencode"}, message: "name is an integer (123)"},
		{name: "number where the name is display only", rule: "name-type", src: fm("name: «123»", okDesc), file: "proj/.claude/skills/123/SKILL.md", sev: Warning, on: []string{"claude-code", "opencode"}},
		{name: "boolean", rule: "name-type", src: fm("name: «true»", okDesc), targets: []string{"tiny-agent"}, sev: Error},
		{name: "empty", rule: "name-type", src: fm("name:«»", okDesc), sev: Error, message: "name is empty"},
		{name: "blank quoted", rule: "name-type", src: fm(`name: «"  "»`, okDesc), sev: Error, message: "blank"},
		{name: "list", rule: "name-type", src: fm("name: «[a]»", okDesc), sev: Error, message: "a list"},
		{name: "quoted number", rule: "name-type", src: fm(`name: "123"`, okDesc), file: nameDir("123"), quiet: true},
		{name: "65 chars", rule: "name-too-long", src: fm("name: «"+long(65)+"»", okDesc), file: nameDir(long(65)), sev: Error, on: []string{"agentskills", "zed", "codex", "copilot"}, message: "65 chars; the limit is 64"},
		{name: "64 chars", rule: "name-too-long", src: fm("name: "+long(64), okDesc), file: nameDir(long(64)), quiet: true},
		{name: "33 é are 66 bytes for zed", rule: "name-too-long", src: fm("name: «"+strings.Repeat("é", 33)+"»", okDesc), file: nameDir(strings.Repeat("é", 33)), sev: Error, on: []string{"zed"}, message: "66 bytes (33 chars); the limit is 64 bytes"},
		{name: "32 é are 64 bytes", rule: "name-too-long", src: fm("name: "+strings.Repeat("é", 32), okDesc), file: nameDir(strings.Repeat("é", 32)), quiet: true},
		{name: "codex collapses spaces", rule: "name-too-long", src: fm(`name: «"`+long(32)+"  "+long(31)+`"»`, okDesc), sev: Error, on: []string{"agentskills", "zed", "copilot"}},
		{name: "quoted 64 chars", rule: "name-too-long", src: fm(`name: "`+long(64)+`"`, okDesc), file: nameDir(long(64)), quiet: true},
		{name: "uppercase and underscore", rule: "name-chars", src: fm("name: «My_Skill»", okDesc), file: nameDir("My_Skill"), sev: Error, on: []string{"agentskills", "zed"}, message: `"M", "_", "S"`},
		{name: "copilot's pattern", rule: "name-chars", src: fm("name: «my/skill»", okDesc), sev: Error, on: []string{"copilot"}, message: `"my/skill" is not ASCII letters`},
		{name: "copilot: the folder's name without a name", rule: "name-chars", src: "«---»\ndescription: x\n---\n", file: nameDir("_private"), sev: Error, on: []string{"copilot"}, message: `the folder's name "_private"`},
		{name: "space", rule: "name-chars", src: fm("name: «my skill»", okDesc), sev: Error},
		{name: "after an emoji comment", rule: "name-chars", src: "---\n# 😀 é\nname: «Ab»\ndescription: x\n---\n", sev: Error},
		{name: "lowercase, digits, hyphens", rule: "name-chars", src: fm("name: my-skill-2", okDesc), quiet: true},
		{name: "non-ASCII lowercase is spec", rule: "name-chars", src: fm("name: café", okDesc), file: nameDir("café"), targets: []string{"agentskills"}, quiet: true},
		{name: "non-ASCII for copilot", rule: "name-chars", src: fm("name: «café»", okDesc), file: nameDir("café"), sev: Error, on: []string{"copilot"}, message: "is not ASCII letters"},
		{name: "leading, trailing, double", rule: "name-hyphens", src: fm("name: «-my--skill-»", okDesc), file: nameDir("-my--skill-"), sev: Warning, on: []string{"agentskills"}},
		{name: "trailing only", rule: "name-hyphens", src: fm("name: «my-skill-»", okDesc), sev: Warning},
		{name: "tiny-agent too", rule: "name-hyphens", src: fm("name: «my--skill»", okDesc), file: "proj/.skills/my--skill/SKILL.md", sev: Error, on: []string{"agentskills", "tiny-agent"}},
		{name: "single hyphens", rule: "name-hyphens", src: fm("name: my-skill", okDesc), quiet: true},
		{name: "differs from the folder", rule: "name-dir-mismatch", src: fm("name: «pdf»", okDesc), file: nameDir("pdf-tools"), sev: Warning, on: []string{"agentskills"}, message: `"pdf" differs from its directory name "pdf-tools"`},
		{name: "quoted, CRLF", rule: "name-dir-mismatch", src: "---\r\nname: «'pdf'»\r\ndescription: x\r\n---\r\n", sev: Warning},
		{name: "numeric folder", rule: "name-dir-mismatch", src: fm("name: «abc»", okDesc), file: nameDir("123"), sev: Warning},
		{name: "folder with a colon", rule: "name-dir-mismatch", src: fm("name: «abc»", okDesc), file: nameDir("a: b"), sev: Warning},
		{name: "equal after NFKC", rule: "name-dir-mismatch", src: fm("name: ﬁle", okDesc), file: nameDir("file"), targets: []string{"agentskills"}, quiet: true},
		{name: "copilot does not compare", rule: "name-dir-mismatch", src: fm("name: «pdf»", okDesc), file: nameDir("pdf-tools"), targets: []string{"copilot"}, sev: Warning, on: []string{"agentskills"}},
		{name: "equal", rule: "name-dir-mismatch", src: fm(okName, okDesc), quiet: true},
		{name: "accented for zed", rule: "name-non-ascii", src: fm("name: «café»", okDesc), file: nameDir("café"), sev: Error, on: []string{"zed"}, message: `"é"`},
		{name: "accented, spec only", rule: "name-non-ascii", src: fm("name: café", okDesc), file: nameDir("café"), targets: []string{"agentskills"}, quiet: true},
		{name: "contains claude", rule: "name-reserved", src: fm("name: «claude-helper»", okDesc), file: nameDir("claude-helper"), targets: []string{"claude-api"}, sev: Error, on: []string{"claude-api"}, message: `"claude"`},
		{name: "contains Anthropic", rule: "name-reserved", src: fm("name: «my-anthropic»", okDesc), targets: []string{"claude-api"}, sev: Error},
		{name: "synced folder for claude-code", rule: "name-reserved", src: "«»" + fm("name: synced", okDesc), file: "proj/.claude/skills/synced/SKILL.md", sev: Error, on: []string{"claude-code"}},
		{name: "near miss", rule: "name-reserved", src: fm("name: clade-helper", okDesc), targets: []string{"claude-api"}, quiet: true},
		// description.
		{name: "no description", rule: "description-missing", src: "«---»\nname: my-skill\n---\n", sev: Error, on: []string{"agentskills", "zed", "codex", "gemini", "zot", "qwen-code"}},
		{name: "claude-code takes the body's first line", rule: "description-missing", src: "«---»\nname: my-skill\n---\n", file: "proj/.claude/skills/my-skill/SKILL.md", targets: []string{"claude-code"}, sev: Warning, on: []string{"agentskills"}},
		{name: "copilot takes the body", rule: "description-missing", src: "«---»\nname: my-skill\n---\n# Body\nDoes things.\n", targets: []string{"copilot"}, sev: Warning, on: []string{"agentskills"}},
		{name: "given", rule: "description-missing", src: fm(okName, okDesc), quiet: true},
		{name: "number for typed readers", rule: "description-type", src: fm(okName, "description: «42»"), targets: []string{"claude-api", "tiny-agent"}, sev: Error, on: []string{"claude-api", "tiny-agent"}},
		{name: "number for claude-code", rule: "description-type", src: fm(okName, "description: «42»"), file: "proj/.claude/skills/my-skill/SKILL.md", sev: Warning, on: []string{"claude-code"}},
		{name: "number read as text", rule: "description-type", src: fm(okName, "description: 42"), targets: []string{"zed", "codex", "gemini", "zot"}, quiet: true},
		{name: "number refused by copilot", rule: "description-type", src: fm(okName, "description: «42»"), sev: Error, on: []string{"copilot", "opencode"}},
		{name: "list for a struct reader", rule: "description-type", src: fm(okName, "description:", "  «- a»"), sev: Error, on: append(allBut("gemini"), "opencode")},
		{name: "empty", rule: "description-type", src: fm(okName, "description:«»"), sev: Error, message: "empty"},
		{name: "blank", rule: "description-type", src: fm(okName, "description: «'  '»"), sev: Error, message: "blank"},
		{name: "blank for claude-code", rule: "description-type", src: fm(okName, "description: «''»"), targets: []string{"claude-code"}, sev: Warning, on: []string{"claude-code"}},
		{name: "quoted number", rule: "description-type", src: fm(okName, `description: "42"`), quiet: true},
		{name: "1025 chars", rule: "description-too-long", src: fm(okName, "description: «"+long(1025)+"»"), sev: Error, on: []string{"agentskills", "zed", "copilot"}, message: "1025 chars; the limit is 1024"},
		{name: "1024 chars", rule: "description-too-long", src: fm(okName, "description: "+long(1024)), quiet: true},
		{name: "no limit for codex", rule: "description-too-long", src: fm(okName, "description: «"+long(5000)+"»"), targets: []string{"codex"}, sev: Warning, on: []string{"agentskills"}},
		{name: "1000 é are 2000 bytes for zed", rule: "description-too-long", src: fm(okName, "description: «"+strings.Repeat("é", 1000)+"»"), sev: Error, on: []string{"zed"}, message: "2000 bytes (1000 chars); the limit is 1024 bytes"},
		{name: "512 é are 1024 bytes", rule: "description-too-long", src: fm(okName, "description: "+strings.Repeat("é", 512)), quiet: true},
		{name: "spaces kept", rule: "description-too-long", src: fm(okName, "description: «"+long(1000)+"     "+long(20)+"»"), sev: Error, on: []string{"agentskills", "zed", "copilot"}},
		{name: "block scalar", rule: "description-too-long", src: fm(okName, "description: «|", "  "+long(600), "  "+long(600)+"»"), sev: Error},
		{name: "folded block after emoji", rule: "description-too-long", src: fm("# 😀😀", okName, "description: «>-", "  "+long(1025)+"»", "license: MIT"), sev: Error},
		{name: "double-quoted with escapes", rule: "description-too-long", src: fm(okName, `description: «"`+long(1020)+`\t\u00e9\n\\\""»`), sev: Error, on: []string{"agentskills", "copilot"}},
		{name: "single-quoted CRLF", rule: "description-too-long", src: "---\r\nname: my-skill\r\ndescription: «'" + long(1025) + "'»\r\n---\r\n", sev: Error},
		{name: "short-description for codex", rule: "description-too-long", src: fm(okName, okDesc, "metadata:", "  short-description: "+long(1025)), targets: []string{"codex"}, quiet: true},
		{name: "XML tag for the API", rule: "description-xml", src: fm(okName, "description: «Use <b>always</b>»"), targets: []string{"claude-api"}, sev: Error, on: []string{"claude-api"}, message: "<b>"},
		{name: "comparison signs", rule: "description-xml", src: fm(okName, "description: a < b and c > d"), targets: []string{"claude-api"}, quiet: true},
		{name: "1537 chars in the listing", rule: "description-truncated", src: fm(okName, "description: «"+long(1537)+"»"), file: "proj/.claude/skills/my-skill/SKILL.md", sev: Warning, on: []string{"claude-code"}, message: "1537 chars"},
		{name: "1536 chars", rule: "description-truncated", src: fm(okName, "description: "+long(1536)), file: "proj/.claude/skills/my-skill/SKILL.md", quiet: true},
		{name: "with when_to_use", rule: "description-truncated", src: fm(okName, "description: «"+long(1000)+"»", "when_to_use: "+long(534)), file: "proj/.claude/skills/my-skill/SKILL.md", sev: Warning, message: "description + when_to_use is 1537 chars"},
		{name: "with a shorter when_to_use", rule: "description-truncated", src: fm(okName, "description: "+long(1000), "when_to_use: "+long(533)), file: "proj/.claude/skills/my-skill/SKILL.md", quiet: true},
		// Other fields.
		{name: "unknown key", rule: "field-unknown", src: fm(okName, okDesc, "«colour»: red"), sev: Warning, on: []string{"agentskills"}, message: `unknown field "colour"`},
		{name: "misspelt key", rule: "field-unknown", src: fm(okName, okDesc, "«licence»: MIT"), sev: Warning, message: `did you mean "license"?`},
		{name: "read by the agent loading it", rule: "field-unknown", src: fm(okName, okDesc, "«effort»: high"), file: "proj/.claude/skills/my-skill/SKILL.md", sev: Info, on: []string{"agentskills"},
			message: "agentskills refuses the skill; only claude-code reads it; claude-code, copilot, cursor, zot, opencode load it anyway"},
		{name: "the project asks for the spec", rule: "field-unknown", src: fm(okName, okDesc, "«effort»: high"), file: "proj/.claude/skills/my-skill/SKILL.md", targets: []string{"agentskills", "claude-code"}, sev: Error, on: []string{"agentskills"}, message: "only claude-code reads it"},
		{name: "in a file no agent loads, no error unless the project asks for the spec", rule: "field-unknown", src: fm(okName, okDesc, "«colour»: red"), file: "proj/notes/my-skill/SKILL.md", sev: Warning, on: []string{"agentskills"}, message: "no agent loads the file from here"},
		{name: "in a file no agent loads, for a project that asks for the spec", rule: "field-unknown", src: fm(okName, okDesc, "«colour»: red"), file: "proj/notes/my-skill/SKILL.md", targets: []string{"agentskills", "claude-code"}, sev: Error, on: []string{"agentskills"}},
		{name: "key of another agent", rule: "field-unknown", src: fm(okName, okDesc, "«when_to_use»: later"), sev: Info, message: "only claude-code, qwen-code read it"},
		{name: "spec key in a claude-code folder", rule: "field-unknown", src: fm(okName, okDesc, "allowed-tools: Read"), file: "proj/.claude/skills/my-skill/SKILL.md", quiet: true},
		{name: "key of a loading agent, not the spec's", rule: "field-unknown", src: fm(okName, okDesc, "«when_to_use»: later"), file: "proj/.claude/skills/my-skill/SKILL.md", sev: Info, on: []string{"agentskills"}, message: "agentskills refuses the skill; only claude-code, qwen-code read it"},
		{name: "spec key", rule: "field-unknown", src: fm(okName, okDesc, "license: MIT"), quiet: true},
		{name: "boolean word", rule: "field-type", src: fm(okName, okDesc, "disable-model-invocation: «maybe»"), file: "proj/.claude/skills/my-skill/SKILL.md", targets: []string{"claude-code"}, sev: Warning, on: []string{"claude-code"}, message: "should be true or false"},
		{name: "boolean word for zed's and copilot's typed readers", rule: "field-type", src: fm(okName, okDesc, "disable-model-invocation: «maybe»"), sev: Error, on: []string{"zed", "copilot"}, message: "refuses the skill"},
		{name: "yes for zed", rule: "field-type", src: fm(okName, okDesc, "disable-model-invocation: «yes»"), targets: []string{"zed"}, sev: Error},
		{name: "yes for claude-code", rule: "field-type", src: fm(okName, okDesc, "disable-model-invocation: yes"), targets: []string{"claude-code"}, quiet: true},
		{name: "list for a string", rule: "field-type", src: fm(okName, okDesc, "license:", "  «- MIT»"), sev: Warning},
		{name: "boolean", rule: "field-type", src: fm(okName, okDesc, "disable-model-invocation: true"), quiet: true},
		{name: "effort outside its set", rule: "field-value", src: fm(okName, okDesc, "effort: «extreme»"), targets: []string{"claude-code"}, sev: Warning, on: []string{"claude-code"}, message: "low, medium, high, xhigh, max"},
		{name: "effort in its set", rule: "field-value", src: fm(okName, okDesc, "effort: max"), targets: []string{"claude-code"}, quiet: true},
		{name: "501 chars", rule: "compatibility-too-long", src: fm(okName, okDesc, "compatibility: «"+long(501)+"»"), sev: Warning, on: []string{"agentskills"}, message: "501 chars; the limit is 500"},
		{name: "501 chars, not validated by the agents", rule: "compatibility-too-long", src: fm(okName, okDesc, "compatibility: «"+long(501)+"»"), sev: Warning, on: []string{"zed", "copilot", "gemini"}, message: "501 chars; the limit is 500"},
		{name: "501 chars for the API", rule: "compatibility-too-long", src: fm(okName, okDesc, "compatibility: «"+long(501)+"»"), targets: []string{"claude-api"}, sev: Error, on: []string{"agentskills", "claude-api"}},
		{name: "500 chars", rule: "compatibility-too-long", src: fm(okName, okDesc, "compatibility: "+long(500)), quiet: true},
		{name: "500 é", rule: "compatibility-too-long", src: fm(okName, okDesc, "compatibility: "+strings.Repeat("é", 500)), quiet: true},
		{name: "number in metadata for a typed reader", rule: "metadata-type", src: fm(okName, okDesc, "metadata:", "  version: «1.0»"), targets: []string{"tiny-agent"}, sev: Warning, on: []string{"tiny-agent"}, message: "metadata.version should be a string"},
		{name: "number in metadata read as text", rule: "metadata-type", src: fm(okName, okDesc, "metadata:", "  version: 1.0"), targets: []string{"zed", "codex", "gemini", "zot"}, quiet: true},
		{name: "number in metadata for copilot", rule: "metadata-type", src: fm(okName, okDesc, "metadata:", "  version: «1.0»"), sev: Warning, on: []string{"copilot"}, message: "metadata.version should be a string"},
		{name: "list in metadata", rule: "metadata-type", src: fm(okName, okDesc, "metadata:", "  tags:", "    «- a»"), sev: Warning, on: []string{"agentskills", "zed", "copilot", "gemini"}, message: "the spec wants string values"},
		{name: "metadata a string", rule: "metadata-type", src: fm(okName, okDesc, "metadata: «v1»"), sev: Error, on: []string{"codex"}},
		{name: "metadata a string, the spec", rule: "metadata-type", src: fm(okName, okDesc, "metadata: «v1»"), sev: Warning, on: []string{"agentskills", "zed", "copilot", "gemini"}},
		{name: "quoted", rule: "metadata-type", src: fm(okName, okDesc, "metadata:", `  version: "1.0"`), quiet: true},
		{name: "list", rule: "allowed-tools-format", src: fm(okName, okDesc, "allowed-tools:", "  «- Read", "  - Grep»"), sev: Warning, on: []string{"agentskills", "zed", "gemini"}},
		{name: "string", rule: "allowed-tools-format", src: fm(okName, okDesc, "allowed-tools: Read Grep"), quiet: true},
		{name: "list for claude-code", rule: "allowed-tools-format", src: fm(okName, okDesc, "allowed-tools:", "  «- Read»"), targets: []string{"claude-code"}, sev: Warning, on: []string{"agentskills"}},
		// The body.
		{name: "501 lines", rule: "body-too-long", src: body(501), sev: Info, on: []string{"agentskills"}, message: "501 lines"},
		{name: "500 lines", rule: "body-too-long", src: body(500), quiet: true},
		{name: "missing file", rule: "link-broken", src: fm(okName, okDesc) + "See [the guide](«references/guide.md»).\n", sev: Warning, on: []string{"agentskills"}},
		{name: "second file of a missing folder", rule: "link-broken", src: fm(okName, okDesc) + "See [a](references/a.md), [b](«references/b.md») and [c](scripts/c.sh).\n", archive: "-- proj/.agents/skills/my-skill/scripts/c.sh --\nx\n", sev: Warning},
		{name: "missing file in a code span", rule: "link-broken", src: fm(okName, okDesc) + "Run `«scripts/run.py»` first.\n", sev: Warning},
		{name: "after multi-byte text", rule: "link-broken", src: fm(okName, "description: Déploie 😀") + "Voir 😀 [é](«références/guide.md#x»).\n", sev: Warning, message: "références/guide.md does not exist"},
		{name: "existing file", rule: "link-broken", src: fm(okName, okDesc) + "See [the guide](references/guide.md#intro) and `scripts/run.py`.\n",
			archive: "-- proj/.agents/skills/my-skill/references/guide.md --\nx\n-- proj/.agents/skills/my-skill/scripts/run.py --\nx\n", quiet: true},
		{name: "link in a code fence", rule: "link-broken", src: fm(okName, okDesc) + "```\n[x](missing.md)\n```\n", quiet: true},
		{name: "absolute URL", rule: "link-broken", src: fm(okName, okDesc) + "[x](https://example.com/a.md) [y](#top)\n", quiet: true},
		{name: "{baseDir} is the skill's folder", rule: "link-broken", src: fm(okName, okDesc) + "See [a]({baseDir}/references/a.md) and `{baseDir}/scripts/run.py`.\n",
			archive: "-- proj/.agents/skills/my-skill/references/a.md --\nx\n-- proj/.agents/skills/my-skill/scripts/run.py --\nx\n", quiet: true},
		{name: "missing under {baseDir}", rule: "link-broken", src: fm(okName, okDesc) + "See [a](«{baseDir}/references/a.md»).\n", sev: Warning, message: "{baseDir}/references/a.md does not exist"},
		{name: "missing under {baseDir} in a code span", rule: "link-broken", src: fm(okName, okDesc) + "Run `«{baseDir}/run.py»`.\n", sev: Warning},
		{name: "${CLAUDE_SKILL_DIR} is the skill's folder", rule: "link-broken", src: fm(okName, okDesc) + "See [a](${CLAUDE_SKILL_DIR}/references/a.md) and `${CLAUDE_SKILL_DIR}/run.sh`.\n",
			archive: "-- proj/.agents/skills/my-skill/references/a.md --\nx\n-- proj/.agents/skills/my-skill/run.sh --\nx\n", quiet: true},
		{name: "missing under ${CLAUDE_SKILL_DIR}", rule: "link-broken", src: fm(okName, okDesc) + "See [a](«${CLAUDE_SKILL_DIR}/references/a.md»).\n", sev: Warning},
		{name: "the project's folder is the agent's to know", rule: "link-broken", src: fm(okName, okDesc) + "See [a](${CLAUDE_PROJECT_DIR}/notes.md) and [b](${CLAUDE_PLUGIN_ROOT}/x.md).\n", quiet: true},
		{name: "{baseDir} leaving the folder", rule: "link-escapes", src: fm(okName, okDesc) + "See [a](«{baseDir}/../x.md»).\n", sev: Warning},
		{name: "parent folder", rule: "link-escapes", src: fm(okName, okDesc) + "See [shared](«../shared/notes.md»).\n", sev: Warning, on: []string{"agentskills"}},
		{name: "parent folder in a code span", rule: "link-escapes", src: fm(okName, okDesc) + "Run `«../other/x.sh»`.\n", sev: Warning},
		{name: "down and back inside", rule: "link-escapes", src: fm(okName, okDesc) + "See [a](references/../references/a.md).\n", archive: "-- proj/.agents/skills/my-skill/references/a.md --\nx\n", quiet: true},
		// Collisions and the catalog.
		{name: "two project roots of copilot", rule: "name-duplicate", src: fm("name: «deploy»", okDesc), file: "proj/.github/skills/deploy/SKILL.md", archive: twoDeploys, sev: Warning, on: []string{"copilot"}, message: "this one is kept"},
		{name: "the duplicate copilot ignores", rule: "name-duplicate", src: fm("name: «deploy»", okDesc), file: "proj/.agents/skills/deploy/SKILL.md", archive: "-- proj/.github/skills/deploy/SKILL.md --\n" + fm("name: deploy", okDesc), sev: Warning, on: []string{"copilot"}, message: "that one is kept and this one ignored"},
		{name: "no name: the opening line", rule: "name-duplicate", src: "«---»\ndescription: x\n---\n", file: "proj/.github/skills/deploy/SKILL.md", archive: twoDeploys, sev: Warning, on: []string{"copilot"}},
		{name: "two skills of one plugin", rule: "name-duplicate", src: fm("name: «same»", okDesc), file: "proj/skills/b/SKILL.md",
			archive: "-- proj/.claude-plugin/plugin.json --\n{\"name\": \"p\"}\n-- proj/skills/a/SKILL.md --\n" + fm("name: same", okDesc), sev: Warning, on: []string{"copilot"},
			message: "another skill of plugin p is named \"same\""},
		{name: "two skills of one plugin: the one dropped", rule: "name-duplicate", src: fm("name: «same»", okDesc), file: "proj/skills/b/SKILL.md",
			archive: "-- proj/.claude-plugin/plugin.json --\n{\"name\": \"p\"}\n-- proj/skills/a/SKILL.md --\n" + fm("name: same", okDesc), sev: Warning, on: []string{"copilot"},
			message: "copilot loads only one of the two, that one, and drops this one"},
		{name: "claude-code names a plugin's skills by folder", rule: "name-duplicate", src: fm("name: same", okDesc), file: "proj/skills/b/SKILL.md",
			archive: "-- proj/.claude-plugin/plugin.json --\n{\"name\": \"p\"}\n-- proj/skills/a/SKILL.md --\n" + fm("name: same", okDesc), targets: []string{"claude-code"}, quiet: true},
		{name: "codex keeps both", rule: "name-duplicate", src: fm("name: deploy", okDesc), file: "proj/.codex/skills/deploy/SKILL.md", archive: twoDeploys, targets: []string{"codex"}, quiet: true},
		{name: "different names", rule: "name-duplicate", src: fm("name: deploy", okDesc), file: "proj/.github/skills/deploy/SKILL.md", archive: "-- proj/.agents/skills/other/SKILL.md --\n" + fm("name: other", okDesc), quiet: true},
		{name: "global hidden by project", rule: "name-shadowed", src: fm("name: «deploy»", okDesc), file: "home/.agents/skills/deploy/SKILL.md", archive: twoDeploys, sev: Warning, on: withOwnReaders(allBut("codex")...), message: "is hidden by the project skill"},
		{name: "codex hides none", rule: "name-shadowed", src: fm("name: «deploy»", okDesc), file: "home/.agents/skills/deploy/SKILL.md", archive: twoDeploys, targets: []string{"codex"}, sev: Warning, on: []string{"agentskills"}},
		{name: "project hides global", rule: "name-shadowed", src: fm("name: «deploy»", okDesc), file: "proj/.agents/skills/deploy/SKILL.md", archive: "-- home/.agents/skills/deploy/SKILL.md --\n" + fm("name: deploy", okDesc), sev: Info, message: "hides the global skill"},
		{name: "claude-code: personal wins", rule: "name-shadowed", src: fm("name: «deploy»", okDesc), file: "proj/.claude/skills/deploy/SKILL.md", archive: "-- home/.claude/skills/deploy/SKILL.md --\n" + fm("name: deploy", okDesc), sev: Warning, on: []string{"claude-code"}},
		{name: "only one", rule: "name-shadowed", src: fm("name: deploy", okDesc), file: "home/.agents/skills/deploy/SKILL.md", quiet: true},
		{name: "dropped from zed's catalog", rule: "catalog-budget", src: fm("name: «zz-last»", "description: "+long(1000)), file: "proj/.agents/skills/zz-last/SKILL.md", archive: budgetTree(50, 1010), sev: Info, on: []string{"zed"}, message: "dropped from the model's catalog"},
		{name: "near the budget", rule: "catalog-budget", src: fm("name: «zz-last»", "description: "+long(100)), file: "proj/.agents/skills/zz-last/SKILL.md", archive: budgetTree(47, 1010), sev: Info, on: []string{"zed"}, message: "fall in the last 10% of the catalog's 51200-byte budget"},
		{name: "well within", rule: "catalog-budget", src: fm("name: zz-last", "description: x"), file: "proj/.agents/skills/zz-last/SKILL.md", archive: budgetTree(3, 1000), quiet: true},
		{name: "outside every root", rule: "not-discovered", src: "«---»\nname: docs\ndescription: x\n---\n", file: "proj/docs/SKILL.md", sev: Info, message: "no agent discovers this file"},
		{name: "too deep for a flat scan", rule: "not-discovered", src: "«---»\nname: x\ndescription: x\n---\n", file: "proj/.agents/skills/group/x/SKILL.md", targets: []string{"zed"}, sev: Info, on: []string{"agentskills", "zed"}, message: "zed reads only"},
		{name: "in the root itself", rule: "not-discovered", src: "«---»\nname: x\ndescription: x\n---\n", file: "proj/.agents/skills/SKILL.md", targets: []string{"zed"}, sev: Info, message: "zed reads skills from folders inside"},
		{name: "in the root itself, loaded by codex", rule: "not-discovered", src: fm("name: x", okDesc), file: "proj/.agents/skills/SKILL.md", targets: []string{"codex"}, quiet: true},
		{name: "misspelt rule", rule: "config-invalid", src: "rules:\n  «body-to-long»: off\n", file: "proj/.skill-ls.yaml", sev: Error, message: `did you mean "body-too-long"`},
		{name: "bad severity", rule: "config-invalid", src: "rules:\n  body-too-long: «warnin»\n", file: "proj/.skill-ls.yaml", sev: Error, message: `did you mean "warning"`},
		{name: "unknown key", rule: "config-invalid", src: "«ignores»: [x]\n", file: "proj/.skill-ls.yaml", sev: Error, message: `did you mean "ignore"`},
		{name: "a valid configuration", rule: "config-invalid", src: "targets: [codex]\nrules:\n  body-too-long: off\nignore: [\"examples/**\"]\n", file: "proj/.skill-ls.yaml", quiet: true},
		{name: "hidden folder for codex", rule: "not-discovered", src: "«---»\nname: x\ndescription: x\n---\n", file: "proj/.codex/skills/.hidden/x/SKILL.md", sev: Info, message: "codex skips hidden folders"},
		{name: "in a root", rule: "not-discovered", src: fm(okName, okDesc), quiet: true},
		{name: "deep for codex", rule: "not-discovered", src: fm("name: x", okDesc), file: "proj/.agents/skills/group/x/SKILL.md", quiet: true},
		{name: "deep in a plugin: claude-code misses it", rule: "not-discovered", src: "«---»\nname: x\ndescription: x\n---\n", file: "proj/skills/group/x/SKILL.md", archive: "-- proj/.codex-plugin/plugin.json --\n{\"name\": \"p\"}\n-- proj/.claude-plugin/plugin.json --\n{\"name\": \"p\"}\n", sev: Info, on: []string{"claude-code"}, message: "no deeper than 1 folder"},
		{name: "left out by a marketplace entry", rule: "not-discovered", src: "«---»\nname: t\ndescription: x\n---\n", file: "proj/template/SKILL.md", archive: "-- proj/.claude-plugin/marketplace.json --\n" + `{"name": "m", "owner": {}, "plugins": [{"name": "a", "source": "./", "strict": false, "skills": ["./skills/x"]}]}` + "\n-- proj/skills/x/SKILL.md --\n" + fm("name: x", okDesc), sev: Info, message: "only the skills they list"},
		{name: "in a plugin's skills folder", rule: "not-discovered", src: fm("name: x", okDesc), file: "proj/skills/x/SKILL.md", archive: "-- proj/.claude-plugin/plugin.json --\n{\"name\": \"p\"}\n", quiet: true},
		// Package manifests.
		{name: "trailing comma", rule: "manifest-json", src: `{"name": "p"«,»}`, file: "proj/.claude-plugin/plugin.json", sev: Error, message: "not valid JSON"},
		{name: "an array", rule: "manifest-json", src: `«[1]»`, file: "proj/gemini-extension.json", sev: Error, message: "not an object"},
		{name: "valid", rule: "manifest-json", src: `{"name": "p"}`, file: "proj/.claude-plugin/plugin.json", quiet: true},
		// The files agents keep installed plugins in.
		{name: "enabledPlugins not a boolean", rule: "installed-config", src: `{"enabledPlugins": {"p@m": «"yes"»}}`, file: "home/.claude/settings.json", sev: Warning, on: []string{"claude-code"}, message: "Claude Code ignores it"},
		{name: "config.toml not TOML", rule: "installed-config", src: "[plugins.\"p@m\"]\nenabled = «tru»\n", file: "home/.codex/config.toml", sev: Error, on: []string{"codex"}, message: "not valid TOML"},
		{name: "settings with comments", rule: "installed-config", src: "{\n  // mine\n  \"enabledPlugins\": {\"p@m\": false,},\n}\n", file: "home/.copilot/settings.json", quiet: true},
		{name: "skills as objects", rule: "manifest-field", src: `{"name": "p", "skills": [«{"path": "./x"}»]}`, file: "proj/.claude-plugin/plugin.json", sev: Error, on: []string{"claude-code", "codex", "copilot"}, message: "refuse the plugin"},
		{name: "unknown key, open schema", rule: "manifest-field", src: `{"name": "p", «"colour"»: 1}`, file: "proj/.claude-plugin/plugin.json", sev: Warning, message: "ignore the unknown field"},
		{name: "unknown key, closed schema", rule: "manifest-field", src: `{"name": "p", «"colour"»: 1}`, file: "proj/.cursor-plugin/plugin.json", sev: Error, on: []string{"cursor"}, message: "refuses the plugin"},
		{name: "name missing", rule: "manifest-field", src: `«{»"version": "1"}`, file: "proj/.codex-plugin/plugin.json", sev: Error, on: []string{"codex"}, message: "required field \"name\""},
		{name: "only a name", rule: "manifest-field", src: `{"name": "p"}`, file: "proj/.claude-plugin/plugin.json", quiet: true},
		{name: "space for codex", rule: "manifest-name", src: `{"name": «"my plugin"»}`, file: "proj/.codex-plugin/plugin.json", sev: Error, on: []string{"codex"}, message: "refuses the plugin"},
		{name: "colon for VS Code", rule: "manifest-name", src: `{"name": «"a:b"»}`, file: "proj/.claude-plugin/plugin.json", sev: Error, on: []string{"copilot"}, message: "silently skips"},
		{name: "reserved marketplace", rule: "manifest-name", src: `{"name": «"claude-plugins-official"», "owner": {}, "plugins": []}`, file: "proj/.claude-plugin/marketplace.json", sev: Error, message: "reserved"},
		{name: "kebab case", rule: "manifest-name", src: `{"name": "good-name"}`, file: "proj/.codex-plugin/plugin.json", quiet: true},
		{name: "no ./", rule: "manifest-path", src: `{"name": "p", "skills": «"skills/x"»}`, file: "proj/.claude-plugin/plugin.json", archive: "-- proj/skills/x/SKILL.md --\n" + fm("name: x", okDesc), sev: Error, message: "does not start with ./"},
		{name: "source leaves the root", rule: "manifest-path", src: `{"name": "m", "owner": {}, "plugins": [{"name": "a", "source": «"./../x"»}]}`, file: "proj/.claude-plugin/marketplace.json", sev: Error, message: "contains .."},
		{name: "names nothing", rule: "manifest-path", src: `{"name": "p", "skills": «"./nope"»}`, file: "proj/.claude-plugin/plugin.json", sev: Warning, message: "names nothing"},
		{name: "a skills folder", rule: "manifest-path", src: `{"name": "p", "skills": "./more"}`, file: "proj/.claude-plugin/plugin.json", archive: "-- proj/more/x/SKILL.md --\n" + fm("name: x", okDesc), quiet: true},
		{name: "two entries named a", rule: "marketplace-duplicate", src: `{"name": "m", "owner": {}, "plugins": [{"name": "a", "source": "./a"}, {"name": «"a"», "source": "./a"}]}`, file: "proj/.claude-plugin/marketplace.json", archive: "-- proj/a/.claude-plugin/plugin.json --\n{\"name\": \"a\"}\n", sev: Warning, message: "keep the first"},
		{name: "two names", rule: "marketplace-duplicate", src: `{"name": "m", "owner": {}, "plugins": [{"name": "a", "source": "./a"}, {"name": "b", "source": "./a"}]}`, file: "proj/.claude-plugin/marketplace.json", archive: "-- proj/a/.claude-plugin/plugin.json --\n{\"name\": \"a\"}\n", quiet: true},
		{name: "strict false with components", rule: "marketplace-conflict", src: `{"name": "m", "owner": {}, "plugins": [{"name": "a", "source": "./a", «"strict"»: false}]}`, file: "proj/.claude-plugin/marketplace.json", archive: "-- proj/a/.claude-plugin/plugin.json --\n{\"name\": \"a\", \"skills\": \"./skills\"}\n", sev: Error, on: []string{"claude-code"}, message: "refuses the plugin"},
		{name: "codex name differs", rule: "marketplace-conflict", src: `{"name": "m", "plugins": [{"name": «"a"», "source": {"source": "local", "path": "./a"}}]}`, file: "proj/.agents/plugins/marketplace.json", archive: "-- proj/a/.codex-plugin/plugin.json --\n{\"name\": \"b\"}\n", sev: Error, on: []string{"codex"}, message: "must be equal"},
		{name: "strict false alone", rule: "marketplace-conflict", src: `{"name": "m", "owner": {}, "plugins": [{"name": "a", "source": "./a", "strict": false}]}`, file: "proj/.claude-plugin/marketplace.json", archive: "-- proj/a/.claude-plugin/plugin.json --\n{\"name\": \"a\"}\n", quiet: true},
		{name: "unknown plugin variable", rule: "variable-unknown", src: `{"name": "p", "hooks": {"x": "«${CLAUDE_PLUGIN_DIR}»/run.sh"}}`, file: "proj/.claude-plugin/plugin.json", sev: Warning, on: []string{"claude-code"}, message: "leaves ${CLAUDE_PLUGIN_DIR} as written"},
		{name: "in a skill outside a plugin", rule: "variable-unknown", src: fm(okName, okDesc) + "Run «${CLAUDE_PLUGIN_ROOT}»/run.sh\n", sev: Warning, on: []string{"claude-code"}, message: "only in the skills of a plugin"},
		{name: "in a plugin's skill", rule: "variable-unknown", src: fm("name: x", okDesc) + "Run ${CLAUDE_PLUGIN_ROOT}/run.sh and ${CLAUDE_SKILL_DIR}\n", file: "proj/skills/x/SKILL.md", archive: "-- proj/.claude-plugin/plugin.json --\n{\"name\": \"p\"}\n", quiet: true},
		{name: "unknown in a plugin's skill", rule: "variable-unknown", src: fm("name: x", okDesc) + "Run «${CLAUDE_PLUGIN_HOME}»/run.sh\n", file: "proj/skills/x/SKILL.md", archive: "-- proj/.claude-plugin/plugin.json --\n{\"name\": \"p\"}\n", sev: Warning, message: "leaves ${CLAUDE_PLUGIN_HOME} as written"},
		{name: "replaced in every skill", rule: "variable-unknown", src: fm(okName, okDesc) + "Run ${CLAUDE_SKILL_DIR}/run.sh in ${CLAUDE_PROJECT_DIR} for ${CLAUDE_SESSION_ID}\n", quiet: true},
		{name: "a variable claude-code does not know, in a skill", rule: "variable-unknown", src: fm(okName, okDesc) + "Run «${CLAUDE_SKILL_ROOT}»/run.sh\n", sev: Warning, on: []string{"claude-code"}, message: "leaves ${CLAUDE_SKILL_ROOT} as written"},
		{name: "the plugin's data outside a plugin", rule: "variable-unknown", src: fm(okName, okDesc) + "Keep it in «${CLAUDE_PLUGIN_DATA}»\n", sev: Warning, message: "only in the skills of a plugin"},
		{name: "the plugin root", rule: "variable-unknown", src: `{"name": "p", "hooks": {"x": "${CLAUDE_PLUGIN_ROOT}/run.sh"}}`, file: "proj/.claude-plugin/plugin.json", quiet: true},

		// The suppression directives (suppress_test.go has more).
		{name: "no reason", rule: "suppression-without-reason", src: fm(okName, okDesc) + "«<!-- skill-ls-disable-next-line link-broken -->»\nSee [a](a.md).\n", sev: Warning, message: "without a reason"},
		{name: "a reason", rule: "suppression-without-reason", src: fm(okName, okDesc) + "<!-- skill-ls-disable-next-line link-broken -- written at install -->\nSee [a](a.md).\n", quiet: true},
		{name: "unknown rule", rule: "suppression-invalid", src: fm(okName, okDesc) + "<!-- skill-ls-disable-next-line «link-broke» -- why -->\nSee [a](a.md).\n", sev: Warning, message: `did you mean "link-broken"?`},
		{name: "known rules", rule: "suppression-invalid", src: fm(okName, okDesc) + "<!-- skill-ls-disable-next-line link-broken, link-escapes -- why -->\nSee [a](a.md) and [b](../b.md).\n", quiet: true},
		{name: "nothing suppressed", rule: "suppression-unused", src: fm(okName, okDesc) + "<!-- skill-ls-disable-next-line «link-broken» -- why -->\nSee the guide.\n", sev: Info, message: "unused suppression"},
		{name: "a suppression comment is no hidden text", rule: "hidden-text", src: fm(okName, okDesc) + "<!-- skill-ls-disable-next-line link-broken -- written at install -->\nSee [a](a.md).\n", quiet: true},
		{name: "a finding suppressed", rule: "suppression-unused", src: fm(okName, okDesc) + "<!-- skill-ls-disable-next-line link-broken -- why -->\nSee [a](a.md).\n", quiet: true},
	}, hostileCases()...)
}

// budgetTree is n skills in the project whose name and description take
// size bytes each, named so that they come first in the catalog.
func budgetTree(n, size int) string {
	var b strings.Builder
	for i := range n {
		name := fmt.Sprintf("skill-%03d", i)
		fmt.Fprintf(&b, "-- proj/.agents/skills/%s/SKILL.md --\n---\nname: %s\ndescription: %s\n---\n", name, name, strings.Repeat("d", size-len(name)))
	}
	return b.String()
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases() {
		t.Run(c.rule+"/"+c.name, func(t *testing.T) {
			file := orDefault(c.file, mySkill)
			tr := newTestTree(t, Config{Targets: c.targets}, append(txtarFiles(c.archive), treeFile{path: file, data: c.src, fifo: c.fifo, mode: c.mode})...)
			got := tr.findings(file, c.rule)
			if c.quiet {
				if len(got) > 0 {
					t.Fatalf("%s fired: %+v", c.rule, got)
				}
				return
			}
			want, ok := tr.marks[file]
			if !ok {
				t.Fatal("the case marks no range")
			}
			src := tr.src[file]
			i := slices.IndexFunc(got, func(f Finding) bool {
				return f.Range == want && strings.Contains(f.Message, c.message) && foldedAs(f, c.sev, c.on)
			})
			if i < 0 {
				t.Fatalf("no %s %s at %v %q; got %v", c.sev, c.rule, want, want.Text(src), describeRanges(src, got))
			}
		})
	}
}

// foldedAs reports whether f says what a case wants of the agents on (nil:
// any) at severity sev: f itself, or the one finding its rule has at its
// place (onefinding.go), naming the agents on among its targets, at sev,
// or at a stricter severity with on among those that load the file
// anyway.
func foldedAs(f Finding, sev Severity, on []string) bool {
	if on == nil || sameSet(f.Targets, on) {
		return f.Severity == sev || on == nil && f.Severity > sev
	}
	for _, id := range on {
		if !slices.Contains(f.Targets, id) {
			return false
		}
	}
	if f.Severity == sev {
		return true
	}
	_, loaders, ok := strings.Cut(f.Message, " refuse the file")
	if !ok {
		_, loaders, ok = strings.Cut(f.Message, " refuses the file")
	}
	return ok && f.Severity > sev && !slices.ContainsFunc(on, func(id string) bool { return !strings.Contains(loaders, id) })
}

// TestRulesCovered asks every rule of the catalog for a case that fires it
// and one that keeps it quiet.
func TestRulesCovered(t *testing.T) {
	fires, quiet := map[string]bool{}, map[string]bool{}
	for _, c := range ruleCases() {
		if RuleByID(c.rule) == nil {
			t.Errorf("case %q tests %q, which is not in Rules", c.name, c.rule)
		}
		if c.quiet {
			quiet[c.rule] = true
		} else {
			fires[c.rule] = true
		}
	}
	for _, r := range Rules {
		if !fires[r.ID] {
			t.Errorf("no case fires %s", r.ID)
		}
		if !quiet[r.ID] {
			t.Errorf("no near miss keeps %s quiet", r.ID)
		}
	}
}

// TestRuleIDsEmitted reads the source of skillcore, its subpackages and
// analysis for every rule id a finding can carry — the first argument of an add call, the
// rules given to the checker's text call, a Rule
// field, a variable named rule, a case of a switch on a rule — and holds it
// to the catalog in both directions.
func TestRuleIDsEmitted(t *testing.T) {
	emitted := map[string]string{}
	// skillcore and its subpackages (fsys, syntax) emit rules too.
	for _, dir := range []string{".", "../skillcore", "../skillcore/*"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			for id, at := range ruleLiterals(t, name) {
				emitted[id] = at
			}
		}
	}
	t.Logf("%d rule ids emitted", len(emitted))
	for id, at := range emitted {
		if RuleByID(id) == nil {
			t.Errorf("%s: rule %q is not in Rules", at, id)
		}
	}
	for _, r := range Rules {
		if _, ok := emitted[r.ID]; !ok {
			t.Errorf("rule %s is in Rules but nothing emits it", r.ID)
		}
	}
	ids := map[string]bool{}
	for _, r := range Rules {
		if ids[r.ID] {
			t.Errorf("rule %s is listed twice", r.ID)
		}
		ids[r.ID] = true
		if r.Summary == "" || r.Doc == "" || r.Example == "" {
			t.Errorf("rule %s lacks a summary, doc or example", r.ID)
		}
	}
}

var ruleIDRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ruleLiterals finds the rule ids a Go file emits, with where.
func ruleLiterals(t *testing.T, name string) map[string]string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	lit := func(e ast.Expr) {
		if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
			if s, err := strconv.Unquote(b.Value); err == nil && ruleIDRE.MatchString(s) {
				out[s] = fset.Position(b.Pos()).String()
			}
		}
	}
	isRule := func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.Ident:
			return e.Name == "rule"
		case *ast.SelectorExpr:
			return e.Sel.Name == "Rule"
		}
		return false
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "add" && len(n.Args) > 0 {
				lit(n.Args[0])
			}
			// The checker's text and typedText(key, missingRule, typeRule, ...).
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "text" || sel.Sel.Name == "typedText") && len(n.Args) > 2 {
				lit(n.Args[1])
				lit(n.Args[2])
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Rule" {
				lit(n.Value)
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if isRule(l) && i < len(n.Rhs) {
					lit(n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name == "rule" && i < len(n.Values) {
					lit(n.Values[i])
				}
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && isRule(n.Tag) {
				for _, s := range n.Body.List {
					for _, e := range s.(*ast.CaseClause).List {
						lit(e)
					}
				}
			}
		}
		return true
	})
	return out
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func describeRanges(src []byte, fs []Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%v %q %s %v", f.Range, f.Range.Text(src), f.Severity, f.Targets))
	}
	return strings.Join(out, "; ")
}
