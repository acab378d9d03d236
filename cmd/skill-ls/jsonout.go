package main

import (
	"strconv"
	"unicode/utf8"
)

// The JSON report is written by hand, byte for byte as encoding/json would
// write these types (a test holds the two together): reflection made it a
// tenth of a large check's time.

func (fr *fileReport) appendJSON(b []byte) []byte {
	b = append(b, `{"path":`...)
	b = appendJSONString(b, fr.Path)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, fr.Name)
	b = append(b, `,"loadedBy":`...)
	b = appendJSONStrings(b, fr.LoadedBy)
	b = append(b, `,"packages":`...)
	b = appendJSONList(b, fr.Packages, (*packageReport).appendJSON)
	if len(fr.Fixed) > 0 {
		b = append(b, `,"fixed":`...)
		b = appendJSONStrings(b, fr.Fixed)
	}
	b = append(b, `,"findings":`...)
	b = appendJSONList(b, fr.Findings, (*findingReport).appendJSON)
	return append(b, '}')
}

func (p *packageReport) appendJSON(b []byte) []byte {
	b = append(b, `{"format":`...)
	b = appendJSONString(b, p.Format)
	b = append(b, `,"manifest":`...)
	b = appendJSONStringPtr(b, p.Manifest)
	b = append(b, `,"plugin":`...)
	b = appendJSONString(b, p.Plugin)
	b = append(b, `,"marketplace":`...)
	b = appendJSONStringPtr(b, p.Marketplace)
	b = append(b, `,"loadedAs":`...)
	b = appendJSONList(b, p.LoadedAs, (*loadedAs).appendJSON)
	b = append(b, `,"onceInstalled":`...)
	b = strconv.AppendBool(b, p.OnceInstalled)
	return append(b, '}')
}

func (l *loadedAs) appendJSON(b []byte) []byte {
	b = append(b, `{"target":`...)
	b = appendJSONString(b, l.Target)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, l.Name)
	return append(b, '}')
}

func (f *findingReport) appendJSON(b []byte) []byte {
	b = append(b, `{"rule":`...)
	b = appendJSONString(b, f.Rule)
	b = append(b, `,"severity":`...)
	b = appendJSONString(b, f.Severity)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, f.Message)
	b = append(b, `,"targets":`...)
	b = appendJSONStrings(b, f.Targets)
	b = append(b, `,"range":`...)
	b = f.Range.appendJSON(b)
	b = append(b, `,"related":`...)
	b = appendJSONList(b, f.Related, (*relatedReport).appendJSON)
	b = append(b, `,"fixes":`...)
	b = appendJSONList(b, f.Fixes, (*fixReport).appendJSON)
	return append(b, '}')
}

func (r *relatedReport) appendJSON(b []byte) []byte {
	b = append(b, `{"path":`...)
	b = appendJSONString(b, r.Path)
	b = append(b, `,"range":`...)
	b = r.Range.appendJSON(b)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, r.Message)
	return append(b, '}')
}

func (f *fixReport) appendJSON(b []byte) []byte {
	b = append(b, `{"title":`...)
	b = appendJSONString(b, f.Title)
	b = append(b, `,"safe":`...)
	b = strconv.AppendBool(b, f.Safe)
	return append(b, '}')
}

func (s span) appendJSON(b []byte) []byte {
	b = append(b, `{"start":`...)
	b = s.Start.appendJSON(b)
	b = append(b, `,"end":`...)
	b = s.End.appendJSON(b)
	return append(b, '}')
}

func (p point) appendJSON(b []byte) []byte {
	b = append(b, `{"line":`...)
	b = strconv.AppendInt(b, int64(p.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(p.Column), 10)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(p.Offset), 10)
	return append(b, '}')
}

// appendJSONList appends a list as encoding/json does a slice: null when nil.
func appendJSONList[T any](b []byte, items []T, each func(*T, []byte) []byte) []byte {
	if items == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(&items[i], b)
	}
	return append(b, ']')
}

func appendJSONStrings(b []byte, ss []string) []byte {
	return appendJSONList(b, ss, func(s *string, b []byte) []byte { return appendJSONString(b, *s) })
}

func appendJSONStringPtr(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return appendJSONString(b, *s)
}

// jsonPlain marks the ASCII bytes a JSON string holds as they are: one
// look-up a byte, the report being a megabyte of them.
var jsonPlain = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendJSONString quotes s as encoding/json does: HTML characters,
// U+2028 and U+2029 escaped, invalid UTF-8 made U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if jsonPlain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
