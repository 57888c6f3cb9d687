package reading

import (
	"context"
	"math"
	"time"

	"github.com/tsume-solver/tsume/go_capture/board"
	"github.com/tsume-solver/tsume/internal/hugemem"
)

// maxPly bounds the board depth of one search, including the
// game-definition functions and the quiescence search.
const maxPly = 256

// searcher holds one question's state: the board, the target, the rules
// of the current ko mode and the counters. Every search function of the
// package is a method of searcher.
type searcher struct {
	b        *board.Board
	target   board.Point
	owner    board.Color // colour of the target string (the defender)
	attacker board.Color
	safeLibs int

	// koPower is the colour allowed to ignore the simple ko ban (it is
	// assumed to have enough ko threats), or board.Empty.
	koPower board.Color
	// koSeen records that some move was refused or allowed only because of
	// a ko ban: another ko mode may then give another answer.
	koSeen bool
	// koMet counts the events whose outcome depends on the ko mode (a
	// ban met, a retake allowed or refused). A gi search during which it
	// did not move answers alike in every ko pass, so its cache entry is
	// shared by the passes (giEntry).
	koMet uint64
	// inQS is set while the quiescence search runs; there a side with ko
	// power may ignore at most maxQSKoRetakes bans per line, so that it
	// cannot cycle.
	inQS        bool
	qsKoRetakes int
	// koStack marks the ko-power moves played inside the quiescence search.
	koStack [maxPly]koSave
	ply     int
	// moves[i] is the move played at ply i (board.Pass for a null move):
	// a snapback recapture answers the move that captured the target.
	moves   [maxPly]board.Point
	bufs    [maxPly][]board.Point
	scratch [maxPly][]board.Point // second buffer per ply for candidates
	keys    [maxPly][]uint64      // cache keys after each candidate (keysAfter)
	history [3][board.MaxPoints]uint32
	// giKiller and gKiller are, per ply, the last attacker move that
	// made gi succeed and the last owner move that refuted g (killerFirst).
	giKiller, gKiller [maxPly]board.Point
	order             [board.MaxPoints]uint64 // move scores of orderMoves
	tt                *table
	giCache           []giEntry
	ttSalt            uint64
	// playAll makes the quiescence search play every move rather than
	// foresee the ones whose outcome the board tells (tests compare).
	playAll bool
	// openSpace turns on the open-space rules (open.go; off with
	// Options.noOpenSpace, for tests that compare).
	openSpace bool
	// ext remembers the target's extensions per position (open.go).
	ext extMemo
	// question salts every key with the question's number, so that the
	// table and caches need no clearing between questions: entries of
	// earlier questions simply never match.
	question uint64
	// epoch numbers the question modulo 2^giEpochBits for the gi cache
	// (costly).
	epoch    uint8
	step     Step
	nodes    int64
	plays    int64
	maxNodes int64
	// maxPlays stops the search when plays reaches it (Options.Plays, or
	// the share of it a df-pn search may use).
	maxPlays int64
	deadline time.Time
	ctx      context.Context
	stopped  bool

	// progress is Options.Progress; start is when the question began.
	progress  func(nodes uint64, elapsed time.Duration)
	progEvery time.Duration
	start     time.Time
	nextProg  time.Time
}

// maxQSKoRetakes bounds the ko-power moves of one quiescence line.
const maxQSKoRetakes = 2

type koSave struct {
	qs bool // a ko-power move inside the quiescence search
}

func newSearcher(b *board.Board, target board.Point, o Options) *searcher {
	// The gi cache (8 MiB) is read at random addresses several times
	// per play: in huge pages most of those reads no longer miss the
	// TLB too.
	s := &searcher{giCache: hugemem.Slice[giEntry](1 << giCacheBits)}
	if o.Algorithm == AlgoAPS {
		s.tt = newTable(o.TableBits) // df-pn and PN* use the core's table
	}
	for i := range s.bufs {
		s.bufs[i] = make([]board.Point, 0, 32)
		s.scratch[i] = make([]board.Point, 0, 32)
		s.keys[i] = make([]uint64, 0, 32)
	}
	s.setup(b, target, o)
	return s
}

