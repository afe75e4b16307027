"""The SMTP transport: delivers messages to an SMTP relay."""

import smtplib

from ...transport import DeliveryError, Transport


class SmtpTransport(Transport):
    def __init__(self, host: str, port: int = 587, user: str | None = None, password: str | None = None):
        self.host, self.port, self.user, self.password = host, port, user, password

    def open(self):
        connection = smtplib.SMTP(self.host, self.port)
        connection.starttls()
        if self.user:
            connection.login(self.user, self.password)
        return connection

    def retry_delay(self, reply: str) -> float:
        """Seconds to wait before a delivery the relay deferred (a 4xx reply) is retried."""
        code = int(reply[:3])
        return 30.0 if 400 <= code < 500 else 0.0

    def deliver_one(self, connection, message):
        """Deliver one message through the relay; a refused recipient is a delivery error."""
        try:
            connection.sendmail(message.sender, message.recipients, message.as_bytes())
        except smtplib.SMTPRecipientsRefused as exc:
            raise DeliveryError(str(exc)) from exc
