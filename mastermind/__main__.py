"""``python -m mastermind`` runs the ``mastermind`` command."""

from mastermind.main import main

__all__: list[str] = []

if __name__ == "__main__":
    main()
