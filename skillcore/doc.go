// Package skillcore is the strict core of skill-ls: it parses a SKILL.md,
// judges it the way each agent's loader would, discovers skills under an
// agent's roots, resolves name collisions and renders each agent's catalog.
//
// It is a loader library an agent could import: inputs are paths and bytes,
// outputs are values. It knows nothing of editors or the Language Server
// Protocol, keeps no global state and does no logging. Offsets are byte
// offsets into the file as read.
package skillcore
