"""``mastermind serve``: the web's command, which starts the web game."""

from __future__ import annotations

import ipaddress
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import attrs
import httpx
import pytest
from click.testing import CliRunner, Result

from harness import free_port
from mastermind.config import Limits, ServerSettings, declared
from mastermind.main import command
from tests.cli.conftest import ENVIRONMENT, one_line_error

Serve = Callable[..., Result]


@pytest.fixture
def serve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Serve:
    """``mastermind serve ARGS...`` in this process, kept inside the test's directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    runner = CliRunner(env=ENVIRONMENT)

    def run(*arguments: str, env: dict[str, str | None] | None = None) -> Result:
        return runner.invoke(command(), ["serve", *arguments], env=env)

    return run


def test_listing_the_commands_imports_nothing_of_the_web() -> None:
    listing = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from mastermind.main import main\n"
            "try: main(['--help'])\nexcept SystemExit: print(sorted(m for m in sys.modules"
            " if m.startswith(('starlette', 'uvicorn', 'mastermind.web'))))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Serve the web game" in listing.stdout
    assert listing.stdout.rstrip().endswith("[]")


def test_serve_has_one_option_of_each_setting_with_its_help(serve: Serve) -> None:
    shown = " ".join(serve("--help").stdout.split())
    settings = [*declared(ServerSettings), *declared(Limits)]
    for field, said in settings:
        option = said.option or f"--{field.name.replace('_', '-')}"
        assert f" {option} " in shown
        assert " ".join(said.help.split()[:4]) in shown
    assert len(settings) == 8 + len(attrs.fields(Limits))


def test_serve_explains_itself_and_the_shared_token_key(serve: Serve) -> None:
    result = serve("--help")
    assert result.exit_code == 0
    assert "MASTERMIND_WEB_SECRET" in result.stdout


def test_a_store_url_that_names_no_store_is_a_usage_error(serve: Serve) -> None:
    result = serve("--store", "bogus://nowhere")
    assert result.exit_code == 2
    assert "bogus" in one_line_error(result)


def test_a_port_out_of_range_is_a_usage_error(serve: Serve) -> None:
    result = serve("--port", "70000")
    assert result.exit_code == 2


def test_serve_answers_the_page_and_the_api_from_a_sqlite_file(tmp_path: Path) -> None:
    port = free_port()
    database = tmp_path / "games.db"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("MASTERMIND_")}
    command = [
        sys.executable,
        "-m",
        "mastermind",
        "serve",
        "--port",
        str(port),
        "--db",
        str(database),
    ]
    server = subprocess.Popen(command, env=environment, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                page = httpx.get(f"{base}/")
                break
            except httpx.ConnectError:
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        created = httpx.post(f"{base}/games", json={})
        assert (page.status_code, created.status_code) == (200, 201)
        assert "<html" in page.text.lower()
        assert database.exists()
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_a_store_in_memory_cannot_be_shared_by_several_workers(serve: Serve) -> None:
    result = serve("--store", "memory://", "--workers", "2")
    assert result.exit_code == 2
    assert "several workers" in one_line_error(result)


def test_a_token_key_too_short_is_reported_in_one_line(serve: Serve, tmp_path: Path) -> None:
    result = serve("--db", str(tmp_path / "games.db"), env={"MASTERMIND_WEB_SECRET": "short"})
    assert result.exit_code == 1
    assert "at least 16 bytes" in one_line_error(result)


class ServeCommand:
    """``mastermind serve ARGUMENTS`` on a SQLite file, in a process of its own."""

    def __init__(self, tmp_path: Path, *arguments: str, loopback: str = "127.0.0.1") -> None:
        port = free_port()
        self.url = f"http://{loopback}:{port}"
        self.output = tmp_path / "serve.log"
        command = [sys.executable, "-m", "mastermind", "serve", "--port", str(port)]
        command += ["--db", str(tmp_path / "games.db"), *arguments]
        environment = {k: v for k, v in os.environ.items() if not k.startswith("MASTERMIND_")}
        with self.output.open("w") as output:
            self.process = subprocess.Popen(
                command,
                env={**environment, "PYTHONUNBUFFERED": "1"},
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{self.url}/openapi.json")
                return
            except httpx.TransportError:
                assert self.process.poll() is None, self.output.read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)

    def stop(self) -> str:
        self.process.terminate()
        self.process.wait(timeout=20)
        return self.output.read_text()


def test_forwarded_addresses_are_believed_from_a_trusted_proxy_only(tmp_path: Path) -> None:
    forwarded = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"}

    trusting = ServeCommand(tmp_path, "--trust-proxy", "10.0.0.0/8, 127.0.0.1")
    httpx.get(f"{trusting.url}/", headers=forwarded)
    trusting_log = trusting.stop()
    distrusting = ServeCommand(tmp_path)
    httpx.get(f"{distrusting.url}/", headers=forwarded)
    distrusting_log = distrusting.stop()

    assert '203.0.113.9:0 - "GET / HTTP/1.1" 200' in trusting_log
    assert "203.0.113.9" not in distrusting_log
    assert "127.0.0.1:" in distrusting_log


def test_behind_a_trusted_proxy_no_answer_names_the_host_the_request_named(
    tmp_path: Path,
) -> None:
    evil = {
        "Host": "evil.example",
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-For": "1.2.3.4",
    }
    server = ServeCommand(tmp_path, "--trust-proxy", "*")
    try:
        answers = [
            httpx.request(method, f"{server.url}{path}", headers=evil)
            for method, path in [("GET", "/games/"), ("GET", "/static"), ("POST", "/games")]
        ]
    finally:
        server.stop()

    assert [answer.status_code for answer in answers] == [404, 404, 201]
    for answer in answers:
        assert not [value for value in answer.headers.values() if "evil" in value]


def test_the_rate_given_to_serve_limits_its_clients(tmp_path: Path) -> None:
    server = ServeCommand(tmp_path, "--create-rate", "2/minute")
    try:
        answers = [httpx.post(f"{server.url}/games").status_code for _ in range(3)]
    finally:
        server.stop()

    assert answers == [201, 201, 429]


def test_the_streams_given_to_serve_limit_its_clients(tmp_path: Path) -> None:
    server = ServeCommand(tmp_path, "--streams-per-client", "1")
    try:
        game = httpx.post(f"{server.url}/games").json()
        events = f"{server.url}/games/{game['id']}/events"
        auth = {"Authorization": f"Bearer {game['token']}"}
        with httpx.stream("GET", events, headers=auth) as first:
            second = httpx.get(events, headers=auth)
    finally:
        server.stop()

    assert (first.status_code, second.status_code) == (200, 429)


@pytest.mark.parametrize("option", ["--create-rate", "--hint-rate"])
def test_a_rate_that_is_no_rate_is_a_usage_error(serve: Serve, option: str) -> None:
    result = serve(option, "often")

    assert result.exit_code == 2
    assert "'often' is no rate: write it as 30/minute" in one_line_error(result)


def test_a_limits_storage_that_is_no_storage_is_a_usage_error(serve: Serve) -> None:
    result = serve("--limits-storage", "memcached://10.0.0.5")

    assert result.exit_code == 2
    assert "no place to count the limits in" in one_line_error(result)


def test_counting_limits_in_redis_without_its_extra_is_refused_in_one_line(
    serve: Serve, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "redis", None)

    result = serve("--limits-storage", "redis://127.0.0.1:6379")

    assert result.exit_code == 1
    assert 'pip install "mastermind-decider[redis]"' in one_line_error(result)


@pytest.mark.parametrize("addresses", ["proxy.example", "10.0.0.300", " , "])
def test_a_proxy_that_is_no_address_is_a_usage_error(serve: Serve, addresses: str) -> None:
    result = serve("--trust-proxy", addresses)

    assert result.exit_code == 2
    assert "--trust-proxy" in one_line_error(result)


def test_more_postgresql_connections_than_its_default_allows_are_refused(serve: Serve) -> None:
    url = f"postgresql://player:hunter2@127.0.0.1:{free_port()}/games"

    refused = serve("--store", url, "--workers", "10")
    allowed = serve(
        "--store",
        url,
        "--workers",
        "10",
        "--allow-many-connections",
        "--store-wait",
        "0.2",
    )

    assert refused.exit_code == 2
    assert (
        "10 workers of 10 connections each, and 2 more outside the pool, may open 120"
        in one_line_error(refused)
    )
    assert "default max_connections of 100" in one_line_error(refused)
    assert allowed.exit_code == 1, "allowed, it tries the database, which is not there"
    assert one_line_error(allowed).startswith(
        "Error: Cannot open the games at postgresql://player:***@127.0.0.1:"
    )
    assert "hunter2" not in allowed.output


def test_a_damaged_database_is_refused_at_start_in_one_line(serve: Serve, tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    database.write_bytes(b"not a database at all, " * 400)

    result = serve("--db", str(database))

    assert result.exit_code == 1
    assert one_line_error(result).startswith(f"Error: Cannot open the games at {database}: ")
    assert "Traceback" not in result.output


def test_invites_are_built_on_the_public_url_given_to_serve_in_every_worker(
    tmp_path: Path,
) -> None:
    server = ServeCommand(
        tmp_path, "--workers", "2", "--public-url", "https://mastermind.example/play/"
    )
    try:
        invites = [
            httpx.post(
                f"{server.url}/games",
                json={"secret": "RRGG"},
                headers={"Host": "evil.example", "X-Forwarded-Host": "evil.example"},
            ).json()["invite"]["url"]
            for _ in range(6)
        ]
    finally:
        server.stop()

    assert all(url.startswith("https://mastermind.example/play/#game=") for url in invites)


@pytest.mark.parametrize(
    "given",
    ["ftp://mastermind.example", "https://mastermind.example/?a=1", "https://a@b.example", ""],
)
def test_a_public_url_that_is_no_page_address_is_a_usage_error(serve: Serve, given: str) -> None:
    by_option = serve("--public-url", given)
    assert by_option.exit_code == 2
    assert "--public-url" in one_line_error(by_option)
    if given:
        by_variable = serve(env={"MASTERMIND_PUBLIC_URL": given})
        assert by_variable.exit_code == 2
        assert "https://mastermind.example" in one_line_error(by_variable)


@pytest.mark.parametrize(("host", "loopback"), [("0.0.0.0", "127.0.0.1"), ("::", "[::1]")])
def test_serve_on_every_address_prints_where_a_friend_can_open_it_and_each_answers(
    tmp_path: Path, host: str, loopback: str
) -> None:
    server = ServeCommand(tmp_path, "--host", host, loopback=loopback)
    try:
        said = server.output.read_text()
        printed = re.findall(r"^  (http://\S+/)$", said, flags=re.MULTILINE)
        answers = [httpx.get(url, timeout=5).status_code for url in printed]
    finally:
        server.stop()

    assert "give --public-url URL (or MASTERMIND_PUBLIC_URL)" in said
    if not printed:  # a machine with loopback alone, as a container often is
        assert "No address of this machine but loopback was found: a friend can reach it" in said
        assert "Open the page at one of these" not in said
        return
    assert "A friend on your network can open the game at:" in said
    port = server.url.rsplit(":", 1)[1]
    for url in printed:
        address = ipaddress.ip_address(urlsplit(url).hostname or "")
        assert not address.is_loopback
        assert url.endswith(f":{port}/")
    assert answers == [200] * len(printed)


def test_serve_on_loopback_says_a_friend_on_another_machine_cannot_reach_it(
    tmp_path: Path,
) -> None:
    said = ServeCommand(tmp_path).stop()

    assert "a friend on another machine cannot reach" in said
    assert "serve --host 0.0.0.0" in said


@pytest.mark.parametrize("given", [{"public_url": "https://a.example/?q"}, {}])
def test_serve_from_python_refuses_a_public_url_before_it_serves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: dict[str, str]
) -> None:
    from mastermind.web import serve as serve_from_python

    monkeypatch.setenv("MASTERMIND_PUBLIC_URL", "ftp://mastermind.example")
    with pytest.raises(ValueError, match=r"no http or https address|has a query"):
        serve_from_python(store_url=f"sqlite:///{tmp_path / 'games.db'}", **given)
    assert not (tmp_path / "games.db").exists()
    assert not (tmp_path / "games.db.key").exists()
