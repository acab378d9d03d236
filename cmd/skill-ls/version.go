package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is set at build time with -ldflags "-X main.version=..."; a
// module build (go install ...@v1.2.3) tells its own.
var version = devVersion

// devVersion is the version of a build that was not told one.
const devVersion = "0.1.0-dev"

// buildCommit is the commit built, set with -ldflags "-X main.buildCommit=..."
// where the build information has none (a build with -buildvcs=false).
var buildCommit = ""

// buildVersion is the version, the commit it was built from and the Go
// version, from the binary's build information.
func buildVersion() (ver, commit, goVersion string) {
	ver, commit, goVersion = version, "unknown", "unknown"
	if buildCommit != "" {
		commit = buildCommit
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return
	}
	goVersion = info.GoVersion
	// A release build's -X version wins: Go also stamps a pseudo-version
	// (v0.0.0-<time>-<commit>) on a build from a clean git checkout.
	if v := info.Main.Version; version == devVersion && v != "" && v != "(devel)" {
		ver = v
	}
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if dirty {
		commit += " (modified)"
	}
	return
}

// printVersion is the version command.
func printVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version")
	if code, done := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if code, done := noArgs(fs, stderr); done {
		return code
	}
	ver, commit, goVersion := buildVersion()
	fmt.Fprintf(stdout, "skill-ls %s\ncommit %s\n%s\n", ver, commit, goVersion)
	return exitOK
}
