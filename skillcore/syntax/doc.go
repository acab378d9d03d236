// Package syntax reads the text of skill files as values with exact byte
// ranges: a SKILL.md's frontmatter split from its body, the YAML of that
// frontmatter as Values (kind, style, decoded text, anchors and aliases),
// and package manifests as JSONValues. Every Range is a half-open span of
// byte offsets into the whole file as read, so a finding, a fix or a
// hover points at the exact key or value.
//
// It reads hostile text within bounds and never panics, and says what does
// not parse as an Error or JSONError. It is not a loader: which fields
// matter, how bad a problem is and what any agent makes of a value are
// skillcore's. It knows nothing of agents, editors or the disk.
package syntax
