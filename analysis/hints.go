package analysis

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// InlayHint is a short label shown at an offset.
type InlayHint struct {
	Offset  int
	Label   string
	Tooltip string
}

// InlayHints shows, after the description, how much room is left before the
// tightest limit of the agents that read the file.
func (w *Workspace) InlayHints(path string) []InlayHint {
	e := w.file(path)
	out := []InlayHint{}
	if e == nil {
		return out
	}
	f := e.Skill.Field("description")
	if f == nil || f.Value.Kind != syntax.KindString {
		return out
	}
	left, unit, by, ok := tightestRoom(e.Targets, f.Value.Text)
	if !ok {
		return out
	}
	label := fmt.Sprintf("%d %s left", left, unit)
	if left < 0 {
		label = fmt.Sprintf("%d %s over", -left, unit)
	}
	return append(out, InlayHint{Offset: f.Value.Range.End, Label: label,
		Tooltip: fmt.Sprintf("The tightest description limit among the agents reading this file: %s", strings.Join(by, ", "))})
}

// tightestRoom is the least room left in a description across targets, in
// the unit of the target that leaves least, and the targets at that room.
func tightestRoom(targets []*loader.Target, desc string) (left int, unit loader.Unit, by []string, ok bool) {
	for _, t := range targets {
		rule := t.Description
		if rule.Max == 0 {
			continue
		}
		d := desc
		if rule.CollapseSpace {
			d = strings.Join(strings.Fields(d), " ")
		}
		n := utf8.RuneCountInString(d)
		if rule.Unit == loader.Bytes {
			n = len(d)
		}
		room := rule.Max - n
		switch {
		case !ok || room < left:
			left, unit, by, ok = room, rule.Unit, []string{t.ID}, true
		case room == left:
			by = append(by, t.ID)
		}
	}
	return left, unit, by, ok
}

// CodeLens is a command title shown over a range.
type CodeLens struct {
	Range Range
	Title string
	// Targets are the agents that load the file: the lens shows their
	// catalogs.
	Targets []string
}

// CodeLenses shows over the frontmatter which agents load the file.
func (w *Workspace) CodeLenses(path string) []CodeLens {
	e := w.file(path)
	if e == nil {
		return []CodeLens{}
	}
	at := e.Skill.Frontmatter.Open
	if !e.Skill.Frontmatter.Present {
		at = Range{}
	}
	loaded := e.LoadedBy()
	if loaded == nil {
		loaded = []string{} // sent as [], not null
	}
	return []CodeLens{{Range: at, Title: loadedByText(e), Targets: loaded}}
}

// loadedByText says which agents load the file, which find it but refuse
// it, and when none finds it.
func loadedByText(e *skillcore.Entry) string {
	loaded, found := e.LoadedBy(), e.DiscoveredBy()
	var refused []string
	for _, t := range found {
		if !contains(loaded, t) {
			refused = append(refused, t)
		}
	}
	// Agents that load the file through a package are named with the name
	// they give it and the plugin it comes in.
	var direct, packaged []string
	for _, t := range loaded {
		if e.InstalledName(loader.TargetByID(t)) == "" {
			direct = append(direct, t)
		}
	}
	for _, u := range e.PackageUses() {
		if d := u.Describe(); d != "" {
			packaged = append(packaged, d)
		}
	}
	loadedText := strings.Join(direct, ", ")
	if len(packaged) > 0 {
		loadedText = strings.Join(append(slices.DeleteFunc([]string{loadedText}, func(s string) bool { return s == "" }), packaged...), "; ")
	}
	switch {
	case len(found) == 0:
		return "not discovered by any agent here"
	case len(loaded) == 0:
		return "found but refused by " + strings.Join(refused, ", ")
	case len(refused) > 0:
		return "loaded by " + loadedText + "; refused by " + strings.Join(refused, ", ")
	}
	return "loaded by " + loadedText
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
