package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// benchOpensDuringScan starts a server on a generated workspace of n
// skills and, as soon as its first scan starts, opens opens of them one
// after another, timing each didOpen to the first diagnostics for that
// document: the file's own findings, which need not wait for the scan.
// It also counts the opens answered before the scan ended.
func benchOpensDuringScan(exe, project, home string, n, opens int) ([]benchResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c, err := startInitialized(ctx, exe, project, home)
	if err != nil {
		return nil, err
	}
	defer c.close(ctx)
	var lat []time.Duration
	during := 0
	for i := range min(opens, n) {
		path := filepath.Join(generatedSkillDir(project, i*n/opens), "SKILL.md")
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		uri := "file://" + path
		arrived := c.await(uri, 1)
		t0 := time.Now()
		if err := c.notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{
			"uri": uri, "languageId": "markdown", "version": 1, "text": string(src)}}); err != nil {
			return nil, err
		}
		select {
		case <-arrived:
		case <-ctx.Done():
			return nil, fmt.Errorf("no diagnostics for %s", path)
		}
		lat = append(lat, time.Since(t0))
		select {
		case <-c.scanEnded:
		default:
			during++
		}
	}
	select {
	case <-c.scanEnded:
	case <-ctx.Done():
		return nil, fmt.Errorf("the first scan did not end")
	}
	label := func(s string) string { return fmt.Sprintf("server %d skills: %s", n, s) }
	budget := 0.0
	if n == 10000 {
		budget = 50
	}
	return []benchResult{
		{Name: label("open during scan->diagnostics p50"), Value: ms(percentile(lat, 50)), Unit: "ms"},
		{Name: label("open during scan->diagnostics p99"), Value: ms(percentile(lat, 99)), Unit: "ms", Budget: budget},
		{Name: label(fmt.Sprintf("of %d opens, answered during the scan", len(lat))), Value: float64(during)},
	}, nil
}
