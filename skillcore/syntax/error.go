package syntax

// Error is text a parser cannot read as the loaders read it: a rule id,
// where, and what is wrong. Whoever reports it decides how bad it is.
type Error struct {
	Rule    string
	Range   Range
	Message string
}
