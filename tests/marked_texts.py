"""The catalogue template (every text the code marks for translation), extracted once per test
process: an extraction tokenizes every source file (about 3 s of CPU on a slow machine) and the
language tests ask for it dozens of times. Read it, never change it: every caller shares it."""

from __future__ import annotations

import functools

from babel.messages.catalog import Catalog

from bot.i18n import catalogues


@functools.cache
def template() -> Catalog:
    return catalogues.template()
