"""Fixtures for the store tests."""

from __future__ import annotations

import itertools
from urllib.parse import quote

import psycopg
import pytest

_schemas = itertools.count(1)


@pytest.fixture
def database_url(postgres_url: str) -> str:
    """The session's database, seen through a schema of this test's own."""
    schema = f"test_{next(_schemas)}"
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in postgres_url else "?"
    return f"{postgres_url}{separator}options={quote(f'-c search_path={schema}')}"
