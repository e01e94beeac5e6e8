"""One instance of the cluster benchmark (bench/cluster.py): the shop counting its page builds
(bench/live_server.py) into a file of its own, LIVE_BUILDS_FILE with its port added to the name
(`builds.count` -> `builds-8784.count`), which the benchmark adds up."""

from __future__ import annotations

import os
from pathlib import Path

from bench import live_server

if __name__ == "__main__":
    shared = Path(os.environ["LIVE_BUILDS_FILE"])
    os.environ["LIVE_BUILDS_FILE"] = str(shared.with_name(f"{shared.stem}-{os.environ['PORT']}{shared.suffix}"))
    live_server.main()
