package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// chaseSGF is issue 12's position: black D5 in atari under white C5 D6
// E5 on an empty 9×9; D4 saves it (a long chase), which df-pn, the
// default, proves within the default budget.
const chaseSGF = "(;SZ[9]AB[ee][ce][dd]AW[de]PL[W])"

func runCaptureArgs(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runCapture(args, &out, &errb)
	return out.String(), errb.String(), code
}

// TestCaptureUnknownIsUnknown: a question that its budget stops is
// "unknown" in the text and the JSON (code null), never GNU Go's code 0.
func TestCaptureUnknownIsUnknown(t *testing.T) {
	f := filepath.Join(t.TempDir(), "chase.sgf")
	if err := os.WriteFile(f, []byte(chaseSGF), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, algo := range []string{"dfpn", "pnstar", "aps"} {
		out, errs, code := runCaptureArgs(t, "--sgf", f, "--target", "D5", "--defend", "--algo", algo, "--plays", "300")
		if code != 0 || !strings.HasPrefix(out, "defend D5: unknown (") || strings.Contains(out, "code 0") {
			t.Errorf("%s, 300 plays: exit %d, printed %q %q; want unknown without a code", algo, code, out, errs)
		}
		out, errs, code = runCaptureArgs(t, "--sgf", f, "--target", "D5", "--defend", "--algo", algo, "--plays", "300", "--json")
		var j map[string]any
		if err := json.Unmarshal([]byte(out), &j); err != nil || code != 0 {
			t.Fatalf("%s --json: exit %d, %q %q: %v", algo, code, out, errs, err)
		}
		if c, ok := j["code"]; !ok || c != nil || j["result"] != "unknown" || j["proven"] != false {
			t.Errorf("%s --json, 300 plays: %s; want code null, result unknown", algo, out)
		}
	}
	// The default (df-pn, 1 000 000 plays) decides it; the clock, a guard
	// only, is off so that a loaded machine cannot stop it first.
	out, errs, code := runCaptureArgs(t, "--sgf", f, "--target", "D5", "--defend", "--json", "--time-limit", "0")
	var j map[string]any
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 0 {
		t.Fatalf("default --json: exit %d, %q %q: %v", code, out, errs, err)
	}
	if j["algorithm"] != "dfpn" || j["result"] != "saved" || j["code"] != 1.0 || j["move"] != "D4" {
		t.Errorf("default: %s; want df-pn saving with D4, code 1", out)
	}
}
