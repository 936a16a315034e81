"""The second wall: with RestrictedPython and the guards out of the way, the OS refuses.

`run_unguarded` executes raw Python inside the worker. Each attack is tried twice: in a sandbox
with the OS layer (refused, with the errno the kernel gives) and in one without it (where it
works, or fails for an unrelated reason), so the refusal is shown to come from the OS layer. The
same confined sandbox then runs the shipped APIs: files, SQLite, images, time zones, and the
network for an API that declares it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import unguarded_api

from react_repl.registry import ApiRegistry
from react_repl.sandbox import Sandbox, SandboxError

REFUSED = {"PermissionError errno=1", "PermissionError errno=13"}
PTRACE = """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
if libc.ptrace(0x4206, TARGET, 0, 0) != 0:  # PTRACE_SEIZE
    raise OSError(ctypes.get_errno(), 'ptrace')
libc.ptrace(0x4207, TARGET, 0, 0)  # PTRACE_INTERRUPT, so that the detach below is possible
os.waitpid(TARGET, 0x40000000)
libc.ptrace(17, TARGET, 0, 0)  # PTRACE_DETACH
"""


@pytest.fixture(scope="module")
def listener() -> Iterator[int]:
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    yield server.getsockname()[1]
    server.close()


@pytest.fixture(scope="module")
def sleeper() -> Iterator[int]:
    process = subprocess.Popen(["sleep", "120"])
    yield process.pid
    process.kill()
    process.wait()


@pytest.fixture(scope="module")
def outside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("outside")
    private = folder / "other_users_secret"
    private.write_text("not yours")
    private.chmod(0o600)
    if os.geteuid() == 0:
        os.chown(private, 65534, 65534)  # nobody
    return folder


def _attacks(outside: Path, listener: int, sleeper: int) -> dict[str, str]:
    return {
        "write_outside_the_workspace": f"open({str(outside / 'escaped.txt')!r}, 'w').write('x')",
        "append_to_the_sandbox_source": (
            f"open({str(Path(unguarded_api.__file__).parent / 'conftest.py')!r}, 'a').close()"
        ),
        "read_another_users_file": f"open({str(outside / 'other_users_secret')!r}).read()",
        "read_proc_self": "open('/proc/self/status').read()",
        "read_proc_of_init": "open('/proc/1/cmdline', 'rb').read()",
        "list_proc": "import os; os.listdir('/proc')",
        "read_etc_shadow": "open('/etc/shadow').read()",
        "socket_connect": (
            f"import socket; socket.create_connection(('127.0.0.1', {listener}), 1).close()"
        ),
        "fork": "import os\npid = os.fork()\nif pid == 0:\n    os._exit(0)\nos.waitpid(pid, 0)",
        "subprocess": "import subprocess; subprocess.run(['true'], check=True)",
        "ptrace_another_process": PTRACE.replace("TARGET", str(sleeper)),
        "signal_the_parent": "import os; os.kill(os.getppid(), 0)",
    }


@pytest.fixture(scope="module")
def confined(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    with Sandbox(
        [unguarded_api.run_unguarded], workspace=tmp_path_factory.mktemp("ws"), timeout=10
    ) as box:
        yield box


@pytest.fixture(scope="module")
def unconfined(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    with Sandbox(
        [unguarded_api.run_unguarded],
        workspace=tmp_path_factory.mktemp("ws"),
        os_confinement=False,
        timeout=10,
    ) as box:
        yield box


ATTACK_NAMES = list(_attacks(Path("/"), 0, 0))


def _attempt(box: Sandbox, code: str) -> str:
    observation = box.run(f"print(run_unguarded({code!r}))")
    assert observation.ok, observation.text
    return observation.text


@pytest.mark.parametrize("name", ATTACK_NAMES)
def test_the_os_layer_refuses_what_the_guards_would(
    confined: Sandbox,
    unconfined: Sandbox,
    outside: Path,
    listener: int,
    sleeper: int,
    name: str,
) -> None:
    code = _attacks(outside, listener, sleeper)[name]
    assert _attempt(confined, code) in REFUSED
    without = _attempt(unconfined, code)
    if name == "read_another_users_file" and os.geteuid() != 0:
        assert without in REFUSED  # ordinary file permissions already refuse a non-root user
    else:
        assert without == "ok", f"the attack must work without the OS layer: {without}"
    (outside / "escaped.txt").unlink(missing_ok=True)


def test_execve_is_refused_before_the_path_is_even_looked_up(
    confined: Sandbox, unconfined: Sandbox
) -> None:
    """execve of a missing program: ENOENT when the kernel looks, EPERM when seccomp stops it
    first (a real program would replace the unconfined worker, ending the test's control)."""
    code = "import os; os.execv('/nonexistent/program', ['program'])"
    assert _attempt(confined, code) == "PermissionError errno=1"
    assert _attempt(unconfined, code) == "FileNotFoundError errno=2"


def test_the_sandbox_reports_what_the_kernel_gave(confined: Sandbox, unconfined: Sandbox) -> None:
    assert unconfined.confinement["enabled"] is False
    assert "os_confinement=False" in unconfined.confinement["missing"][0]
    report = confined.confinement
    assert report["enabled"] and report["missing"] == [], report
    assert report["files"] == "landlock" and report["landlock_abi"] >= 6
    assert report["seccomp"].startswith("seccomp:") and report["network"] == "refused"
    assert report["capabilities"] == "all dropped"


class _Geocoder(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = json.dumps(
            {"results": [{"name": "Paris", "latitude": 48.85, "longitude": 2.35,
                          "country": "France", "country_code": "FR", "timezone": "Europe/Paris"}]}
        ).encode()  # fmt: skip
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.fixture(scope="module")
def geocoder() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Geocoder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


SHIPPED = """
print(write_text_file('notes/a.txt', 'hello'))
print(read_text_file('notes/a.txt'))
print(create_sample_database())
print(run_sql_query('select count(*) as n from customer'))
picture = create_image(8, 4, 'red')
print(save_image(picture, 'red.png'))
print(get_image_info(open_image('red.png')))
print(get_current_date('Europe/Paris').year > 2000)
print(get_location_coordinates('Paris'))
print(run_unguarded("import socket; socket.create_connection(('127.0.0.1', PORT), 1).close()"))
print(run_unguarded("open('/proc/self/status').read()"))
"""


def test_shipped_apis_work_inside_the_wall(tmp_path: Path, geocoder: str) -> None:
    apis = ApiRegistry.discover(entry_points=False).callables()
    apis["run_unguarded"] = unguarded_api.run_unguarded
    workspace = tmp_path / "ws"
    with Sandbox(
        apis, workspace=workspace, env={"REACT_REPL_GEOCODING_URL": geocoder}, timeout=20
    ) as box:
        assert box.confinement["network"].startswith("allowed"), box.confinement
        observation = box.run(SHIPPED.replace("PORT", geocoder.rpartition(":")[2]))
        assert observation.ok, observation.text
    lines = observation.text.splitlines()
    assert "notes/a.txt" in lines[0] and lines[1] == "hello"
    assert "CUSTOMER" in lines[2] and "'n': 12" in lines[3], lines[3]
    assert "red.png" in lines[4] and "'width': 8" in lines[5] and lines[6] == "True"
    assert "48.85" in lines[7], lines[7]
    assert lines[8] == "ok", "a declared network reaches TCP servers"
    assert lines[9] in REFUSED, "files outside the allowed set stay closed"
    assert (workspace / "notes" / "a.txt").read_text() == "hello"


def test_no_network_without_a_declaration(confined: Sandbox, listener: int) -> None:
    code = f"import socket; socket.create_connection(('127.0.0.1', {listener}), 1)"
    assert _attempt(confined, code) == "PermissionError errno=1"
    assert confined.confinement["network"] == "refused"


def test_a_workspace_that_cannot_be_created_is_a_clear_error() -> None:
    with pytest.raises(SandboxError, match="cannot create the workspace folder"):
        Sandbox(workspace="/proc/no-such-place/ws")


# Each reaches another process of the same user by pid: where Landlock does not scope these
# (kernels before 6.12 for signals, or none at all), seccomp is the only wall left.
REACH_OTHERS = """
import ctypes, json, os, sys
from react_repl.sandbox import _seccomp
if sys.argv[2] == 'seccomp':
    assert _seccomp.install(allow_network=False).applied
libc = ctypes.CDLL(None, use_errno=True)
number = ctypes.CDLL('libseccomp.so.2').seccomp_syscall_resolve_name  # this machine's numbers
other = int(sys.argv[1])
class Limit(ctypes.Structure):
    _fields_ = [('cur', ctypes.c_uint64), ('max', ctypes.c_uint64)]
mask = ctypes.c_uint64(1 << min(os.sched_getaffinity(0)))  # a CPU this machine lets us use
policy = ctypes.c_int(0)
read_end, _ = os.pipe()
calls = {
    'prlimit64': lambda pid: libc.prlimit64(pid, 0, ctypes.byref(Limit(600, 600)), None),
    'setpriority': lambda pid: libc.setpriority(0, pid, 19),
    'sched_setaffinity': lambda pid: libc.sched_setaffinity(pid, 8, ctypes.byref(mask)),
    'sched_setscheduler': lambda pid: libc.sched_setscheduler(pid, 5, ctypes.byref(policy)),
    'ioprio_set': lambda pid: libc.syscall(number(b'ioprio_set'), 1, pid, 3 << 13),
    'pidfd_open': lambda pid: libc.syscall(number(b'pidfd_open'), pid or os.getpid(), 0),
    'fcntl_setown': lambda pid: libc.fcntl(read_end, 8, pid or os.getpid()),
    # the kernel reads the command as 32 bits; a 64-bit comparison missed this spelling
    'fcntl_setown_high_bits': lambda pid: libc.syscall(
        ctypes.c_long(number(b'fcntl')), ctypes.c_long(read_end), ctypes.c_long(8 | 1 << 32),
        ctypes.c_long(pid or os.getpid())),
}
results = {}
for name, call in calls.items():
    ctypes.set_errno(0)
    on_other = call(other)
    on_other = ctypes.get_errno() if on_other == -1 else 0
    ctypes.set_errno(0)
    on_itself = call(0)
    results[name] = [on_other, ctypes.get_errno() if on_itself == -1 else 0]
print(json.dumps(results))
"""


def _reach_others(target: int, mode: str) -> dict[str, list[int]]:
    done = subprocess.run(
        [sys.executable, "-c", REACH_OTHERS, str(target), mode],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)


def test_seccomp_alone_keeps_the_worker_off_other_processes() -> None:
    """Found by red-teaming: prlimit64 on the host's pid set its limits from a worker past the
    Python layer (an RLIMIT_CPU of 1 s would kill it), and pidfd_send_signal passed seccomp.
    Each call is refused on another pid and still works on the worker itself."""
    with subprocess.Popen(["sleep", "60"]) as target, subprocess.Popen(["sleep", "60"]) as free:
        try:
            refused = _reach_others(target.pid, "seccomp")
            allowed = _reach_others(free.pid, "none")
            limits = Path(f"/proc/{target.pid}/limits").read_text()
        finally:
            target.kill()
            free.kill()
    assert {name: other for name, (other, _) in refused.items()} == dict.fromkeys(refused, 1)
    assert {name: itself for name, (_, itself) in refused.items()} == dict.fromkeys(refused, 0)
    assert {name: other for name, (other, _) in allowed.items()} == dict.fromkeys(allowed, 0), (
        "each call must reach another process without seccomp, or the test proves nothing"
    )
    assert "Max cpu time              600" not in limits


UNIX_SOCKET_SPELLED_WIDE = """
import ctypes, os
from react_repl.sandbox import _seccomp
assert _seccomp.install(allow_network=True).applied
libc = ctypes.CDLL(None, use_errno=True)
call = ctypes.c_long(ctypes.CDLL('libseccomp.so.2').seccomp_syscall_resolve_name(b'socket'))
def socket(family):
    ctypes.set_errno(0)
    fd = libc.syscall(call, ctypes.c_long(family), ctypes.c_long(1), ctypes.c_long(0))
    return ctypes.get_errno() if fd == -1 else 0
print(socket(1 | 1 << 32), socket(1), socket(2))
"""


def test_a_declared_network_opens_no_unix_socket_however_the_family_is_spelled() -> None:
    """Found by review: AF_UNIX with bits above 32 passed a 64-bit comparison, and the kernel
    reads the family as 32 bits, so ssh-agent or docker.sock was one socket() away."""
    done = subprocess.run(
        [sys.executable, "-c", UNIX_SOCKET_SPELLED_WIDE],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert done.stdout.split() == ["1", "1", "0"], done.stdout + done.stderr


RAISE_OWN_MEMORY_LIMIT = """
import resource
limit = (MEMORY_BYTES, MEMORY_BYTES)
assert resource.getrlimit(resource.RLIMIT_AS) == limit, resource.getrlimit(resource.RLIMIT_AS)
unlimited = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
for raise_it in (lambda: resource.setrlimit(resource.RLIMIT_AS, unlimited),
                 lambda: resource.prlimit(0, resource.RLIMIT_AS, unlimited)):
    try:
        raise_it()
    except (ValueError, PermissionError):  # the kernel's EPERM, as each call reports it
        continue
    raise AssertionError('raised')
assert resource.getrlimit(resource.RLIMIT_AS) == limit
"""


def test_the_worker_cannot_raise_its_own_memory_limit() -> None:
    """Red-team check: setrlimit/prlimit on its own pid are allowed by seccomp, so the memory
    limit holds only because its hard limit is set too (soft may never exceed hard) and raising
    a hard limit needs CAP_SYS_RESOURCE, which the OS layer drops even for root."""
    code = RAISE_OWN_MEMORY_LIMIT.replace("MEMORY_BYTES", str(256 * 1024 * 1024))
    with Sandbox([unguarded_api.run_unguarded], memory_mb=256) as box:
        assert box.run(f"print(run_unguarded({code!r}))").text == "ok"
