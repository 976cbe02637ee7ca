"""``python -m mastermind`` runs the ``mastermind`` command."""

from mastermind.main import main

if __name__ == "__main__":
    main()
