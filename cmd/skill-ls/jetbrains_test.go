package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// jetbrainsDir is the LSP4IJ user-defined language server template.
var jetbrainsDir = filepath.Join("..", "..", "editors", "jetbrains")

// jsonShape is the documented form of a JSON value: an object's known
// keys (each with its own shape), an array's element, or a leaf kind.
type jsonShape struct {
	kind   string               // "object", "map", "array", "string", "bool"
	fields map[string]jsonShape // object: the keys allowed
	elem   *jsonShape           // array: the element; map: every value
}

func leaf(kind string) jsonShape                   { return jsonShape{kind: kind} }
func object(fields map[string]jsonShape) jsonShape { return jsonShape{kind: "object", fields: fields} }
func arrayOf(elem jsonShape) jsonShape             { return jsonShape{kind: "array", elem: &elem} }
func mapOf(elem jsonShape) jsonShape               { return jsonShape{kind: "map", elem: &elem} }
func stringsArray() jsonShape                      { return arrayOf(leaf("string")) }

// lsp4ijTemplate is template.json as LSP4IJ reads it (its
// ServerTemplateJsonDeserializer and LanguageServerTemplateDeserializer,
// and docs/UserDefinedLanguageServerTemplate.md): programArgs per OS
// (windows, mac, unix, else default), mappings by file type name or file
// name pattern, or by IntelliJ language.
var lsp4ijTemplate = object(map[string]jsonShape{
	"id":                  leaf("string"),
	"name":                leaf("string"),
	"url":                 leaf("string"),
	"dev":                 leaf("bool"),
	"expandConfiguration": leaf("bool"),
	"disablePromotionFor": stringsArray(),
	"programArgs": object(map[string]jsonShape{
		"default": leaf("string"), "windows": leaf("string"), "mac": leaf("string"), "unix": leaf("string"),
	}),
	"env": object(map[string]jsonShape{
		"includeSystemEnvironmentVariables": leaf("bool"),
		"variables":                         mapOf(leaf("string")),
	}),
	"fileTypeMappings": arrayOf(object(map[string]jsonShape{
		"fileType":   object(map[string]jsonShape{"name": leaf("string"), "patterns": stringsArray()}),
		"languageId": leaf("string"),
	})),
	"languageMappings": arrayOf(object(map[string]jsonShape{
		"language":   leaf("string"),
		"languageId": leaf("string"),
	})),
})

// lsp4ijFiles are the files LSP4IJ reads from a template folder.
var lsp4ijFiles = []string{
	"README.md", "clientSettings.json", "experimental.json", "initializationOptions.json",
	"installer.json", "settings.json", "settings.schema.json", "template.json",
}

// check reports every place where v departs from the shape, by path.
func (s jsonShape) check(at string, v any) []string {
	bad := func(want string) []string { return []string{fmt.Sprintf("%s: %T, want %s", at, v, want)} }
	switch s.kind {
	case "string":
		if _, ok := v.(string); !ok {
			return bad("a string")
		}
	case "bool":
		if _, ok := v.(bool); !ok {
			return bad("a boolean")
		}
	case "array":
		arr, ok := v.([]any)
		if !ok {
			return bad("an array")
		}
		var out []string
		for i, e := range arr {
			out = append(out, s.elem.check(fmt.Sprintf("%s[%d]", at, i), e)...)
		}
		return out
	case "object", "map":
		obj, ok := v.(map[string]any)
		if !ok {
			return bad("an object")
		}
		var out []string
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			sub, known := s.fields[k]
			if s.kind == "map" {
				sub, known = *s.elem, true
			}
			if !known {
				out = append(out, fmt.Sprintf("%s.%s: unknown key (LSP4IJ reads %v)", at, k, slices.Sorted(maps.Keys(s.fields))))
				continue
			}
			out = append(out, sub.check(at+"."+k, obj[k])...)
		}
		return out
	}
	return nil
}

