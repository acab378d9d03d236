package claudecode

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
	"golang.org/x/text/width"
)

// Claude Code 2.1.328 (@anthropic-ai/claude-code): the skill listing of the
// Skill tool, byte for byte, and the budget it is fitted into. Facts:
// testdata/conformance/notes/claude-code.md §7, from the bundled
// JavaScript (_3n, o5t, y3n), held to the agent by the conformance
// suite's catalog comparison.
//
// The listing is "The following skills are available for use with the
// Skill tool:", a blank line, and one line per skill, the agent's own
// skills last. skill-ls renders the project's and the user's skills only;
// the agent's own are counted against the budget (claudeBuiltins).

// claudeWidth is how wide a line is on a terminal, which is how the
// listing's budget counts it (Bun.stringWidth with ambiguous characters
// narrow): wide and fullwidth characters, emoji among them, 2; controls,
// combining marks and other zero-width characters 0; the rest 1. An emoji
// modifier or a character joined by U+200D adds nothing.
func claudeWidth(s string) int {
	n := 0
	joined := false
	for _, r := range s {
		switch {
		case r < 0x20 || r >= 0x7f && r < 0xa0:
		case r == 0x200d:
			joined = true
			continue
		case r >= 0x1f3fb && r <= 0x1f3ff, r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0000 && r <= 0xe0fff,
			r >= 0x1160 && r <= 0x11ff, unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		case joined:
		case r < 0x1100:
			n++
		default:
			switch width.LookupRune(r).Kind() {
			case width.EastAsianWide, width.EastAsianFullwidth:
				n += 2
			default:
				n++
			}
		}
		joined = false
	}
	return n
}

// claudeBuiltin is one of the agent's own skills in the listing of a fresh
// home: its name and the width (claudeWidth) of its whole line. The bundled ones
// always keep their lines; the others compete with the user's skills,
// after them.
type claudeBuiltin struct {
	name    string
	line    int
	bundled bool
}

// claudeBuiltins are Claude Code 2.1.328's own listed skills, in listing
// order, as a fresh home lists them (more may show with plugins or
// feature flags). A skill of the same name replaces one.
var claudeBuiltins = []claudeBuiltin{
	{"dataviz", 1447, true}, {"update-config", 707, true}, {"keybindings-help", 248, true},
	{"code-review", 850, true}, {"simplify", 188, true}, {"fewer-permission-prompts", 191, true},
	{"loop", 344, true}, {"claude-api", 1171, true}, {"workflow-authoring", 252, true},
	{"run", 368, true}, {"plugin-authoring", 275, true},
	{"init", 67, false}, {"security-review", 90, false},
}

// claudeStyle: "- <folder>: <text>", or "- <folder> (<name>): <text>"
// when the frontmatter name is another word the listing can show
// (listNames); RenderCatalog fits the lines with renderClaude.
var ClaudeStyle = loader.CatalogStyle{
	Head: "The following skills are available for use with the Skill tool:\n\n",
	Sep:  "\n",
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
		return "- " + name + ": " + ClaudeListing(t, s)
	},
}

// claudeFit is the listing Claude Code sends: each entry's line, whole or
// by name only.
type claudeFit struct {
	lines    []string // per entry; "" for none
	nameOnly []bool
	// cost is what the listing takes with every line whole, its own
	// skills and line breaks included; limit is the budget.
	cost, limit int
}

// fitClaude fits the entries' listing into t's budget as _3n does: when
// the whole lines are over it, the bundled skills keep theirs, every other
// line is first counted by name only, and then, in listing order, each
// skill gets its description back while the difference fits.
func fitClaude(t *loader.Target, entries []loader.CatalogEntry, memo *loader.FitMemo) claudeFit {
	limit := t.Fit.Limit
	if t.Fit.Model != loader.FitClaude || limit <= 0 {
		limit = int(^uint(0) >> 1)
	}
	f := claudeFit{lines: make([]string, len(entries)), nameOnly: make([]bool, len(entries)), limit: limit}
	full := make([]int, len(entries))
	short := make([]int, len(entries))
	names := map[string]bool{}
	n := 0
	for i, e := range entries {
		if e.Skill == nil {
			continue
		}
		n++
		names[e.InstalledName(t)] = true
		bare := "- " + e.DisplayName(t)
		f.lines[i] = bare + ": " + memo.Text(t, e.Skill)
		full[i], short[i] = claudeWidth(f.lines[i]), claudeWidth(bare)
		f.cost += full[i]
	}
	if n == 0 {
		f.cost = 0
		return f
	}
	fixed, others := 0, 0
	for _, b := range claudeBuiltins {
		if names[b.name] {
			continue
		}
		n++
		f.cost += b.line
		if b.bundled {
			fixed += b.line
		} else {
			others += 2 + claudeWidth(b.name)
		}
	}
	f.cost += n - 1
	if f.cost <= limit {
		return f
	}
	room := limit - fixed - others - (n - 1)
	for i := range entries {
		if f.lines[i] != "" {
			room -= short[i]
		}
	}
	for i := range entries {
		if f.lines[i] == "" {
			continue
		}
		if d := full[i] - short[i]; d <= room {
			room -= d
			continue
		}
		f.nameOnly[i] = true
		f.lines[i] = "- " + entries[i].DisplayName(t)
	}
	return f
}

