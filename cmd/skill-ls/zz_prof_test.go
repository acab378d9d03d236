package main

import (
	"io"
	"testing"
)

func TestProfCorpus(t *testing.T) {
	for i := 0; i < 20; i++ {
		run([]string{"check", "--format", "json", "../../../shared/corpus"}, nil, io.Discard, io.Discard)
	}
}
