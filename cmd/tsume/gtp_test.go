package main

import (
	"strings"
	"testing"
)

// TestGTPRefusesBadOptions: options no question could run with are
// refused when the engine starts (exit 2, naming the option), before any
// input is read, rather than failing every question of the session.
func TestGTPRefusesBadOptions(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--nodes", "-1"}, "node limit"},
		{[]string{"--widening", "foo"}, "widening"},
		{[]string{"--safe-libs", "1"}, "SafeLibs"},
		{[]string{"--algo", "magic"}, "magic"},
	} {
		code, _, errOut := run(append([]string{"gtp"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("gtp %v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
