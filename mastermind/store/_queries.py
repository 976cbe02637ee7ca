"""The statements of the SQL stores, written once for a table of any name and for either
driver's placeholders.

A store's events live in one table, ``events`` unless named otherwise, and beside it
``<table>_checkpoints`` holds the checkpoints of projections and ``<table>_snapshots``
the snapshots of streams. Names are checked to be plain identifiers before they reach
a statement.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Collection
from typing import Any, Literal

import attrs

from mastermind.store._port import ForeignTable

__all__ = ["Queries", "check_is_events"]

Dialect = Literal["sqlite", "postgresql"]

COLUMNS = "position, version, type, schema, data, metadata, category"
"""What a stream's rows are read as."""

FIRST_COLUMNS = ("position", "stream_id", "version", "type", "schema", "data")
"""The columns every table of events has had since the first version."""

POSITION_BITS = 20
"""PostgreSQL positions are ``transaction id << POSITION_BITS`` plus the event's ordinal in
its append, from 1: an append holds fewer than ``2**POSITION_BITS`` events."""

HORIZON = f"(pg_snapshot_xmin(pg_current_snapshot())::text::bigint << {POSITION_BITS})"
"""The first PostgreSQL position that may still change: every transaction whose id is
below the statement snapshot's ``xmin`` has ended, committed or not, and every
transaction still to write gets a larger id. Rows below it are final and visible."""


def check_is_events(table: str, columns: set[str]) -> None:
    """Refuse a table that already exists and is not a table of events, before a store
    alters it: a table of another program that happens to have the same name."""
    missing = [column for column in FIRST_COLUMNS if column not in columns]
    if columns and missing:
        raise ForeignTable(table, missing)


