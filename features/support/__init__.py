"""What the steps drive: one driver per stage, all behind the same small protocol."""
