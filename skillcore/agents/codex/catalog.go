package codex

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// Codex 0.169.0 (@openai/codex): the host skill catalog, byte for byte, and
// the budget it is fitted into. The catalog is the developer-message item
// "<skills_instructions>…</skills_instructions>" that `codex debug
// prompt-input` prints; the wrapper tags are part of the item, so they are
// part of the catalog here. Facts: testdata/conformance/notes/codex.md §7,
// from codex-rs/ext/skills/src/render.rs and catalog_prompt.rs
// (render_available_skills, allocate_skill_lines), held to the agent by the
// conformance suite's catalog comparison.

// The catalog's lead-ins: the aliased form has a table of skill roots and
// short paths, the absolute form full paths.
const (
	CodexAliasIntro = "A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. Below is the list of skills that can be used. Each entry includes a name, description, and a short path that can be expanded into an absolute path using the skill roots table."
	CodexAbsIntro   = "A skill is a set of instructions provided through a `SKILL.md` source. Below is the list of skills that can be used. Each entry includes a name, description, and source locator. `file` locators are on the host filesystem, `executor package` locators are owned by their execution environment, `cloud package` locators are opaque package identifiers, and `custom resource` locators use their provider's access mechanism."
)

// codexDescMax is the most description chars a catalog line shows; a longer
// one is cut to codexDescMax-3 chars and "...".
const codexDescMax = 1024

// codexLine is one skill of the catalog.
type codexLine struct {
	entry      int // index in the caller's entries
	name, desc string
	path, root string // display path and the root it was found under
	rank       int    // scope: system 0, admin 1, repo 2, user 3
	order      [2]int // the root's place in the alias table's order
	descChars  int
}

// codexFit is the catalog Codex renders: the form it picks and how much of
// each line's description stays.
type codexFit struct {
	lines   []codexLine // catalog order
	kept    []int       // description chars kept per line; -1: dropped
	Aliased bool
	Roots   []string // the alias table, r0 first (aliased form)
	// stage is how far the fit went: 0 all whole, 1 descriptions cut,
	// 2 descriptions removed (and skills dropped where even that is over).
	stage int
	// cost is what the catalog would take with every line whole (the
	// table included in the aliased form); limit is the budget.
	cost, limit int
}

// codexTokens is Codex's approx_token_count: a token per 4 bytes, rounded up.
func CodexTokens(bytes int) int { return (bytes + 3) / 4 }

// codexLineLen is the byte length of codexLineText's line for a
// description of descBytes bytes.
func codexLineLen(name string, descBytes int, loc string) int {
	n := len("- ") + len(name) + len(": (file: ") + len(loc) + len(")")
	if descBytes > 0 {
		n += descBytes + 1
	}
	return n
}

func codexLineText(name, desc, loc string) string {
	if desc == "" {
		return "- " + name + ": (file: " + loc + ")"
	}
	return "- " + name + ": " + desc + " (file: " + loc + ")"
}

