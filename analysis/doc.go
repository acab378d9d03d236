// Package analysis says what skill-ls tells an author about one SKILL.md in
// a workspace: findings with fixes, and (for the editor features) completion,
// hover, links, symbols and the like. It works in byte offsets and plain
// values over skillcore; it knows nothing of the Language Server Protocol,
// whose glue lives in package lsp and converts positions.
package analysis
