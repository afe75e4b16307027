from dataclasses import dataclass, field


@dataclass
class ClientRequest:
    method: str
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


@dataclass
class ClientResponse:
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
