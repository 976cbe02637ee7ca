"""Fixtures for the store tests."""

from __future__ import annotations

import itertools

import pytest

from harness import with_fresh_schema

_schemas = itertools.count(1)


@pytest.fixture
def database_url(postgres_url: str) -> str:
    """The session's database, seen through a schema of this test's own."""
    return with_fresh_schema(postgres_url, f"test_{next(_schemas)}")
