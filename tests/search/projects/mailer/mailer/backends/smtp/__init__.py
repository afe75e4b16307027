from .transport import SmtpTransport

__all__ = ["SmtpTransport"]
