"""The Nest of Centipedes: she arises, the plot pile is discarded, her cards turn to battle.

Whoever reveals the Nest (an ant's Explore or her own Expand), the same three things
happen; from then on an Event means Strike, a Colony Goal Invade and an Evolution Revel.
"""

from __future__ import annotations

from companion.core.broodmother.model import Brood, Hex, say
from companion.core.i18n import msg, nmsg
from companion.core.state import State


def arise(state: State, b: Brood, h: Hex) -> None:
    """Place her on the Nest, discard the plot pile for good, and remind solo players of the decree."""
    h["nest"] = True
    b["her"]["found"] = True
    b["her"]["hex"] = h["number"]
    say(b, msg("The Nest of Centipedes is hex {hex}: put the Broodmother on it.", hex=h["number"]), h["number"],
        "nest-order")
    pile = b["deck"]["plot"]
    b["deck"]["discard"].extend(pile)
    say(b, nmsg("Reckoning: discard the plot pile (1 card); no card goes there again.",
                "Reckoning: discard the plot pile ({n} cards); no card goes there again.", len(pile)))
    b["deck"]["plot"] = []
    say(b, msg("From now on her cards mean: Event = Strike, Colony Goal = Invade, Evolution = Revel."))
    if state["mode"] == "solo":
        say(b, msg("Provision for War: take a Royal Decree now."), interpretation="provision-any-finder")
