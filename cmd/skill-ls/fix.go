package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/skill-ls/skill-ls/analysis"
)

// maxFixPasses bounds the rounds of fixes on one file: a fix can uncover
// another (a BOM removed, the frontmatter is read and its colon found).
const maxFixPasses = 8

// fix applies the safe fixes to every file to report, writing each file
// changed atomically, and returns how many fixes it applied. The
// workspace then holds the fixed texts, so the report tells what remains.
func (r *checkRun) fix() int {
	n := 0
	r.fixed = map[string][]string{}
	for _, path := range r.files {
		titles, err := r.fixFile(path)
		if err != nil {
			r.fail(fmt.Errorf("fixing %s: %w", r.displayPath(path), err))
			continue
		}
		if len(titles) > 0 {
			r.fixed[path] = titles
			n += len(titles)
		}
	}
	return n
}

// fixFile fixes one file and writes it when it changed. It returns the
// titles of the fixes applied.
func (r *checkRun) fixFile(path string) ([]string, error) {
	orig, src, titles := r.fixedText(path)
	if bytes.Equal(src, orig) {
		return nil, nil
	}
	return titles, writeAtomic(path, src)
}

// fixedText is the file's text before and after its safe fixes, applied
// pass after pass until none is left, and the titles of the fixes
// applied. The workspace then holds the fixed text; the disk is left
// alone.
func (r *checkRun) fixedText(path string) (orig, src []byte, titles []string) {
	fixes := r.ws.SafeFixes(path)
	if len(fixes) == 0 {
		return nil, nil, nil
	}
	orig = r.ws.Source(path)
	if orig == nil {
		return nil, nil, nil
	}
	src = orig
	for pass := 0; pass < maxFixPasses && len(fixes) > 0; pass++ {
		src = analysis.ApplyEdits(src, fixes)
		for _, f := range fixes {
			titles = append(titles, f.Title)
		}
		r.ws.Set(path, src)
		fixes = r.ws.SafeFixes(path)
	}
	return orig, src, titles
}

// writeAtomic replaces the file at path (the file a symlink points to) by
// src: written to a temporary file in the same folder, given the old
// file's mode (0644 for a new file), then renamed over it, so the file is
// never half written.
func writeAtomic(path string, src []byte) (err error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	} else if !os.IsNotExist(err) {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".skill-ls-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(src); err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
