# tsume: the two commands of the README are `make solve` and `make test`.
# Every target sets itself up; nothing needs installing by hand beyond Go.

GO      ?= go
BIN     := bin/tsume
export PATH := /usr/local/go/bin:$(PATH)

.PHONY: all build solve test test-setup test-go test-c test-python bench clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/tsume

# The main job: solve a problem. With no ARGS, `tsume solve` solves its
# built-in example; pass e.g. ARGS='--sfen "..."' for your own.
solve: build
	./$(BIN) solve $(ARGS)

# Every test. First the set-up (scripts/test-setup.sh installs the Debian
# packages the tests need, or says what to install and stops); then the Go
# packages with the race detector under -short (the heavy tests are
# skipped there and run once without -race), C/C++ and Python.
test: test-setup
	$(MAKE) test-go test-c test-python

test-setup:
	@bash scripts/test-setup.sh

test-go:
	$(GO) vet ./...
	$(GO) test -race -short -count=1 -timeout 20m ./...
	$(GO) test -count=1 -run 'Heavy' ./...

test-c:
	@if [ -f CMakeLists.txt ]; then \
	  cmake -S . -B build/cmake -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null && \
	  cmake --build build/cmake -j2 && \
	  ctest --test-dir build/cmake --output-on-failure; \
	else echo "test-c: no C ABI yet"; fi

test-python:
	@if [ -d bindings/python/tests ]; then \
	  timeout 900 /usr/bin/python3 -m pytest -q bindings/python/tests bench; \
	else echo "test-python: no Python bindings yet"; fi

bench: build
	./$(BIN) bench $(ARGS)

clean:
	rm -rf bin build
