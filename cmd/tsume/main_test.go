package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestDispatchUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage: tsume"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"help"}, 0, "commands:"},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := dispatch(tc.args, &out, &errb)
		if code != tc.code {
			t.Errorf("dispatch(%q) = %d, want %d", tc.args, code, tc.code)
		}
		if !strings.Contains(out.String()+errb.String(), tc.want) {
			t.Errorf("dispatch(%q) printed %q, want it to contain %q", tc.args, out.String()+errb.String(), tc.want)
		}
	}
}

func TestWantsGoSuite(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"--suite", "a.tsv"}, false},
		{[]string{"--go-suite", "x.jsonl"}, true},
		{[]string{"--time-limit", "1s", "--go-suite=x.jsonl"}, true},
		{[]string{"-go-suite", "x"}, true},
		{nil, false},
	}
	for _, tc := range tests {
		if got := wantsGoSuite(tc.args); got != tc.want {
			t.Errorf("wantsGoSuite(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

// TestBenchGoSuiteRoutesToBenchGo checks that `tsume bench --go-suite` reaches
// the Go suite's command (its flag set names itself bench-go in -h output).
func TestBenchGoSuiteRoutesToBenchGo(t *testing.T) {
	if _, ok := commands["bench-go"]; !ok {
		t.Fatal("bench-go is not registered")
	}
	var out, errb bytes.Buffer
	dispatch([]string{"bench", "--go-suite", "x.jsonl", "-h"}, &out, &errb)
	if !strings.Contains(out.String()+errb.String(), "bench-go") {
		t.Errorf("bench --go-suite -h printed %q, want the bench-go usage", out.String()+errb.String())
	}
}

// helperEnv makes the test binary run as the tsume command (see TestMain),
// so that tests can send it real signals and give it real files as stdout.
const helperEnv = "TSUME_CLI_TEST_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "1" {
		os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// tsumeCommand returns the test binary set up to run as `tsume args...`.
func tsumeCommand(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("no executable to re-run: %v", err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), helperEnv+"=1")
	return cmd
}
