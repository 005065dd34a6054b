"""Tests of the offline guard that nbval kernels run under (tests/offline/), and a static check
that the notebooks are deterministic (seeded randomness, no clock).

The guard is an audit hook, which cannot be removed once installed, so it is exercised in fresh
subprocesses and in a real IPython kernel started with ``IPYTHONDIR=tests/offline/ipython`` (the
way nbval starts them, see the repository's conftest.py) — never in the pytest process itself.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import NOTEBOOKS, REPO
from tests.offline import guard

IPYTHON_DIR = REPO / "tests" / "offline" / "ipython"
TEST_NET = "192.0.2.1"  # TEST-NET-1 (RFC 5737): never routed; the guard refuses before any packet

# One script, run in a fresh interpreter with the guard installed; prints a JSON report.
PROBE = textwrap.dedent(
    f"""
    import json, os, socket, sys, tempfile, warnings
    sys.path.insert(0, {str(REPO)!r})
    from tests.offline import guard
    guard.install()
    report = {{}}

    def attempt(name, action):
        try:
            action()
            report[name] = "ok"
        except Exception as exc:
            report[name] = type(exc).__name__ + ": " + str(exc)

    def tcp_connect():
        with socket.socket() as s:
            s.settimeout(0.5)
            s.connect(({TEST_NET!r}, 80))

    def tcp_connect_ex():
        with socket.socket() as s:
            s.settimeout(0.5)
            s.connect_ex(({TEST_NET!r}, 80))

    def udp_sendto():
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.sendto(b"x", ("8.8.8.8", 53))

    def ipv6_connect():
        with socket.socket(socket.AF_INET6) as s:
            s.settimeout(0.5)
            s.connect(("2001:db8::1", 80))

    def loopback_round_trip():
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))
            server.listen(1)
            port = server.getsockname()[1]
            with socket.create_connection(("localhost", port), timeout=2) as client:
                conn, _ = server.accept()
                with conn:
                    client.sendall(b"ping")
                    assert conn.recv(4) == b"ping"

    def unix_pair():
        a, b = socket.socketpair()
        with a, b:
            a.sendall(b"x")
            assert b.recv(1) == b"x"

    attempt("tcp_connect", tcp_connect)
    attempt("tcp_connect_ex", tcp_connect_ex)
    attempt("udp_sendto", udp_sendto)
    attempt("ipv6_connect", ipv6_connect)
    attempt("dns_lookup", lambda: socket.getaddrinfo("example.com", 443))
    attempt("gethostbyname", lambda: socket.gethostbyname("example.com"))
    attempt("create_connection", lambda: socket.create_connection(("example.com", 80), 0.5))
    attempt("urlopen", lambda: __import__("urllib.request").request.urlopen(
        "http://example.com", timeout=0.5))
    attempt("loopback", loopback_round_trip)
    attempt("localhost_lookup", lambda: socket.getaddrinfo("localhost", 80))
    attempt("unix_socketpair", unix_pair)

    target = os.path.join({str(NOTEBOOKS)!r}, "written_by_guard_test.txt")
    attempt("repo_write", lambda: open(target, "w").close())
    report["repo_file_exists"] = os.path.exists(target)
    attempt("repo_mkdir", lambda: os.mkdir(os.path.join({str(REPO)!r}, "guard_test_dir")))
    attempt("repo_read", lambda: open(os.path.join({str(REPO)!r}, "README.md")).read(1))
    with tempfile.TemporaryDirectory() as tmp:
        attempt("tmp_write", lambda: open(os.path.join(tmp, "x.txt"), "w").write("x"))

    def evalkit_warning():
        warnings.warn_explicit("w", RuntimeWarning, "evalkit/intervals.py", 1,
                               module="evalkit.intervals")

    def other_warning():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            warnings.filterwarnings("error", module=r"evalkit(\\.|$)")
            warnings.warn_explicit("w", RuntimeWarning, "numpy/x.py", 1, module="numpy.x")
        assert len(caught) == 1

    attempt("evalkit_warning", evalkit_warning)
    attempt("other_warning", other_warning)
    print(json.dumps(report))
    """
)


@pytest.fixture(scope="module")
def report() -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "attempt",
    [
        "tcp_connect",
        "tcp_connect_ex",
        "udp_sendto",
        "ipv6_connect",
        "dns_lookup",
        "gethostbyname",
        "create_connection",
    ],
)
def test_non_loopback_network_access_raises(report, attempt):
    assert report[attempt].startswith("NetworkBlockedError: network access is blocked"), report[
        attempt
    ]


def test_urlopen_fails_with_the_guards_error(report):
    # urllib wraps the OSError in URLError; the guard's message must still be there
    assert report["urlopen"] != "ok" and "offline guard" in report["urlopen"], report["urlopen"]


@pytest.mark.parametrize("attempt", ["loopback", "localhost_lookup", "unix_socketpair"])
def test_loopback_and_local_sockets_still_work(report, attempt):
    assert report[attempt] == "ok"


def test_writes_into_the_repository_are_refused(report):
    assert report["repo_write"].startswith("RepositoryWriteError: writing into the repository")
    assert report["repo_mkdir"].startswith("RepositoryWriteError")
    assert report["repo_file_exists"] is False
    assert not (REPO / "guard_test_dir").exists()


def test_reads_and_temporary_files_are_allowed(report):
    assert report["repo_read"] == "ok"
    assert report["tmp_write"] == "ok"


def test_evalkit_warnings_are_errors_and_others_are_not(report):
    assert report["evalkit_warning"].startswith("RuntimeWarning: w")
    assert report["other_warning"] == "ok"


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1", True),
        ("127.8.9.10", True),
        ("::1", True),
        ("::ffff:127.0.0.1", True),
        ("localhost", True),
        ("LOCALHOST", True),
        ("", True),
        ("0.0.0.0", True),
        (None, True),
        (b"127.0.0.1", True),
        ("10.0.0.1", False),
        ("192.0.2.1", False),
        ("2001:db8::1", False),
        ("::ffff:8.8.8.8", False),
        ("example.com", False),
        ("localhost.example.com", False),
        (42, False),
    ],
)
def test_is_loopback(host, expected):
    assert guard.is_loopback(host) is expected


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        (REPO / "notebooks" / "figure.png", False),
        (REPO / "data" / "new.csv", False),
        (REPO / "README.md", False),
        (REPO / "build" / "html" / "index.html", True),
        (REPO / "evalkit" / "__pycache__" / "x.cpython-311.pyc", True),
        (REPO / ".hypothesis" / "examples" / "x", True),
        (IPYTHON_DIR / "profile_default" / "db" / "x", True),
        (Path("/tmp") / "anything.txt", True),
        (3, True),  # a file descriptor: its open() was checked
    ],
)
def test_write_allowed(path, allowed):
    assert guard._write_allowed(path) is allowed


def _files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}


def test_a_real_kernel_with_the_profile_is_guarded():
    """Start an IPython kernel as nbval does (cwd notebooks/, IPYTHONDIR=the profile)."""
    manager = pytest.importorskip("jupyter_client.manager")
    kernelspec = pytest.importorskip("jupyter_client.kernelspec")

    class CurrentEnvironment(kernelspec.KernelSpecManager):
        """This interpreter's ipykernel, as nbval --nbval-current-env uses it."""

        def get_kernel_spec(self, kernel_name):
            argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
            return kernelspec.KernelSpec(argv=argv, display_name="current", language="python")

    before = _files(IPYTHON_DIR)
    env = {**os.environ, "IPYTHONDIR": str(IPYTHON_DIR)}
    km = manager.KernelManager(kernel_name="current", kernel_spec_manager=CurrentEnvironment())
    km.start_kernel(env=env, cwd=str(NOTEBOOKS))
    kc = km.client()
    code = textwrap.dedent(
        f"""
        import json, socket, sys, warnings
        out = {{"guard": sys.modules["evalkit_offline_guard"].ACTIVE,
               "clean": "_install_evalkit_offline_guard" not in globals()}}
        try:
            socket.create_connection(({TEST_NET!r}, 80), timeout=0.5)
            out["net"] = "connected"
        except OSError as exc:
            out["net"] = type(exc).__name__
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0)); server.listen(1)
            socket.create_connection(server.getsockname(), timeout=2).close()
            out["loopback"] = "ok"
        try:
            open("written_by_kernel_test.txt", "w")
            out["write"] = "written"
        except PermissionError as exc:
            out["write"] = type(exc).__name__
        try:
            warnings.warn_explicit("w", RuntimeWarning, "e.py", 1, module="evalkit.metrics")
            out["warning"] = "ignored"
        except RuntimeWarning:
            out["warning"] = "raised"
        print(json.dumps(out))
        """
    )
    printed = []

    def keep(msg):
        if msg["msg_type"] == "stream":
            printed.append(msg["content"]["text"])

    try:
        kc.start_channels()
        kc.wait_for_ready(timeout=60)
        reply = kc.execute_interactive(code, output_hook=keep, timeout=60)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok", reply["content"]
    out = json.loads("".join(printed).strip().splitlines()[-1])
    assert out == {
        "guard": True,
        "clean": True,
        "net": "NetworkBlockedError",
        "loopback": "ok",
        "write": "RepositoryWriteError",
        "warning": "raised",
    }
    assert not (NOTEBOOKS / "written_by_kernel_test.txt").exists()
    assert _files(IPYTHON_DIR) == before, "the kernel wrote into its IPython directory"


