"""The 1.x interface, kept for code written against it; new code uses mailer.Transport."""
