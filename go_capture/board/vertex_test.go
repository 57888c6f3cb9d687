package board

import "testing"

func TestParseVertex(t *testing.T) {
	tests := []struct {
		in   string
		size int
		want Point
		ok   bool
	}{
		{"A1", 19, 0, true},
		{"t19", 19, 360, true},
		{"J1", 19, 8, true},
		{"H1", 9, 7, true},
		{"J9", 9, 80, true},
		{"pass", 9, Pass, true},
		{"PASS", 19, Pass, true},
		{"I5", 19, NoPoint, false},
		{"K10", 9, NoPoint, false},
		{"A0", 9, NoPoint, false},
		{"A", 9, NoPoint, false},
		{"A1x", 9, NoPoint, false},
		{"", 9, NoPoint, false},
		{"Z3", 19, NoPoint, false},
		{"A1", 3, NoPoint, false},
	}
	for _, tc := range tests {
		got, err := ParseVertex(tc.in, tc.size)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseVertex(%q, %d) = %d, %v; want %d ok=%v", tc.in, tc.size, got, err, tc.want, tc.ok)
		}
		if err == nil && FormatVertex(got, tc.size) != map[bool]string{true: "PASS", false: upper(tc.in)}[got == Pass] {
			t.Errorf("FormatVertex(%d) = %s, want %s", got, FormatVertex(got, tc.size), tc.in)
		}
	}
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

func TestVertexRoundTrip(t *testing.T) {
	for size := MinSize; size <= MaxSize; size++ {
		for p := Point(0); int(p) < size*size; p++ {
			q, err := ParseVertex(FormatVertex(p, size), size)
			if err != nil || q != p {
				t.Fatalf("size %d point %d: %v %d", size, p, err, q)
			}
		}
	}
}

func TestParseColor(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Color
		ok   bool
	}{{"b", Black, true}, {"BLACK", Black, true}, {"w", White, true}, {"White", White, true}, {"x", Empty, false}, {"", Empty, false}} {
		got, err := ParseColor(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseColor(%q) = %v, %v", tc.in, got, err)
		}
	}
}
