package skillcore

import (
	"errors"
	"io/fs"
	"slices"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// Manifest is a package manifest as read from disk or an editor: its text,
// its JSON tree, and what its readers say of it.
type Manifest struct {
	Path string
	Src  []byte
	Root *syntax.JSONValue // nil when it is not JSON
	// Problems are the manifest's own, found as its packages are resolved.
	Problems []loader.Problem
}

// readManifest reads the manifest at path with the same bounds as a
// SKILL.md: a regular file (else a manifest-json problem, unread) of at
// most MaxFileBytes (else file-too-large, unparsed). A path with nothing
// there, or a folder, is an error.
func readManifest(path string) (*Manifest, error) {
	src, err := fsys.ReadFile(path, nil)
	var fe *fsys.FileError
	switch {
	case errors.As(err, &fe) && fe.What == fsys.KindOf(fs.ModeDir):
		return nil, err // a folder named like a manifest is none
	case errors.As(err, &fe):
		// Not a regular file, or too large: unread, and said so.
		m := &Manifest{Path: path}
		m.add(fe.Rule, loader.Error, syntax.Range{}, nil, fe.Message()+"; no agent reads this manifest")
		return m, nil
	case err != nil:
		return nil, err
	}
	return ParseManifest(path, src), nil
}

// ParseManifest reads src as the manifest at path. It never fails: text
// that is not a JSON object is a manifest-json problem.
func ParseManifest(path string, src []byte) *Manifest {
	m := &Manifest{Path: path, Src: src}
	if len(src) > loader.MaxFileBytes {
		m.add("file-too-large", loader.Error, syntax.Range{Start: 0, End: 0}, nil, fsys.TooLargeMessage(int64(len(src))))
		return m
	}
	v, jerr := loader.ParseJSON(src)
	switch {
	case jerr != nil:
		m.add("manifest-json", loader.Error, jerr.Range, nil, "not valid JSON ("+jerr.Message+"): every agent refuses this manifest")
	case v.Kind != syntax.JSONObject:
		m.add("manifest-json", loader.Error, v.Range, nil, "the manifest is "+v.Kind.String()+", not an object: every agent refuses it")
	default:
		m.Root = v
	}
	return m
}

// add records a problem once: a manifest read by several targets is
// checked once per target, and the same finding folds into one.
func (m *Manifest) add(rule string, sev loader.Severity, r syntax.Range, targets []string, msg string) {
	m.Problems = append(m.Problems, loader.Problem{Rule: rule, Severity: sev, Range: r, Targets: targets, Message: msg})
}

// fatalFor reports whether target refuses what the manifest declares:
// an error that names it (or every target) lies inside span.
func (m *Manifest) fatalFor(target string, span syntax.Range) bool {
	for _, p := range m.Problems {
		if p.Severity == loader.Error && p.Range.Start >= span.Start && p.Range.End <= span.End &&
			(len(p.Targets) == 0 || slices.Contains(p.Targets, target)) {
			return true
		}
	}
	return false
}
