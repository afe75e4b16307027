"""Keep a tool answer under a character budget (~4 characters per token), cutting list
items from the end first, then long strings, and saying what was cut."""

from __future__ import annotations

import json
from typing import Any

#: ~10k tokens: well under the 25k-token ceiling agents' clients put on one tool result.
DEFAULT_BUDGET_CHARS = 40_000


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


#: What to do about a cut answer when the tool has no more specific advice.
NARROW = "narrow the call or lower limit"


def bound(result: Any, budget: int = DEFAULT_BUDGET_CHARS, narrow: str = NARROW) -> str:
    """``result`` as compact JSON of at most ``budget`` characters, always valid JSON.
    When cut, the JSON is an object with the kept result under its keys, a ``note`` on
    what was cut, and ``truncated: true`` where the result has that flag."""
    text = dumps(result)
    if len(text) <= budget:
        return text
    notes: list[str] = []
    holder, key = _largest_list(result)
    if holder is not None:
        items = holder[key] if key is not None else holder
        total = len(items)
        what = key or "items"

        def kept_note(n: int) -> str:
            return (f"kept {n} of {total} {what} to stay within the {budget}-character budget; "
                    f"{narrow}")

        def fits(n: int) -> bool:  # with the note it will carry: the note counts too
            return len(dumps(_noted(_with_items(result, holder, key, items[:n]), [kept_note(n)]))) <= budget

        lo, hi = 0, total  # keep the most items that fit
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fits(mid):
                lo = mid
            else:
                hi = mid - 1
        if lo > 0 or total == 0:
            result = _with_items(result, holder, key, items[:lo])
            notes.append(kept_note(lo))
        else:
            result = _with_items(result, holder, key, items[:1])
            notes.append(f"kept 1 of {total} {what}, shortened")
    cap = 4000
    while len(dumps(_noted(result, notes))) > budget and cap >= 50:
        result, cut = _cap_strings(result, cap)
        if cut:
            notes.append(f"long text fields cut to {cap} characters")
        cap //= 2
    text = dumps(_noted(result, notes))
    if len(text) <= budget:
        return text
    # never a cut-off JSON text: an agent's parser would fail on it
    return dumps({"truncated": True, "note": f"the answer does not fit the {budget}-character "
                                             f"budget even cut down; {narrow}"})[:budget]


def _noted(result: Any, notes: list[str]) -> dict:
    """``result`` as an object carrying ``notes`` (and ``truncated: true`` when it has
    that flag: part of it was left out)."""
    out = dict(result) if isinstance(result, dict) else {"result": result}
    if "truncated" in out:
        out["truncated"] = True
    out["note"] = "; ".join(dict.fromkeys(notes)) or "answer cut to fit the budget"
    return out


def _largest_list(result: Any) -> tuple[Any, str | None]:
    if isinstance(result, list):
        return result, None
    if isinstance(result, dict):
        lists = [(len(dumps(v)), k) for k, v in result.items() if isinstance(v, list) and v]
        if lists:
            return result, max(lists)[1]
    return None, None


def _with_items(result: Any, holder: Any, key: str | None, items: list) -> Any:
    if key is None:
        return list(items)
    out = dict(result)
    out[key] = list(items)
    return out


def _cap_strings(value: Any, cap: int) -> tuple[Any, bool]:
    if isinstance(value, str):
        marker = f"…[{len(value) - cap} more characters]"
        if len(value) > cap + len(marker):  # a cut that would not shorten it is no cut
            return value[:cap] + marker, True
        return value, False
    if isinstance(value, list):
        pairs = [_cap_strings(v, cap) for v in value]
        return [p[0] for p in pairs], any(p[1] for p in pairs)
    if isinstance(value, dict):
        pairs = {k: _cap_strings(v, cap) for k, v in value.items()}
        return {k: p[0] for k, p in pairs.items()}, any(p[1] for p in pairs.values())
    return value, False
