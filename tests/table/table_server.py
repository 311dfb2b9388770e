"""The served app with a loopback ``TcpLinker``: one "phone" of a browser test of a table of phones.

    python -m tests.table.table_server --no-browser --port PORT --db DB
"""

from __future__ import annotations

import argparse
import logging
import os

from companion.ui.app import AppContext, make_main
from companion.ui.launch import serve_web
from tests.table.tcp_linker import TcpLinker


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    args = parser.parse_args()
    logging.basicConfig(level=os.environ.get("COMPANION_LOG", "WARNING").upper(),
                        format="%(levelname)s %(name)s: %(message)s")
    ctx = AppContext.open(args.db)
    ctx.linker = TcpLinker()
    return serve_web(make_main(ctx), "127.0.0.1", args.port, False, ctx=ctx)


if __name__ == "__main__":
    raise SystemExit(main())
