"""``python -m mastermind.spec`` runs the rules shipped with the package through behave."""

from mastermind.spec import main

__all__: list[str] = []

if __name__ == "__main__":
    raise SystemExit(main())
