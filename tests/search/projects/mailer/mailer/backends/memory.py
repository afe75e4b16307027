"""A transport that keeps messages in memory, for tests of code that sends mail."""

from ..transport import Transport


class MemoryTransport(Transport):
    def __init__(self):
        self.outbox = []

    def open(self):
        return self.outbox

    def deliver_one(self, connection, message):
        connection.append(message)
