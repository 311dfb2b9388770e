#!/usr/bin/env bash
# Shared by run-app and run-tests: make .venv with the project installed, once per change of pyproject.toml or of
# the lock it installs from (requirements/app.lock, requirements/test.lock: pinned with hashes; `scripts/lock`
# writes them).
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
LOCK="$ROOT/requirements/${EXTRA:-app}.lock"
STAMP="$VENV/.installed-$(cat "$ROOT/pyproject.toml" "$LOCK" | sha1sum | cut -c1-12)${EXTRA:+-$EXTRA}"
if [ ! -f "$STAMP" ]; then
  echo "Installing the companion${EXTRA:+ and its $EXTRA tools} into .venv ..." >&2
  "$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null
  # Exactly the locked tree (every file's hash checked), then the project itself on top of it.
  "$VENV/bin/python" -m pip install --quiet --require-hashes -r "$LOCK"
  "$VENV/bin/python" -m pip install --quiet --no-deps -e "$ROOT"
  touch "$STAMP"
fi