// codexBody is the catalog inside its tags, its leading and trailing line
// breaks included; roots are the table's lines.
func codexBody(intro string, roots, lines []string) string {
	var b strings.Builder
	b.WriteString("\n## Skills\n")
	b.WriteString(intro)
	b.WriteString("\n")
	if len(roots) > 0 {
		b.WriteString("### Skill roots\n")
		for _, r := range roots {
			b.WriteString(r)
			b.WriteString("\n")
		}
	}
	b.WriteString("### Available skills\n")
	for _, l := range lines {
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String()
}

func codexRootLines(roots []string) []string {
	out := make([]string, len(roots))
	for i, r := range roots {
		out[i] = "- `r" + itoa(i) + "` = `" + r + "`"
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

// codexScopeRank is the catalog's order of scopes: system, admin (under
// /etc/codex), repo, user.
func codexScopeRank(scope loader.Scope, root string) int {
	switch {
	case scope == loader.ScopeProject:
		return 2
	case strings.HasPrefix(root, "/etc/"):
		return 1
	}
	return 3
}

// codexRootOrder is where a root stands in the loader's list, which orders
// the alias table: the project's .codex/skills from the working folder up,
// then the user's and the admin's roots and plugins, then the project's
// .agents/skills from the top down.
func codexRootOrder(scope loader.Scope, root string, rank int) [2]int {
	depth := strings.Count(root, "/")
	if scope == loader.ScopeProject {
		switch {
		case strings.HasSuffix(root, "/.codex/skills"):
			return [2]int{0, -depth}
		case strings.HasSuffix(root, "/.agents/skills"):
			return [2]int{2, depth}
		}
	}
	return [2]int{1, rank}
}

// cutChars keeps the first n chars (code points) of s.
func cutChars(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// codexCatalogLines are the entries as catalog lines, in Codex's order.
func codexCatalogLines(t *loader.Target, entries []loader.CatalogEntry, memo *loader.FitMemo) []codexLine {
	var lines []codexLine
	if cm := codexMemoOf(memo); cm != nil {
		lines = cm.lines[:0]
	}
	lines = slices.Grow(lines, len(entries))
	for i, e := range entries {
		if e.Skill == nil {
			continue
		}
		desc := memo.Text(t, e.Skill)
		n := utf8.RuneCountInString(desc)
		if n > codexDescMax {
			desc, n = cutChars(desc, codexDescMax-3)+"...", codexDescMax
		}
		root := strings.ReplaceAll(e.Root, `\`, "/")
		lines = append(lines, codexLine{entry: i, name: e.DisplayName(t), desc: desc, descChars: n,
			path: strings.ReplaceAll(e.ShownPath(), `\`, "/"), root: root,
			rank: codexScopeRank(e.Scope, root), order: codexRootOrder(e.Scope, root, e.RootRank)})
	}
	slices.SortStableFunc(lines, func(a, b codexLine) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	return lines
}

// fitCodex fits the entries' catalog into t's budget as Codex does: both
// forms are fitted and the aliased one is taken when it keeps more skills,
// else cuts fewer description chars, else costs less.
func FitCodex(t *loader.Target, entries []loader.CatalogEntry, memo *loader.FitMemo) codexFit {
	limit := t.Fit.Limit
	cm := codexMemoOf(memo)
	lines := codexCatalogLines(t, entries, memo)
	var abs, short []string
	if memo != nil {
		cm.lines = lines
		abs, short = loader.Reuse(&cm.abs, len(lines)), loader.Reuse(&cm.short, len(lines))
	} else {
		abs, short = make([]string, len(lines)), make([]string, len(lines))
	}
	for i, l := range lines {
		abs[i] = l.path
	}
	best := codexFit{lines: lines, limit: limit}
	best.kept, best.cost, best.stage = codexAllocate(lines, abs, limit, cm.allocScratch(0))
	if len(lines) == 0 {
		return best
	}
	// The alias table: the roots of the listed skills, in the loader's
	// order of roots (see codexAliasRoots).
	roots := codexAliasRoots(lines)
	if len(roots) == 0 {
		return best
	}
	rootLines := codexRootLines(roots)
	table := max(0, CodexTokens(len(codexBody(CodexAliasIntro, rootLines, nil)))-CodexTokens(len(codexBody(CodexAbsIntro, nil, nil))))
	if table >= limit {
		return best
	}
	cm.useRoots(roots)
	for i, l := range lines {
		short[i] = cm.shortPath(roots, l.path)
	}
	kept, cost, stage := codexAllocate(lines, short, limit-table, cm.allocScratch(1))
	alias := codexFit{lines: lines, kept: kept, Aliased: true, Roots: roots, cost: table + cost, limit: limit, stage: stage}
	aDropped, aCut, aCost := alias.tally(short)
	bDropped, bCut, bCost := best.tally(abs)
	switch {
	case aDropped != bDropped:
		if aDropped < bDropped {
			best = alias
		}
	case aCut != bCut:
		if aCut < bCut {
			best = alias
		}
	case table+aCost < bCost:
		best = alias
	}
	return best
}

// tally counts the skills a fit drops, the description chars it cuts
// (all of a dropped skill's) and the tokens of its lines.
func (f codexFit) tally(locs []string) (dropped, cut, cost int) {
	for i, l := range f.lines {
		k := f.kept[i]
		if k < 0 {
			dropped++
			cut += l.descChars
			continue
		}
		cut += l.descChars - k
		cost += CodexTokens(codexLineLen(l.name, len(cutChars(l.desc, k)), locs[i]) + 1)
	}
	return
}

// codexShorten is the path as r<N>/<rest> under the longest root that
// holds it.
func codexShorten(roots []string, path string) string {
	best, at := -1, 0
	for i, r := range roots {
		r = strings.TrimRight(r, "/")
		// r + "/" starts path; no string is made: this runs for every
		// line and root of a catalog.
		if len(path) > len(r) && path[len(r)] == '/' && strings.HasPrefix(path, r) && (best < 0 || len(r) > at) {
			best, at = i, len(r)
		}
	}
	if best < 0 {
		return path
	}
	return "r" + itoa(best) + "/" + path[at+1:]
}

// codexAllocate is allocate_skill_lines: the description chars each line
// keeps (-1 for a dropped line) within limit tokens, what the lines would
// cost whole, and the stage it reached (see codexFit).
func codexAllocate(lines []codexLine, locs []string, limit int, scratch *allocScratch) (kept []int, full, stage int) {
	if scratch == nil {
		scratch = &allocScratch{}
	}
	kept, mins := loader.Reuse(&scratch.kept, len(lines)), loader.Reuse(&scratch.mins, len(lines))
	minSum := 0
	for i, l := range lines {
		full += CodexTokens(codexLineLen(l.name, len(l.desc), locs[i]) + 1)
		kept[i] = l.descChars
		mins[i] = CodexTokens(codexLineLen(l.name, 0, locs[i]) + 1)
		minSum += mins[i]
	}
	if full <= limit {
		return kept, full, 0
	}
	if minSum > limit {
		// Every description goes, then every skill that does not fit.
		used := 0
		for i, m := range mins {
			if used+m <= limit {
				used += m
				kept[i] = 0
			} else {
				kept[i] = -1
			}
		}
		return kept, full, 2
	}
	// Round-robin: each pass gives every unfinished description one more
	// char while its extra cost fits.
	remaining := limit - minSum
	gs := loader.Reuse(&scratch.gs, len(lines))
	for i, l := range lines {
		mb := codexLineLen(l.name, 0, locs[i]) + 1
		gs[i] = codexGrow{minBytes: mb, base: CodexTokens(mb), desc: l.desc}
		kept[i] = 0
	}
	for changed := true; changed; {
		changed = false
		for i := range gs {
			g := &gs[i]
			if g.at >= len(g.desc) {
				continue
			}
			_, w := utf8.DecodeRuneInString(g.desc[g.at:])
			next := CodexTokens(g.minBytes+g.bytes+w+1) - g.base
			if delta := max(0, next-g.cost); delta <= remaining {
				g.at += w
				g.bytes += w
				g.cost = next
				remaining -= delta
				kept[i]++
				changed = true
			}
		}
	}
	return kept, full, 1
}

// codexGrow is a line's description growing in codexAllocate's rounds.
type codexGrow struct {
	minBytes, base  int // the bare line with its line break, and its cost
	at, bytes, cost int
	desc            string
}

// allocScratch holds the slices of one codexAllocate for the next.
type allocScratch struct {
	kept, mins []int
	gs         []codexGrow
}

// text renders the fitted catalog.
func (f codexFit) Text() string {
	if len(f.lines) == 0 {
		return ""
	}
	out := make([]string, 0, len(f.lines))
	for i, l := range f.lines {
		if f.kept[i] < 0 {
			continue
		}
		loc := l.path
		if f.Aliased {
			loc = codexShorten(f.Roots, l.path)
		}
		out = append(out, codexLineText(l.name, cutChars(l.desc, f.kept[i]), loc))
	}
	intro, roots := CodexAbsIntro, []string(nil)
	if f.Aliased {
		intro, roots = CodexAliasIntro, codexRootLines(f.Roots)
	}
	return "<skills_instructions>" + codexBody(intro, roots, out) + "</skills_instructions>"
}

// renderCodex is Codex's catalog for the entries, fitted to its budget.
// Entries marked dropped are fitted again with the rest: the fit decides.
func renderCodex(t *loader.Target, entries []loader.CatalogEntry) string {
	return FitCodex(t, entries, nil).Text()
}

// fits says, for each of entries, how the budget leaves its line.
func (f codexFit) fits(n int, memo *loader.FitMemo) []loader.Fitted {
	var out []loader.Fitted
	if memo != nil && cap(memo.Fits) >= n {
		out = memo.Fits[:n]
		clear(out)
	} else {
		out = make([]loader.Fitted, n)
		if memo != nil {
			memo.Fits = out
		}
	}
	for i, l := range f.lines {
		k := f.kept[i]
		switch {
		case k < 0:
			out[l.entry] = loader.Fitted{State: loader.FitDropped, Had: l.descChars}
		case k == 0 && l.descChars > 0 && f.stage == 2:
			out[l.entry] = loader.Fitted{State: loader.FitNameOnly, Had: l.descChars}
		case k < l.descChars:
			out[l.entry] = loader.Fitted{State: loader.FitCut, Kept: k, Had: l.descChars}
		}
		out[l.entry].Cost, out[l.entry].Limit = f.cost, f.limit
	}
	return out
}

// codexStyle renders one skill's line for RenderEntry, as the catalog shows
// it with the budget to spare and the full path; RenderCatalog renders the
// whole catalog with renderCodex.
var codexStyle = loader.CatalogStyle{
	Entry: func(t *loader.Target, s *loader.Skill, name string) string {
		desc := loader.CatalogDescription(t, s)
		if utf8.RuneCountInString(desc) > codexDescMax {
			desc = cutChars(desc, codexDescMax-3) + "..."
		}
		return codexLineText(name, desc, strings.ReplaceAll(s.Path, `\`, "/"))
	},
}

// codexMemo is what Codex's fit keeps in a resolution's memo from one fit
// to the next: its lines and their paths, absolute and shortened; shorts
// remembers each path's short form under the roots shortRoots names.
type codexMemo struct {
	lines      []codexLine
	abs, short []string
	shorts     map[string]string
	shortRoots string
	// The slices of the two allocations (absolute and aliased).
	alloc [2]allocScratch
}

// codexMemoOf is Codex's part of memo, nil for a nil memo.
func codexMemoOf(memo *loader.FitMemo) *codexMemo {
	if memo == nil {
		return nil
	}
	if memo.Agent == nil {
		memo.Agent = &codexMemo{}
	}
	return memo.Agent.(*codexMemo)
}

// allocScratch is the scratch of Codex's allocation i (0 absolute, 1
// aliased); nil for a nil memo.
func (m *codexMemo) allocScratch(i int) *allocScratch {
	if m == nil {
		return nil
	}
	return &m.alloc[i]
}

// useRoots readies shortPath for paths under roots: the short forms
// remembered are of the same roots, and of no more paths than twice the
// lines.
func (m *codexMemo) useRoots(roots []string) {
	if m == nil {
		return
	}
	if key := strings.Join(roots, "\x00"); key != m.shortRoots || len(m.shorts) > 2*len(m.lines)+64 {
		m.shorts, m.shortRoots = map[string]string{}, key
	}
}

// shortPath is codexShorten, remembered (after useRoots with the same
// roots).
func (m *codexMemo) shortPath(roots []string, path string) string {
	if m == nil {
		return codexShorten(roots, path)
	}
	return loader.Remembered(m.shorts, path, func() string { return codexShorten(roots, path) })
}

// codexLister is Codex's own catalog code: its catalog fitted to its
// token budget, a description over codexDescMax chars cut.
var codexLister = &loader.Lister{
	Style: &codexStyle, Render: renderCodex,
	Fit: func(t *loader.Target, entries []loader.CatalogEntry, memo *loader.FitMemo) []loader.Fitted {
		return FitCodex(t, entries, memo).fits(len(entries), memo)
	},
	Cuts: func(t *loader.Target, s *loader.Skill) bool {
		return utf8.RuneCountInString(loader.CatalogDescription(t, s)) > codexDescMax
	},
	CutAt: func(*loader.Target) int { return codexDescMax },
}

func init() { Target.Lister = codexLister }
