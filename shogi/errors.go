package shogi

import (
	"errors"
	"fmt"
)

// ErrIllegal is matched (errors.Is) by every parse error that concerns a
// well-formed but illegal position or move: nifu, a second king, too many
// pieces of a kind, a piece that can never move, the side not to move in
// check, a move the rules forbid. Syntax errors do not match it, so a caller
// such as the C ABI can tell "malformed" from "against the rules".
var ErrIllegal = errors.New("illegal position or move")

// illegalError carries its own message and reports itself as ErrIllegal.
type illegalError struct{ msg string }

func (e *illegalError) Error() string        { return e.msg }
func (e *illegalError) Is(target error) bool { return target == ErrIllegal }

// illegalf formats an error that matches ErrIllegal.
func illegalf(format string, a ...any) error {
	return &illegalError{msg: fmt.Sprintf(format, a...)}
}
