package core

import "testing"

func TestPNArithmetic(t *testing.T) {
	tests := []struct {
		name string
		got  PN
		want PN
	}{
		{"small", PN(2).Add(3), 5},
		{"zero", PN(0).Add(0), 0},
		{"to max", (MaxPN - 1).Add(1), MaxPN},
		{"saturates at max, not infinity", MaxPN.Add(1), MaxPN},
		{"max+max saturates", MaxPN.Add(MaxPN), MaxPN},
		{"wrap saturates", (MaxPN / 2).Add(MaxPN/2 + 10), MaxPN},
		{"infinity left", Infinity.Add(1), Infinity},
		{"infinity right", PN(1).Add(Infinity), Infinity},
		{"addone max", MaxPN.AddOne(), MaxPN},
		{"sub", PN(7).SubFloor(3), 4},
		{"sub floor", PN(3).SubFloor(7), 0},
		{"sub infinity", Infinity.SubFloor(5), Infinity},
		{"sub max", MaxPN.SubFloor(MaxPN), 0},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	// A long chain of additions of unproven numbers never reads as
	// disproven (pn = Infinity).
	x := PN(1)
	for range 200 {
		x = x.Add(x)
	}
	if x.IsInf() || x != MaxPN {
		t.Fatalf("repeated doubling gave %d, want MaxPN", x)
	}
}

func TestOutcomeString(t *testing.T) {
	for o, want := range map[Outcome]string{Unknown: "unknown", Proven: "proven", Disproven: "disproven", 9: "invalid-outcome"} {
		if o.String() != want {
			t.Errorf("%d: %q", o, o.String())
		}
	}
}
