package main

import (
	"errors"
	"fmt"
)

// Status mirrors enum tsume_status of include/tsume.h. The cgo layer
// converts it with a plain cast (cgo_status.go checks at compile time that
// the numbers agree); the names live in capi.h as static C strings.
type Status int32

// The status codes, equal to the TSUME_* constants of tsume.h.
const (
	StatusOK              Status = 0
	StatusInvalidArgument Status = 1
	StatusParse           Status = 2
	StatusIllegalPosition Status = 3
	StatusNoMemory        Status = 4
	StatusCancelled       Status = 5
	StatusBadHandle       Status = 6
	StatusBusy            Status = 7
	StatusInternal        Status = 8
)

// apiError is an error with the status code the C caller will see.
type apiError struct {
	status Status
	msg    string
}

func (e *apiError) Error() string { return e.msg }

// errorf builds an apiError with a formatted message.
func errorf(s Status, format string, args ...any) error {
	return &apiError{status: s, msg: fmt.Sprintf(format, args...)}
}

// statusOf maps any error to a status: apiError carries its own, anything
// else (an error from a solver package that tsume did not classify) is
// reported as invalid input, since solver packages only fail on bad input.
func statusOf(err error) Status {
	if err == nil {
		return StatusOK
	}
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.status
	}
	return StatusInvalidArgument
}
