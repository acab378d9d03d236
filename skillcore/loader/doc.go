// Package loader is the vocabulary skill-ls describes agents and skills
// in: a Target is one agent's loader as data (roots, scan, YAML reading,
// name and description rules, catalog format and budget, package formats,
// the version its facts were verified against), a Skill is one SKILL.md
// parsed with exact ranges, a Problem is a finding, and Validate judges one
// file for each target the way its loader would.
//
// It holds no behaviour of any one agent. What an agent does that data
// cannot say, its folder (skillcore/agents/<id>) supplies as functions on
// its Target: Reading.Own (its own reader), Scan.Order, Lister (its
// catalog's text, order, cost and budget fit) and Installed (its installed
// layout). What several agents' code shares sits here: the catalog entries
// and frames (catalog.go), the fit memo and places (lister.go), the readers
// of settings, registries and manifests (installed.go).
//
// The registry (registry.go) starts empty; skillcore/agents/all registers
// every agent in order. Values worked out from it are worked out lazily,
// after the list has run.
package loader
