"""``mastermind --help`` lists every command from its one line of help, importing none."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mastermind.cli._app import listed
from mastermind.cli._listing import COMMANDS

LISTING = """
import json, sys
from mastermind.main import main
try:
    main(["--help"])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def listing() -> tuple[str, list[str]]:
    """What ``mastermind --help`` prints, and every module it imported, in a fresh process."""
    finished = subprocess.run(
        [sys.executable, "-c", LISTING], capture_output=True, text=True, timeout=60, check=True
    )
    modules: list[str] = json.loads(finished.stderr.splitlines()[-1])
    return finished.stdout, modules


def test_mastermind_help_lists_every_command_and_imports_none_of_their_modules() -> None:
    printed, modules = listing()

    commands = {where.partition(":")[0] for where, _ in COMMANDS.values()}
    game = ("mastermind.domain", "mastermind.service", "mastermind.store", "mastermind.web")
    assert not commands & set(modules)
    assert not [module for module in modules if module.startswith(game)]
    assert not [module for module in modules if module.partition(".")[0] in ("rich", "attrs")]
    listed_names = [line.split()[0] for line in printed.split("Commands:")[1].splitlines() if line]
    assert listed_names == sorted([*COMMANDS, "serve"])


@pytest.mark.parametrize("name", COMMANDS)
def test_each_listed_line_is_the_one_its_command_would_show(name: str) -> None:
    command = listed(name)()

    assert command.name == name
    assert command.get_short_help_str(limit=10_000) == COMMANDS[name][1]


def test_every_command_of_the_services_table_is_listed() -> None:
    from mastermind.service import COMMANDS as SERVICE_COMMANDS

    sending = {name for name, (where, _) in COMMANDS.items() if where.endswith(":sending_command")}

    assert sending == {kind.name for kind in SERVICE_COMMANDS}
