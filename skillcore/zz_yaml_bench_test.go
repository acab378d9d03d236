package skillcore

import (
	"bytes"
	"testing"

	"gopkg.in/yaml.v3"
)

var fmText = []byte(`name: pdf-tools
description: Extract text and tables from PDF files, fill forms, merge and split documents. Use when the user works with PDF files or asks for document extraction, form filling or page manipulation.
license: Apache-2.0
compatibility: Requires Python 3.10+ and poppler-utils on the PATH.
allowed-tools: Read Grep Bash(python:*)
metadata:
  author: example-org
  version: "2.1"
`)

func BenchmarkYAMLUnmarshal(b *testing.B) {
	for b.Loop() {
		var n yaml.Node
		yaml.Unmarshal(fmText, &n)
	}
}

func BenchmarkYAMLDecoder(b *testing.B) {
	for b.Loop() {
		var n yaml.Node
		yaml.NewDecoder(bytes.NewReader(fmText)).Decode(&n)
	}
}

func BenchmarkParseOnly(b *testing.B) {
	src := append(append([]byte("---\n"), fmText...), "---\nbody\n"...)
	for b.Loop() {
		Parse("/p/pdf-tools/SKILL.md", src)
	}
}
