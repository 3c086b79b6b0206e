"""A throwaway JupyterLab server for the end-to-end browser test (``test_lab_e2e.py``).

``running_lab(examples, workdir)`` copies the examples folder into ``workdir`` (so the committed
notebooks are never touched, not even by autosave), starts ``jupyter lab`` on 127.0.0.1 with a
free port, a random token, a fresh workspaces folder and a private config folder that turns the
"Jupyter news" toast off, waits until the server answers, and stops it, with its kernels, when
the ``with`` block ends, whatever happened inside. Should another process (a parallel test
worker, say) take the port between ``free_port()`` and the server's bind, the server exits at
once and is started again on another free port.

>>> free_port() > 0
True
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

START_TIMEOUT = 60.0
START_TRIES = 3
PORT_TAKEN = ("is not available", "already in use")
"""What jupyter_server logs when it cannot bind its port (it exits then, as ``port_retries=0``)."""
STOP_TIMEOUT = 15.0
NEWS_OFF = {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}


@dataclass(frozen=True)
class Lab:
    """A running server: ``root`` is the temp copy of the examples it serves."""

    base: str
    token: str
    root: Path
    log: Path
    pid: int

    def notebook_url(self, name: str) -> str:
        """The notebook opened in a clean layout (``?reset`` drops any saved workspace)."""
        return f"{self.base}/lab/tree/{name}?reset&token={self.token}"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the server's process group (jupyter shuts its kernels down), SIGKILL if it hangs."""
    if proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def _kernels_of(runtime: Path) -> list[int]:
    """Processes whose command line names ``runtime`` (this server's private runtime folder): the
    kernels it started, which run in sessions of their own and so outlive a killed server."""
    pids = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if str(runtime).encode() in cmdline.read_bytes():
                pids.append(int(cmdline.parent.name))
        except OSError:
            continue
    return [pid for pid in pids if pid != os.getpid()]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def _wait_until_up(name: str, proc: subprocess.Popen[bytes], status_url: str, log: Path) -> bool:
    """True once the server answers; False if it exited because its port was taken meanwhile."""
    deadline = time.monotonic() + START_TIMEOUT
    while not _answers(status_url):
        if proc.poll() is not None:
            text = log.read_text(errors="replace")
            if any(words in text for words in PORT_TAKEN):
                return False
            raise RuntimeError(f"{name} exited with code {proc.returncode}:\n{text[-3000:]}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{name} did not answer within {START_TIMEOUT:.0f} s:\n{log.read_text()[-3000:]}")
        time.sleep(0.2)
    return True


def start_on_free_port(
    name: str,
    command: Callable[[int], list[str]],
    status_url: Callable[[int], str],
    *,
    cwd: Path,
    env: dict[str, str],
    log: Path,
) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``command(port)`` in a session of its own on a free port and wait until
    ``status_url(port)`` answers; start it again on another port should the port be taken meanwhile.
    Its output goes to ``log``; if it cannot start, it is stopped and the error says why."""
    for _ in range(START_TRIES):
        port = free_port()
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                command(port),
                cwd=cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            if _wait_until_up(name, proc, status_url(port), log):
                return proc, port
        except BaseException:
            _stop(proc)
            raise
    raise RuntimeError(f"{name} found no free port in {START_TRIES} tries:\n{log.read_text(errors='replace')[-3000:]}")


@contextmanager
def running_lab(examples: Path, workdir: Path) -> Iterator[Lab]:
    """Serve a copy of ``examples`` from a JupyterLab started in ``workdir``; stop it afterwards."""
    if importlib.util.find_spec("jupyterlab") is None:
        raise RuntimeError("the JupyterLab end-to-end test needs jupyterlab: pip install -e '.[test]'")
    workdir.mkdir(parents=True, exist_ok=True)
    root = workdir / "notebooks"
    shutil.copytree(examples, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    config = workdir / "jupyter-config"
    (config / "labconfig").mkdir(parents=True)
    (config / "labconfig" / "page_config.json").write_text(json.dumps(NEWS_OFF))
    workspaces = workdir / "workspaces"
    workspaces.mkdir()
    runtime = workdir / "runtime"
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "IPYTHONDIR": str(workdir / "ipython"),
    }
    token = secrets.token_hex(16)
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        "--ServerApp.allow_root=True",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.workspaces_dir={workspaces}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    log = workdir / "jupyter-lab.log"
    proc: subprocess.Popen[bytes] | None = None
    try:
        proc, port = start_on_free_port(
            "jupyter lab",
            lambda port: [*cmd, f"--ServerApp.port={port}"],
            lambda port: f"http://127.0.0.1:{port}/api/status?token={token}",
            cwd=root,
            env=env,
            log=log,
        )
        base = f"http://127.0.0.1:{port}"
        yield Lab(base=base, token=token, root=root, log=log, pid=proc.pid)
    finally:
        if proc is not None:
            _stop(proc)
        for pid in _kernels_of(runtime):  # only if the server could not shut them down itself
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
