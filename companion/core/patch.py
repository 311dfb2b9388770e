"""Structural diffs of plain JSON data, for compact undo history.

Undo restores whole-state snapshots, but storing 500 full snapshots in every save would
make each durable write slow. A snapshot is stored instead as the patch that turns the
state after a command back into the state before it (and one for redo). Applying the
patch gives back exactly the snapshot; ``diff(a, b)`` applied to ``a`` equals ``b``.

>>> a = {"round": 1, "scores": {"p1": [0, 2]}}
>>> b = {"round": 1, "scores": {"p1": [0, 5]}}
>>> diff(a, b)
[['set', ['scores', 'p1', 1], 5]]
>>> apply_patch(a, diff(a, b)) == b
True
"""

from __future__ import annotations

from companion.core.schema import Json

Path = list[str | int]
Op = list[Json]  # ["set", path, value] | ["del", path]


def copy_json(value: Json) -> Json:
    """A deep copy of plain JSON data (dicts, lists, leaves), about twice as fast as ``copy.deepcopy``, which also
    keeps shared references and copies any class: a game's state has neither, and every change copies it whole.
    A dict subclass is walked through its ``items()`` (a drawing's state that notes what it reads notes it all)."""
    kind = type(value)
    if kind is dict or isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}
    if kind is list or isinstance(value, list):
        return [copy_json(item) for item in value]
    if kind is tuple:
        return tuple(copy_json(item) for item in value)
    return value


def diff(old: Json, new: Json) -> list[Op]:
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Json, new: Json, path: Path, ops: list[Op]) -> None:
    if type(old) is type(new) and isinstance(old, dict):
        for key in old:
            if key not in new:
                ops.append(["del", [*path, key]])
        for key, value in new.items():
            if key not in old:
                ops.append(["set", [*path, key], copy_json(value)])
            else:
                _diff(old[key], value, [*path, key], ops)
    elif type(old) is type(new) and isinstance(old, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            _diff(a, b, [*path, index], ops)
    elif type(old) is not type(new) or old != new:
        ops.append(["set", list(path), copy_json(new)])


def apply_patch(doc: Json, ops: list[Op]) -> Json:
    """Return ``doc`` with ``ops`` applied; ``doc`` itself is not modified."""
    result = copy_json(doc)
    for op in ops:
        kind, path = op[0], op[1]
        if not path:
            if kind != "set":
                raise ValueError("cannot delete the root")
            result = copy_json(op[2])
            continue
        parent = result
        for key in path[:-1]:
            parent = parent[key]
        if kind == "set":
            parent[path[-1]] = copy_json(op[2])
        elif kind == "del":
            del parent[path[-1]]
        else:
            raise ValueError(f"unknown patch op {kind!r}")
    return result