# --------------------------------------------------------------------------------------------
# determinism, checked statically (nbval checks it dynamically: outputs must match the stored
# ones, run after run)

UNSEEDED = re.compile(
    r"default_rng\(\s*\)"  # a generator from fresh OS entropy
    r"|np\.random\.(?:rand|randn|randint|random|random_sample|choice|shuffle|permutation|"
    r"normal|uniform|binomial|seed)\("  # the legacy global generator
    r"|^\s*import random\b|^\s*from random import"  # Python's global generator
    r"|\btime\.time\(|\bdatetime\.(?:datetime\.)?now\(|\bdate\.today\(",  # the clock
    re.MULTILINE,
)
# scikit-learn callables whose result depends on a random state unless one is given
NEEDS_RANDOM_STATE = re.compile(
    r"\b(RandomForestClassifier|ExtraTreesClassifier|DecisionTreeClassifier|"
    r"GradientBoostingClassifier|HistGradientBoostingClassifier|MLPClassifier|SGDClassifier|"
    r"KMeans|train_test_split|ShuffleSplit|StratifiedShuffleSplit|make_classification|"
    r"make_moons|make_circles|make_blobs|permutation_importance)\("
)
SHUFFLED_SPLITTER = re.compile(r"\b(KFold|StratifiedKFold|RepeatedKFold)\(")


