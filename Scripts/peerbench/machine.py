"""What the benchmarks ran on, for the tables' headers."""

import os
import platform


def description():
    """The CPU model (from /proc/cpuinfo where there is one) and the number of cores."""
    model = platform.processor() or platform.machine() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores"


def pinned(cmd):
    """`cmd` run on one core (the last this process may use) where taskset exists, as the
    harnesses are timed: its standard output."""
    import subprocess
    try:
        cmd = ["taskset", "-c", str(max(os.sched_getaffinity(0)))] + cmd
    except (AttributeError, OSError):
        pass
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
