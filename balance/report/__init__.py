"""Reports: the terminal summary, figures, HTML and PDF."""
