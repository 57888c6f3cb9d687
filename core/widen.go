package core

// IterativeWidening is Cazenave's iterative widening as a driver over any
// search: it runs search for step 0, 1, … of w (nested move sets, widest
// last) and stops at the first step whose result is sound for the side the
// step narrowed: a proof when the attacker's (OR) moves were narrowed or the
// defender's narrowed set is declared complete (ANDComplete); a disproof
// when the OR moves were not narrowed. An unsound result (or none) widens
// to the next step; the last step should narrow nothing, or an unsound
// result there is reported as Unknown. A search that hits
// a limit ends the drive with its result. The table is shared by every
// step: each entry records its step, and a narrower result is reused only
// where it is sound (see Entry.Sound).
//
// search runs one full search at a step; a game's own selective search
// (such as Abstract Proof Search) can be driven the same way.
func IterativeWidening(w Widening, search func(step int) Result) Result {
	var total Result
	n := w.Steps()
	if n < 1 {
		n = 1
	}
	for step := 0; step < n; step++ {
		side := w.Narrows(step)
		r := search(step)
		total.Stats = addStats(total.Stats, r.Stats)
		total.Steps = append(total.Steps, StepResult{Step: step, Narrows: side, Outcome: r.Outcome, Stats: r.Stats})
		sound := (r.Outcome == Proven && ReusableProof(side, side&ANDComplete != 0)) ||
			(r.Outcome == Disproven && ReusableDisproof(side))
		if sound || r.Stop != Finished || r.Err != nil || step == n-1 {
			steps, stats := total.Steps, total.Stats
			total = r
			total.Steps, total.Stats = steps, stats
			if !sound {
				total.Outcome = Unknown
			}
			return total
		}
	}
	return total
}

func addStats(a, b Stats) Stats {
	a.Generated += b.Generated
	a.Expanded += b.Expanded
	a.ReExpanded += b.ReExpanded
	a.Iterations += b.Iterations
	a.Terminal = b.Terminal
	a.TableHits += b.TableHits
	a.Elapsed += b.Elapsed
	return a
}
