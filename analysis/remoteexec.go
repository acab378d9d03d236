package analysis

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
)

// "curl … | sh" runs whatever a server sends that day, unread: a skill that
// tells an agent to run it hands the machine to that server, and the
// script can change after the skill was reviewed.

// Every download-and-run command pipes into a runner (curl … | sh,
// irm … | iex) or opens a parenthesis on a downloader (bash <(curl …),
// sh -c "$(curl …)", iex (iwr …), iex ((New-Object Net.WebClient)…)). The
// scan finds those two bytes with a vector search, looks at the word just
// after each, and tries remoteExecRE on the line only when it is a runner
// or a downloader.

// runners follow a pipe; downloaders follow a parenthesis. A word's
// first byte is looked at before the word.
var (
	runners                        = strings.Fields("sh bash zsh dash ksh fish sudo python python3 node perl ruby pwsh powershell iex IEX Invoke-Expression")
	downloaders                    = strings.Fields("curl wget iwr irm Invoke-WebRequest Invoke-RestMethod New-Object")
	runnerStarts, downloaderStarts = firstBytes(runners), firstBytes(downloaders)
)

func firstBytes(words []string) (t [256]bool) {
	for _, w := range words {
		t[w[0]] = true
	}
	return t
}

var remoteExecRE = regexp.MustCompile(`(?i)\b(?:curl|wget)\b[^|\n;&]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:ba|z|da|k|fi)?sh\b` +
	`|\b(?:curl|wget)\b[^|\n;&]*\|\s*(?:sudo\s+)?(?:python[0-9.]*|node|perl|ruby|pwsh|powershell|iex)\b` +
	`|\b(?:ba|z)?sh\s+(?:-c\s+)?["']?(?:\$\(|<\()\s*(?:curl|wget)\b` +
	`|\bsource\s+<\(\s*(?:curl|wget)\b` +
	`|\b(?:iex|Invoke-Expression)\b\s*\(?\s*(?:\(\s*)?(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|New-Object\s+(?:System\.)?Net\.WebClient)` +
	`|\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^|\n]*\|\s*(?:iex|Invoke-Expression)\b`)

// scanRemoteExec finds the download-and-run commands in src[from:to],
// once per line.
func scanRemoteExec(src []byte, from, to int) []Range {
	var out []Range
	seen := map[int]bool{} // the starts of the matches found
	for _, c := range []byte{'|', '('} {
		words, starts := runners, &runnerStarts
		if c == '(' {
			words, starts = downloaders, &downloaderStarts
		}
		for i := from; i < to; {
			k := bytes.IndexByte(src[i:to], c)
			if k < 0 {
				break
			}
			k += i
			i = k + 1
			if !wordAfter(src, k+1, to, words, starts) {
				continue
			}
			le := to
			if e := bytes.IndexByte(src[k:to], '\n'); e >= 0 {
				le = k + e
			}
			i = le // a line is judged once for each of the two bytes
			back := max(from, k-maxRemoteLine)
			ls := back + bytes.LastIndexByte(src[back:k], '\n') + 1
			if loc := findIndex(remoteExecRE, src[ls:le]); loc != nil && !seen[ls+loc[0]] {
				seen[ls+loc[0]] = true
				out = append(out, Range{Start: ls + loc[0], End: ls + loc[1]})
			}
		}
	}
	slices.SortFunc(out, func(a, b Range) int { return a.Start - b.Start })
	return out
}

// maxRemoteLine bounds how far back a command's line is looked for.
const maxRemoteLine = 2000

// wordAfter reports whether one of words stands at i, past spaces and
// opening parentheses.
func wordAfter(src []byte, i, to int, words []string, starts *[256]bool) bool {
	for i < to && (src[i] == ' ' || src[i] == '\t' || src[i] == '(') {
		i++
	}
	if i == to || !starts[src[i]] {
		return false
	}
	for _, w := range words {
		if e := i + len(w); e <= to && string(src[i:e]) == w && (e == to || !isWordByte(src[e]) && src[e] != '-') {
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool { return alnum(c) || c == '_' }

// findIndex is re.FindIndex(b), through matched so that a test can count
// the bytes the rules hand to regular expressions.
func findIndex(re *regexp.Regexp, b []byte) []int {
	matched(len(b))
	return re.FindIndex(b)
}

// matched is told the length of each text a rule matches a regular
// expression against.
var matched = func(int) {}
