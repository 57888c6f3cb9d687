// Package core is the game-independent heart of tsume: proof-number search
// (df-pn with TCA, SNDA, WPNS and df-pn(r); PN*; C*), an iterative-widening
// driver, an mmap'd transposition table and the statistics the papers report.
// It imports no game: a game plugs in by implementing Game (game.go).
//
// Files, one concept each:
//
//	game.go     the Game interface, Key, Move, Side; optional Dominance, Widening, Previewer
//	delay.go    optional Delaying: moves that wait for a sibling to be decided
//	pn.go       proof numbers: 64-bit, sums saturate at MaxPN below Infinity
//	table.go    the transposition table (seqlocked entries, 4 per 256-byte
//	            bucket with a header line; generations make Clear O(1); a
//	            search's cheap new open entry does not evict costlier work)
//	entry.go    one table entry and its packing
//	store_*.go  how entry words are written inside the seqlock (plain on amd64)
//	mem_*.go    table memory: mmap, transparent huge pages (Linux), Go slice
//	search.go   per-search state shared by the algorithms (a refused store
//	            lands at the node's next store)
//	ghi.go      graph history interaction: path-dependent values; inferior
//	            repetitions (same board, a no better word for the OR side)
//	dfpn.go     df-pn (Nagai) with TCA, SNDA (optionally at OR nodes only),
//	            WPNS, df-pn(r) (Kishimoto 2010), the 1+ε trick
//	pnstar.go   PN* (Seo, Iida, Uiterwijk 2001)
//	cstar.go    C* for AND/OR trees (Seo 1995, chapter 4); CSTAR.md lists
//	            every difference from PN*
//	minimax.go  best-move search of games with a static evaluation
//	            (Evaluator): BestMove, alpha-beta, ConspiracyNumbers
//	cstar_minimax.go  C* for minimax trees (Seo 1995, chapter 6)
//	widen.go    iterative widening (Cazenave 2001) as a driver over any search
//	solve.go    Searcher, Solve, limits and cancellation
//	pv.go       principal variation and proof-tree leaf count from the table
//	stats.go    GE, EX, RE, IT, TE, BR, table hits, time, nodes/s
//
// Typical use:
//
//	t, err := core.NewTable(256, core.TableOptions{})
//	...
//	defer t.Close()
//	r := core.Solve(ctx, game, t, core.Options{TCA: true, SNDA: true})
//	line := core.PrincipalVariation(game, t, 1000, nil)
package core