@attrs.frozen
class Queries:
    """Every statement a SQL store runs, for one table."""

    dialect: Dialect
    name: str = "events"
    """The events' table: a plain identifier."""
    schema: str | None = None
    """The schema the tables are in, on PostgreSQL; else the first of the search path."""

    @property
    def table(self) -> str:
        """The events' table as a statement names it: quoted, and qualified by its schema."""
        return self._quoted(self.name)

    def _quoted(self, name: str) -> str:
        names = (name,) if self.schema is None else (self.schema, name)
        return ".".join(f'"{part}"' for part in names)

    def written(self, statement: str) -> str:
        """``statement`` for this table: ``{t}`` the events' table, ``{i}`` its index by
        category, ``{c}`` the checkpoints', ``{s}`` the snapshots', ``{p}`` a placeholder."""
        return statement.format(
            t=self.table,
            i=f'"{self.name}_by_category"',
            c=self._quoted(f"{self.name}_checkpoints"),
            s=self._quoted(f"{self.name}_snapshots"),
            p="?" if self.dialect == "sqlite" else "%s",
        )

    @functools.cached_property
    def head(self) -> str:
        """The position of the feed's last record, read from the primary key's index alone;
        on PostgreSQL the last one below the :data:`HORIZON`."""
        below = f" WHERE position < {HORIZON}" if self.dialect == "postgresql" else ""
        return self.written(f"SELECT COALESCE(MAX(position), 0) FROM {{t}}{below}")

    @functools.cached_property
    def load(self) -> str:
        """A stream's rows after a version, in order of version."""
        return self.written(
            f"SELECT {COLUMNS} FROM {{t}} WHERE stream_id = {{p}} AND version > {{p}}"
            " ORDER BY version"
        )

    @functools.cached_property
    def last_version(self) -> str:
        """A stream's version and category, from the unique key's index alone."""
        return self.written(
            "SELECT version, category FROM {t} WHERE stream_id = {p} ORDER BY version DESC LIMIT 1"
        )

    @functools.cached_property
    def insert(self) -> str:
        cast = "" if self.dialect == "sqlite" else "::jsonb"
        return self.written(
            "INSERT INTO {t} (stream_id, version, type, schema, data, metadata, category)"
            f" VALUES ({{p}}, {{p}}, {{p}}, {{p}}, {{p}}{cast}, {{p}}{cast}, {{p}})"
        )

    @functools.cached_property
    def append(self) -> str:
        """PostgreSQL's append, in one statement: the events' rows, if the stream is at the
        expected version and of the category, at positions drawn from the transaction's id.

        Parameters: the stream id twice, the category, the expected version, the metadata,
        then arrays of the events' types, schemas and data. The transaction gets its id at
        this insert, after the check has read the stream: an append that saw another of its
        stream committed has a larger id, so the feed's order agrees with every stream's
        versions.
        """
        return self.written(
            "WITH last AS (SELECT version, category FROM {t} WHERE stream_id = %s"
            " ORDER BY version DESC LIMIT 1)"
            " INSERT INTO {t} (position, stream_id, version, type, schema, data, metadata,"
            " category)"
            f" SELECT (pg_current_xact_id()::text::bigint << {POSITION_BITS}) + e.n, s.id,"
            " s.expected + e.n::integer, e.type, e.schema, e.data::jsonb, s.metadata::jsonb,"
            " s.category"
            " FROM (SELECT %s AS id, %s AS category, %s::integer AS expected,"
            " %s::text AS metadata) AS s,"
            " unnest(%s::text[], %s::integer[], %s::text[]) WITH ORDINALITY AS e(type, schema,"
            " data, n)"
            " WHERE COALESCE((SELECT version FROM last), 0) = s.expected"
            " AND COALESCE((SELECT category FROM last), s.category) = s.category"
            " RETURNING position"
        )

    def feed(
        self, categories: Collection[str] | None, types: Collection[str] | None
    ) -> tuple[str, tuple[Any, ...]]:
        """The statement that reads the feed after a position, up to a limit, of these
        categories and types where named, and its parameters but those two."""
        return self._feed(categories is not None, types is not None), tuple(
            self._names(names) for names in (categories, types) if names is not None
        )

    @functools.cache  # noqa: B019 - a few statements a table, kept as long as its store
    def _feed(self, by_category: bool, by_type: bool) -> str:
        where = ["position > {p}"]
        if self.dialect == "postgresql":
            where.append(f"position < {HORIZON}")
        if by_category:
            where.append(self._one_of("category"))
        if by_type:
            where.append(self._one_of("type"))
        return self.written(
            f"SELECT stream_id, {COLUMNS} FROM {{t}} WHERE {' AND '.join(where)}"
            " ORDER BY position LIMIT {p}"
        )

    def _one_of(self, column: str) -> str:
        if self.dialect == "sqlite":
            return f"{column} IN (SELECT value FROM json_each({{p}}))"
        return f"{column} = ANY({{p}})"

    def _names(self, names: Collection[str]) -> Any:
        return json.dumps(sorted(names)) if self.dialect == "sqlite" else sorted(names)

    @functools.cached_property
    def checkpoint(self) -> str:
        return self.written("SELECT position, state FROM {c} WHERE name = {p}")

    @functools.cached_property
    def first_checkpoint(self) -> str:
        """Saves a projection's first checkpoint, unless another runner saved one."""
        return self.written(
            "INSERT INTO {c} (name, position, state) VALUES ({p}, {p}, {p})"
            " ON CONFLICT (name) DO NOTHING"
        )

    @functools.cached_property
    def next_checkpoint(self) -> str:
        """Moves a checkpoint on, if it is where the runner left it."""
        return self.written(
            "UPDATE {c} SET position = {p}, state = {p} WHERE name = {p} AND position = {p}"
        )

    @functools.cached_property
    def snapshot(self) -> str:
        return self.written("SELECT version, kind, state FROM {s} WHERE stream_id = {p}")

    @functools.cached_property
    def save_snapshot(self) -> str:
        """Keeps a snapshot, unless one of a later version is kept."""
        return self.written(
            "INSERT INTO {s} AS kept (stream_id, version, kind, state)"
            " VALUES ({p}, {p}, {p}, {p})"
            " ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version,"
            " kind = excluded.kind, state = excluded.state"
            " WHERE kept.version <= excluded.version"
        )

    @functools.cached_property
    def delete_snapshots(self) -> str:
        return self.written("DELETE FROM {s}")
