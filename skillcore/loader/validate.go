package loader

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
	"golang.org/x/text/unicode/norm"
)

// Validate judges a parsed skill as each of the given targets' loaders
// would, and returns every problem, parse problems included, with the
// targets each comes from. Problems that several targets raise alike are
// reported once, naming all of them.
func Validate(s *Skill, targets []*Target) []Problem {
	ids := IdsOf(targets)
	var out []Problem
	for _, p := range s.Problems {
		if len(p.Targets) == 0 {
			p.Targets = ids
		} else if p.Targets = intersect(p.Targets, ids); len(p.Targets) == 0 {
			continue
		}
		// An agent that reads past the problem is told it as a warning.
		var refuse, tolerate []string
		for _, id := range p.Targets {
			if t := TargetByID(id); t != nil && p.Severity == Error && t.tolerates(p, s) {
				tolerate = append(tolerate, id)
			} else {
				refuse = append(refuse, id)
			}
		}
		if len(tolerate) > 0 {
			w := p
			w.Severity, w.Targets = Warning, tolerate
			out = append(out, w)
		}
		if len(refuse) > 0 {
			p.Targets = refuse
			out = append(out, p)
		}
	}
	c := &checker{s: s, out: out}
	for _, t := range targets {
		c.t = t
		c.s = s
		// A refusal for a parse problem is told as that problem.
		if v := t.View(s); v != nil && v.Refuse != nil && !slices.ContainsFunc(s.Problems, v.refusesFor) {
			p := *v.Refuse
			p.Severity, p.Targets = Error, []string{t.ID}
			c.out = append(c.out, p)
		}
		c.file()
		if m := t.Meta(s); m != nil {
			view := *s
			view.Meta = m
			c.s = &view
			c.name()
			c.description()
			c.fields()
		}
	}
	c.s = s
	if s.Meta != nil {
		c.unknownFields(targets)
	}
	return Merge(c.out)
}

// Loads reports whether a target would load the skill given its problems:
// it does unless one of them is an error from that target.
func Loads(problems []Problem, target string) bool {
	for _, p := range problems {
		if p.Severity == Error && slices.Contains(p.Targets, target) {
			return false
		}
	}
	return true
}

type checker struct {
	s   *Skill
	t   *Target
	out []Problem
}

func (c *checker) add(rule string, sev Severity, r syntax.Range, msg string) {
	c.out = append(c.out, Problem{Rule: rule, Severity: sev, Range: r, Message: msg, Targets: []string{c.t.ID}})
}

// missingAt is where a finding about an absent key points: the opening ---.
func (c *checker) missingAt() syntax.Range { return c.s.Frontmatter.Open }

func (c *checker) file() {
	t, s := c.t, c.s
	// Over MaxFileBytes the file is not parsed, and told so once.
	if size := s.Size(); t.MaxFileBytes > 0 && size > t.MaxFileBytes && size <= MaxFileBytes {
		c.add("file-too-large", Error, syntax.Range{Start: t.MaxFileBytes, End: size},
			fmt.Sprintf("SKILL.md is %s; the limit is %s", sizeText(size), sizeText(t.MaxFileBytes)))
	}
	if fm := s.Frontmatter; fm.OpenSpaces && !t.Fences.OpenSpaces {
		c.add("frontmatter-missing", Error, fm.Open, "the opening line has spaces after ---; this agent wants it exactly ---")
	}
	if fm := s.Frontmatter; fm.CloseSpaces && !t.Fences.CloseSpaces && !fm.ExactCloseAfter {
		c.add("frontmatter-unclosed", Error, fm.Close, "the closing line has spaces after ---; this agent wants a line that is exactly --- and finds none")
	}
	if len(t.ReservedDirs) > 0 && slices.Contains(t.ReservedDirs, s.DirName()) {
		c.add("name-reserved", Error, syntax.Range{Start: 0, End: 0}, fmt.Sprintf("the folder name %q is reserved", s.DirName()))
	}
}

