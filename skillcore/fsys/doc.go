// Package fsys is how skill-ls touches the disk: bounded, non-blocking
// reads of files and folders in a workspace it does not trust, and the
// path arithmetic of a walk over clean paths.
//
// Its contract: nothing here hangs or reads without end. Files and
// folders are opened non-blocking (a FIFO returns at once, a terminal
// never becomes the process's own), the open handle is fstat'ed so the
// file judged is the file read, and only a regular file of at most
// MaxFileBytes is read; anything else is a *FileError saying what it is.
// Symlinks are followed when opening, as an agent's loader follows them,
// and a file not read says whether its path was a link. A folder listing
// stops past the number of entries asked for, and folders are told apart
// by Key (device and inode) so a walk can refuse a cycle.
//
// It knows nothing of skills, agents or the Language Server Protocol.
package fsys