// readJSON decodes one file of the template folder.
func readJSON(t *testing.T, name string) any {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(jetbrainsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(src, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// TestJetBrainsTemplateShape: template.json holds only the keys LSP4IJ's
// template format documents, each of its type, and the folder only files
// LSP4IJ reads from a template.
func TestJetBrainsTemplateShape(t *testing.T) {
	for _, p := range lsp4ijTemplate.check("template.json", readJSON(t, "template.json")) {
		t.Error(p)
	}
	entries, err := os.ReadDir(jetbrainsDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !slices.Contains(lsp4ijFiles, e.Name()) {
			t.Errorf("editors/jetbrains/%s: not a file of an LSP4IJ template (%v)", e.Name(), lsp4ijFiles)
		}
		if strings.HasSuffix(e.Name(), ".json") {
			readJSON(t, e.Name())
		}
	}
}

// TestJetBrainsShapeRefusesUnknownKeys: the check above fails on a key
// outside the format, at any depth, and on a wrongly typed value.
func TestJetBrainsShapeRefusesUnknownKeys(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`{"id": "x", "command": "skill-ls"}`, "t.command: unknown key"},
		{`{"programArgs": {"linux": "skill-ls serve"}}`, "t.programArgs.linux: unknown key"},
		{`{"fileTypeMappings": [{"fileType": {"pattern": ["SKILL.md"]}}]}`, "t.fileTypeMappings[0].fileType.pattern: unknown key"},
		{`{"fileTypeMappings": [{"fileType": {"patterns": "SKILL.md"}}]}`, "t.fileTypeMappings[0].fileType.patterns: string, want an array"},
		{`{"env": {"variables": {"A": 1}}}`, "t.env.variables.A: float64, want a string"},
	} {
		var v any
		if err := json.Unmarshal([]byte(tc.doc), &v); err != nil {
			t.Fatal(err)
		}
		got := lsp4ijTemplate.check("t", v)
		if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("%s: got %q, want one problem starting %q", tc.doc, got, tc.want)
		}
	}
}

// TestJetBrainsTemplateStartsServer: on every OS the command runs
// `skill-ls serve`, as the other editors start it.
func TestJetBrainsTemplateStartsServer(t *testing.T) {
	var tmpl struct {
		ProgramArgs map[string]string `json:"programArgs"`
	}
	src, err := os.ReadFile(filepath.Join(jetbrainsDir, "template.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(src, &tmpl); err != nil {
		t.Fatal(err)
	}
	for _, goos := range []string{"default", "windows"} {
		if _, ok := tmpl.ProgramArgs[goos]; !ok {
			t.Errorf("programArgs has no %q command", goos)
		}
	}
	for goos, cmd := range tmpl.ProgramArgs {
		exe := "skill-ls"
		if goos == "windows" {
			exe = "skill-ls.exe"
		}
		if !slices.Equal(strings.Fields(cmd), []string{exe, "serve"}) {
			t.Errorf("programArgs.%s = %q, want %q", goos, cmd, exe+" serve")
		}
	}
}

// TestJetBrainsTemplateFiles: the file name patterns are SKILL.md and the
// name of every package manifest the server reads, no more (LSP4IJ
// matches a pattern against the file's name alone).
func TestJetBrainsTemplateFiles(t *testing.T) {
	var tmpl struct {
		FileTypeMappings []struct {
			FileType struct {
				Name     string   `json:"name"`
				Patterns []string `json:"patterns"`
			} `json:"fileType"`
			LanguageID string `json:"languageId"`
		} `json:"fileTypeMappings"`
	}
	src, err := os.ReadFile(filepath.Join(jetbrainsDir, "template.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(src, &tmpl); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range tmpl.FileTypeMappings {
		if m.FileType.Name != "" {
			// A file type attaches the server to every file of that type.
			t.Errorf("fileType %q: map file name patterns, not a whole file type", m.FileType.Name)
		}
		want := "json"
		if slices.Contains(m.FileType.Patterns, "SKILL.md") {
			want = "markdown"
		}
		if m.LanguageID != want {
			t.Errorf("patterns %v: languageId %q, want %q", m.FileType.Patterns, m.LanguageID, want)
		}
		got = append(got, m.FileType.Patterns...)
	}
	want := []string{"SKILL.md"}
	for _, f := range loader.PluginFormats {
		for _, m := range f.Manifests {
			want = append(want, path.Base(m))
		}
	}
	for _, f := range loader.MarketplaceFormats {
		for _, m := range f.Manifests {
			want = append(want, path.Base(m))
		}
	}
	slices.Sort(want)
	want = slices.Compact(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("file name patterns %v, want %v", got, want)
	}
}
