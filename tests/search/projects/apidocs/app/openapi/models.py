from dataclasses import dataclass, field
from typing import Any


@dataclass
class Info:
    title: str
    version: str
    description: str | None = None


@dataclass
class Operation:
    summary: str | None = None
    operation_id: str | None = None
    responses: dict[str, Any] = field(default_factory=dict)


@dataclass
class Document:
    """The OpenAPI document: its info, the operations of every path and the shared
    schema components."""

    openapi: str
    info: Info
    paths: dict[str, dict[str, Operation]] = field(default_factory=dict)
    components: dict[str, Any] = field(default_factory=dict)
