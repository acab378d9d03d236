package analysis

import (
	"bytes"
	"regexp"
	"slices"
)

// "curl … | sh" runs whatever a server sends that day, unread: a skill that
// tells an agent to run it hands the machine to that server, and the
// script can change after the skill was reviewed.

// remoteExecWords are the words a download-and-run line holds; a line is
// matched against remoteExecRE only when one of them is in it.
var remoteExecWords = [][]byte{[]byte("curl"), []byte("wget"), []byte("iwr"), []byte("irm"), []byte("Invoke-"), []byte("DownloadString"), []byte("fetch")}

var remoteExecRE = regexp.MustCompile(`(?i)\b(?:curl|wget|fetch)\b[^|\n;&]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:ba|z|da|k|fi)?sh\b` +
	`|\b(?:curl|wget|fetch)\b[^|\n;&]*\|\s*(?:sudo\s+)?(?:python[0-9.]*|node|perl|ruby|pwsh|powershell|iex)\b` +
	`|\b(?:ba|z)?sh\s+(?:-c\s+)?["']?(?:\$\(|<\()\s*(?:curl|wget)\b` +
	`|\bsource\s+<\(\s*(?:curl|wget)\b` +
	`|\b(?:iex|Invoke-Expression)\b\s*\(?\s*(?:\(\s*)?(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|New-Object\s+(?:System\.)?Net\.WebClient)` +
	`|\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^|\n]*\|\s*(?:iex|Invoke-Expression)\b`)

// scanRemoteExec finds the download-and-run commands in src[from:to]: the
// line range of each match, once per line.
func scanRemoteExec(src []byte, from, to int) []Range {
	var out []Range
	seen := map[int]bool{} // matches found, by start
	for _, w := range remoteExecWords {
		for i := from; i < to; {
			k := bytes.Index(src[i:to], w)
			if k < 0 {
				break
			}
			k += i
			ls := bytes.LastIndexByte(src[from:k], '\n') + 1 + from
			le := to
			if e := bytes.IndexByte(src[k:to], '\n'); e >= 0 {
				le = k + e
			}
			i = le
			if loc := remoteExecRE.FindIndex(src[ls:le]); loc != nil && !seen[ls+loc[0]] {
				seen[ls+loc[0]] = true
				out = append(out, Range{Start: ls + loc[0], End: ls + loc[1]})
			}
		}
	}
	slices.SortFunc(out, func(a, b Range) int { return a.Start - b.Start })
	return out
}
