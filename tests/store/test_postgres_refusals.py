"""What the PostgreSQL store says when the server refuses a value that passed the checks."""

from __future__ import annotations

import psycopg
import pytest

from mastermind.store import PostgresEventStore, StoreError, StoreUnavailable
from mastermind.testing import started

DICE = "dice \U0001f3b2"
"""A stream id that a connection speaking LATIN1 cannot carry."""


def test_a_value_the_server_refuses_is_a_store_error_that_asks_no_one_to_try_again(
    database_url: str,
) -> None:
    store = PostgresEventStore(database_url)
    store.append(DICE, [started(DICE)], 0)
    store.close()
    # The server cannot send the stored id in LATIN1: a data error that no argument of
    # the caller's caused, and that trying again would meet again.
    latin = PostgresEventStore(f"{database_url}&client_encoding=LATIN1")
    try:
        with pytest.raises(StoreError, match=r"^The database refused a value: ") as refused:
            latin.read_all()
    finally:
        latin.close()
    assert not isinstance(refused.value, StoreUnavailable)
    assert isinstance(refused.value.__cause__, psycopg.DataError)


def test_a_store_that_met_a_refused_value_goes_on_answering(database_url: str) -> None:
    store = PostgresEventStore(f"{database_url}&client_encoding=LATIN1")
    try:
        store.append("plain", [started("plain")], 0)
        with psycopg.connect(database_url, autocommit=True) as other:
            other.execute(
                "INSERT INTO events (stream_id, version, type, schema, data)"
                " SELECT %s, 1, type, schema, data FROM events",
                (DICE,),
            )
        with pytest.raises(StoreError):
            store.read_all()
        assert store.load("plain").version == 1
    finally:
        store.close()
