package try

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/tsume-solver/tsume/shogi"
	"github.com/tsume-solver/tsume/shogi/mate"
)

func TestProf(t *testing.T) {
	pos, err := shogi.ParseSFEN(os.Getenv("SFEN"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := mate.Solve(context.Background(), pos, mate.Options{HashMB: 256, TimeLimit: 8 * time.Second})
	t.Log(r.Kind, r.Length, r.Stats.Expanded, err)
}
