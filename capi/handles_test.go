package main

import (
	"errors"
	"testing"
)

func TestHandleTable(t *testing.T) {
	var h handleTable[int]
	h.tag, h.kind = solverTag, "solver"
	v := 7
	tok := h.add(&v)
	if tok>>tagShift != solverTag {
		t.Fatalf("token %#x does not carry the tag", tok)
	}
	if tok>>47 == 0 || tok>>47 == 0x1ffff {
		t.Fatalf("token %#x is a canonical address; it could alias real memory", tok)
	}
	got, err := h.get(tok)
	if err != nil || got != &v {
		t.Fatalf("get = %v, %v", got, err)
	}
	if _, err := h.remove(tok); err != nil {
		t.Fatal(err)
	}
	tok2 := h.add(&v)
	if tok2 == tok {
		t.Fatalf("a freed token was handed out again")
	}
	tests := []struct {
		name string
		tok  uint64
		want Status
		msg  string
	}{
		{"null", 0, StatusInvalidArgument, "NULL"},
		{"freed", tok, StatusBadHandle, "freed"},
		{"wrong kind", resultTag<<tagShift | 1, StatusBadHandle, "wrong kind"},
		{"foreign", 0x7ffd12345678, StatusBadHandle, "not a handle"},
	}
	for _, tc := range tests {
		_, err := h.get(tc.tok)
		if statusOf(err) != tc.want {
			t.Errorf("%s: status %d, want %d (%v)", tc.name, statusOf(err), tc.want, err)
		}
		var ae *apiError
		if !errors.As(err, &ae) || !contains(ae.msg, tc.msg) {
			t.Errorf("%s: message %q does not mention %q", tc.name, err, tc.msg)
		}
		if _, err := h.remove(tc.tok); statusOf(err) != tc.want {
			t.Errorf("%s: remove status %d, want %d", tc.name, statusOf(err), tc.want)
		}
	}
	if n := h.len(); n != 1 {
		t.Fatalf("len = %d, want 1", n)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestStatusOf(t *testing.T) {
	tests := []struct {
		err  error
		want Status
	}{
		{nil, StatusOK},
		{errorf(StatusParse, "x"), StatusParse},
		{errors.New("from a solver package"), StatusInvalidArgument},
	}
	for _, tc := range tests {
		if got := statusOf(tc.err); got != tc.want {
			t.Errorf("statusOf(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

func TestRecoveredPanicIsInternal(t *testing.T) {
	if st := guarded(func() { panic("boom") }); st != 8 { // TSUME_E_INTERNAL
		t.Fatalf("a panic gave status %d, want TSUME_E_INTERNAL", st)
	}
	if st := guarded(func() {}); st != 0 {
		t.Fatalf("no panic gave status %d, want TSUME_OK", st)
	}
}
