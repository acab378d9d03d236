package syntax

// Keys are the key strings a parser shares: a key read that is one of
// them is that string, not a new one made for each file (most keys are
// fields an agent knows). nil shares none.
type Keys map[string]string

// intern is the key k as a string, shared when it is one of ks.
func (ks Keys) intern(k []byte) string {
	if s, ok := ks[string(k)]; ok {
		return s
	}
	return string(k)
}
