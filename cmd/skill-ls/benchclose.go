package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// benchMassClose starts a server on a generated workspace, opens docs
// unsaved documents of about 100 KB each (skills that are not on disk),
// waits for their diagnostics, closes them all, and reads the server's
// resident memory before, at the peak and settle after the last close:
// a server an editor left should give back what the documents took.
func benchMassClose(exe, project, home string, docs int, settle time.Duration) ([]benchResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c, err := startInitialized(ctx, exe, project, home)
	if err != nil {
		return nil, err
	}
	defer c.close(ctx)
	select {
	case <-c.scanEnded:
	case <-ctx.Done():
		return nil, fmt.Errorf("the first scan did not end")
	}
	time.Sleep(settle) // the scan's garbage given back, as it will be after the closes
	before, err := c.residentRSS()
	if err != nil {
		return nil, err
	}
	body := strings.Repeat("Read the report, check each figure against the source, and summarise what changed.\n", 100<<10/84)
	uris := make([]string, docs)
	for i := range docs {
		uris[i] = "file://" + filepath.Join(project, ".agents", "skills", fmt.Sprintf("unsaved-%d", i), "SKILL.md")
		arrived := c.await(uris[i], 1)
		text := fmt.Sprintf("---\nname: unsaved-%d\ndescription: An unsaved skill, number %d.\n---\n%s", i, i, body)
		if err := c.notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{
			"uri": uris[i], "languageId": "markdown", "version": 1, "text": text}}); err != nil {
			return nil, err
		}
		select {
		case <-arrived:
		case <-ctx.Done():
			return nil, fmt.Errorf("no diagnostics for %s", uris[i])
		}
	}
	for _, uri := range uris {
		if err := c.notify(ctx, "textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}}); err != nil {
			return nil, err
		}
	}
	if _, err := c.call(ctx, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uris[0]}, "position": map[string]any{"line": 0, "character": 0}}); err != nil {
		return nil, err // a round trip: every close was taken in
	}
	time.Sleep(settle)
	after, err := c.residentRSS()
	if err != nil {
		return nil, err
	}
	peak, _ := c.peakRSS()
	label := func(s string) string { return fmt.Sprintf("server, %d unsaved documents: %s", docs, s) }
	return []benchResult{
		{Name: label("resident before"), Value: mib(before), Unit: "MiB"},
		{Name: label("peak"), Value: mib(peak), Unit: "MiB"},
		{Name: label(fmt.Sprintf("resident %s after closing", settle)), Value: mib(after), Unit: "MiB", Budget: mib(before) + 60},
	}, nil
}

// residentRSS reads the server's resident memory now from /proc.
func (c *benchClient) residentRSS() (int64, error) { return c.statusBytes("VmRSS:") }
