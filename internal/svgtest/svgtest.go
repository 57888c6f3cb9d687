// Package svgtest reads back the SVG pictures tsume draws, for tests that
// check their structure (what is drawn where) rather than their pixels.
package svgtest

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// Elements returns the attributes of every element of svg, in document
// order, by local name (class, data-square, x, ...). It fails the test when
// svg is not well-formed XML.
func Elements(t testing.TB, svg string) []map[string]string {
	t.Helper()
	var out []map[string]string
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			a := map[string]string{}
			for _, x := range se.Attr {
				a[x.Name.Local] = x.Value
			}
			out = append(out, a)
		}
	}
}
