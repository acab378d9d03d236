package skillcore

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// TestAliasResolves: an alias reads as the value its anchor names, with the
// alias's own range; the reference validator is still told yaml-anchor.
func TestAliasResolves(t *testing.T) {
	src := "---\nname: &n anc\ndescription: *n\nlist: &l [a, b]\ntools: *l\nm: &m\n  k: v\nother: *m\nflow: [*n, x]\n---\n"
	s := loader.Parse("/p/anc/SKILL.md", []byte(src))
	checkValueRanges(t, s)
	if s.Meta == nil {
		t.Fatalf("no mapping: %v", rulesOf(s.Problems))
	}
	d := s.Field("description").Value
	if d.Kind != syntax.KindString || d.Text != "anc" || d.Alias != "n" || d.Range.Text(s.Src) != "*n" {
		t.Errorf("description %+v %q", d, d.Range.Text(s.Src))
	}
	if l := s.Field("tools").Value; l.Kind != syntax.KindList || len(l.Items) != 2 || l.Items[1].Text != "b" || l.Range.Text(s.Src) != "*l" {
		t.Errorf("tools %+v", l)
	}
	if m := s.Field("other").Value; m.Kind != syntax.KindMap || m.Field("k") == nil || m.Field("k").Value.Text != "v" {
		t.Errorf("other %+v", m)
	}
	if f := s.Field("flow").Value; len(f.Items) != 2 || f.Items[0].Text != "anc" || f.Items[0].Range.Text(s.Src) != "*n" {
		t.Errorf("flow %+v", f)
	}
	for _, target := range []string{"copilot", "zed", "cursor"} {
		if got, ok := loader.TargetByID(target).Str(s, "description"); !ok || got != "anc" {
			t.Errorf("%s reads description %q, %v", target, got, ok)
		}
	}
	problems := loader.Validate(s, loader.Targets)
	for _, p := range problems {
		if p.Severity == loader.Error && p.Rule != "yaml-anchor" && p.Rule != "yaml-flow-style" && slices.Contains(p.Targets, "copilot") {
			t.Errorf("copilot: %s %s", p.Rule, p.Message)
		}
	}
	i := slices.IndexFunc(problems, func(p loader.Problem) bool { return p.Rule == "yaml-anchor" && p.Range.Text(s.Src) == "*n" })
	if i < 0 || !loader.Loads(problems, "copilot") || loader.Loads(problems, "agentskills") {
		t.Fatalf("yaml-anchor on *n for agentskills only: %v", problems)
	}
}

// TestAliasUnresolved: an alias inside the value its anchor is on stays an
// alias (no cycle).
func TestAliasUnresolved(t *testing.T) {
	s := loader.Parse("/p/x/SKILL.md", []byte("---\nname: x\nc: &a [*a]\n---\n"))
	checkValueRanges(t, s)
	if s.Meta == nil {
		t.Skip("yaml.v3 refuses it") // either way, no cycle
	}
	it := s.Field("c").Value.Items[0]
	if it.Kind != syntax.KindAlias || it.Range.Text(s.Src) != "*a" {
		t.Fatalf("%+v", it)
	}
}

// TestAliasBomb: aliases share what they name, so a billion laughs costs
// its text, in parsing, validating and walking.
func TestAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nname: x\ndescription: d\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n")
	prev := "a"
	for i := range 30 {
		n := "n" + strings.Repeat("x", i)
		b.WriteString(n + ": &" + n + " [" + strings.TrimSuffix(strings.Repeat("*"+prev+",", 9), ",") + "]\n")
		prev = n
	}
	b.WriteString("allowed-tools: *" + prev + "\nmetadata: *" + prev + "\ntag: !!str x\n---\n")
	// Counted, not timed (a loaded machine makes any time limit flaky):
	// expanded, the aliases would allocate 9^30 values; shared, the
	// bytes allocated stay within a small multiple of the text.
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s := loader.Parse("/p/x/SKILL.md", []byte(b.String()))
	checkValueRanges(t, s)
	loader.Validate(s, loader.Targets)
	runtime.ReadMemStats(&after)
	if n, limit := after.TotalAlloc-before.TotalAlloc, uint64(1000*b.Len()+1<<20); n > limit {
		t.Fatalf("parsing and validating %d bytes allocated %d bytes, over %d: the aliases are expanded", b.Len(), n, limit)
	}
	checkValueRanges(t, s)
	if s.Meta == nil || s.Field("allowed-tools").Value.Kind != syntax.KindList {
		t.Fatalf("%v", rulesOf(s.Problems))
	}
}

func TestMergeKeys(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"base: &b {name: m, description: merged}\n<<: *b\n", "m merged"},
		{"base: &b {name: m, description: merged}\ndescription: own\n<<: *b\n", "m own"},
		{"a: &a {name: first}\nb: &b {name: second, description: d}\n<<: [*a, *b]\n", "first d"},
		{"<<: {name: inline, description: i}\n", "inline i"},
		{"name: x\ndescription: y\n", "x y"},
		{"<<: text\nname: x\n", "x <<"}, // not a map: left as is
	} {
		s := loader.Parse("/p/x/SKILL.md", []byte("---\n"+c.src+"---\n"))
		m := syntax.MergeKeys(s.Meta)
		got := []string{}
		for _, k := range []string{"name", "description"} {
			if f := m.Field(k); f != nil {
				got = append(got, f.Value.Text)
			}
		}
		if m.Field("<<") != nil {
			got = append(got, "<<")
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: %q, want %q", c.src, got, c.want)
		}
	}
}

