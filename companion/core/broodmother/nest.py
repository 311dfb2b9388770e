"""The Nest of Centipedes: she arises, the plot pile is discarded, her cards turn to battle.

Whoever reveals the Nest (an ant's Explore or her own Expand), the same three things
happen; from then on an Event means Strike, a Colony Goal Invade and an Evolution Revel.
"""

from __future__ import annotations

from companion.core.broodmother.model import Brood, Hex, plural, say
from companion.core.state import State


def arise(state: State, b: Brood, h: Hex) -> None:
    """Place her on the Nest, discard the plot pile for good, and remind solo players of the decree."""
    h["nest"] = True
    b["her"]["found"] = True
    b["her"]["hex"] = h["number"]
    say(b, f"The Nest of Centipedes is hex {h['number']}: put the Broodmother on it.", h["number"], "nest-order")
    pile = b["deck"]["plot"]
    b["deck"]["discard"].extend(pile)
    say(b, f"Reckoning: discard the plot pile ({plural(len(pile), 'card')}); no card goes there again.")
    b["deck"]["plot"] = []
    say(b, "From now on her cards mean: Event = Strike, Colony Goal = Invade, Evolution = Revel.")
    if state["mode"] == "solo":
        say(b, "Provision for War: take a Royal Decree now.", interpretation="provision-any-finder")
