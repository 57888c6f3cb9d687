package main

// newCaptureQuestion parses a capture query into a question.
//
// The capture solver (go_capture/reading) is not committed yet; until it
// is, every capture query fails with TSUME_E_INTERNAL rather than a made-up
// answer.
func newCaptureQuestion(q captureQuery) (question, error) {
	return nil, errorf(StatusInternal, "the capture solver (go_capture/reading) is not built into this library yet")
}