// TestLossyUTF8: frontmatter with bytes that are not UTF-8 is read with
// U+FFFD for each ill-formed sequence, its ranges in the file's bytes;
// agents that read such files lossily load it, the others are told
// not-utf8.
func TestLossyUTF8(t *testing.T) {
	src := "---\nname: iu\ndescription: caf\xe9 \xff\xfe x\xe2\x82 y\xf0\x9f\x98\n---\nbody\n"
	s := loader.Parse("/p/iu/SKILL.md", []byte(src))
	checkValueRanges(t, s)
	if s.Meta == nil {
		t.Fatalf("no mapping: %v", rulesOf(s.Problems))
	}
	d := s.Field("description").Value
	if want := "caf\uFFFD \uFFFD\uFFFD x\uFFFD y\uFFFD"; d.Text != want {
		t.Errorf("description %q, want %q", d.Text, want)
	}
	if got := d.Range.Text(s.Src); got != "caf\xe9 \xff\xfe x\xe2\x82 y\xf0\x9f\x98" {
		t.Errorf("range %q", got)
	}
	if n := s.Field("name"); n.KeyRange.Text(s.Src) != "name" || n.Value.Range.Text(s.Src) != "iu" {
		t.Errorf("name %v %v", n.KeyRange, n.Value.Range)
	}
	problems := loader.Validate(s, loader.Targets)
	for _, p := range problems {
		if p.Rule == "yaml-syntax" {
			t.Errorf("yaml-syntax: %s", p.Message)
		}
	}
	if !loader.Loads(problems, "copilot") || loader.Loads(problems, "zed") {
		t.Errorf("copilot loads, zed refuses: %v", problems)
	}
	if got, _ := loader.TargetByID("copilot").Str(s, "description"); got != d.Text {
		t.Errorf("copilot reads %q", got)
	}
	// A YAML error after a bad byte points at the bytes of the file.
	s = loader.Parse("/p/x/SKILL.md", []byte("---\nname: \xff\xff\xffx\ndescription: a: b\n---\n"))
	i := slices.IndexFunc(s.Problems, func(p loader.Problem) bool { return p.Rule == "yaml-syntax" })
	if i < 0 || s.Problems[i].Range.Text(s.Src) != ":" || s.Problems[i].Range.Start != len("---\nname: \xff\xff\xffx\ndescription: a") {
		t.Fatalf("%+v", s.Problems)
	}
}

func TestLossyUTF8Subparts(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a\xffb", "a\uFFFDb"},
		{"\xe2\x82", "\uFFFD"},       // a 3-byte sequence cut short: one
		{"\xe2\x82x", "\uFFFDx"},     // likewise
		{"\xe0\x80", "\uFFFD\uFFFD"}, // E0 80 can start nothing: each byte
		{"\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD"},
		{"\xf0\x9f\x98", "\uFFFD"},
		{"\xf4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"\xc0\xaf", "\uFFFD\uFFFD"},
		{"é😀", "é😀"},
	} {
		got, fixes := syntax.LossyUTF8([]byte(c.in))
		if string(got) != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
		if want := strings.Count(c.want, "\uFFFD"); len(fixes) != want {
			t.Errorf("%q: %d fixes, want %d", c.in, len(fixes), want)
		}
	}
}

// TestSecondDocumentMarker: a "--- x" line inside the frontmatter starts a
// second YAML document, which serde_yaml readers refuse.
func TestSecondDocumentMarker(t *testing.T) {
	src := "---\nname: x\ndescription: d\n--- x\n---\n"
	s := loader.Parse("/p/x/SKILL.md", []byte(src))
	i := slices.IndexFunc(s.Problems, func(p loader.Problem) bool { return p.Rule == "yaml-syntax" })
	if i < 0 || s.Problems[i].Range.Text(s.Src) != "--- x" {
		t.Fatalf("%+v", s.Problems)
	}
	if loader.Loads(loader.Validate(s, loader.Targets), "copilot") {
		t.Fatal("copilot loads it")
	}
}

// TestLossyBody: a description made from a body that is not all UTF-8
// holds U+FFFD for its bad bytes, as copilot lists it.
func TestLossyBody(t *testing.T) {
	s := loader.Parse("/p/x/SKILL.md", []byte("---\nname: x\n---\nbad \xff byte\n"))
	if got := loader.TargetByID("copilot").Describe(s); got != "bad \uFFFD byte" {
		t.Fatalf("%q", got)
	}
}

// TestTextAfterFlowDocument: text after a flow mapping that is the whole
// frontmatter is a second document to single-document readers.
func TestTextAfterFlowDocument(t *testing.T) {
	s := loader.Parse("/p/x/SKILL.md", []byte("---\n{name: x, description: d} junk\n---\n"))
	if s.Meta != nil || !slices.ContainsFunc(s.Problems, func(p loader.Problem) bool { return p.Rule == "yaml-syntax" }) {
		t.Fatalf("%v", rulesOf(s.Problems))
	}
	s = loader.Parse("/p/x/SKILL.md", []byte("---\n{name: x, description: d}\n---\n"))
	if s.Meta == nil {
		t.Fatalf("%v", rulesOf(s.Problems))
	}
}
