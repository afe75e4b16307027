"""Transports deliver messages. Every backend is a Transport: the base class opens a
connection, hands each message to the backend and retries a failed delivery."""

import time


class DeliveryError(Exception):
    pass


class Transport:
    retries = 3

    def open(self):
        raise NotImplementedError

    def deliver_one(self, connection, message):
        raise NotImplementedError

    def send(self, messages):
        """Deliver the messages over one connection, retrying each failed delivery."""
        connection = self.open()
        sent = 0
        for message in messages:
            for attempt in range(self.retries):
                try:
                    self.deliver_one(connection, message)
                    sent += 1
                    break
                except DeliveryError:
                    time.sleep(2 ** attempt)
        return sent

