"""The rules' refusal: an action they do not allow now."""


class IllegalAction(Exception):
    """An action the rules do not allow now. `reason` is written for the player who tried it.

    The text is a template marked for the bot's message catalogues (`N_` of `games.core.words`)
    with named `{placeholders}` filled from `values`: `reason` is the English sentence, and the
    bot shows `template` translated, filled with `values`, in the player's language.

    Raising it leaves the state untouched: engines work on a copy and only return it on success.
    """

    def __init__(self, template: str, /, **values: object) -> None:
        reason = template.format(**values) if values else template
        super().__init__(reason)
        self.reason = reason
        self.template = template
        self.values = values
