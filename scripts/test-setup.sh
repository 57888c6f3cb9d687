#!/usr/bin/env bash
# The test command's own set-up (make test runs it first): install the
# Debian packages the C, Python and Go-capture tests need when they are
# missing. Without root and apt it names what to install and fails before
# any test runs, so that a half-run never looks like a pass.
set -euo pipefail

need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v cc >/dev/null 2>&1 || need+=(gcc)
command -v c++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
[ -x /usr/bin/python3 ] || need+=(python3)
if [ -x /usr/bin/python3 ]; then
  /usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || need+=(python3-pytest)
  /usr/bin/python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
  /usr/bin/python3 -c 'import dask' >/dev/null 2>&1 || need+=(python3-dask)
  /usr/bin/python3 -c 'import distributed' >/dev/null 2>&1 || need+=(python3-distributed)
  /usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1 || need+=(python3-matplotlib)
else
  need+=(python3-pytest python3-venv python3-dask python3-distributed python3-matplotlib)
fi
[ -x /usr/games/gnugo ] || need+=(gnugo)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    sudo=(sudo -n)
  else
    sudo=(none)
  fi
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "${sudo[0]:-}" = none ]; then
  echo "test-setup: missing ${need[*]}" >&2
  echo "test-setup: cannot install them here (needs root, or password-less sudo, and apt-get); run:" >&2
  echo "  sudo apt-get install -y --no-install-recommends ${need[*]}" >&2
  echo "test-setup: no test was run" >&2
  exit 1
fi

echo "test-setup: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq >/dev/null
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
