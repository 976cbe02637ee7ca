"""Why something failed, in one sentence for a person: the words of every entry point."""

from __future__ import annotations

from mastermind.service import CorruptDatabase, StoreUnavailable

__all__ = ["reason"]


def reason(error: Exception) -> str:
    """An error's message as one sentence; for a system call, without the file it names."""
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    if isinstance(error, CorruptDatabase):
        text = f"it is damaged ({error.finding}). {error.advice}"
    elif isinstance(error, StoreUnavailable):
        text = error.reason
    sentence = " ".join(text.split())
    return sentence if sentence.endswith((".", "?", "!")) else f"{sentence}."
