package analysis

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkTextScans runs each scan of the hostile rules over every
// SKILL.md of the public corpus, end to end, in MB/s: each reads every
// byte of every file a check reads.
func BenchmarkTextScans(b *testing.B) {
	var src []byte
	filepath.WalkDir(filepath.Join("..", "..", "shared", "corpus"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == "SKILL.md" {
			if data, err := os.ReadFile(p); err == nil {
				src = append(src, data...)
			}
		}
		return nil
	})
	if len(src) == 0 {
		b.Skip("corpus absent")
	}
	for _, sc := range []struct {
		name string
		scan func(src []byte)
	}{
		{"secrets", func(src []byte) { scanSecrets(src, 0, len(src)) }},
		{"remote-exec", func(src []byte) { scanRemoteExec(src, 0, len(src)) }},
		{"hidden-chars", func(src []byte) { scanHidden(src, 0, len(src)) }},
	} {
		b.Run(sc.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				sc.scan(src)
			}
		})
	}
}
