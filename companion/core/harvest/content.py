"""The Aphids module's numbers, read from ``data/harvest/harvest.json`` and checked on load."""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MinLen
from typing_extensions import TypedDict

from companion.core.datafiles import ContentFile
from companion.core.points import Reward
from companion.core.schema import strict
from companion.core.units import DataFile

Count = Annotated[int, Ge(0), Le(9)]


@strict
class RewardData(TypedDict):
    cards: Count
    cp: Count


@strict
class FarmingRow(TypedDict):
    aphids: Annotated[int, Ge(1), Le(9)]
    single: RewardData
    shared: RewardData


@strict
class DevourData(TypedDict):
    steps: Count
    cards: Count
    source: str


@strict
class HarvestContent(ContentFile):
    farming: Annotated[list[FarmingRow], MinLen(1)]
    max_sites: Annotated[int, Ge(4), Le(12)]
    devour: DevourData


FILE = DataFile(HarvestContent, "harvest", "harvest.json")
harvest_content = FILE.of



def table_row(aphids: int) -> FarmingRow | None:
    """The Farming table's row for ``aphids`` herded aphids; above the table, its last row."""
    rows = harvest_content()["farming"]
    if aphids < rows[0]["aphids"]:
        return None
    return next((r for r in rows if r["aphids"] == aphids), rows[-1])


def interpretation(key: str) -> str:
    return next(i["text"] for i in harvest_content()["interpretations"] if i["id"] == key)


def as_reward(data: RewardData) -> Reward:
    return {"cards": data["cards"], "cp": data["cp"]}


def catalogue_texts() -> list[str]:
    return [i["text"] for i in harvest_content()["interpretations"]]
