#!/usr/bin/env bash
# Shared by run-app and run-tests: make .venv with the project installed, once per change of pyproject.toml.
# Usage: source scripts/bootstrap.sh app|test   ("test" installs the test tools too)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PYTHON="${PYTHON:-python3}"
case "${1:-}" in
  app) EXTRA="" ;;
  test) EXTRA="test" ;;
  *) echo "bootstrap.sh: say 'app' or 'test'" >&2; exit 2 ;;
esac

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "This project needs Python 3.11 or newer as '$PYTHON' (set PYTHON=/path/to/python3.11)." >&2
  exit 1
fi
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
STAMP="$VENV/.installed-$(cat "$ROOT/pyproject.toml" | sha1sum | cut -c1-12)${EXTRA:+-$EXTRA}"
if [ ! -f "$STAMP" ]; then
  echo "Installing the companion${EXTRA:+ and its $EXTRA tools} into .venv ..." >&2
  "$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null
  if [ -n "$EXTRA" ]; then
    "$VENV/bin/python" -m pip install --quiet -e "$ROOT[$EXTRA]"
  else
    "$VENV/bin/python" -m pip install --quiet -e "$ROOT"
  fi
  touch "$STAMP"
fi
