"""The one error type a user sees: a clear message, one line per problem, exit code 2."""


class BalanceError(Exception):
    """Bad input from the user: a scenario, an option, a run folder.

    Parameters
    ----------
    problems
        One line per problem; the CLI prints each on its own line and exits with code 2.
    """

    def __init__(self, *problems: str):
        self.problems = [p for p in problems if p]
        super().__init__("\n".join(self.problems))
