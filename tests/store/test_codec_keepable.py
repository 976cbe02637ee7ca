"""What PostgreSQL's jsonb cannot keep, NUL, lone surrogates, NaN and the infinities, the
codec refuses to encode, so that every store refuses it alike."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import psycopg
import pytest

from mastermind import Code, CodeMaker, GameStarted, Rules
from mastermind.store import EventCodec, InMemoryEventStore, PostgresEventStore, SQLiteEventStore


@attrs.frozen
class Ledger:
    account: str
    maker: CodeMaker = attrs.field(factory=CodeMaker.computer)
    tags: tuple[str, ...] = ()
    notes: dict[str, str] = attrs.field(factory=dict)
    rate: float = 0.0


@pytest.mark.parametrize(
    ("event", "refusal"),
    [
        (Ledger("a\x00"), r"Ledger\.account holds a NUL character"),
        (
            Ledger("a1", CodeMaker.person("Ada\udc80")),
            r"Ledger\.maker\.name holds a lone surrogate",
        ),
        (Ledger("a1", tags=("fine", "x\x00")), r"Ledger\.tags\[1\] holds a NUL character"),
        (
            Ledger("a1", notes={"k": "\ud800v"}),
            r"Ledger\.notes\.k holds a lone surrogate \(U\+D800",
        ),
        (
            Ledger("a1", notes={"k\x00": "v"}),
            r"Ledger\.notes\['k\\x00'\] has a key that holds a NUL character",
        ),
        (Ledger("a1", rate=math.nan), r"Ledger\.rate is the number nan"),
        (Ledger("a1", rate=-math.inf), r"Ledger\.rate is the number -inf"),
        (Ledger(r"\ud83e" + "\udd89"), r"Ledger\.account holds a lone surrogate \(U\+DD89"),
        (Ledger("\\\x00"), r"Ledger\.account holds a NUL character"),
    ],
    ids=[
        "NUL",
        "nested-surrogate",
        "item",
        "value-surrogate",
        "key",
        "nan",
        "infinity",
        "surrogate-after-text-spelling-its-pair",
        "NUL-after-a-backslash",
    ],
)
def test_encoding_what_some_store_cannot_keep_is_refused_naming_type_and_field(
    event: Ledger, refusal: str
) -> None:
    with pytest.raises(ValueError, match=f"{refusal}.*which PostgreSQL cannot store"):
        EventCodec({"Ledger": Ledger}).encode(event)


def test_a_colour_holding_nul_is_refused_in_masterminds_events_too() -> None:
    started = GameStarted("g1", Code.of("Red", "Red"), Rules(2, ("Red", "Gr\x00een")))
    with pytest.raises(ValueError, match=r"GameStarted\.rules\.symbols\[1\] holds a NUL"):
        EventCodec().encode(started)


def test_text_that_only_spells_what_no_store_keeps_is_stored_as_it_is() -> None:
    codec = EventCodec({"Ledger": Ledger})
    spelled = Ledger(r"\u0000 \ud800 NaN Infinity 🦉", tags=("NaN",), rate=1e300)
    record = codec.encode(spelled)
    assert codec.decode("Ledger", 1, record.data, stream_id="a1", position=1) == spelled


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def ledgers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """A store of ledgers, of each kind."""
    codec = EventCodec({"Ledger": Ledger})
    if request.param == "memory":
        store: Any = InMemoryEventStore(codec=codec)
    elif request.param == "sqlite":
        store = SQLiteEventStore(tmp_path / "ledgers.db", codec=codec)
    else:
        store = PostgresEventStore(request.getfixturevalue("database_url"), codec=codec)
    yield store
    store.close()


@pytest.mark.parametrize(
    "unkept",
    [Ledger("a\x00"), Ledger("a1", tags=("\udfff",)), Ledger("a1", rate=math.inf)],
    ids=["NUL", "lone-surrogate", "infinity"],
)
def test_every_store_refuses_the_same_events_and_keeps_nothing_of_their_batch(
    ledgers: Any, unkept: Ledger
) -> None:
    with pytest.raises(ValueError, match="which PostgreSQL cannot store"):
        ledgers.append("a1", [Ledger("a1"), unkept], 0)
    assert ledgers.load("a1").version == 0


@pytest.mark.parametrize(
    "data",
    [r'{"account": "a\u0000"}', r'{"account": "\ud800"}', '{"rate": NaN}', '{"rate": Infinity}'],
    ids=["NUL", "lone-surrogate", "nan", "infinity"],
)
def test_postgresql_refuses_the_json_the_codec_refuses_to_write(
    postgres_url: str, data: str
) -> None:
    with psycopg.connect(postgres_url) as connection, pytest.raises(psycopg.DataError):
        connection.execute("SELECT %s::jsonb", (data,))
