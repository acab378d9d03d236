package skillcore

import (
	"testing"

	"github.com/skill-ls/skill-ls/skillcore/loader"
)

// TestClosestField: a misspelt key is matched to the nearest known field
// within a third of its length; a key far from all is matched to none.
func TestClosestField(t *testing.T) {
	for _, tc := range []struct{ key, want string }{
		{"user-invokable", "user-invocable"},
		{"Descripton", "description"},
		{"nam", "name"},
		{"licence", "license"},
		{"key-00001", ""},
		{"x", ""},
		{"ééééééééééééééééééééééééééééééééééééééééé", ""}, // longer than the rows kept on the stack
	} {
		if got := loader.ClosestField(tc.key); got != tc.want {
			t.Errorf("ClosestField(%q) = %q, want %q", tc.key, got, tc.want)
		}
	}
	for _, tc := range []struct {
		a, b         string
		limit, wants int
	}{
		{"kitten", "sitting", 9, 3},
		{"kitten", "sitting", 2, 2},
		{"", "abc", 9, 3},
		{"same", "same", 1, 0},
	} {
		if got := loader.EditDistance([]rune(tc.a), []rune(tc.b), tc.limit); got != tc.wants {
			t.Errorf("editDistance(%q, %q, %d) = %d, want %d", tc.a, tc.b, tc.limit, got, tc.wants)
		}
	}
}
