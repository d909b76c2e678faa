"""Start lit's Python commands from one process that has already imported them.

A ``layout-opt`` or ``layout-tool`` run in the lit suite spends about four fifths of
its time importing xDSL and the dialects, and the suite starts about 250 of them, and
as many ``filecheck``.  ``lit.cfg`` therefore starts one server that imports the
package once; each command then runs as a client that hands its standard streams,
arguments, working folder and environment to the server, which forks a child to run
the module as ``python -m MODULE`` would.  The child exits as a cold run would, and the
client ends with the child's status, or of the same signal.  Every child is a fork of
the untouched server, so no run sees another's state.

    python warm_start.py serve SOCKET PARENT_PID MODULE...   imports, prints "ready", serves
    python -S warm_start.py run SOCKET MODULE ARG...         runs one command on the server

The client imports only the standard library, so it starts with ``-S``.  The unit tests
start the tools cold, and check what a cold start imports.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from typing import Any, TextIO, cast

HEADER_BYTES = 8
"""The length of a request, big-endian, which the client sends first along with its streams."""

STATUS_BYTES = 4
"""The child's exit code, big-endian and signed: a negative code is the signal that ended it."""

NO_STATUS = 70
"""The client's status when the server ends the connection without one."""


def run(socket_path: str, module: str, arguments: list[str]) -> None:
    """Run ``python -m module arguments`` on the server at ``socket_path`` and end as it ended."""
    request = json.dumps(
        {"module": module, "argv": [module, *arguments], "cwd": os.getcwd(), "env": dict(os.environ)}
    ).encode()
    streams = [_open_stream(fd) for fd in (0, 1, 2)]
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(socket_path)
        socket.send_fds(connection, [len(request).to_bytes(HEADER_BYTES, "big")], streams)
        connection.sendall(request)
        status = _receive_exactly(connection, STATUS_BYTES)
    if len(status) != STATUS_BYTES:
        print(f"warm_start: the server ended {module} without a status", file=sys.stderr)
        sys.exit(NO_STATUS)
    code = int.from_bytes(status, "big", signed=True)
    if code < 0:
        import signal

        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    sys.exit(code)


def _open_stream(fd: int) -> int:
    """``fd`` if it is open, else ``/dev/null`` opened in its place."""
    try:
        os.fstat(fd)
    except OSError:
        return os.open(os.devnull, os.O_RDWR)
    return fd


def _receive_exactly(connection: socket.socket, size: int) -> bytes:
    """``size`` bytes from ``connection``, or fewer if it closes first."""
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data


def serve(socket_path: str, parent_pid: int, modules: list[str]) -> None:
    """Import ``modules``, say ``ready`` on stdout, and run each request in a forked
    child until the process ``parent_pid`` (lit) is gone."""
    import importlib
    import select
    import signal
    import traceback

    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    for module in modules:
        importlib.import_module(module)
    _warm_up()
    wake_reader, wake_writer = os.pipe()
    os.set_blocking(wake_writer, False)
    signal.set_wakeup_fd(wake_writer)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    children: dict[int, socket.socket] = {}
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(socket_path)
        listener.listen(128)
        print("ready", flush=True)
        while os.getppid() == parent_pid:
            readable, _, _ = select.select([listener.fileno(), wake_reader], [], [], 1.0)
            if wake_reader in readable:
                os.read(wake_reader, 4096)
            if listener.fileno() in readable:
                connection, _ = listener.accept()
                pid = os.fork()
                if pid == 0:
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    for fd in (listener.fileno(), wake_reader, wake_writer):
                        os.close(fd)
                    try:
                        _run_child(connection)
                    except BaseException:
                        traceback.print_exc()
                    finally:
                        os._exit(NO_STATUS)
                children[pid] = connection
            _report_ended(children)


STOCK_DIALECTS = ("func", "math", "test", "cf")
"""xDSL's own dialects that the suite's modules use besides this package's."""


def _warm_up() -> None:
    """Load what the tools load lazily: the dialects the suite uses, every pass, and
    every answer."""
    import importlib
    import pkgutil

    import layoutdialect.answers
    from layoutdialect.dialect.registry import PROVIDED_DIALECTS, make_context
    from layoutdialect.ir.multiverse import multiverse

    context = make_context()
    for name in (*PROVIDED_DIALECTS, *STOCK_DIALECTS):
        context.get_optional_dialect(name)
    for load in multiverse().all_passes.values():
        load()
    for answer in pkgutil.iter_modules(layoutdialect.answers.__path__, "layoutdialect.answers."):
        importlib.import_module(answer.name)


def _report_ended(children: dict[int, socket.socket]) -> None:
    """Send each ended child's exit code to its client, and forget the child."""
    while children:
        pid, wait_status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            return
        connection = children.pop(pid)
        code = os.waitstatus_to_exitcode(wait_status)
        with contextlib.suppress(OSError):  # the client is gone
            connection.sendall(code.to_bytes(STATUS_BYTES, "big", signed=True))
        connection.close()


def _run_child(connection: socket.socket) -> None:
    """In the forked child: take the client's streams and request, run the module as
    ``python -m`` does, and exit with its status (a flush that fails on a closed pipe
    ends the run as Python's own shutdown does, with status 120)."""
    import runpy

    header, fds, _, _ = socket.recv_fds(connection, HEADER_BYTES, 3)
    request = json.loads(_receive_exactly(connection, int.from_bytes(header, "big")))
    connection.close()
    for target, fd in zip((0, 1, 2), fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.stdin = _text_stream(0, "r")
    sys.stdout = _text_stream(1, "w")
    sys.stderr = _text_stream(2, "w", errors="backslashreplace", buffering=1)
    sys.argv = list(request["argv"])
    sys.path[0] = request["cwd"]
    for name in (request["module"], f"{request['module']}.__main__"):
        sys.modules.pop(name, None)  # run as __main__, as ``-m`` runs it, not as the loaded module
    status = 0
    try:
        runpy.run_module(request["module"], run_name="__main__", alter_sys=True)
    except SystemExit as exit_request:
        status = _exit_status(exit_request.code)
    except BaseException:
        import traceback

        traceback.print_exc()
        status = 1
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        status = 120
    sys.stderr.flush()
    os._exit(status)


def _text_stream(fd: int, mode: str, **options: Any) -> TextIO:
    """A text stream on ``fd`` as Python opens its standard streams (the process's stream
    for its lifetime, so not in a ``with``)."""
    return cast(TextIO, open(fd, mode, encoding="utf-8", closefd=False, **options))  # noqa: SIM115


def _exit_status(code: object) -> int:
    """The status ``sys.exit(code)`` gives, as Python's own shutdown computes it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


if __name__ == "__main__":
    role, socket_path, *rest = sys.argv[1:]
    if role == "serve":
        serve(socket_path, int(rest[0]), rest[1:])
    else:
        run(socket_path, rest[0], rest[1:])
