package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// knownDiff is a difference that cannot be fixed, listed with its reason
// (README, "Conformance with the agents").
type knownDiff struct {
	agent, layout, kind, key, reason string
}

func (k knownDiff) String() string {
	return fmt.Sprintf("%s %s %s %s: %s", k.agent, k.layout, k.kind, k.key, k.reason)
}

// loadKnown reads lines "agent layout kind key -- reason"; in layout, kind
// and key "*" stands for any text.
func loadKnown(file string) ([]knownDiff, error) {
	f, err := os.Open(file)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []knownDiff
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, reason, ok := strings.Cut(line, " -- ")
		fields := strings.Fields(head)
		if !ok || len(fields) != 4 {
			return nil, fmt.Errorf("%s:%d: want \"agent layout kind key -- reason\"", file, n)
		}
		out = append(out, knownDiff{fields[0], fields[1], fields[2], fields[3], reason})
	}
	return out, sc.Err()
}

func matchKnown(kn []knownDiff, d difference) int {
	for i, k := range kn {
		if k.agent == d.Agent && match(k.kind, d.Kind) && match(k.layout, d.Layout) && match(k.key, d.Key) {
			return i
		}
	}
	return -1
}

// match reports whether s matches pattern, where "*" stands for any text.
func match(pattern, s string) bool {
	re := "^" + strings.ReplaceAll(regexp.QuoteMeta(pattern), `\*`, ".*") + "$"
	ok, _ := regexp.MatchString(re, s)
	return ok
}
