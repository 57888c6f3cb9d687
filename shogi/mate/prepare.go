package mate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tsume-solver/tsume/shogi"
)

// kindTotals is how many pieces of each hand kind a shogi set holds.
var kindTotals = [8]int{shogi.Pawn: 18, shogi.Lance: 4, shogi.Knight: 4, shogi.Silver: 4, shogi.Gold: 4, shogi.Bishop: 2, shogi.Rook: 2}

// prepare checks that pos is a question the solver can answer and returns
// the position to search and the attacker. The position is a copy; under
// tsume rules, when the defender's hand is empty (as problem SFENs usually
// leave it) it is filled with every piece not on the board or in the
// attacker's hand. A defender hand given explicitly is kept: the poser chose
// it (the reference set has problems whose answer depends on it).
func prepare(pos *shogi.Position, o *Options) (*shogi.Position, shogi.Color, error) {
	if pos == nil {
		return nil, 0, errors.New("mate: nil position")
	}
	attacker := pos.SideToMove()
	if o.AutoDefender {
		o.DefenderToMove = pos.InCheck()
	}
	if o.DefenderToMove {
		attacker = attacker.Opponent()
	}
	defender := attacker.Opponent()
	if _, ok := pos.KingSquare(defender); !ok {
		return nil, 0, fmt.Errorf("mate: the defender (%s) has no king to mate", defender)
	}
	p := pos.Clone()
	if o.Rules == Tsume && pos.Hand(defender) == 0 {
		var err error
		if p, err = tsumeHands(pos, attacker); err != nil {
			return nil, 0, err
		}
	}
	if o.DefenderToMove && p.IsMated() {
		// The question "does every reply lose?" has no reply to ask
		// about, and no front end can show a mate of no moves: the
		// position is the answer already.
		return nil, 0, fmt.Errorf("mate: the defender (%s) is already mated: there is no move to answer", defender)
	}
	if o.Rules == Tsume && noCheckingEvasion(p, o) {
		// A tsume problem whose attacker cannot even begin is a badly set
		// problem, not a question with an answer.
		return nil, 0, fmt.Errorf("mate: the attacker (%s) is in check and has no checking move that answers it", attacker)
	}
	return p, attacker, nil
}

// noCheckingEvasion reports whether the attacker is to move (an OR root),
// in check, and has no move that both answers the check and gives check:
// the attacker has no move at all. Under mate-search rules the search
// then proves no mate at its root (an engine asking at every node wants
// that answer, not an error).
func noCheckingEvasion(p *shogi.Position, o *Options) bool {
	if o.DefenderToMove || !p.InCheck() {
		return false
	}
	var buf [shogi.MaxMoves]shogi.Move
	return len(p.GenerateChecks(buf[:0])) == 0
}

// tsumeHands returns pos with the defender holding every piece that is not
// on the board or in the attacker's hand.
func tsumeHands(pos *shogi.Position, attacker shogi.Color) (*shogi.Position, error) {
	var used [8]int
	for s := shogi.Square(0); s < 81; s++ {
		if pc := pos.PieceAt(s); pc != shogi.Empty && pc.Kind() != shogi.King {
			used[pc.Kind().Unpromote()]++
		}
	}
	ah := pos.Hand(attacker)
	var def [8]int
	for _, k := range shogi.HandKinds {
		used[k] += ah.Count(k)
		def[k] = kindTotals[k] - used[k]
		if def[k] < 0 {
			return nil, fmt.Errorf("mate: %d pieces of kind %s on board and in the attacker's hand, more than a set holds", used[k], k)
		}
	}
	hands := [2]shogi.Hand{}
	hands[attacker] = ah
	hands[attacker.Opponent()] = shogi.NewHand(def)
	f := strings.Fields(pos.SFEN())
	if len(f) < 3 {
		return nil, fmt.Errorf("mate: unexpected SFEN %q", pos.SFEN())
	}
	f[2] = handSFEN(hands)
	p, err := shogi.ParseSFEN(strings.Join(f, " "))
	if err != nil {
		return nil, fmt.Errorf("mate: completing the defender's hand: %w", err)
	}
	return p, nil
}

// handSFEN spells both hands as the SFEN hand field.
func handSFEN(h [2]shogi.Hand) string {
	var b strings.Builder
	for c, hand := range h {
		for _, k := range shogi.HandKinds {
			n := hand.Count(k)
			if n == 0 {
				continue
			}
			if n > 1 {
				fmt.Fprint(&b, n)
			}
			l := k.String()
			if c == int(shogi.White) {
				l = strings.ToLower(l)
			}
			b.WriteString(l)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// Prepared returns the position Solve searches for pos under o: a copy,
// whose defender's hand under tsume rules holds every spare piece when pos
// leaves it empty. A record of a solution starts from it, since the
// defender's drops come from that hand. The error is Solve's for a
// position it refuses.
func Prepared(pos *shogi.Position, o Options) (*shogi.Position, error) {
	p, _, err := prepare(pos, &o)
	return p, err
}
