"""`bot.plugins`: every game is one plugin in the registry, and each registered game is complete
(renderer, /rules text, lobby texts, an AI that plays whole games legally)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

from bot import i18n
from bot.bench.matches import play_match
from bot.plugins import PLUGINS, GamePlugin, PluginError, PluginRegistry, check_all
from bot.plugins.plugin import RENDERER_METHODS
from games.core.ai import Policy, RandomPolicy
from tests.bot.harness import a_test_game
from tests.bot.plugins.toy import NAME as TOY
from tests.bot.plugins.toy import CountToTen, CountToTenAI

ROOT = Path(__file__).resolve().parents[3]
NAMES = PLUGINS.names()


def skip_untranslated(name: str) -> None:
    if a_test_game(PLUGINS.get(name)):
        pytest.skip(f"{name}: its texts are not in the bot's catalogues (a game outside bot/)")


# -- the package and the registry -------------------------------------------------------------------
def test_importing_the_plugins_loads_no_discord_pillow_or_renderer() -> None:
    code = (
        "import sys, bot.plugins\n"
        "assert len(bot.plugins.PLUGINS) >= 5\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('discord', 'PIL', 'aiosqlite')"
        " or m.startswith('bot.render'))\n"
        "print(heavy)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_registry_lists_the_five_games_in_order_with_their_facts() -> None:
    assert [name for name in NAMES if name != TOY] == [
        "secret-krampus",
        "christmas-tree",
        "naughty-or-nice",
        "grumpy-nisse",
        "naughty-and-nice",
    ]
    assert [p.name for p in PLUGINS] == [p.name for p in PLUGINS.values()] == NAMES
    assert NAMES == NAMES[:5] + ([TOY] if TOY in NAMES else [])  # (`TOY_GAME=1`: registered last)
    sk = PLUGINS.get("secret-krampus")
    facts = (sk.title, sk.min_players, sk.max_players, sk.players_text)
    assert facts == ("Secret Krampus", 5, 10, "5-10 players")
    assert PLUGINS.get("grumpy-nisse").players_text == "2 players"
    assert "grumpy-nisse" in PLUGINS and "monopoly" not in PLUGINS
    assert PLUGINS.find("monopoly") is None
    with pytest.raises(KeyError, match="monopoly.*secret-krampus, christmas-tree"):
        PLUGINS.get("monopoly")


def test_add_and_remove_a_game() -> None:
    registry = PluginRegistry()
    toy = registry.add(GamePlugin(CountToTen(), CountToTenAI, "tests.bot.plugins.toy.ui"))
    assert registry.names() == ["toy-count"] and registry.get("toy-count") is toy
    with pytest.raises(ValueError, match="already registered"):
        registry.add(GamePlugin(CountToTen(), CountToTenAI, "tests.bot.plugins.toy.ui"))
    assert registry.remove("toy-count") is toy
    assert registry.names() == [] and "toy-count" not in registry
    with pytest.raises(KeyError, match="toy-count"):
        registry.remove("toy-count")


# -- incomplete plugins fail loudly ------------------------------------------------------------------
def _ui(monkeypatch, name: str, **attributes: object) -> str:
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)
    return name


def _toy(ui: str) -> GamePlugin:
    return GamePlugin(CountToTen(), CountToTenAI, ui)


def test_a_missing_ui_module_or_attribute_is_a_clear_error(monkeypatch) -> None:
    from tests.bot.plugins.toy.ui import RENDERER

    with pytest.raises(PluginError, match="toy-count: its ui module 'tests.nowhere.ui' does not exist"):
        _ = _toy("tests.nowhere.ui").renderer
    bare = _toy(_ui(monkeypatch, "toy_bare_ui"))
    with pytest.raises(PluginError, match="toy-count: its ui module 'toy_bare_ui' has no RENDERER"):
        _ = bare.renderer
    with pytest.raises(PluginError, match="has no RULES_SUMMARY"):
        _ = bare.summary
    with pytest.raises(PluginError, match="has no LOBBY_TEXTS"):
        _ = bare.lobby_texts
    wrong = _toy(_ui(monkeypatch, "toy_wrong_ui", RENDERER=object(), RULES_SUMMARY=["no"], LOBBY_TEXTS={}))
    with pytest.raises(PluginError, match="RENDERER has no table, private"):
        _ = wrong.renderer
    with pytest.raises(PluginError, match="RULES_SUMMARY is a list, not a str"):
        _ = wrong.summary
    with pytest.raises(PluginError, match="toy_wrong_ui.RENDERER has no table, private"):
        wrong.check()
    untold = _ui(monkeypatch, "toy_untold_ui", RENDERER=RENDERER, RULES_SUMMARY="Count.", LOBBY_TEXTS={})
    with pytest.raises(PluginError, match="toy_untold_ui.LOBBY_TEXTS has no text for target"):
        _toy(untold).check()
    texts = {"target": "The number to reach", "speed": "gone"}
    stale = _ui(monkeypatch, "toy_stale_ui", RENDERER=RENDERER, RULES_SUMMARY="Count.", LOBBY_TEXTS=texts)
    with pytest.raises(PluginError, match="LOBBY_TEXTS names no option speed"):
        _toy(stale).check()
    unlabelled = type("Unlabelled", (type(RENDERER),), {"private_button": ""})()
    nameless = _ui(monkeypatch, "toy_nameless_ui", RENDERER=unlabelled, RULES_SUMMARY="-", LOBBY_TEXTS={})
    with pytest.raises(PluginError, match="toy_nameless_ui.RENDERER has no private_button"):
        _ = _toy(nameless).renderer


def test_check_all_names_every_incomplete_game(monkeypatch) -> None:
    registry = PluginRegistry()
    registry.add(_toy(_ui(monkeypatch, "toy_bare_ui")))
    with pytest.raises(PluginError, match="Incomplete games:\ntoy-count: .*has no RENDERER"):
        check_all(registry)


def test_a_policy_that_is_no_policy_is_refused() -> None:
    plugin = GamePlugin(CountToTen(), object, "tests.bot.plugins.toy.ui")  # type: ignore[arg-type]
    with pytest.raises(PluginError, match="made a object"):
        _ = plugin.ai


# -- every registered game is complete ----------------------------------------------------------------
def test_check_all_loads_every_registered_game() -> None:
    check_all()


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_renderer_rules_text_and_lobby_texts(name: str) -> None:
    from bot.render.lobby import lobby_options
    from bot.render.rules_text import rules_embed

    plugin = PLUGINS.get(name)
    assert all(callable(getattr(plugin.renderer, method)) for method in RENDERER_METHODS)
    assert plugin.renderer is PLUGINS.get(name).renderer  # loaded once
    embed = rules_embed(name)
    assert embed.description == plugin.summary and 0 < len(plugin.summary) <= 4096
    assert len(embed.title or "") <= 256 and plugin.title in (embed.title or "")
    fields = plugin.rules.options_model.model_fields
    texts = plugin.lobby_texts
    assert sorted(key for key in texts if "=" not in key) == sorted(fields)
    written = [text for value in texts.values() for text in ((value,) if isinstance(value, str) else value)]
    assert all(0 < len(text) <= 100 and "\n" not in text for text in written)
    shown = {o.name: o for o in lobby_options(plugin.rules.options_model, texts)}
    assert all(shown[option].description == texts[option] for option in shown if option in fields)
    for key in (key for key in texts if "=" in key):  # each named value: its own label and text
        option, value = key.split("=")
        assert shown[option].label(value) == texts[key][0]
        assert shown[option].value_description(value) == texts[key][1]


@pytest.mark.parametrize("name", NAMES)
def test_the_lobby_shows_the_games_lobby_texts(name: str, monkeypatch) -> None:
    from bot.render.lobby import lobby_payload

    plugin = PLUGINS.get(name)
    texts = {
        key: f"Text for {key} from LOBBY_TEXTS" if "=" not in key else (f"{key} label", f"{key} text")
        for key in plugin.lobby_texts
    }
    monkeypatch.setitem(plugin.__dict__, "lobby_texts", texts)  # the cached value
    payload = lobby_payload(1, plugin, ["Dasher"], "Dasher")
    assert payload.view is not None
    choices = [
        option
        for item in payload.view.children
        for option in getattr(item, "options", None) or getattr(getattr(item, "item", None), "options", [])
    ]
    named = {value for key, value in texts.items() if "=" in key}
    assert {text for _, text in named} <= {option.description for option in choices}
    assert all(any(label in option.label for option in choices) for label, _ in named)
    shown = payload.embeds[0].fields[-1].value  # the options field: each option's current value
    unnamed = [key for key in texts if "=" not in key and not any(k.startswith(f"{key}=") for k in texts)]
    assert all(texts[key] in shown for key in unnamed)  # described by the option's own text


class MustBeLegal(Policy):
    """The wrapped AI, checked: every choice is one of the legal actions it was given."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.choices = 0

    def choose(self, view, legal, history, rng):
        action = self.policy.choose(view, legal, history, rng)
        assert action in legal, f"{self.policy.name} chose {action!r}, not a legal action"
        self.choices += 1
        return action


