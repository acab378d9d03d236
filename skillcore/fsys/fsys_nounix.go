//go:build !unix

package fsys

import "io/fs"

// nonBlock: systems without FIFOs open files as usual.
const nonBlock = 0

func sysKey(fs.FileInfo) (Key, bool) { return Key{}, false }
