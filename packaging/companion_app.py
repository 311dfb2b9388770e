"""Entry point of the desktop bundle: the same ``companion`` command, frozen.

Run bare it serves the app on 127.0.0.1 and opens the browser; every ``companion``
option (``--port``, ``--no-browser``, ``--db``, subcommands) works the same.
"""

from companion.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
