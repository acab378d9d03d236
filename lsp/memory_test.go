package lsp

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// heapInUse is the live heap after a full collection.
func heapInUse() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// Documents opened and closed leave nothing of their text behind: 1,200
// documents of 100 KB (half of them also on disk, read back at close)
// leave the heap within 20 MiB of where it started, a sixth of their
// text (300 documents and 5 MiB under the race detector).
func TestClosedDocumentsAreReleased(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 120 MB of documents")
	}
	const size = 100 << 10
	docs := 1200
	if raceEnabled {
		docs = 300
	}
	limit := int64(docs * size / 6)
	h := start(t, "", setup{})
	// A long body: each document gets two findings (its length, its size).
	var b strings.Builder
	b.WriteString("---\nname: big\ndescription: A large skill.\n---\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "Line %d of the body, which says nothing a rule reads 🎉.\n", i)
	}
	body := b.String()
	h.settle()
	h.client.forget()
	before := heapInUse()
	for i := range docs {
		rel := fmt.Sprintf("ws/.agents/skills/s%04d/SKILL.md", i)
		text := strings.Replace(body, "name: big", fmt.Sprintf("name: s%04d", i), 1)
		if i%2 == 0 {
			h.write(rel, text)
		}
		h.open(rel, text, 1)
		h.closeDoc(rel)
		h.roundTrip() // an editor's pace: the server has read them
	}
	h.settle()
	h.client.forget() // the test's client kept every publication; an editor keeps the last
	after := heapInUse()
	grew := int64(after) - int64(before)
	t.Logf("heap %d KiB before, %d KiB after %d documents of %d KiB opened and closed", before>>10, after>>10, docs, size>>10)
	if grew > limit {
		t.Errorf("the heap grew by %d KiB, more than %d KiB", grew>>10, limit>>10)
	}
}
