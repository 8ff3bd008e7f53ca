"""Statistics and balance metrics over a run's games."""
