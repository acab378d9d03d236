// Package lsp is skill-ls's language server: the protocol glue between an
// editor and package analysis. It keeps the open documents (incremental
// sync, unsaved buffers shadowing the disk), converts byte offsets to and
// from the negotiated position encoding (one Mapper, nothing else counts
// UTF-16), schedules and publishes diagnostics for every SKILL.md under the
// workspace and global roots, watches those roots, and reads the user's
// settings.
//
// It holds no rules of its own: what to say about a file comes from
// analysis, and a handler only finds the document, calls analysis and
// converts positions. It does not render catalogs or judge skills, and it
// says nothing about Markdown files not named SKILL.md.
//
// Serve runs the server on stdio for the skill-ls command.
package lsp
