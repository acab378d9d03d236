package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skillcore/loader"

	"github.com/skill-ls/skill-ls/skillcore"
)

// defaultConfig is what init writes: every key at its default, explained,
// with examples commented out. Each key is left empty (its default) rather
// than written [] or {}, so that deleting the "#" of any example, or of
// all, leaves valid YAML under it: the init tests try each line.
func defaultConfig() string {
	return `# skill-ls project configuration, read by "skill-ls check" and by the
# language server in every editor. Later wins, key by key: the built-in
# defaults, this file, the editor's settings, the command-line flags.
# A "#" straight before a setting marks an example: delete it to use it.

# The agents to judge for. None: every agent that discovers each file.
# Known: ` + strings.Join(loader.TargetIDs(), ", ") + `
targets:
#  - claude-code
#  - codex

# Extra skill folders, scanned like .agents/skills; relative to this file.
roots:
#  - vendor/skills

# A rule's severity: error, warning, info or off.
# "skill-ls explain" lists the rules.
rules:
#  body-too-long: off
#  field-unknown: error

# Files nothing is reported on, gitignore-style, relative to this file.
ignore:
#  - "examples/**"
`
}

// initConfig writes a commented .skill-ls.yaml in DIR (default: the
// current folder); it never overwrites one.
func initConfig(args []string, stdout, stderr io.Writer) int {
	fset := newFlags("init")
	if code, done := parseFlags(fset, args, stdout, stderr); done {
		return code
	}
	dir := "."
	switch fset.NArg() {
	case 0:
	case 1:
		dir = fset.Arg(0)
	default:
		fmt.Fprintln(stderr, "skill-ls init: at most one folder (see skill-ls help init)")
		return exitUsage
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "skill-ls init: %s is not a folder\n", escapeText(dir))
		return exitUsage
	}
	for _, name := range skillcore.ConfigNames {
		if _, err := os.Lstat(filepath.Join(dir, name)); !errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(stderr, "skill-ls init: %s already exists; not overwritten\n", escapeText(filepath.Join(dir, name)))
			return exitUsage
		}
	}
	path := filepath.Join(dir, skillcore.ConfigNames[0])
	// O_EXCL: a file made since the look above is not overwritten either.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err == nil {
		_, err = io.WriteString(f, defaultConfig())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "skill-ls init:", escapeText(err.Error()))
		return exitUsage
	}
	fmt.Fprintf(stdout, "wrote %s\n", escapeText(path))
	return exitOK
}
