"""The Mutations' commands: the deal (virtual, from the seeded generator, or entered), the 2 kept,
a card named once, and an Evolution covering a Mutation (Empires of the Earth > Mutations)."""

from __future__ import annotations

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import N_, Msg, msg
from companion.core.module_state import colony
from companion.core.mutations.content import mutations_content, said
from companion.core.mutations.model import MutationsState, card, mutations, on_body, redeal_due
from companion.core.rng import Rng
from companion.core.schema import SchemaError, check
from companion.core.state import State, ant_players, player
from companion.core.words import PARTS, commas, the_part

#: "Bo's head already has an Evolution.", by body part (the possessive differs by language).
ALREADY_EVOLVED: dict[str, str] = {"head": N_("{name}'s head already has an Evolution."),
                                   "thorax": N_("{name}'s thorax already has an Evolution."),
                                   "abdomen": N_("{name}'s abdomen already has an Evolution.")}


def _name(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


def _card(m: MutationsState, card_id: str) -> Msg | str:
    """A card's name to show: as printed or typed, or the app's made-up name as a message."""
    return said(card(m, card_id)["name"])


def _ant(state: State, pid: str) -> None:
    colony(state, pid, lambda name: msg("{name} is the Broodmother and takes no Mutations.", name=name))


def _not_kept_yet(state: State) -> None:
    if any(mutations(state)["kept"].values()):
        raise CommandError(msg("Mutations are already kept: the deal happens once, before the game."))


class DealMutations(Command, name="mutations_deal"):
    """Shuffle all Mutations and deal 4 to each colony, from the game's seeded generator."""

    def verify(self, state: State, content: Content) -> None:
        m = mutations(state)
        _not_kept_yet(state)
        if state["mode"] == "solo":
            raise CommandError(msg("Solo: take out the Mutations with the centipede icon, draw 4 and enter them."))
        if m["dealt"] and redeal_due(state) is None:
            raise CommandError(msg("The Mutations are dealt; a new deal is only for a colony dealt 4 for one body "
                                   "part."))
        need = mutations_content(content)["deal"] * len(ant_players(state))
        if need > len(m["cards"]):
            raise CommandError(msg("{need} Mutations are needed and the deck has {have}.", need=need,
                                   have=len(m["cards"])))

    def apply(self, state: State, content: Content) -> None:
        m = mutations(state)
        rng = Rng(state["rng"])
        ids = [c["id"] for c in m["cards"]]
        rng.shuffle(ids)
        state["rng"] = rng.state
        n = mutations_content(content)["deal"]
        m["dealt"] = {p["id"]: ids[i * n:(i + 1) * n] for i, p in enumerate(ant_players(state))}
        m["deals"] += 1

    def describe(self, state: State, content: Content) -> Msg:
        m = mutations(state)
        if m["dealt"]:
            return msg("New Mutation deal: {name} was dealt 4 for one body part",
                       name=_name(state, str(redeal_due(state))))
        return msg("Mutations dealt: 4 to each colony")


class EnterDealt(Command, name="mutations_enter"):
    """The 4 Mutations a colony drew from the physical deck (solo, or a deal at the table)."""

    player_id: str
    card_ids: tuple[str, ...]

    def verify(self, state: State, content: Content) -> None:
        m = mutations(state)
        _ant(state, self.player_id)
        _not_kept_yet(state)
        n = mutations_content(content)["deal"]
        ids = list(self.card_ids)
        if len(ids) != n or len(set(ids)) != n:
            raise CommandError(msg("Enter the {n} different Mutations {name} was dealt.", n=n,
                                   name=_name(state, self.player_id)))
        for i in ids:
            card(m, i)
            holder = next((pid for pid, got in m["dealt"].items() if i in got and pid != self.player_id), None)
            if holder is not None:
                raise CommandError(msg("{card} was dealt to {name}.", card=_card(m, i), name=_name(state, holder)))

    def apply(self, state: State, content: Content) -> None:
        m = mutations(state)
        m["dealt"][self.player_id] = list(self.card_ids)
        m["deals"] = max(m["deals"], 1)

    def describe(self, state: State, content: Content) -> Msg:
        m = mutations(state)
        return msg("{name} was dealt {cards}", name=_name(state, self.player_id),
                   cards=commas([_card(m, i) for i in self.card_ids]))


class KeepMutations(Command, name="mutations_keep"):
    """The 2 Mutations a colony keeps, one on each of two body parts; the other 2 go back to the box."""

    player_id: str
    first: str
    second: str

    def verify(self, state: State, content: Content) -> None:
        m = mutations(state)
        _ant(state, self.player_id)
        if (who := redeal_due(state)) is not None:
            raise CommandError(msg("{name} was dealt 4 Mutations for one body part: shuffle them all and deal 4 new "
                                   "ones to every colony first.", name=_name(state, who)))
        dealt = m["dealt"].get(self.player_id, [])
        if not dealt:
            raise CommandError(msg("{name} has no Mutations dealt yet.", name=_name(state, self.player_id)))
        if m["kept"].get(self.player_id):
            raise CommandError(msg("{name} already keeps two Mutations.", name=_name(state, self.player_id)))
        for i in (self.first, self.second):
            if i not in dealt:
                raise CommandError(msg("{card} is not among {name}'s 4.", card=_card(m, i),
                                       name=_name(state, self.player_id)))
        a, b = card(m, self.first), card(m, self.second)
        if a["part"] == b["part"]:
            raise CommandError(msg("{first} and {second} are both for {part}: keep two for different body parts.",
                                   first=said(a["name"]), second=said(b["name"]), part=the_part(a["part"])))
        for part in (a["part"], b["part"]):  # an Evolution entered before the keep: its part takes no Mutation
            if part in m["evolved"].get(self.player_id, []):
                raise CommandError(msg(ALREADY_EVOLVED[part], name=_name(state, self.player_id)))

    def apply(self, state: State, content: Content) -> None:
        mutations(state)["kept"][self.player_id] = [self.first, self.second]

    def describe(self, state: State, content: Content) -> Msg:
        m = mutations(state)
        return msg("{name} keeps {first} and {second}", name=_name(state, self.player_id),
                   first=_card(m, self.first), second=_card(m, self.second))


class NameMutation(Command, name="mutations_name"):
    """A Mutation's name as printed, entered once for this game (the rulebook prints only two)."""

    remembered = True
    remember_key = ("card_id",)
    card_id: str
    card_name: str

    def verify(self, state: State, content: Content) -> None:
        from companion.core.mutations.content import CardName

        m = mutations(state)
        c = card(m, self.card_id)
        try:
            check(CardName, self.card_name.strip() if isinstance(self.card_name, str) else self.card_name, "name")
        except SchemaError:
            raise CommandError(msg("Name the Mutation as printed, in 1 to 40 characters.")) from None
        text = self.card_name.strip()
        if c["name"] == text:
            raise CommandError(msg("{id} is already called {name}.", id=self.card_id, name=said(text)))
        if any(o["name"].casefold() == text.casefold() for o in m["cards"] if o["id"] != self.card_id):
            raise CommandError(msg("Another Mutation is already called {name}.", name=said(text)))

    def apply(self, state: State, content: Content) -> None:
        card(mutations(state), self.card_id)["name"] = self.card_name.strip()

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Mutation {old} is {new}", old=_card(mutations(state), self.card_id), new=self.card_name.strip())


class PlayEvolution(Command, name="mutations_evolve"):
    """An Evolution played on a body part: the Mutation there is discarded."""

    player_id: str
    part: str

    def verify(self, state: State, content: Content) -> None:
        m = mutations(state)
        _ant(state, self.player_id)
        if self.part not in PARTS:
            raise CommandError(msg("The body part is one of {choices}; got {given}.", choices=", ".join(PARTS),
                                   given=repr(self.part)))
        if self.part in m["evolved"].get(self.player_id, []) and self.part not in on_body(m, self.player_id):
            raise CommandError(msg(ALREADY_EVOLVED[self.part], name=_name(state, self.player_id)))

    def apply(self, state: State, content: Content) -> None:
        m = mutations(state)
        covered = on_body(m, self.player_id).get(self.part)
        if covered is not None:
            m["covered"].setdefault(self.player_id, []).append(covered["id"])
        m["evolved"].setdefault(self.player_id, []).append(self.part)  # type: ignore[arg-type]

    def describe(self, state: State, content: Content) -> Msg:
        covered = on_body(mutations(state), self.player_id).get(self.part)
        who, part = _name(state, self.player_id), the_part(self.part)
        if covered:
            return msg("{name} plays an Evolution on {part}: {card} is discarded", name=who, part=part,
                       card=said(covered["name"]))
        return msg("{name} plays an Evolution on {part}", name=who, part=part)