func (c *checker) name() {
	rule := c.t.Name
	missing := ""
	if rule.Required {
		missing = "no name field; it is required"
	}
	f, name, ok := c.text("name", "name-missing", "name-type", missing, rule.Required || rule.TypeFatal, rule.CollapseSpace)
	if !ok {
		if dir := c.s.DirName(); c.s.Field("name") == nil && rule.Pattern != nil && rule.Identity == NameOrDir {
			if !rule.Pattern.MatchString(dir) {
				c.add("name-chars", Error, c.missingAt(), fmt.Sprintf("without a name the agent takes the folder's name %q, which is not %s", dir, rule.PatternText))
			} else if rule.Max > 0 && Measure(dir, rule.Unit) > rule.Max {
				c.add("name-too-long", Error, c.missingAt(), "without a name the agent takes the folder's name: "+LengthMessage("it", dir, rule.Max, rule.Unit))
			}
		}
		return
	}
	v := f.Value
	if rule.Trim {
		name = strings.TrimSpace(name)
	}
	if rule.Pattern != nil && !rule.Pattern.MatchString(name) {
		c.add("name-chars", Error, v.Range, fmt.Sprintf("name %q is not %s", name, rule.PatternText))
	}
	dir := c.s.DirName()
	if rule.NFKC {
		name, dir = norm.NFKC.String(name), norm.NFKC.String(dir)
	}
	if rule.Max > 0 && Measure(name, rule.Unit) > rule.Max {
		c.add("name-too-long", Error, v.Range, LengthMessage("name", name, rule.Max, rule.Unit))
	}
	if rule.Charset != AnyChars {
		var bad, nonASCII []string
		for _, r := range name {
			switch nameRuneClass(r) {
			case badRune:
				bad = appendUnique(bad, string(r))
			case specRune:
				nonASCII = appendUnique(nonASCII, string(r))
			}
		}
		if len(bad) > 0 {
			c.add("name-chars", Error, v.Range, fmt.Sprintf("name %q has characters other than lowercase letters, digits and \"-\": %s", name, quoteAll(bad)))
		}
		if len(nonASCII) > 0 && rule.Charset == ASCIIChars {
			c.add("name-non-ascii", Error, v.Range, fmt.Sprintf("name %q has non-ASCII letters %s; only a-z, 0-9 and \"-\" are accepted", name, quoteAll(nonASCII)))
		}
	}
	if rule.StrictHyphens && (strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-") || strings.Contains(name, "--")) {
		c.add("name-hyphens", Error, v.Range, fmt.Sprintf("name %q starts or ends with \"-\" or has \"--\"", name))
	}
	if rule.MatchDir && name != dir {
		c.add("name-dir-mismatch", Error, v.Range, fmt.Sprintf("name %q differs from its directory name %q", name, c.s.DirName()))
	}
	for _, word := range rule.Reserved {
		if strings.Contains(strings.ToLower(name), word) {
			c.add("name-reserved", Error, v.Range, fmt.Sprintf("name %q contains the reserved word %q", name, word))
		}
	}
}

// text reads a string field the target judges: missingRule when it is
// absent (with the message missing, if any: an error when required, else a
// warning), typeRule when it is not text to the target's reader or is blank
// (an error too where a list or map fails the target's typed struct). It
// returns the value, whitespace collapsed where the target collapses it.
func (c *checker) text(key, missingRule, typeRule, missing string, required, collapse bool) (*syntax.Field, string, bool) {
	return c.typedText(key, missingRule, typeRule, missing, required, required, collapse)
}

