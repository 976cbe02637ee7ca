"""``mastermind serve``: the command that starts the web game."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from mastermind.cli._app import cli
from tests.cli.conftest import Mastermind, one_line_error
from tests.web.servers import free_port


def test_serve_explains_itself_and_the_shared_token_key(mastermind: Mastermind) -> None:
    result = mastermind.bare("serve", "--help")
    assert result.exit_code == 0
    assert "MASTERMIND_WEB_SECRET" in result.stdout


def test_a_store_url_that_names_no_store_is_a_usage_error(mastermind: Mastermind) -> None:
    result = mastermind.bare("serve", "--store", "bogus://nowhere")
    assert result.exit_code == 2
    assert "bogus" in one_line_error(result)


def test_a_port_out_of_range_is_a_usage_error(mastermind: Mastermind) -> None:
    result = mastermind.bare("serve", "--port", "70000")
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


def test_a_store_in_memory_cannot_be_shared_by_several_workers(mastermind: Mastermind) -> None:
    result = mastermind.bare("serve", "--store", "memory://", "--workers", "2")
    assert result.exit_code == 2
    assert "several workers" in one_line_error(result)


def test_a_token_key_too_short_is_reported_in_one_line(
    mastermind: Mastermind, tmp_path: Path
) -> None:
    result = mastermind.runner.invoke(
        cli, ["serve", "--db", str(tmp_path / "games.db")], env={"MASTERMIND_WEB_SECRET": "short"}
    )
    assert result.exit_code == 1
    assert "at least 16 bytes" in one_line_error(result)
