package reading

import (
	"context"
	"fmt"
	"time"

	"github.com/tsume-solver/tsume/go_capture/board"
)

// solveCore runs the core's proof-number searches over the capture game.
func solveCore(ctx context.Context, b *board.Board, target board.Point, mode Mode, o Options, st Strategy, start time.Time) (Result, error) {
	return Result{}, fmt.Errorf("reading: algorithm %q is not available yet", o.Algorithm)
}