// setup points the searcher at a new question.
func (s *searcher) setup(b *board.Board, target board.Point, o Options) {
	s.b, s.target, s.owner, s.safeLibs = b, target, b.At(target), o.SafeLibs
	s.openSpace = !o.noOpenSpace
	s.ext.clear()
	s.attacker = s.owner.Opponent()
	for i := range s.giKiller {
		s.giKiller[i], s.gKiller[i] = board.NoPoint, board.NoPoint
	}
	s.maxNodes, s.ctx = o.Nodes, context.Background()
	s.maxPlays = math.MaxInt64
	if o.Plays > 0 {
		s.maxPlays = o.Plays
	}
	s.start = time.Now()
	s.deadline = time.Time{}
	if o.TimeLimit > 0 {
		s.deadline = s.start.Add(o.TimeLimit)
	}
	s.progress = nil
	if o.Progress != nil && o.Progress.Func != nil {
		s.progress, s.progEvery = o.Progress.Func, o.Progress.Every
		if s.progEvery == 0 {
			s.progEvery = time.Second
		}
		s.nextProg = s.start.Add(s.progEvery)
	}
}

// reset clears every result of an earlier question and sets up a new one.
func (s *searcher) reset(b *board.Board, target board.Point, o Options) {
	s.question += 0x9e3779b97f4a7c15 // a new odd multiple: fresh keys
	// The gi cache's costly entries carry the question's epoch (7 bits):
	// an entry of an earlier question must give way like an empty slot,
	// as it would in a fresh Solver's cache, so the cache is emptied
	// whenever the epoch comes round again (every 128th question). With
	// the epoch taken from two bits of the question's salt instead, one
	// entry in four of the earlier questions still counted as costly,
	// and a reused Solver did other work than a fresh one (on 31 of
	// reading.tst's 234 questions); emptying it every fourth question
	// cost 4% more CPU time on reading.tst.
	s.epoch = (s.epoch + 1) & giEpochMask
	if s.epoch == 0 {
		clear(s.giCache)
	}
	s.history = [3][board.MaxPoints]uint32{}
	s.nodes, s.plays, s.stopped, s.ply = 0, 0, false, 0
	s.inQS, s.qsKoRetakes, s.koSeen, s.koPower = false, 0, false, board.Empty
	s.setup(b, target, o)
}

// captured reports whether the target is off the board for good. A
// target just taken by a ko capture is not yet captured when its owner
// may ignore ko bans: the owner will retake (GNU Go calls a capture that
// the owner can answer by retaking a ko a ko result, not a clean one);
// nor is a single stone taken into a snapback (snapbackPending).
func (s *searcher) captured() bool {
	return s.b.At(s.target) == board.Empty && !s.recapturePending()
}

// recapturePending reports whether the owner, to move, answers the
// capture of the target by retaking at its point at once: a ko it may
// retake (retakePending) or a snapback (snapbackPending).
func (s *searcher) recapturePending() bool {
	return s.retakePending() || s.snapbackPending()
}

// snapbackPending reports whether the target, a single stone, was just
// captured by a move that left the capturing string of two or more
// stones with the target's point as its only liberty, so that the
// owner's recapture there takes them and has more than one liberty. As
// in GNU Go's reading (attack1), such a capture is no capture: the
// owner's stone stands on the same point again, stronger than before.
func (s *searcher) snapbackPending() bool {
	if s.b.At(s.target) != board.Empty || s.ply == 0 {
		return false
	}
	m := s.moves[s.ply-1]
	if m < 0 || s.b.At(m) != s.attacker {
		return false
	}
	for _, r := range s.b.Neighbors(s.target) {
		if s.b.At(r) == board.Empty {
			return false // the target had more stones: they left holes
		}
	}
	if s.b.NumStones(m) < 2 || s.b.NumLibs(m) != 1 || !s.b.Libs(m).Has(s.target) {
		return false
	}
	if s.b.Play(s.target, s.owner) != nil {
		return false
	}
	ok := s.b.NumLibs(s.target) > 1
	s.b.Undo()
	return ok
}

