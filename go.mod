module github.com/tsume-solver/tsume

go 1.26.0

require (
	github.com/dgraph-io/ristretto/v2 v2.4.2
	golang.org/x/sys v0.49.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
)