@pytest.mark.parametrize("name", NAMES)
def test_every_games_ai_plays_whole_random_seeded_games_legally(name: str) -> None:
    plugin = PLUGINS.get(name)
    rules = plugin.rules
    seeds = random.Random(name)
    for seats in range(plugin.min_players, plugin.max_players + 1):
        ai = MustBeLegal(plugin.ai)
        options = rules.parse_options(None)
        all_ai = play_match(rules, options, [ai] * seats, seed=seeds.randrange(10**9))
        half = [ai if s % 2 == 0 else RandomPolicy() for s in range(seats)]
        mixed = play_match(rules, options, half, seed=seeds.randrange(10**9))
        assert all_ai.outcome.winners <= set(range(seats)) and mixed.outcome.winners <= set(range(seats))
        assert ai.choices > 0


# -- nothing outside a game's own modules names a game ---------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_whether_a_seat_can_act_agrees_with_its_legal_actions(name: str) -> None:
    """`can_act` (which a game may answer without listing every action) is `bool(legal_actions)`
    for every seat at every state of random games of every player count."""
    rules = PLUGINS.get(name).rules
    looked = 0
    for players in range(rules.min_players, rules.max_players + 1):
        rng = random.Random(players)
        state = rules.new_game(players, rules.parse_options(None), players)
        for _ in range(150):
            for seat in range(players):
                assert rules.can_act(state, seat) == bool(rules.legal_actions(state, seat)), (players, seat)
                looked += 1
            deciding = sorted(rules.to_decide(state))
            if rules.outcome(state) is not None or not deciding:
                break
            seat = rng.choice(deciding)
            state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat))).state
    assert looked > 0


