package shogi

// Attack classes: colourless bitboards of the pieces that attack alike,
// kept by place and lift, so "is s attacked" becomes a few intersections
// with precomputed tables instead of a walk over twelve directions. A
// horse is in classKing and classBishop, a dragon in classKing and
// classRook.
const (
	classPawn   = iota
	classLance  // slides forward
	classKnight // jumps
	classSilver // silver steps
	classGold   // gold and the four promoted minor pieces
	classKing   // one step in all eight directions: king, horse, dragon
	classBishop // slides diagonally: bishop, horse
	classRook   // slides orthogonally: rook, dragon
	numClasses
)

// classMask[k] has bit i set when kind k belongs to class i.
var classMask = [16]uint8{
	Pawn: 1 << classPawn, Lance: 1 << classLance, Knight: 1 << classKnight,
	Silver: 1 << classSilver, Gold: 1 << classGold, King: 1 << classKing,
	Bishop: 1 << classBishop, Rook: 1 << classRook,
	ProPawn: 1 << classGold, ProLance: 1 << classGold, ProKnight: 1 << classGold,
	ProSilver: 1 << classGold,
	Horse:     1<<classKing | 1<<classBishop, Dragon: 1<<classKing | 1<<classRook,
}

// stepFrom[c][s][i] holds the squares from which a piece of colour c and
// step class i (pawn, knight, silver, gold, king) attacks s. A square's
// classes are adjacent (two cache lines), as stepAttackers reads them all.
var stepFrom [2][81][classKing + 1]Bitboard

// stepAny[c][s] is the union of stepFrom[c][s][*]: when none of c's pieces
// stands there, no step or jump of c reaches s.
var stepAny [2][81]Bitboard

// orthRays and diagRays are the unions of the four orthogonal and the four
// diagonal rays from a square; lanceRay[c][s] is the ray from s along
// which c's lances attack s.
var (
	orthRays, diagRays [81]Bitboard
	lanceRay           [2][81]Bitboard
)

// initClasses fills the tables above; tables.go's init calls it once
// nearBy and lineFrom are ready.
func initClasses() {
	rep := [numClasses]Kind{classPawn: Pawn, classKnight: Knight, classSilver: Silver,
		classGold: Gold, classKing: King}
	for c := Black; c <= White; c++ {
		for i, k := range rep {
			if k == NoKind {
				continue
			}
			by := nearBy[MakePiece(c, k)]
			for s := Square(0); s < 81; s++ {
				for d := 0; d < numDirs; d++ {
					if by>>d&1 != 0 && stepTo[s][d] != NoSquare {
						stepFrom[c][s][i].Set(stepTo[s][d])
						stepAny[c][s].Set(stepTo[s][d])
					}
				}
			}
		}
		lanceDirFrom[c] = trailingZeros16(farBy[MakePiece(c, Lance)])
		for s := 0; s < 81; s++ {
			lanceRay[c][s] = lineFrom[s][lanceDirFrom[c]]
		}
	}
	for s := 0; s < 81; s++ {
		for d := 0; d < 4; d++ {
			orthRays[s] = orthRays[s].Or(lineFrom[s][d])
			diagRays[s] = diagRays[s].Or(lineFrom[s][d+4])
		}
	}
}

// stepAttackers returns the pieces (of any colour: the caller intersects)
// that attack s by one step or jump as if they were c's.
func (p *Position) stepAttackers(s Square, c Color) Bitboard {
	f := &stepFrom[c]
	cl := &p.byClass
	t := &f[s]
	return t[classPawn].And(cl[classPawn]).Or(t[classKnight].And(cl[classKnight])).
		Or(t[classSilver].And(cl[classSilver])).Or(t[classGold].And(cl[classGold])).
		Or(t[classKing].And(cl[classKing]))
}

// sliderAttackers returns c's sliders that attack s along a line, the
// square ignore counting as empty. Sliders are few: each one on a line
// through s is kept when it is the first piece on the ray from s toward
// it (one bit scan, rays.go).
func (p *Position) sliderAttackers(s Square, c Color, ignore Square) Bitboard {
	cl := &p.byClass
	own := p.occ[c]
	out := cl[classRook].And(orthRays[s]).Or(cl[classBishop].And(diagRays[s])).
		Or(cl[classLance].And(lanceRay[c][s])).And(own)
	if out.IsEmpty() {
		return out
	}
	occ := p.all
	if ignore < NoSquare {
		occ.Clear(ignore)
	}
	for b := out; !b.IsEmpty(); {
		q := b.Pop()
		if firstPiece(s, int(lineDir[s][q]), occ) != q {
			out.Clear(q)
		}
	}
	return out
}

// lanceDirFrom[c] is the direction, seen from a target, in which c's
// lances attacking it stand: south of it for Black, north for White.
var lanceDirFrom [2]int
