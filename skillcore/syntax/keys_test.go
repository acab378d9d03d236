package syntax

import (
	"testing"
	"unsafe"
)

// TestKeysShared: a key that is one of the Keys given is that very string
// in plain YAML and JSON (read by the fast paths, which make most Values);
// others are read as written.
func TestKeysShared(t *testing.T) {
	name := string([]byte("name"))
	keys := Keys{name: name}
	shared := func(t *testing.T, got string) {
		t.Helper()
		if got != name || unsafe.StringData(got) != unsafe.StringData(name) {
			t.Errorf("key %q is not the string given", got)
		}
	}
	yaml := []byte("name: x\nother: y\n")
	v, errs := ParseYAML(yaml, Range{Start: 0, End: len(yaml)}, keys)
	if len(errs) > 0 || len(v.Fields) != 2 {
		t.Fatalf("%+v %v", v, errs)
	}
	shared(t, v.Fields[0].Key)
	if v.Fields[1].Key != "other" {
		t.Errorf("second key %q", v.Fields[1].Key)
	}
	j, jerr := ParseJSON([]byte(`{"name": "x", "other": 1}`), keys)
	if jerr != nil {
		t.Fatal(jerr)
	}
	shared(t, j.Members[0].Key)
	if v, errs := ParseYAML(yaml, Range{Start: 0, End: len(yaml)}, nil); len(errs) > 0 || v.Fields[0].Key != "name" {
		t.Errorf("no keys: %+v %v", v, errs)
	}
}
