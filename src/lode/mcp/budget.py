"""Keep a tool answer under a character budget (~4 characters per token), cutting list
items from the end first, then long strings, and saying what was cut."""

from __future__ import annotations

import json
from typing import Any

#: ~10k tokens: well under the 25k-token ceiling agents' clients put on one tool result.
DEFAULT_BUDGET_CHARS = 40_000


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def bound(result: Any, budget: int = DEFAULT_BUDGET_CHARS) -> str:
    """``result`` as compact JSON of at most about ``budget`` characters. When cut, the
    JSON is an object with the kept result under its keys and a ``note`` on what was cut."""
    text = dumps(result)
    if len(text) <= budget:
        return text
    notes: list[str] = []
    holder, key = _largest_list(result)
    if holder is not None:
        items = holder[key] if key is not None else holder
        total = len(items)
        lo, hi = 0, total  # keep the most items that fit
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if len(dumps(_with_items(result, holder, key, items[:mid]))) + 200 <= budget:
                lo = mid
            else:
                hi = mid - 1
        if lo > 0 or total == 0:
            result = _with_items(result, holder, key, items[:lo])
            notes.append(f"kept {lo} of {total} {key or 'items'} to stay within the "
                         f"{budget}-character budget; narrow the query (paths, languages, "
                         f"kinds) or lower limit to see the rest")
        else:
            result = _with_items(result, holder, key, items[:1])
            notes.append(f"kept 1 of {total} {key or 'items'}, shortened")
    cap = 4000
    while len(dumps(result)) + 300 > budget and cap >= 50:
        result, cut = _cap_strings(result, cap)
        if cut:
            notes.append(f"long text fields cut to {cap} characters")
        cap //= 2
    if not isinstance(result, dict):
        result = {"result": result}
    else:
        result = dict(result)
    result["note"] = "; ".join(dict.fromkeys(notes)) or "answer cut to fit the budget"
    text = dumps(result)
    return text if len(text) <= budget else text[:budget - 40] + ' …[cut to fit the budget]'


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
        if len(value) > cap:
            return value[:cap] + f"…[{len(value) - cap} more characters]", True
        return value, False
    if isinstance(value, list):
        pairs = [_cap_strings(v, cap) for v in value]
        return [p[0] for p in pairs], any(p[1] for p in pairs)
    if isinstance(value, dict):
        pairs = {k: _cap_strings(v, cap) for k, v in value.items()}
        return {k: p[0] for k, p in pairs.items()}, any(p[1] for p in pairs.values())
    return value, False