// renderClaude is the listing of the entries, fitted to the budget, without
// the agent's own skills; "" when no entry is listed.
func renderClaude(t *loader.Target, entries []loader.CatalogEntry) string {
	f := fitClaude(t, entries, nil)
	var lines []string
	for _, l := range f.lines {
		if l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return ClaudeStyle.Head + strings.Join(lines, "\n")
}

// fits says, for each of entries, how the budget leaves its line.
func (f claudeFit) fits() []loader.Fitted {
	out := make([]loader.Fitted, len(f.lines))
	for i := range f.lines {
		if f.nameOnly[i] {
			out[i].State = loader.FitNameOnly
		}
		out[i].Cost, out[i].Limit = f.cost, f.limit
	}
	return out
}

// ClaudeOwnSkill reports whether an entry of Claude Code's listing (its
// lines joined by "\n") is one of the agent's own skills as a fresh home
// lists it: named after one and exactly as wide. A skill of the user's
// that replaces one is, in practice, never as wide.
func ClaudeOwnSkill(entry string) bool {
	name, _, _ := strings.Cut(strings.TrimPrefix(entry, "- "), ":")
	for _, b := range claudeBuiltins {
		if b.name == name {
			// The table's widths count a description's line breaks.
			return claudeWidth(entry)+strings.Count(entry, "\n") == b.line || entry == "- "+name && !b.bundled
		}
	}
	return false
}

// listingCut ends a listing that claude-code cuts.
const listingCut = "…"

// claudeListNames sets the names the listing lines show: claude-code adds the
// frontmatter name to a skill's folder name where that name is another
// word and names no other skill (not a folder of the listing, nor one of
// the agent's own skills, nor the shown name of one listed before it).
func claudeListNames(t *loader.Target, entries []loader.CatalogEntry) {
	names := make(map[string]bool, len(entries)+len(claudeBuiltins))
	for _, e := range entries {
		names[e.DisplayName(t)] = true
	}
	for _, b := range claudeBuiltins {
		names[b.name] = true // the agent's own skills are in its listing too
	}
	for i := range entries {
		e := &entries[i]
		name := e.DisplayName(t)
		shown := ClaudeShownName(t, e.Skill)
		if plugin, _, ok := strings.Cut(name, ":"); ok && shown != "" && (e.Scope == loader.ScopePackage || e.Scope == loader.ScopeInstalled) {
			shown = plugin + ":" + shown // a plugin's skill shows "plugin:name"
		}
		if shown == "" || shown == name || strings.HasSuffix(name, ":"+shown) || names[shown] {
			continue
		}
		names[shown] = true
		e.Listed = name + " (" + shown + ")"
	}
}

// claudeNameWord is what a display name must be for the listing to show
// it beside the folder.
var claudeNameWord = regexp.MustCompile(`^[\p{L}\p{M}\p{N}_:.-]+$`)

// claudeShownName is the frontmatter name the listing shows beside the
// folder name, or "": any scalar, as text, of at most 256 UTF-16 units and
// made of letters, marks, digits and _:.- only.
func ClaudeShownName(t *loader.Target, s *loader.Skill) string {
	f := t.Meta(s).Field("name")
	if f == nil || !f.Value.IsScalar() || f.Value.Kind == syntax.KindNull {
		return ""
	}
	name := f.Value.Text
	if loader.UTF16Len(name) > 256 || !claudeNameWord.MatchString(name) {
		return ""
	}
	return name
}

// claudeListing is the description part of claude-code's listing line:
// the description, " - " and the target's ListingExtra field, cut past
// ListingMax UTF-16 units to ListingMax-1 of them and listingCut. Without a
// description claude-code takes the body's first line.
func ClaudeListing(t *loader.Target, s *loader.Skill) string {
	text, cut := claudeListingText(t, s)
	if cut {
		text = loader.CutUTF16(text, t.Description.ListingMax-1) + listingCut
	}
	return text
}

// claudeListingText returns the listing before any cut, and whether it is cut.
func claudeListingText(t *loader.Target, s *loader.Skill) (string, bool) {
	desc, ok := claudeText(t, s, "description")
	if !ok {
		desc = claudeClean(loader.FirstLineDescription(t.Body(s).Text(s.Src)))
	}
	if t.Description.ListingExtra != "" {
		if extra, ok := claudeText(t, s, t.Description.ListingExtra); ok {
			desc += " - " + extra
		}
	}
	limit := t.Description.ListingMax
	return desc, limit > 0 && loader.UTF16Len(desc) > limit
}

// claudeText is a field as claude-code shows it: a string trimmed (blank
// is none), a number or boolean as its text, anything else none; then
// cleaned for the listing.
func claudeText(t *loader.Target, s *loader.Skill, key string) (string, bool) {
	f := t.Meta(s).Field(key)
	if f == nil || !f.Value.IsScalar() || f.Value.Kind == syntax.KindNull {
		return "", false
	}
	text := f.Value.Text
	if f.Value.Kind == syntax.KindString {
		if text = strings.TrimSpace(text); text == "" {
			return "", false
		}
	}
	return claudeClean(text), true
}

// claudeClean turns each run of control and format characters into one
// space and escapes < and >, as the listing does; runs of spaces stay.
func claudeClean(text string) string {
	var b strings.Builder
	run := false
	for _, r := range text {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
			if !run {
				b.WriteByte(' ')
			}
			run = true
			continue
		}
		run = false
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		default:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// claudeLister is Claude Code's own catalog code. Its listing is in the
// order it finds the skills in.
var claudeLister = &loader.Lister{
	Style: &ClaudeStyle, Render: renderClaude, Names: claudeListNames, FoundOrder: true,
	Fit: func(t *loader.Target, entries []loader.CatalogEntry, memo *loader.FitMemo) []loader.Fitted {
		return fitClaude(t, entries, memo).fits()
	},
	FitText: ClaudeListing,
	Cuts: func(t *loader.Target, s *loader.Skill) bool {
		_, cut := claudeListingText(t, s)
		return cut
	},
	CutAt: func(t *loader.Target) int { return t.Description.ListingMax },
}

func init() { Target.Lister = claudeLister }
