// Package skillcore is the strict core of skill-ls: it parses a SKILL.md,
// judges it the way each agent's loader would, discovers skills under an
// agent's roots, resolves name collisions and renders each agent's catalog.
//
// It is a loader library an agent could import: inputs are paths and bytes,
// outputs are values. It knows nothing of editors or the Language Server
// Protocol, keeps no global state and does no logging. Offsets are byte
// offsets into the file as read.
//
// Its layers: the disk is read only through package fsys (bounded,
// non-blocking reads) and text is parsed by package syntax (values with
// exact byte ranges). Each agent is whole in agent_<id>.go — its Target,
// the version it was verified against, the sources of each fact, the
// package formats it defines — with its own reader, catalog and installed
// layout, when it has them, in <agent>_*.go. The rest is the loader model
// the agents' data drives: world.go and discover.go find skills under
// roots, validate.go judges a file for each target, collide.go settles
// shared names, render.go renders catalogs, and package*.go and
// manifest*.go find and check plugins.
package skillcore
