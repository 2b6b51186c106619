"""Runs a Python Driver API client script against ptxjit's libcuda.so.1.

Creates (once, under a lock) a virtual environment with the packages of
requirements.txt, then runs SCRIPT with LD_LIBRARY_PATH pointing at
LIBDIR so that the client loads ptxjit instead of NVIDIA's driver.

Usage: python_client.py VENV LIBDIR SCRIPT [ARGS...]
Exit status: the script's; 1 when the environment cannot be made.
"""

import fcntl
import os
import subprocess
import sys
import venv

HERE = os.path.dirname(os.path.abspath(__file__))


def ensure_venv(path):
    """Creates the environment at `path` unless a complete one is there."""
    python = os.path.join(path, "bin", "python")
    stamp = os.path.join(path, ".ptxjit-requirements")
    requirements = os.path.join(HERE, "requirements.txt")
    wanted = open(requirements).read()
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(stamp) and open(stamp).read() == wanted:
            return python
        venv.create(path, with_pip=True, clear=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check", "-r", requirements],
                       check=True)
        with open(stamp, "w") as out:
            out.write(wanted)
    return python


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    path, libdir, script = sys.argv[1:4]
    python = ensure_venv(os.path.abspath(path))
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.pathsep.join(
        p for p in [os.path.abspath(libdir), env.get("LD_LIBRARY_PATH")] if p)
    sys.exit(subprocess.run([python, script] + sys.argv[4:], env=env)
             .returncode)


if __name__ == "__main__":
    main()
