package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Gemini CLI's catalog: `gemini --yolo -p hi` in a trusted folder, with an
// API key and GOOGLE_GEMINI_BASE_URL pointed at a stand-in Gemini API
// (mockGemini), sends its system prompt in the request; the catalog is the
// "# Available Agent Skills" section, through "</available_skills>". The
// model is named (-m) so that no routing request comes first. Gemini's own
// skills (entries whose location is outside the layout) are left out; with
// nothing left the catalog is "", as skill-ls renders none.

const (
	geminiCatHead  = "# Available Agent Skills\n\n"
	geminiCatOpen  = "<available_skills>\n"
	geminiCatClose = "\n</available_skills>"
	geminiCatEntry = "</location>\n  </skill>"
	geminiCatModel = "gemini-3.1-pro-preview"
)

var (
	geminiAPIOnce sync.Once
	geminiAPI     *mockGemini
	geminiAPIErr  error
)

// geminiCatalog runs `gemini -p hi` in the layout and returns its catalog,
// the agent's own skills left out. It writes, and then removes, the home's
// Gemini settings (trust and the API-key sign-in).
func geminiCatalog(ctx context.Context, r *runner, l *layout) (string, error) {
	geminiAPIOnce.Do(func() { geminiAPI, geminiAPIErr = newMockGemini() })
	if geminiAPIErr != nil {
		return "", geminiAPIErr
	}
	api := geminiAPI
	v := verified("gemini")
	dir := filepath.Join(l.home, ".gemini")
	defer cleanGeminiHome(l.home)()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	trust, _ := json.Marshal(map[string]string{l.cwd: "TRUST_FOLDER"})
	if err := os.WriteFile(filepath.Join(dir, "trustedFolders.json"), trust, 0o644); err != nil {
		return "", err
	}
	settings := `{"security":{"auth":{"selectedType":"gemini-api-key"}}}`
	if err := os.WriteFile(filepath.Join(dir, "settings.json"), []byte(settings), 0o644); err != nil {
		return "", err
	}
	run := api.expect()
	env := r.env(l.home, append([]string{"GOOGLE_GEMINI_BASE_URL=" + api.url + "/" + run, "GEMINI_API_KEY=probe-key"}, l.probeEnv()...)...)
	_, errOut, err := r.run(ctx, l, "gemini-prompt", nil, env, r.bin(v.Package, v.Version, "gemini"), "-m", geminiCatModel, "--yolo", "-p", "hi")
	body := api.take(run)
	if body == nil {
		return "", fmt.Errorf("gemini -p: no request reached the stand-in API (%v): %s", err, tail(errOut))
	}
	var req struct {
		SystemInstruction struct {
			Parts []struct{ Text string }
		}
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return "", fmt.Errorf("gemini -p: request: %v", err)
	}
	var sys strings.Builder
	for _, p := range req.SystemInstruction.Parts {
		sys.WriteString(p.Text)
	}
	text := sys.String()
	i := strings.Index(text, geminiCatHead)
	if i < 0 {
		return "", nil
	}
	j := strings.Index(text[i:], geminiCatClose)
	if j < 0 {
		return "", fmt.Errorf("gemini -p: the catalog does not end")
	}
	raw := text[i : i+j+len(geminiCatClose)]
	os.WriteFile(filepath.Join(r.logs, strings.ReplaceAll(l.id(), "/", "_")+".gemini.catalog"), []byte(raw), 0o644)
	return geminiUserCatalog(raw, l.inside), nil
}

// geminiUserCatalog is the catalog without the entries whose location
// inside does not accept. Descriptions are not escaped, so an entry is
// told by its end: the location line and "</skill>".
func geminiUserCatalog(raw string, inside func(string) bool) string {
	open := strings.Index(raw, geminiCatOpen)
	if open < 0 {
		return raw
	}
	head := raw[:open+len(geminiCatOpen)]
	body := strings.TrimSuffix(raw[open+len(geminiCatOpen):], geminiCatClose)
	var kept []string
	for body != "" {
		end := strings.Index(body, geminiCatEntry)
		if end < 0 {
			kept = append(kept, body) // not an entry: kept, to show
			break
		}
		entry := body[:end+len(geminiCatEntry)]
		body = strings.TrimPrefix(body[len(entry):], "\n")
		loc := entry[strings.LastIndex(entry, "<location>")+len("<location>") : end]
		if inside(loc) {
			kept = append(kept, entry)
		}
	}
	if len(kept) == 0 {
		return ""
	}
	return head + strings.Join(kept, "\n") + geminiCatClose
}

// cleanGeminiHome returns what removes, from the home's .gemini, what a
// run leaves there (the settings written for it, history, temporary
// files): every entry that was not there when it was called, so a probe's
// skills and the extensions installed in the home stay.
func cleanGeminiHome(home string) func() {
	dir := filepath.Join(home, ".gemini")
	before := map[string]bool{}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		before[e.Name()] = true
	}
	return func() {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if !before[e.Name()] {
				os.RemoveAll(filepath.Join(dir, e.Name()))
			}
		}
		if ents, _ := os.ReadDir(dir); len(ents) == 0 {
			os.Remove(dir)
		}
	}
}

// mockGemini stands in for the Gemini API: it records the request of each
// run (told apart by a path prefix) that holds the system prompt, and
// answers every request with a short reply, streamed where asked.
type mockGemini struct{ standIn }

func newMockGemini() (*mockGemini, error) {
	m := &mockGemini{}
	return m, m.start(m)
}

func (m *mockGemini) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	run, body := request(req)
	w.Header().Set("Content-Type", "application/json")
	switch {
	case req.Method != http.MethodPost:
		io.WriteString(w, "{}")
		return
	case strings.Contains(req.URL.Path, ":countTokens"):
		io.WriteString(w, `{"totalTokens":1}`)
		return
	}
	if strings.Contains(string(body), `"systemInstruction"`) {
		m.keep(run, body, geminiCatHead[:24])
	}
	reply := `{"candidates":[{"content":{"parts":[{"text":"ok"}],"role":"model"},"finishReason":"STOP","index":0}],` +
		`"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":1,"totalTokenCount":2}}`
	if strings.Contains(req.URL.Path, ":streamGenerateContent") {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: "+reply+"\r\n\r\n")
		return
	}
	io.WriteString(w, reply)
}
