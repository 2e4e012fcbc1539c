"""Naughty or Nice: the private message's prompt for the seat's own decision
(`naughty_or_nice_private.headline` picks one): its turn, the Craft and where presents may come
from, a reaction window it may answer (never who else may), a Fulfill under way, the steps set off
by a creature or a gift giver (and what set them off), and the same in a copy without controls."""

from __future__ import annotations

from bot.i18n import N_, _, ngettext
from bot.render.base import TableContext
from bot.render.naughty_or_nice_components import (
    Draft,
    craft_sources,
    fixed_kiddo,
    fulfil_targets,
    kind_of,
    nothing_to_craft,
)
from bot.render.naughty_or_nice_private_components import chosen_presents, still_needed
from bot.render.naughty_or_nice_text import (
    PHASE_HINT,
    REACTION_NAME,
    colours_text,
    present_text,
)
from games.naughty_or_nice.data import (
    CREATURES,
    KIDDOS,
    LEVELS,
    Basic,
    Creature,
    Giver,
    Reaction,
)
from games.naughty_or_nice.givers import GIVERS
from games.naughty_or_nice.viewmodels import NoNView, WindowView
from games.naughty_or_nice.words import BASIC_NAMES

EXTRA_REASON = {
    "ded_moroz": GIVERS[Giver.DED_MOROZ].name,
    "snow_maiden": CREATURES[Creature.SNOW_MAIDEN].name,
}
# i18n: who grants another basic action when it is not Ded Moroz nor Snow Maiden
SOME_CREATURE = N_("A creature")


def copy_decision(view: NoNView) -> str:
    """`own_decision` in a copy without controls, saying no "below"."""
    if view.phase == "craft":
        where = COPY_CRAFT_SOURCES[craft_sources(view)]
        return f"{_craft_count(view)} {_(where)}" if where else _craft_count(view)
    return _("**Your move:** {hint}.", hint=_(PHASE_HINT.get(view.phase, view.prompt)))


#: Where a Craft takes presents from (`craft_sources`), after how many: in the private message,
#: and in a copy without controls (`TableContext.copy`; the line over it says where they are).
CRAFT_SOURCES = {
    "both": N_("From the deck or the offer row, below or on the table."),
    "offer": N_("From the offer row (the present deck is empty), below or on the table."),
    "deck": N_("From the deck (the offer row is empty), below or on the table."),
}
COPY_CRAFT_SOURCES = {
    "both": None,
    "offer": N_("From the offer row: the present deck is empty."),
    "deck": N_("From the deck: the offer row is empty."),
}


def _craft_count(view: NoNView) -> str:
    if view.craft_remaining == LEVELS[view.level].craft_draws:  # none taken yet
        return ngettext(
            "**Your Craft:** take {n} present.", "**Your Craft:** take {n} presents.", view.craft_remaining
        )
    return ngettext(
        "**Your Craft:** take {n} more present.",
        "**Your Craft:** take {n} more presents.",
        view.craft_remaining,
    )


def reaction_prompt(view: NoNView, ctx: TableContext) -> str:
    """The seat may react: what to, and until when (never who else may)."""
    window = view.window
    assert window is not None
    card = _(REACTION_NAME[window.reaction])
    mover = ctx.name(window.mover)
    creature = _(CREATURES[window.subject].name)
    if window.reaction == Reaction.PAPA_WOLVERINE:
        what = _("**Reaction window:** {name} fulfilled a wish: take up to 2 of its presents?", name=mover)
    elif window.chain_of is not None:
        what = _chain_prompt(view, window, ctx)
    elif window.target == view.seat:
        what = _(
            "**Reaction window:** {name} plays {creature} on you: cancel its effect?",
            name=mover,
            creature=creature,
        )
    elif window.target >= 0:
        what = _(
            "**Reaction window:** {name} plays {creature} on {target}: cancel its effect?",
            name=mover,
            creature=creature,
            target=ctx.name(window.target),
        )
    elif window.kiddo is not None and window.subject == Creature.CAGA_TIO:  # (it covers a slot)
        what = _(
            "**Reaction window:** {name} plays {creature}, covering a slot of {kiddo}: cancel its effect?",
            name=mover,
            creature=creature,
            kiddo=_(KIDDOS[window.kiddo].name),
        )
    elif window.kiddo is not None:
        what = _(
            "**Reaction window:** {name} plays {creature}, taking {kiddo}: cancel its effect?",
            name=mover,
            creature=creature,
            kiddo=_(KIDDOS[window.kiddo].name),
        )
    else:
        what = _(
            "**Reaction window:** {name} plays {creature}: cancel its effect?", name=mover, creature=creature
        )
    hold = _("You hold a usable **{card}**: **React** or **Pass** below.", card=card)
    when = " " + _("It closes {countdown}.", countdown=ctx.countdown()) if ctx.deadline is not None else ""
    # what the creature does, to weigh spending the reaction on it (its text was only in its
    # owner's hand)
    does = (
        ""
        if window.reaction == Reaction.PAPA_WOLVERINE
        else f"\n*{creature}: {_(CREATURES[window.subject].text)}*"
    )
    return f"\N{ALARM CLOCK} {what}{does}\n{hold}{when}"


