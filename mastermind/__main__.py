"""``python -m mastermind`` runs the terminal game, as the ``mastermind`` command does."""

from mastermind.cli import main

__all__: list[str] = []

if __name__ == "__main__":
    main()
