package syntax

// Kind is the YAML type of a frontmatter value as a loader sees it.
type Kind uint8

const (
	KindNull Kind = iota
	KindString
	KindBool
	KindInt
	KindFloat
	KindOther // timestamps, binary and other tagged scalars
	KindList
	KindMap
	// KindAlias is an alias skill-ls leaves unresolved: one inside the
	// value its anchor is on. Any other alias reads as the anchored value
	// (see Value.Alias).
	KindAlias
)

var kindNames = [...]string{"null", "string", "boolean", "integer", "number", "scalar", "list", "map", "alias"}

func (k Kind) String() string { return kindNames[k] }

// Style records how a value was written, which the reference validator cares
// about (it refuses flow collections) and fixes need (to requote).
type Style uint8

const (
	StylePlain Style = iota
	StyleQuoted
	StyleBlock // literal "|" or folded ">"
	StyleFlow  // [a, b] or {a: b}
)

// Value is one YAML node of the frontmatter with its exact source range.
type Value struct {
	Kind   Kind
	Style  Style
	Tagged bool   // written with an explicit tag ("!!str x", "!x y")
	Text   string // the decoded scalar (for KindString and other scalars)
	Range  Range  // the value as written: its anchor or tag, quotes and brackets included
	Anchor string // an anchor defined on this value ("&a"), if any
	// Alias is set on an alias ("*a"): the anchor's name. The value is
	// the anchored one as YAML readers resolve it, with the alias's Range;
	// its Items and Fields are the anchored value's own, shared, with
	// their ranges at the anchor. A walk of the tree goes into them at the
	// anchor only, never through an alias (an alias bomb would take it
	// through billions of values).
	Alias  string
	Items  []*Value // list items
	Fields []Field  // map entries, in source order
}

// Field is a key and its value in a YAML mapping.
type Field struct {
	Key      string
	KeyRange Range
	Value    *Value
}

// Field returns the first entry with the given key, or nil.
func (v *Value) Field(key string) *Field {
	if v == nil {
		return nil
	}
	for i := range v.Fields {
		if v.Fields[i].Key == key {
			return &v.Fields[i]
		}
	}
	return nil
}

// IsScalar reports whether the value is a single scalar.
func (v *Value) IsScalar() bool { return v != nil && v.Kind < KindList }