#: A Tomte answering a Tomte, by whose creature the chain is about (yours or another's) and whether
#: it is now cancelled (an odd number of Tomtes) or takes effect.
_CHAIN_PROMPTS = {
    (True, True): N_(
        "**Reaction window:** {name} plays Tomte: your {creature} is cancelled unless you cancel that Tomte."
    ),
    (True, False): N_(
        "**Reaction window:** {name} plays Tomte: your {creature} takes effect unless you cancel that Tomte."
    ),
    (False, True): N_(
        "**Reaction window:** {name} plays Tomte: {origin}'s {creature} is cancelled unless you "
        "cancel that Tomte."
    ),
    (False, False): N_(
        "**Reaction window:** {name} plays Tomte: {origin}'s {creature} takes effect unless you "
        "cancel that Tomte."
    ),
}


def _chain_prompt(view: NoNView, window: WindowView, ctx: TableContext) -> str:
    """A Tomte answering a Tomte: what the chain is about, and where it stands now."""
    assert window.chain_of is not None
    text = _CHAIN_PROMPTS[window.origin == view.seat, window.tomtes % 2 == 1]
    return _(
        text,
        name=ctx.name(window.mover),
        origin=ctx.name(window.origin),
        creature=_(CREATURES[window.chain_of].name),
    )


def _cause(view: NoNView, ctx: TableContext) -> str:
    """What set off a Christkindl draw or a Ded Moroz action, as a sentence after its prompt (the
    table told it, but maybe lines ago)."""
    cause = view.cause
    if cause is None:
        return ""
    creature = _(CREATURES[cause.creature].name)
    if cause.by is None:
        return " " + _("Set off by {creature}.", creature=creature)
    name = ctx.name(cause.by)
    if cause.discarded:  # (left unkept from a summon)
        if cause.by == view.seat:
            return " " + _("Set off by your discarded {creature}.", creature=creature)
        return " " + _("Set off by {name}'s discarded {creature}.", creature=creature, name=name)
    return " " + _("Set off by {name}'s {creature}.", creature=creature, name=name)


def own_decision(view: NoNView, ctx: TableContext) -> str:
    """The seat's own decision in words (its buttons are below; the table's are on the table too)."""
    phase = view.phase
    if phase == "elves":  # (the Elves are played on their player's turn: they pick first and last)
        if view.active_seat == view.seat:
            return _("**Your Elves:** pick one of the revealed presents below.")
        name = ctx.name(view.active_seat)
        return _("**{name}'s Elves:** pick one of the revealed presents below.", name=name)
    if phase == "turn":
        return _turn_text(view)
    if phase == "tuck":
        if any(c.code == "tuck.1" for c in view.choices):
            return _(
                "**Reindeer gained:** tuck it under Rudolf (safe, points at the end) or keep it in hand."
            )
        return _(
            "**Creature gained:** only a Reindeer goes under Rudolf, so keep it (nobody else sees which)."
        )
    if phase == "craft":
        return f"{_craft_count(view)} {_(CRAFT_SOURCES[craft_sources(view)])}"
    if phase == "extra_basic":
        reason = _(EXTRA_REASON.get(view.extra_basic_reason or "", SOME_CREATURE))
        if view.extra_basic == Basic.CRAFT and nothing_to_craft(view):  # (its button: a pass)
            text = _("**{reason}:** nothing is left to craft: **Pass** below, or decline.", reason=reason)
        elif view.extra_basic:
            text = _(
                "**{reason}:** you may take **{action}** now, below, or decline.",
                reason=reason,
                action=_(BASIC_NAMES[view.extra_basic]),
            )
        else:
            text = _("**{reason}:** you may take a basic action now, below, or decline.", reason=reason)
        if view.extra_basic_left > 1:  # (Ded Moroz's own Snow Maiden repeats twice)
            more = view.extra_basic_left - 1
            text += " " + ngettext("Then {n} more repeat.", "Then {n} more repeats.", more)
        return text + _cause(view, ctx) + _can_fulfil(view)
    if phase == "keep":
        if any(c.code.endswith(".1") for c in view.choices):
            return _(
                "**Summon:** keep one of the two creatures below. A Reindeer may go straight under Rudolf."
            )
        return _("**Summon:** keep one of the two creatures below.")
    step = {
        "christkindl": N_("**Christkindl:** you may draw a present (deck or offer row) below, or decline."),
        "wolverine_take": N_("**Papa Wolverine:** take up to 2 of the given presents below."),
    }.get(phase)
    if step:
        return _(step) + _cause(view, ctx)
    return _("**Your move:** {hint} (below).", hint=_(PHASE_HINT.get(phase, view.prompt)))


