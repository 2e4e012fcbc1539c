"""The one error type the rules raise for a bad action."""


class IllegalAction(Exception):
    """An action the rules do not allow now. `reason` is written for the player who tried it.

    Raising it leaves the state untouched: engines work on a copy and only return it on success.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
