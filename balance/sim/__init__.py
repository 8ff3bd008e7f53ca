"""The runner: batches, seeds, parallel backends, progress, parquet parts and resume."""
