package shogi

// Directions, from Black's point of view (rank 1 is "north"): 0 N, 1 S,
// 2 E (toward file 1), 3 W, 4 NE, 5 NW, 6 SE, 7 SW, and the knight jumps
// 8 (E, 2N), 9 (W, 2N), 10 (E, 2S), 11 (W, 2S).
const numDirs = 12

var (
	dirDF  = [numDirs]int{0, 0, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1}
	dirDR  = [numDirs]int{-1, 1, 0, 0, -1, -1, 1, 1, -2, -2, 2, 2}
	oppDir = [numDirs]int{1, 0, 3, 2, 7, 6, 5, 4, 11, 10, 9, 8}
	// flipDir mirrors north and south: it turns Black's moves into White's.
	flipDir = [numDirs]int{1, 0, 2, 3, 6, 7, 4, 5, 10, 11, 8, 9}
)

// Geometry tables. Index NoSquare (81) is the wall cell: every step from
// it stays on it, so ray walks stop there without a bounds test.
var (
	stepTo   [82][numDirs]Square // neighbour in a direction, or NoSquare
	adjDir   [81][81]int8        // d with stepTo[a][d] == b, else -1
	lineDir  [81][81]int8        // d (0..7) with b on the ray from a, else -1
	between  [81][81]Bitboard    // squares strictly between a and b on a line
	lineFrom [81][8]Bitboard     // the whole ray from a in direction d
)

// Piece movement masks, indexed by Piece (colour included): bit d set when
// the piece moves one step in direction d (near) or slides along d (far).
// nearBy/farBy are the same seen from the target: bit d set when a piece
// one step (or a ray) away in direction d attacks the target.
var (
	nearMask [33]uint16
	farMask  [33]uint16
	stepMask [33]uint16 // near minus far: the pure steps
	nearBy   [33]uint16
	farBy    [33]uint16
)

func dirs(ds ...int) uint16 {
	var m uint16
	for _, d := range ds {
		m |= 1 << d
	}
	return m
}

func flipMask(m uint16) uint16 {
	var r uint16
	for d := 0; d < numDirs; d++ {
		if m>>d&1 != 0 {
			r |= 1 << flipDir[d]
		}
	}
	return r
}

func oppMask(m uint16) uint16 {
	var r uint16
	for d := 0; d < numDirs; d++ {
		if m>>d&1 != 0 {
			r |= 1 << oppDir[d]
		}
	}
	return r
}

func init() {
	for s := Square(0); s < 81; s++ {
		f, r := int(s)/9, int(s)%9
		for d := 0; d < numDirs; d++ {
			nf, nr := f+dirDF[d], r+dirDR[d]
			if nf < 0 || nf > 8 || nr < 0 || nr > 8 {
				stepTo[s][d] = NoSquare
			} else {
				stepTo[s][d] = Square(nf*9 + nr)
			}
		}
	}
	for d := 0; d < numDirs; d++ {
		stepTo[NoSquare][d] = NoSquare
	}
	for a := Square(0); a < 81; a++ {
		for b := Square(0); b < 81; b++ {
			adjDir[a][b], lineDir[a][b] = -1, -1
		}
		for d := 0; d < numDirs; d++ {
			if t := stepTo[a][d]; t != NoSquare {
				adjDir[a][t] = int8(d)
			}
		}
		for d := 0; d < 8; d++ {
			var path Bitboard
			for t := stepTo[a][d]; t != NoSquare; t = stepTo[t][d] {
				lineDir[a][t] = int8(d)
				between[a][t] = path
				path.Set(t)
			}
			lineFrom[a][d] = path
		}
	}
	orth, diag, all8 := dirs(0, 1, 2, 3), dirs(4, 5, 6, 7), dirs(0, 1, 2, 3, 4, 5, 6, 7)
	gold := dirs(0, 1, 2, 3, 4, 5)
	near := [15]uint16{
		Pawn: dirs(0), Lance: dirs(0), Knight: dirs(8, 9), Silver: dirs(0, 4, 5, 6, 7),
		Gold: gold, King: all8, Bishop: diag, Rook: orth,
		ProPawn: gold, ProLance: gold, ProKnight: gold, ProSilver: gold,
		Horse: all8, Dragon: all8,
	}
	far := [15]uint16{Lance: dirs(0), Bishop: diag, Rook: orth, Horse: diag, Dragon: orth}
	for k := Pawn; k <= Dragon; k++ {
		for _, c := range []Color{Black, White} {
			p := MakePiece(c, k)
			n, fa := near[k], far[k]
			if c == White {
				n, fa = flipMask(n), flipMask(fa)
			}
			nearMask[p], farMask[p], stepMask[p] = n, fa, n&^fa
			nearBy[p], farBy[p] = oppMask(n), oppMask(fa)
		}
	}
	initClasses()
	initSlots()
	initKingRing()
	initKingFreedom()
	initCheckZone()
	initLineTables()
}