// typedText is text where a value of the wrong type may be fatal (typed)
// though a missing or blank one is not (required).
func (c *checker) typedText(key, missingRule, typeRule, missing string, required, typed, collapse bool) (*syntax.Field, string, bool) {
	sev := Warning
	if required {
		sev = Error
	}
	typeSev := sev
	if typed {
		typeSev = Error
	}
	f := c.s.Field(key)
	if f == nil {
		if missing != "" {
			c.add(missingRule, sev, c.missingAt(), missing)
		}
		return nil, "", false
	}
	v := f.Value
	text, ok := c.t.text(v)
	switch {
	case !ok:
		if !v.IsScalar() && c.t.Reading.StructFatal {
			typeSev = Error
		}
		c.add(typeRule, typeSev, v.Range, TypeMessage(key, v))
		return nil, "", false
	case v.Kind == syntax.KindNull && text == "":
		c.add(typeRule, typeSev, v.Range, TypeMessage(key, v))
		return nil, "", false
	case strings.TrimSpace(text) == "":
		c.add(typeRule, sev, v.Range, key+" is blank")
		return nil, "", false
	}
	if collapse {
		return f, CollapseSpace(text), true
	}
	return f, text, true
}

var xmlTagRE = regexp.MustCompile(`</?[A-Za-z][^<>]*>`)

func (c *checker) description() {
	rule := c.t.Description
	missing := ""
	switch {
	case rule.Required:
		missing = "no description field; it is required"
	case rule.Recommended:
		missing = "no description field; the agent uses it to decide when to load the skill"
	}
	if rule.FromBody != NoBodyDescription {
		missing = ""
	}
	f, desc, ok := c.typedText("description", "description-missing", "description-type", missing, rule.Required, rule.TypeFatal, rule.CollapseSpace)
	if !ok {
		return
	}
	v := f.Value
	if rule.Max > 0 && Measure(desc, rule.Unit) > rule.Max {
		c.add("description-too-long", Error, v.Range, LengthMessage("description", desc, rule.Max, rule.Unit))
	}
	if rule.NoXML {
		if tag := xmlTagRE.FindString(desc); tag != "" {
			c.add("description-xml", Error, v.Range, fmt.Sprintf("description contains the XML tag %s", tag))
		}
	}
	if rule.ListingMax > 0 {
		listing := desc
		if extra, ok := c.t.Str(c.s, rule.ListingExtra); ok {
			listing += " - " + extra
		}
		if n := utf8.RuneCountInString(listing); n > rule.ListingMax {
			cut := string([]rune(listing)[rule.ListingMax:])
			c.add("description-truncated", Warning, v.Range, fmt.Sprintf("description + %s is %d chars; the listing cuts at %d, losing %q", rule.ListingExtra, n, rule.ListingMax, abbreviate(cut, 40)))
		}
	}
	if rule.Short {
		c.shortDescription()
	}
}

// shortDescription checks metadata.short-description, which codex reads
// into a string: a list or map there fails the skill.
func (c *checker) shortDescription() {
	md := c.s.Field("metadata")
	if md == nil {
		return
	}
	sd := md.Value.Field("short-description")
	switch {
	case sd == nil:
	case !sd.Value.IsScalar():
		c.add("metadata-type", Error, sd.Value.Range, fmt.Sprintf("metadata.short-description is %s; this agent reads it as a string", Article(sd.Value.Kind)))
	}
}

// fields checks the type and value of every field the target knows.
func (c *checker) fields() {
	for _, f := range c.s.Meta.Fields {
		spec, ok := c.t.Fields[f.Key]
		if !ok {
			continue
		}
		c.field(f, spec)
	}
}

