//go:build !unix

package skillcore

import "io/fs"

// nonBlock: systems without FIFOs open files as usual.
const nonBlock = 0

func sysKey(fs.FileInfo) (fileKey, bool) { return fileKey{}, false }
