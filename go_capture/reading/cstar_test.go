package reading

import (
	"context"
	"testing"
	"time"
)

// TestCStarAgrees runs the core's C* over the known capture positions with
// every selective widening strategy: the answers of the other algorithms.
func TestCStarAgrees(t *testing.T) {
	for _, tc := range captureCases {
		b := diagram(t, tc.rows...)
		target := vertex(t, b, tc.target)
		for _, st := range Strategies[:8] {
			res, err := Solve(context.Background(), b, target, tc.mode, Options{Algorithm: AlgoCStar, Widening: st.Name, SafeLibs: 3, TimeLimit: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if res.Code != tc.code || !res.Proven {
				t.Errorf("%s, %s: code %d (proven %v), want %d", tc.name, st.Name, res.Code, res.Proven, tc.code)
			}
		}
	}
}
