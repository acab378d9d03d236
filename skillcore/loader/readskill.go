package loader

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/fsys"
	"github.com/skill-ls/skill-ls/skillcore/syntax"
)

// A SKILL.md is read through fsys.ReadFile, which never hangs on what a
// workspace holds; a file it does not read becomes a skill holding why.

// IsCaseVariant reports whether name is SKILL.md spelt in other letter
// cases (skill.md, Skill.md, SKILL.MD): agents look for SKILL.md exactly.
func IsCaseVariant(name string) bool {
	return name != FileName && strings.EqualFold(name, FileName)
}

// ReadSkill reads the file at path (see fsys.ReadFile) and parses it. A file
// skill-ls does not read, or one named in the wrong letter case, is a Skill
// with no text that holds only that problem; the error is for a file that
// cannot be read at all (gone, no permission).
func ReadSkill(path string) (*Skill, error) {
	s, _, err := ReadSkillInto(path, nil)
	return s, err
}

// ReadSkillInto is ReadSkill reading into buf; src is the text read, nil
// when the file was not read.
func ReadSkillInto(path string, buf []byte) (s *Skill, src []byte, err error) {
	src, s, err = readSource(path, buf)
	if s != nil || err != nil {
		return s, nil, err
	}
	return Parse(path, src), src, nil
}

// readSource reads the text of the skill file at path into buf. A file not
// read is instead a skill with no text and one problem at its start, for
// every agent (s).
func readSource(path string, buf []byte) (src []byte, s *Skill, err error) {
	if name := filepath.Base(path); IsCaseVariant(name) {
		s = &Skill{Path: path}
		s.add("skill-md-case", syntax.Range{}, fmt.Sprintf("the file is named %q; agents look for %q exactly and skip this folder. Rename the file to %s", name, FileName, FileName))
		return nil, s, nil
	}
	src, err = fsys.ReadFile(path, buf)
	var fe *fsys.FileError
	if errors.As(err, &fe) {
		s = &Skill{Path: path}
		s.add(fe.Rule, syntax.Range{}, fe.Message())
		return nil, s, nil
	}
	return src, nil, err
}

// readBuffers are the buffers Load reads files into: a file's text is
// parsed there, and only what the world keeps of it is copied out.
var ReadBuffers = fsys.NewBufferPool(16)