func (c *checker) field(f syntax.Field, spec FieldSpec) {
	v := f.Value
	sev := Warning
	if spec.Fatal {
		sev = Error
	}
	switch spec.Type {
	case BoolType:
		if v.Kind == syntax.KindBool {
			return
		}
		if _, ok := c.t.BoolWords[strings.ToLower(v.Text)]; ok && v.IsScalar() {
			return
		}
		effect := "the agent ignores it"
		if spec.Fatal {
			effect = "the agent refuses the skill"
		}
		c.add("field-type", sev, v.Range, fmt.Sprintf("%s should be true or false, not %s; %s", f.Key, DescribeValue(v), effect))
	case StringType:
		if v.Kind == syntax.KindNull {
			return // read as not set
		}
		text, ok := c.t.text(v)
		if !ok {
			c.add("field-type", sev, v.Range, fmt.Sprintf("%s should be a string, not %s", f.Key, DescribeValue(v)))
			return
		}
		if len(spec.Enum) > 0 && !slices.Contains(spec.Enum, text) {
			c.add("field-value", Warning, v.Range, fmt.Sprintf("%s is %q; it must be one of %s", f.Key, text, strings.Join(spec.Enum, ", ")))
		}
		if spec.Max > 0 && utf8.RuneCountInString(text) > spec.Max {
			rule := "field-value"
			if f.Key == "compatibility" {
				rule = "compatibility-too-long"
			}
			// Over the limit is a refusal only where the agent validates
			// the field.
			c.add(rule, sev, v.Range, LengthMessage(f.Key, text, spec.Max, Chars))
		}
	case StringMapType, MapType:
		c.mapField(f, spec, sev)
	case SpaceSeparatedType:
		switch {
		case v.Kind == syntax.KindList:
			c.add("allowed-tools-format", Warning, v.Range, fmt.Sprintf("%s is a list; the spec wants one space-separated string", f.Key))
		case !c.isText(v):
			c.add("field-type", Warning, v.Range, fmt.Sprintf("%s should be a space-separated string, not %s", f.Key, DescribeValue(v)))
		}
	case StringOrListType:
		ok := c.isText(v)
		if v.Kind == syntax.KindList {
			ok = !slices.ContainsFunc(v.Items, func(it *syntax.Value) bool { return !c.isText(it) })
		}
		if !ok {
			c.add("field-type", sev, v.Range, fmt.Sprintf("%s should be a string or a list of strings, not %s", f.Key, DescribeValue(v)))
		}
	}
}

func (c *checker) isText(v *syntax.Value) bool {
	_, ok := c.t.text(v)
	return ok
}

// mapField checks a map field such as metadata: a map (an empty value reads
// as an empty map in a typed struct) and, for a map of string to string,
// values the target reads as text.
func (c *checker) mapField(f syntax.Field, spec FieldSpec, sev Severity) {
	v := f.Value
	want := "a map of string keys to string values"
	if spec.Type == MapType {
		want = "a map"
	}
	if v.Kind != syntax.KindMap && !(v.Kind == syntax.KindNull && v.Text == "" && spec.Type == MapType) {
		c.add("metadata-type", sev, v.Range, fmt.Sprintf("%s should be %s, not %s", f.Key, want, DescribeValue(v)))
		return
	}
	if spec.Type != StringMapType {
		return
	}
	for _, e := range v.Fields {
		switch {
		case c.isText(e.Value):
		case e.Value.IsScalar():
			c.add("metadata-type", sev, e.Value.Range, fmt.Sprintf("%s.%s should be a string, not %s; quote it", f.Key, e.Key, DescribeValue(e.Value)))
		default:
			c.add("metadata-type", sev, e.Value.Range, fmt.Sprintf("%s.%s is %s; the spec wants string values", f.Key, e.Key, Article(e.Value.Kind)))
		}
	}
}

// unknownFields reports keys that no target reading the file knows, and
// keys that a target rejecting unknown fields does not know even though
// another reader does (agentskills refuses copilot's argument-hint).
func (c *checker) unknownFields(targets []*Target) {
	for _, f := range c.s.Meta.Fields {
		var rejecting []string
		for _, t := range targets {
			if t.RejectUnknown && !t.Knows(f.Key) {
				rejecting = append(rejecting, t.ID)
			}
		}
		if slices.ContainsFunc(targets, func(t *Target) bool { return t.Knows(f.Key) }) {
			if len(rejecting) > 0 {
				by := honouredBy(f.Key)
				verb := "refuse"
				if len(rejecting) == 1 {
					verb = "refuses"
				}
				msg := fmt.Sprintf("field %q is not one of the spec's fields, so %s %s the skill; only %s", f.Key, strings.Join(rejecting, ", "), verb, whoReads(by))
				c.out = append(c.out, Problem{Rule: "field-unknown", Severity: Error, Range: f.KeyRange, Message: msg, Targets: rejecting})
			}
			continue
		}
		sev, tids := Error, rejecting
		if len(rejecting) == 0 {
			sev, tids = Warning, IdsOf(targets)
		}
		msg := fmt.Sprintf("unknown field %q", f.Key)
		if by := honouredBy(f.Key); len(by) > 0 {
			msg = fmt.Sprintf("field %q is not read by the agents that load this file; only %s", f.Key, whoReads(by))
		} else if s := ClosestField(f.Key); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		c.out = append(c.out, Problem{Rule: "field-unknown", Severity: sev, Range: f.KeyRange, Message: msg, Targets: tids})
	}
}

