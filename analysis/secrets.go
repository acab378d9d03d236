package analysis

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"regexp"
	"strings"
)

// A skill is copied to every machine that installs it, and the model reads
// all of it: a key written into one is published. The scan looks at each
// run of token characters once and knows a provider's key by its prefix
// and shape; any other long run counts only after a word such as key,
// token or secret, and only when it looks random.

// secretFound is a key or token in a file.
type secretFound struct {
	Range Range
	What  string // "a GitHub token"
}

// providerKey is a key shape known by its prefix.
type providerKey struct {
	prefix string
	what   string
	min    int  // the least length of the whole key
	exact  bool // the key is exactly min long
	body   func(b byte) bool
}

var providerKeys = []providerKey{
	{"AKIA", "an AWS access key id", 20, true, upperDigit},
	{"ASIA", "an AWS temporary access key id", 20, true, upperDigit},
	{"ghp_", "a GitHub personal access token", 40, false, alnum},
	{"gho_", "a GitHub OAuth token", 40, false, alnum},
	{"ghu_", "a GitHub user-to-server token", 40, false, alnum},
	{"ghs_", "a GitHub server-to-server token", 40, false, alnum},
	{"ghr_", "a GitHub refresh token", 40, false, alnum},
	{"github_pat_", "a GitHub fine-grained token", 60, false, tokenByte},
	{"glpat-", "a GitLab personal access token", 26, false, tokenByte},
	{"xoxb-", "a Slack bot token", 24, false, tokenByte},
	{"xoxp-", "a Slack user token", 24, false, tokenByte},
	{"xoxa-", "a Slack app token", 24, false, tokenByte},
	{"xoxs-", "a Slack session token", 24, false, tokenByte},
	{"xapp-", "a Slack app-level token", 24, false, tokenByte},
	{"sk-ant-", "an Anthropic API key", 60, false, tokenByte},
	{"sk-proj-", "an OpenAI project key", 40, false, tokenByte},
	{"sk-svcacct-", "an OpenAI service account key", 40, false, tokenByte},
	{"AIza", "a Google API key", 39, false, tokenByte},
	{"sk_live_", "a Stripe secret key", 30, false, alnum},
	{"rk_live_", "a Stripe restricted key", 30, false, alnum},
	{"sk_test_", "a Stripe test secret key", 30, false, alnum},
}

// keyStarts are the first bytes of providerKeys' prefixes.
var keyStarts = func() (t [256]bool) {
	for _, k := range providerKeys {
		t[k.prefix[0]] = true
	}
	return t
}()

