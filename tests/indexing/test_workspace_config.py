"""A workspace's rules behave as the frozen dataclass they were: equal and hashed by
value, immutable, the defaults read from the class, to_dict as stored."""

from __future__ import annotations

import pytest

from lode.workspace.config import DEFAULT_EXCLUDE, DEFAULT_INCLUDE, WorkspaceConfig


def test_rules_are_values():
    a = WorkspaceConfig()
    b = WorkspaceConfig(DEFAULT_INCLUDE, DEFAULT_EXCLUDE, True, ())
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != WorkspaceConfig(code=False) and a != ("x",)
    assert WorkspaceConfig.include == DEFAULT_INCLUDE and WorkspaceConfig.exclude == DEFAULT_EXCLUDE
    with pytest.raises(AttributeError):
        a.code = False
    with pytest.raises(AttributeError):
        del a.include
    changed = WorkspaceConfig(**{**a.__dict__, "text_extensions": (".log",)})
    assert changed.text_extensions == (".log",) and changed.include == a.include
    assert changed.to_dict() == {"include": list(DEFAULT_INCLUDE), "exclude": list(DEFAULT_EXCLUDE),
                                 "code": True, "text_extensions": [".log"]}
    assert WorkspaceConfig.from_dict(changed.to_dict()) == changed
    assert "text_extensions=('.log',)" in repr(changed)