@pytest.mark.parametrize("name", NAMES)
def test_every_lobby_option_s_title_is_translated(name: str) -> None:
    """The lobby's option menus are labelled with the options' titles: The Grumpy Nisse's "Roles"
    stayed English in every language (its title was not marked for the catalogues)."""
    skip_untranslated(name)
    model = PLUGINS.get(name).rules.options_model
    titles = [field.title for field in model.model_fields.values() if field.title]
    for language in ("de", "hu"):
        with i18n.using(language):
            assert [t for t in titles if i18n._(t) == t] == [], language


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_the_turn_clock_can_end_has_a_public_name(name: str) -> None:
    """The turn clock's post says for which decision the time ran out ("Time ran out for the
    vote: ..."): every decision of random games the clock can end (no timer of its own) has a
    name, marked and translated (`a_test_game`s: no catalogue)."""
    rules = PLUGINS.get(name).rules
    named: set[str] = set()
    for players in range(rules.min_players, rules.max_players + 1):
        rng = random.Random(f"label-{players}")
        state = rules.new_game(players, rules.parse_options(None), players)
        for _step in range(400):
            deciding = sorted(rules.to_decide(state))
            if rules.outcome(state) is not None or not deciding:
                break
            if rules.timer(state) is None:
                label = rules.decision_label(state)
                assert label, f"{players} players: no name for {rules.view(state, None)!r}"
                named.add(label)
            seat = rng.choice(deciding)
            state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat))).state
    assert named
    if not a_test_game(PLUGINS.get(name)):
        with i18n.using("de"):
            assert not sorted(label for label in named if i18n._(label) == label)


@pytest.mark.parametrize("name", NAMES)
def test_apply_leaves_the_state_it_was_given_as_it_was(name: str) -> None:
    """`apply` works on a private copy: the state it was given (the bot's cached game, the AI's
    history) is the same after, whatever the new state then does, and the new state equals its
    stored form once reloaded (as after a restart)."""
    rules = PLUGINS.get(name).rules
    applied = 0
    for players in range(rules.min_players, rules.max_players + 1):
        rng = random.Random(f"pure-{players}")
        state = rules.new_game(players, rules.parse_options(None), players)
        while rules.outcome(state) is None and applied < 2_000:
            before = rules.dump_state(state)
            seat = rng.choice(sorted(rules.to_decide(state)))
            new_state = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat))).state
            assert rules.dump_state(state) == before, (players, seat)
            assert rules.load_state(rules.dump_state(new_state)) == new_state
            state, applied = new_state, applied + 1
    assert applied > 0


def test_no_shared_bot_file_names_a_game() -> None:
    # a game's ui modules are named after it (`bot.render.<game>`, `<game>_text`, ...); a game's
    # whose ui module lives elsewhere (the toy's `tests.bot.plugins.toy.ui`) by its whole path
    own = tuple(plugin.ui.rsplit(".", 1)[1] for plugin in PLUGINS if plugin.ui.startswith("bot."))
    words = set()
    for plugin in PLUGINS:
        module = plugin.ui.rsplit(".", 1)[1] if plugin.ui.startswith("bot.") else plugin.ui
        words |= {plugin.name, plugin.title, type(plugin.rules).__name__, module}
        words.add(getattr(plugin.policy, "__name__", ""))
    pattern = re.compile("|".join(re.escape(word) for word in sorted(words) if word))
    offenders = set()
    for path in (ROOT / "bot").rglob("*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if relative == "bot/plugins/registry.py" or path.stem.startswith(own):
            continue
        if pattern.search(path.read_text()):
            offenders.add(relative)
    assert not offenders, f"these files name a specific game: {sorted(offenders)}"
