package syntax

// Range is a half-open span [Start, End) of byte offsets into a file.
type Range struct {
	Start, End int
}

// Len reports the number of bytes the range covers.
func (r Range) Len() int { return r.End - r.Start }

// Contains reports whether offset lies within the range, its end included,
// so that a cursor just after a value still counts as on it.
func (r Range) Contains(offset int) bool { return r.Start <= offset && offset <= r.End }

// Text returns the bytes of src the range covers, clamped to src.
func (r Range) Text(src []byte) string {
	s, e := max(0, min(r.Start, len(src))), max(0, min(r.End, len(src)))
	if e < s {
		return ""
	}
	return string(src[s:e])
}
