package lsp

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// jetbrainsFile reads a file of the LSP4IJ template in editors/jetbrains.
func jetbrainsFile(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "editors", "jetbrains", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestJetBrainsSettingsAccepted: the template's initializationOptions and
// settings are read by the server without a word, so a user who imports
// it sees no "unknown setting" message.
func TestJetBrainsSettingsAccepted(t *testing.T) {
	for _, name := range []string{"initializationOptions.json", "settings.json"} {
		l, warnings := parseSettings(jetbrainsFile(t, name))
		if l == nil || len(warnings) > 0 {
			t.Errorf("%s: settings %v, warnings %q; want settings and no warning", name, l, warnings)
		}
	}
}

// TestJetBrainsSchemaKeys: settings.schema.json describes, under
// "skill-ls", exactly the keys the server knows.
func TestJetBrainsSchemaKeys(t *testing.T) {
	var schema struct {
		Properties map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(jetbrainsFile(t, "settings.schema.json"), &schema); err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(maps.Keys(schema.Properties[configSection].Properties))
	// The server names what it knows when it meets a key it does not.
	_, warnings := parseSettings([]byte(`{"no-such-setting": 1}`))
	if len(warnings) != 1 || !strings.Contains(warnings[0], "known: ") {
		t.Fatalf("warnings %q, want one naming the known keys", warnings)
	}
	_, list, _ := strings.Cut(warnings[0], "known: ")
	want := strings.Split(list, ", ")
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("settings.schema.json describes %v, the server knows %v", got, want)
	}
}