// whoReads says that the targets ids read a field: "x reads it", "x, y
// read it".
func whoReads(ids []string) string {
	if len(ids) == 1 {
		return ids[0] + " reads it"
	}
	return strings.Join(ids, ", ") + " read it"
}

// honouredBy lists the targets that know a field.
func honouredBy(key string) []string {
	var out []string
	for _, t := range Targets {
		if t.Knows(key) {
			out = append(out, t.ID)
		}
	}
	return out
}

// ClosestField suggests the known field nearest to a misspelt key, or "".
// It runs once per unknown key, and a file may have thousands.
func ClosestField(key string) string {
	if near, ok := closestFields.Load(key); ok {
		return near.(string)
	}
	near := Closest(key, knownFields())
	// A check meets the same unknown keys ("version", "author") in
	// thousands of files; a hostile tree's endless new ones are not kept.
	if closestKept.Add(1) <= maxClosestKept {
		closestFields.Store(key, near)
	}
	return near
}

// closestFields remembers ClosestField's answers, up to maxClosestKept.
var (
	closestFields sync.Map
	closestKept   atomic.Int64
)

const maxClosestKept = 1 << 12

// Closest suggests the word of known nearest to a misspelt one, or "" when
// none is near enough to be what was meant. Words whose length alone puts
// them too far are not compared.
func Closest(word string, known []string) string {
	a := []rune(strings.ToLower(word))
	var b []rune
	best, bestD := "", 4
	for _, k := range known {
		b = b[:0]
		for _, r := range k {
			b = append(b, r)
		}
		limit := min(bestD, max(2, len(b)/3+1))
		if abs(len(a)-len(b)) >= limit {
			continue // the distance is at least the difference in length
		}
		if d := EditDistance(a, b, limit); d < limit {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between the runes a and b, or
// limit when it is limit or more (found as soon as a whole row is). Its two
// rows live on the stack for names of ordinary length.
func EditDistance(a, b []rune, limit int) int {
	var rows [2][32]int
	prev, cur := rows[0][:0], rows[1][:0]
	if len(b)+1 > len(rows[0]) {
		prev, cur = make([]int, 0, len(b)+1), make([]int, 0, len(b)+1)
	}
	prev, cur = prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		least := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			least = min(least, cur[j])
		}
		if least >= limit {
			return limit // no later row is smaller than this one's least
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}

const (
	asciiRune = iota // a-z, 0-9, "-"
	specRune         // a letter or number outside ASCII that lowercasing keeps
	badRune
)

// nameRuneClass sorts a name's characters as skills-ref does: Python's
// c.isalnum() (letters and numbers of any script) and name == name.lower().
func nameRuneClass(r rune) int {
	switch {
	case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-':
		return asciiRune
	case r < utf8.RuneSelf:
		return badRune
	case (unicode.IsLetter(r) || unicode.IsNumber(r)) && unicode.ToLower(r) == r:
		return specRune
	}
	return badRune
}

func Measure(s string, u Unit) int {
	if u == Bytes {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

func sizeText(n int) string {
	if n%1024 == 0 && n >= 1024 {
		return fmt.Sprintf("%d KiB", n/1024)
	}
	return fmt.Sprintf("%d bytes", n)
}

func appendUnique(xs []string, x string) []string {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

func quoteAll(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}

func intersect(a, b []string) []string {
	var out []string
	for _, x := range a {
		if slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

func IdsOf(ts []*Target) []string {
	ids := make([]string, len(ts))
	for i, t := range ts {
		ids[i] = t.ID
	}
	return ids
}
