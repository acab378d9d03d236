package analysis

// securitySeverity scores the rules that are about attacks and leaks, as
// code-scanning tools read SARIF's security-severity (0.0 to 10.0; 7.0 and
// over is high).
var securitySeverity = map[string]string{
	"hidden-chars":    "8.0",
	"hidden-text":     "6.5",
	"name-confusable": "7.0",
	"secret":          "9.0",
	"remote-exec":     "8.0",
	"file-mode":       "7.0",
	"link-escapes":    "5.0",
	"unusual-space":   "3.0",
}

// SecuritySeverity is the rule's security-severity score, or "" for a
// rule that is not about security.
func SecuritySeverity(id string) string { return securitySeverity[id] }