def _turn_text(view: NoNView) -> str:
    kinds = {kind_of(c.code) for c in view.choices}
    creatures = bool(kinds & {"play", "play_on", "reindeer", "krampus", "mrs_claus"})
    if view.basic_taken is None:
        if nothing_to_craft(view) and view.uses_creatures:
            text = _(
                "**Your turn:** nothing is left to craft: **Pass** or **Summon**, or **Fulfill** a wish "
                "(choose a kiddo below)."
            )
        elif nothing_to_craft(view):
            text = _(
                "**Your turn:** nothing is left to craft: **Pass**, or **Fulfill** a wish "
                "(choose a kiddo below)."
            )
        elif view.uses_creatures:
            text = _("**Your turn:** **Craft** or **Summon**, or **Fulfill** a wish (choose a kiddo below).")
        else:
            text = _("**Your turn:** **Craft**, or **Fulfill** a wish (choose a kiddo below).")
        if kinds & {"befana", "search"} and creatures:  # (spec 4.2: any other step ends its phase)
            text += " " + _(
                "Your gift giver's start-of-turn ability is below; playing a creature first gives it up."
            )
        elif kinds & {"befana", "search"}:
            text += " " + _("Your gift giver's start-of-turn ability is below.")
        if creatures:
            text += " " + _("You may play creatures first.")
        if view.final_turn:  # (after Midnight each player has one turn more)
            text += "\n" + _("\N{CLOCK FACE TWELVE OCLOCK} Midnight has struck: this is your last turn.")
        elif view.idle_turns and view.num_players - view.idle_turns == 1 and nothing_to_craft(view):
            # (spec 4.10 step 5; while something is left to craft, any basic action gains a card)
            text += "\n\N{WARNING SIGN} " + _("If this turn gains no card and takes no kiddo, the game ends.")
        return text + _can_fulfil(view)
    if creatures:
        return _("**Your turn:** play creatures if you like, then **End turn**.")
    return _("**Your turn:** your basic action is done: **End turn** (below or on the table).")


def _can_fulfil(view: NoNView) -> str:
    """Which playground kiddos the hand can fulfil (only while a Fulfill is the seat's choice)."""
    if not fulfil_targets(view):
        return ""
    names = [_(k.name) for k in view.playground if k.id in view.fulfillable]
    helped = [_(k.name) for k in view.playground if k.id in view.fulfillable_with_caga]
    caga = _(CREATURES[Creature.CAGA_TIO].name)
    if names and helped:
        return "\n" + _(
            "Your hand can fulfill: {names}; with {caga}: {helped}.",
            names=", ".join(names),
            caga=caga,
            helped=", ".join(helped),
        )
    if helped:
        return "\n" + _("With {caga}, your hand can fulfill: {helped}.", caga=caga, helped=", ".join(helped))
    if names:
        return "\n" + _("Your hand can fulfill: {names}.", names=", ".join(names))
    return "\n" + _("Your hand can't fulfill any wish yet.")


def fulfil_headline(view: NoNView, draft: Draft) -> str:
    fixed = fixed_kiddo(view)
    if fixed is not None and view.fulfil is not None:
        kiddo, wants = view.fulfil.kiddo, view.fulfil.open
        covered = view.fulfil.covered
    else:
        kiddo = next(k for k in view.playground if k.id == draft.kiddo)
        wants, covered = kiddo.colours, []
    given = chosen_presents(view, draft.mask)
    chosen = ", ".join(present_text(p) for p in given) or _("nothing yet")
    if covered:
        head = _(
            "Fulfill **{kiddo}**: wants {colours} ({creature} covers {covered}).",
            kiddo=_(kiddo.name),
            colours=colours_text(wants),
            creature=_(CREATURES[Creature.CAGA_TIO].name),
            covered=colours_text(covered),
        )
    else:
        head = _("Fulfill **{kiddo}**: wants {colours}.", kiddo=_(kiddo.name), colours=colours_text(wants))
    code = f"fulfil.{kiddo.id}.{draft.mask}"
    if any(c.code == code for c in view.choices):
        then = _("Press **Fulfill**.")
    else:  # (the menu offers only presents of the colours still needed)
        left = still_needed(view, kiddo.id, draft.mask)
        need = [colour for colour in dict.fromkeys(wants) for _n in range(left[colour])]  # (as wanted)
        free = {p.colour for p in view.presents if not draft.mask >> p.index & 1}
        lacking = [colour for colour in dict.fromkeys(need) if colour not in free]
        caga = any(c.code.startswith(f"caga.{kiddo.id}.") for c in view.choices)
        if lacking and caga:  # (a Caga Tió in hand covers a slot of any colour)
            then = _(
                "Still needed: {colours}; your hand has no {lacking} present left, but {creature} can "
                "cover a slot (below).",
                colours=colours_text(need),
                lacking=colours_text(lacking),
                creature=_(CREATURES[Creature.CAGA_TIO].name),
            )
        elif lacking:  # (a Caga Tió may have been played on a kiddo the hand cannot finish)
            then = _(
                "Still needed: {colours}, but your hand has no {lacking} present left.",
                colours=colours_text(need),
                lacking=colours_text(lacking),
            )
        else:
            then = _("Still needed: {colours}. Add presents below.", colours=colours_text(need))
    return "\n".join([head, _("Your presents: {presents}.", presents=chosen), then])
