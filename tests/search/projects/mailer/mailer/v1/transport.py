"""The 1.x transport: one connection per message, no retries."""


class Transport:
    def open(self):
        raise NotImplementedError

    def deliver_one(self, connection, message):
        raise NotImplementedError

    def send(self, messages):
        """Deliver each message over a connection of its own."""
        for message in messages:
            self.deliver_one(self.open(), message)
        return len(messages)
