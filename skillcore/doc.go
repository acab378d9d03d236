// Package skillcore is the world of skill-ls: given the agents registered
// with package loader, it discovers skills under each agent's roots,
// settles the names they share, fits each agent's catalog into its budget,
// finds the plugins a workspace holds and the ones installed on the
// machine, and tells each file what every agent makes of it.
//
// It is a loader library an agent could import: inputs are paths and bytes,
// outputs are values. It knows nothing of editors or the Language Server
// Protocol, keeps no state beyond the registry and does no logging. Offsets
// are byte offsets into the file as read.
//
// The core is in layers, each importing only those below it:
//
//	fsys, syntax        the disk (bounded, non-blocking reads) and the text
//	                    (YAML and JSON values with exact byte ranges)
//	loader              the vocabulary: Target and its rules, Skill, Problem,
//	                    the package formats, a file judged for each target,
//	                    what catalogs and installed layouts share, and the
//	                    registry the agents are listed in
//	agents/<id>         one folder per agent, everything it does: its facts
//	                    and their sources (agent.go), reader, catalog and
//	                    budget fit, installed layout, package formats and the
//	                    version verified
//	agents/all          the list that registers every agent, in order
//	skillcore           this package: the world, driven by the registered
//	                    agents as data and through their hooks (Target.Lister,
//	                    Target.Installed, Target.Packages, Reading.Own,
//	                    Scan.Order)
//
// Here world.go and discover.go find skills under roots, collide.go and
// order.go settle shared names and each catalog's order, fit.go and
// fitdefer.go the agents' own budgets, render.go renders catalogs, and
// package*.go, manifest*.go and installed_*.go find and check plugins.
package skillcore
