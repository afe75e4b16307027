from dataclasses import dataclass, field


@dataclass
class Message:
    sender: str
    recipients: list[str]
    subject: str
    body: str
    headers: dict[str, str] = field(default_factory=dict)

    def as_bytes(self) -> bytes:
        lines = [f"From: {self.sender}", f"To: {', '.join(self.recipients)}", f"Subject: {self.subject}"]
        lines += [f"{k}: {v}" for k, v in self.headers.items()]
        return ("\r\n".join(lines) + "\r\n\r\n" + self.body).encode()