def _call_arguments(source: str, open_paren: int) -> str:
    depth, j = 1, open_paren
    while j < len(source) and depth:
        depth += {"(": 1, ")": -1}.get(source[j], 0)
        j += 1
    return source[open_paren : j - 1]


def _code_cells(path: Path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            yield index, "".join(cell["source"])


NOTEBOOK_PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=lambda p: p.stem)
def test_notebook_randomness_is_seeded_and_no_clock_is_read(path):
    problems = []
    for index, source in _code_cells(path):
        problems += [f"cell {index}: {m.group(0)!r}" for m in UNSEEDED.finditer(source)]
        for m in NEEDS_RANDOM_STATE.finditer(source):
            if "random_state" not in _call_arguments(source, m.end()):
                problems.append(f"cell {index}: {m.group(1)}(...) without random_state")
        for m in SHUFFLED_SPLITTER.finditer(source):
            arguments = _call_arguments(source, m.end())
            if "shuffle=True" in arguments.replace(" ", "") and "random_state" not in arguments:
                problems.append(f"cell {index}: {m.group(1)}(shuffle=True) without random_state")
    assert not problems, f"{path.name}: " + "; ".join(problems)


def test_the_determinism_check_catches_what_it_should():
    bad = [
        "rng = np.random.default_rng()",
        "x = np.random.rand(3)",
        "import random",
        "t0 = time.time()",
        "stamp = datetime.now()",
    ]
    assert all(UNSEEDED.search(line) for line in bad)
    good = ["rng = np.random.default_rng(7)", "x = rng.random(3)", "import randomness_helpers"]
    assert not any(UNSEEDED.search(line) for line in good)
    source = "model = RandomForestClassifier(n_estimators=10)"
    m = NEEDS_RANDOM_STATE.search(source)
    assert "random_state" not in _call_arguments(source, m.end())


# --------------------------------------------------------------------------------------------
# conftest.py (repository root): the repository check around nbval runs


@pytest.fixture(scope="module")
def notebook_hooks():
    spec = importlib.util.spec_from_file_location("notebooks_conftest", REPO / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_notebook_hooks_point_kernels_at_the_guarded_profile(notebook_hooks):
    assert notebook_hooks.IPYTHON_DIR == IPYTHON_DIR
    assert (IPYTHON_DIR / "profile_default" / "startup" / "00-evalkit-offline.py").is_file()


@pytest.mark.parametrize(
    ("path", "ignored"),
    [
        ("build/html/index.html", True),
        ("evalkit/__pycache__/roc.cpython-311.pyc", True),
        (".hypothesis/examples/abc", True),
        ("notebooks/figure.png", False),
        ("data/new.csv", False),
        ("buildings.txt", False),
    ],
)
def test_notebook_hooks_ignore_only_build_and_caches(notebook_hooks, path, ignored):
    assert notebook_hooks._ignored(path) is ignored


def test_notebook_hooks_classify_changes(notebook_hooks):
    before = {
        "notebooks/01.ipynb": (" M", 1, 10),  # modified before the run, again during it
        "data/old.csv": ("??", 1, 5),  # untracked, deleted during the run
        "evalkit/roc.py": (" M", 1, 10),  # modified before, untouched
    }
    after = {
        "notebooks/01.ipynb": (" M", 2, 11),
        "evalkit/roc.py": (" M", 1, 10),
        "notebooks/figure.png": ("??", 3, 100),  # created
        "README.md": (" D", -1, -1),  # tracked, deleted
        "Makefile": (" M", 4, 50),  # tracked and clean before, modified
    }
    created_or_deleted, modified = notebook_hooks.changes(before, after)
    assert created_or_deleted == ["README.md", "data/old.csv", "notebooks/figure.png"]
    assert modified == ["Makefile", "notebooks/01.ipynb"]
    assert notebook_hooks.changes(before, dict(before)) == ([], [])


def test_notebook_hooks_see_the_repository(notebook_hooks):
    state = notebook_hooks._repository_state()
    if state is None:
        pytest.skip("not a git checkout")
    assert all(not notebook_hooks._ignored(path) for path in state)
    assert all(len(code) == 2 and isinstance(size, int) for code, _, size in state.values())
