"""The tiers: each test is marked with what it needs from what its code reaches, ``--check``
keeps the tests that need nothing, and a test that starts what its markers do not allow
fails. Each case runs a small test module of its own under this suite's ``conftest.py``."""

from __future__ import annotations

import textwrap

import pytest

from tests import tiers

pytest_plugins = ["pytester"]

CONFTEST = "from tests.conftest import *  # noqa: F403\n"


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    return pytester


def selected(suite: pytest.Pytester, *options: str) -> list[str]:
    """The names of the tests a run with ``options`` would run."""
    result = suite.runpytest("--collect-only", "-q", "-p", "no:cacheprovider", *options)
    return sorted(line.split("::")[-1] for line in result.outlines if "::" in line)


MODULE = textwrap.dedent(
    """
    import subprocess

    import pytest


    def start_a_process() -> None:
        subprocess.run(["true"], check=True)


    @pytest.fixture
    def started() -> None:
        start_a_process()


    def test_pure() -> None:
        assert sum([1, 2]) == 3


    def test_through_a_helper() -> None:
        start_a_process()


    def test_through_a_fixture(started: None) -> None:
        pass


    @pytest.mark.parametrize("store", ["memory", "postgres"])
    def test_by_case(store: str) -> None:
        assert store


    def test_a_proof() -> None:
        assert "exhaustive_cost"
    """
)


def test_a_test_is_marked_by_what_its_code_its_helpers_and_its_fixtures_reach(
    suite: pytest.Pytester,
) -> None:
    suite.makepyfile(test_module=MODULE)

    assert selected(suite, "-m", "process") == ["test_through_a_fixture", "test_through_a_helper"]
    assert selected(suite, "-m", "postgres") == ["test_by_case[postgres]"]
    assert selected(suite, "-m", "proof") == ["test_a_proof"]


def test_check_keeps_only_the_tests_that_need_none_of_the_markers(suite: pytest.Pytester) -> None:
    suite.makepyfile(test_module=MODULE)

    assert selected(suite, "--check") == ["test_by_case[memory]", "test_pure"]


def test_a_test_that_starts_a_process_its_markers_do_not_allow_fails_and_says_so(
    suite: pytest.Pytester,
) -> None:
    suite.makepyfile(
        test_hidden="""
        import importlib


        def test_hidden_start() -> None:
            # a name no reading of the code can find
            run = getattr(importlib.import_module("".join(["sub", "process"])), "run")
            run(["true"], check=True)


        def test_hidden_port() -> None:
            socket = importlib.import_module("socket")
            with socket.socket() as listening:
                listening.bind(("127.0.0.1", 0))
        """
    )
    result = suite.runpytest("-p", "no:cacheprovider")

    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(
        [
            "*test_hidden_start starts a process, but none of its markers allows it*",
            "*test_hidden_port starts a port, but none of its markers allows it*",
        ]
    )


def test_a_marked_test_may_start_what_its_marker_allows(suite: pytest.Pytester) -> None:
    suite.makepyfile(
        test_marked="""
        import importlib

        import pytest


        @pytest.mark.process
        def test_marked_start() -> None:
            module = importlib.import_module("".join(["sub", "process"]))
            module.run(["true"], check=True)
        """
    )
    suite.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_a_missing_server_skips_its_tests_but_fails_them_where_every_server_is_required(
    suite: pytest.Pytester,
) -> None:
    suite.makepyfile(
        test_missing="""
        from tests import tiers


        def test_needs_a_server() -> None:
            tiers.missing("no such server here")
        """
    )
    suite.runpytest("-p", "no:cacheprovider").assert_outcomes(skipped=1)
    required = suite.runpytest("-p", "no:cacheprovider", "--require-servers")
    required.assert_outcomes(failed=1)
    required.stdout.fnmatch_lines(["*no such server here (make test requires it*"])


def test_a_sample_of_the_docs_is_marked_by_the_names_its_code_holds() -> None:
    code = compile("import subprocess\nsubprocess.run(['true'])\n", "sample", "exec")
    assert tiers.needs_of_names(tiers.names_in(code)) == {"process"}
    assert tiers.needs_of_names(tiers.names_in(compile("print(1)", "sample", "exec"))) == set()


def test_check_draws_a_tenth_of_each_propertys_examples(suite: pytest.Pytester) -> None:
    suite.makepyfile(
        test_drawn="""
        from tests.tiers import examples


        def test_drawn() -> None:
            print("drawing", examples(50))
        """
    )
    full = suite.runpytest("-p", "no:cacheprovider", "-s")
    quick = suite.runpytest("-p", "no:cacheprovider", "-s", "--check")
    full.stdout.fnmatch_lines(["*drawing 50*"])
    quick.stdout.fnmatch_lines(["*drawing 5*"])