// retakePending reports whether the target was just taken by a ko
// capture that its owner, having ko power, may retake at once.
func (s *searcher) retakePending() bool {
	if s.b.At(s.target) != board.Empty {
		return false
	}
	if p, c := s.b.Ko(); p != s.target || c != s.owner {
		return false
	}
	s.koMet++ // the answer depends on the ko mode
	if s.koPower != s.owner {
		// A capture by ko: final in this mode, but a mode in which the
		// owner may retake answers otherwise.
		s.koSeen = true
		return false
	}
	return true
}

// libs returns the target's liberty count (0 once captured).
func (s *searcher) libs() int { return s.b.NumLibs(s.target) }

// play plays p for c under the current ko mode. It returns false, leaving
// the board unchanged, when the move is illegal.
func (s *searcher) play(p board.Point, c board.Color) bool {
	if s.ply >= maxPly-1 {
		s.stopped = true
		return false
	}
	err := s.b.Play(p, c)
	save := koSave{}
	if err == board.ErrKo || err == board.ErrSuperko {
		s.koSeen = true
		s.koMet++
		if c != s.koPower || (s.inQS && s.qsKoRetakes >= maxQSKoRetakes) {
			return false
		}
		if s.b.PlayForced(p, c) != nil {
			return false
		}
		if s.inQS {
			save.qs = true
			s.qsKoRetakes++
		}
	} else if err != nil {
		return false
	}
	s.koStack[s.ply] = save
	s.moves[s.ply] = p
	s.ply++
	s.plays++
	if s.plays >= s.maxPlays {
		s.stopped = true // checked at every play: a budget is exact
	}
	if s.plays&1023 == 0 {
		s.checkLimits()
	}
	return true
}

// undo takes back the last play.
func (s *searcher) undo() {
	s.b.Undo()
	s.ply--
	if s.koStack[s.ply].qs {
		s.qsKoRetakes--
	}
}

// nullMove lets the attacker move twice: the owner's ban (if any) lapses
// as after any move, so the attacker's own ban is lifted too.
func (s *searcher) nullMove() {
	s.b.Play(board.Pass, s.owner)
	s.koStack[s.ply] = koSave{}
	s.moves[s.ply] = board.Pass
	s.ply++
}

// checkLimits sets stopped when a node, time or context limit is hit.
func (s *searcher) checkLimits() {
	if s.nodes >= s.maxNodes || s.plays >= s.maxPlays || s.ctx.Err() != nil {
		s.stopped = true
	}
	if s.deadline.IsZero() && s.progress == nil {
		return
	}
	now := time.Now()
	if !s.deadline.IsZero() && now.After(s.deadline) {
		s.stopped = true
	}
	if s.progress != nil && now.After(s.nextProg) {
		s.nextProg = now.Add(s.progEvery)
		s.progress(uint64(s.nodes), now.Sub(s.start))
	}
}

// legal reports whether c may play p now under the ko mode. The board
// tells without the move for a point that is empty and not under a ko
// ban (a capture is legal, another move when its string keeps a
// liberty); a ko ban, superko and the depth guard take the played way,
// where they have their effects (koSeen, koMet, stopped).
func (s *searcher) legal(p board.Point, c board.Color) bool {
	if !s.playAll && !s.b.Superko() && s.ply < maxPly-2 && s.b.OnBoard(p) &&
		s.b.At(p) == board.Empty && !s.koBanned(p, c) {
		breathes, capture := s.b.Breathes(p, c)
		return capture || breathes
	}
	if !s.play(p, c) {
		return false
	}
	s.undo()
	return true
}

// buf returns the empty move buffer of the current ply.
func (s *searcher) buf() []board.Point { return s.bufs[s.ply][:0] }

// koBanned reports whether the simple ko ban forbids c to play p now.
func (s *searcher) koBanned(p board.Point, c board.Color) bool {
	k, kc := s.b.Ko()
	return k == p && kc == c
}