func upperDigit(b byte) bool { return b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' }
func alnum(b byte) bool      { return upperDigit(b) || b >= 'a' && b <= 'z' }
func tokenByte(b byte) bool  { return alnum(b) || b == '_' || b == '-' }

// tokenBytes are the bytes of a run the scan considers: a key's alphabet,
// base64's included but for its closing "=" (an "=" inside is an
// assignment).
var tokenBytes = func() (t [256]bool) {
	for c := range 256 {
		t[c] = tokenByte(byte(c)) || c == '+' || c == '/'
	}
	return t
}()

// minGeneric is the least length of a secret known only by its context.
const minGeneric = 20

// scanSecrets finds keys and tokens in src[from:to]: in the stretches of
// minGeneric bytes or more without a space or a line break (no token
// holds one), which a pass eight bytes at a time finds.
func scanSecrets(src []byte, from, to int) []secretFound {
	var out []secretFound
	tokenRuns(src, from, to, minGeneric, func(s, e int) {
		out = scanTokens(src, s, e, from, to, out)
	})
	return append(out, privateKeys(src, from, to)...)
}

// scanTokens judges the runs of token bytes in src[s:e], a stretch of
// src[from:to].
func scanTokens(src []byte, s, e, from, to int, out []secretFound) []secretFound {
	for i := s; i < e; {
		if !tokenBytes[src[i]] {
			i++
			continue
		}
		st := i
		for i < e && tokenBytes[src[i]] {
			i++
		}
		for i < e && src[i] == '=' && i-st >= minGeneric {
			i++ // base64 padding
		}
		if i-st < minGeneric {
			continue
		}
		if what, end := knownKey(src[st:i]); what != "" {
			if !cutShort(src, i, to) && !exampleLine(src, from, st) {
				out = append(out, secretFound{Range: Range{Start: st, End: st + end}, What: what})
			}
			continue
		}
		if tok := bytes.TrimRight(src[st:i], "="); assigned(src, from, st) && randomLooking(tok) && afterKeyWord(src, from, st) && !cutShort(src, i, to) && !exampleLine(src, from, st) {
			out = append(out, secretFound{Range: Range{Start: st, End: i}, What: "a secret"})
		}
	}
	return out
}

// tokenRuns calls fn with each run of token bytes in src[from:to] at
// least n long (n >= 15), with the "=" padding after it. Such a run holds
// a whole eight-byte block, counted from from, of bytes between '+' and
// 'z', where every token byte lies, with enough such bytes around it: a
// look at eight bytes at a time finds those blocks, rare in prose and
// absent from text without Latin letters, and only around them is each
// byte looked at. A run is walked once: the
// search goes on past its end.
func tokenRuns(src []byte, from, to, n int, fn func(s, e int)) {
	for i := from; i+8 <= to; {
		if outOfRange(binary.LittleEndian.Uint64(src[i:])) != 0 || shortRun(src, i, from, to, n) {
			i += 8
			continue
		}
		s, e := i, i
		for s > from && tokenBytes[src[s-1]] {
			s-- // never into the last run: a byte after it is no token byte
		}
		for e < to && tokenBytes[src[e]] {
			e++
		}
		long := e-s >= n
		for e < to && src[e] == '=' {
			e++
		}
		if long {
			fn(s, e)
		}
		i = max(i+8, e)
	}
}

// outOfRange marks, by its high bit, each byte of v that is not between
// '+' and 'z' (no token byte); 0 when none.
func outOfRange(v uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	below := (v - ones*'+') &^ v & highs
	above := (v + ones*(127-'z') | v) & highs
	return below | above
}

// shortRun reports that the bytes between '+' and 'z' around the block at
// i, which holds only such bytes, are fewer than n: they end inside the
// eight bytes before it and the eight after, as those blocks tell without
// a look at each byte (most long words in prose). Near the ends it cannot
// tell: false.
func shortRun(src []byte, i, from, to, n int) bool {
	if i-8 < from || i+16 > to {
		return false
	}
	before := outOfRange(binary.LittleEndian.Uint64(src[i-8:]))
	after := outOfRange(binary.LittleEndian.Uint64(src[i+8:]))
	if before == 0 || after == 0 {
		return false
	}
	return bits.LeadingZeros64(before)/8+8+bits.TrailingZeros64(after)/8 < n
}

// knownKey tells the provider whose key tok is, and where the key ends in
// it; "" for none, or for a placeholder.
func knownKey(tok []byte) (string, int) {
	if !keyStarts[tok[0]] {
		return "", 0
	}
	for _, k := range providerKeys {
		if !bytes.HasPrefix(tok, []byte(k.prefix)) {
			continue
		}
		n := len(k.prefix)
		for n < len(tok) && k.body(tok[n]) {
			n++
		}
		if n < k.min || (k.exact && n != k.min) || placeholder(tok[:n]) {
			return "", 0
		}
		return k.what, n
	}
	return "", 0
}

// placeholder reports a key written to be replaced: EXAMPLE, XXXX, a run
// of one character, your-key-here.
func placeholder(tok []byte) bool {
	lower := strings.ToLower(string(tok))
	for _, w := range []string{"example", "xxxx", "your", "here", "placeholder", "dummy", "sample", "fake", "redacted", "0000", "1234", "abcd", "a1b2c3"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// randomLooking is a run with upper and lower case letters and digits,
// not a placeholder, with the entropy of random text.
func randomLooking(tok []byte) bool {
	if len(tok) < minGeneric || len(tok) > 256 {
		return false
	}
	var upper, lower bool
	var digits int
	for _, c := range tok {
		upper = upper || c >= 'A' && c <= 'Z'
		lower = lower || c >= 'a' && c <= 'z'
		if c >= '0' && c <= '9' {
			digits++
		}
	}
	// A path, a name in snake, kebab or camel case (ClientOAuth2), a hash
	// in hex: random text of this length has both cases and digits.
	if !upper || !lower || digits < 2 || bytes.IndexByte(tok, '/') >= 0 && bytes.IndexByte(tok, '+') < 0 {
		return false
	}
	var counts [256]int
	for _, c := range tok {
		counts[c]++
	}
	return entropy(counts[:], len(tok)) >= 3.5 && !placeholder(tok)
}

// entropy is the Shannon entropy of a text in bits per character.
func entropy(counts []int, n int) float64 {
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / float64(n)
			h -= p * math.Log2(p)
		}
	}
	return h
}

// cutShort reports a value written cut ("eyJhbGciOi..."), or called as
// a function: no key.
func cutShort(src []byte, i, to int) bool {
	rest := src[i:min(to, i+3)]
	return bytes.HasPrefix(rest, []byte("...")) || bytes.HasPrefix(rest, []byte("…")) || bytes.HasPrefix(rest, []byte("("))
}

// exampleLine reports a value on a line that says it is an example.
func exampleLine(src []byte, from, s int) bool {
	ls := max(from, s-200) // a look back of bounded length
	if i := bytes.LastIndexByte(src[ls:s], '\n'); i >= 0 {
		ls += i + 1
	}
	return bytes.Contains(bytes.ToLower(src[ls:s]), []byte("example"))
}

// keyWordRE is an assignment to a key, token, secret or password, just
// before a value.
var keyWordRE = regexp.MustCompile(`(?i)(?:key|token|secret|passw(?:or)?d|pwd|credentials?|auth)[a-z_-]*["']?\s*(?::|=|:=|=>)\s*["']?(?:Bearer\s+)?$`)

// assigned reports whether the token at s follows ":", "=" or "=>" on its
// line, past blanks, quotes and a "Bearer": what keyWordRE asks of the
// text just before a value, told without the expression for most tokens,
// which follow no such sign.
func assigned(src []byte, from, s int) bool {
	j := s
	skip := func() {
		for j > from && (src[j-1] == ' ' || src[j-1] == '\t' || src[j-1] == '"' || src[j-1] == '\'') {
			j--
		}
	}
	skip()
	if j-6 >= from && bytes.EqualFold(src[j-6:j], []byte("bearer")) {
		j -= 6
		skip()
	}
	return j > from && (src[j-1] == ':' || src[j-1] == '=' || src[j-1] == '>')
}

// afterKeyWord reports whether the token at s follows a key word on its line.
func afterKeyWord(src []byte, from, s int) bool {
	ls := max(from, s-48)
	if i := bytes.LastIndexByte(src[ls:s], '\n'); i >= 0 {
		ls += i + 1
	}
	return findIndex(keyWordRE, src[ls:s]) != nil
}

// privateKeys finds PEM private keys: a BEGIN line followed by key text.
func privateKeys(src []byte, from, to int) []secretFound {
	var out []secretFound
	marker := []byte("PRIVATE KEY-----")
	for i := from; i < to; {
		k := bytes.Index(src[i:to], marker)
		if k < 0 {
			break
		}
		k += i
		ls := bytes.LastIndexByte(src[from:k], '\n') + 1 + from
		begin := bytes.Index(src[ls:k], []byte("-----BEGIN "))
		i = k + len(marker)
		if begin < 0 {
			continue
		}
		next := src[i:min(to, i+200)]
		next = bytes.TrimLeft(next, "\r\n")
		n := 0
		for n < len(next) && tokenBytes[next[n]] {
			n++
		}
		if n >= 40 && !placeholder(next[:n]) {
			out = append(out, secretFound{Range: Range{Start: ls + begin, End: i}, What: "a private key"})
		}
	}
	return out
}
