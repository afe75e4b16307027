"""An HTTP client and server."""
