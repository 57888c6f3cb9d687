package eval

import (
	"context"
	"fmt"
	"time"

	"github.com/tsume-solver/tsume/core"
	"github.com/tsume-solver/tsume/shogi"
)

// Options of Search, the front ends' one entry to the best-move search
// (the command line, the C ABI and Python all go through it).
type Options struct {
	// Algorithm is "cstar" (C* for minimax trees, the default when
	// empty) or "alphabeta".
	Algorithm string
	// Depth is the horizon in plies (0: DefaultDepth).
	Depth int
	// Separation is C*'s stopping threshold (core.MinimaxOptions); 0
	// means Infinity.
	Separation uint64
	// FixedHorizon counts the horizon's evaluations as exact (C*).
	FixedHorizon bool
	NodeLimit    uint64        // expanded-node budget (0: none)
	TimeLimit    time.Duration // 0: none
}

// DefaultDepth is the horizon when Options.Depth is 0.
const DefaultDepth = 3

// Result is a best-move search's answer, as the front ends print it.
// Conspiracy numbers are decimal strings, "inf" for Infinity.
type Result struct {
	Algorithm  string  `json:"algorithm"`
	Move       string  `json:"move"` // USI; "none" when the side to move has no move
	Value      int     `json:"value"`
	Fall       string  `json:"fall"`
	Rise       string  `json:"rise"`
	Separation string  `json:"separation"`
	Decided    bool    `json:"decided"`
	DecidedAt  uint64  `json:"decided_at"`
	Depth      int     `json:"depth"`
	Stop       string  `json:"stop"`
	GE         uint64  `json:"ge"`
	EX         uint64  `json:"ex"`
	IT         uint64  `json:"it"`
	RE         float64 `json:"re"`
	BR         float64 `json:"br"`
	TimeMS     float64 `json:"time_ms"`
}

// Search searches pos (left unchanged) for its best move with the material
// evaluation (see core.BestMove and MinimaxResult for the figures).
func Search(ctx context.Context, pos *shogi.Position, o Options) (Result, error) {
	var a core.MinimaxAlgorithm
	switch o.Algorithm {
	case "", "cstar":
		a = core.MinimaxCStar
	case "alphabeta":
		a = core.MinimaxAlphaBeta
	default:
		return Result{}, fmt.Errorf("unknown algorithm %q (want cstar or alphabeta)", o.Algorithm)
	}
	if o.Depth == 0 {
		o.Depth = DefaultDepth
	}
	r := core.BestMove(ctx, New(pos), core.MinimaxOptions{Algorithm: a, Depth: o.Depth, Separation: core.PN(o.Separation),
		FixedHorizon: o.FixedHorizon, NodeLimit: o.NodeLimit, TimeLimit: o.TimeLimit})
	if r.Err != nil {
		return Result{}, r.Err
	}
	mv := "none"
	if r.Move != core.NoMove {
		mv = shogi.Move(r.Move).USI()
	}
	return Result{Algorithm: a.String(), Move: mv, Value: r.Value, Fall: CN(r.Fall), Rise: CN(r.Rise),
		Separation: CN(r.Separation), Decided: r.Decided, DecidedAt: r.DecidedAt, Depth: r.Depth, Stop: r.Stop.String(),
		GE: r.Stats.Generated, EX: r.Stats.Expanded, IT: r.Stats.Iterations, RE: r.Stats.ReExpansionRatio(),
		BR: r.Stats.BranchingFactor(), TimeMS: float64(r.Stats.Elapsed) / float64(time.Millisecond)}, nil
}

// CN spells a conspiracy number: decimal, or "inf".
func CN(x core.PN) string {
	if x == core.Infinity {
		return "inf"
	}
	return fmt.Sprint(uint64(x))
}
