"""A logging filter that keeps secrets out of log lines (attached to gunicorn's loggers in gunicorn.conf.py).

gunicorn quotes a malformed header line in its warning ("Invalid HTTP Header: 'Authorization: …'"), and an
access log, when an operator turns one on, shows query strings (an event stream's ``?token=``).  Table
tokens, spectator tokens, edition and campaign tokens and join codes are all bearer secrets.
"""
from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"
SECRETS = re.compile(
    r"(?i)(authorization\s*[:=]?\s*(?:(?:bearer|basic)\s+)?|bearer\s+|[?&](?:token|join_code|code)=)"  # the marker
    r"[^\s'\"&,;]+")  # the secret itself, up to a space, a quote or the next query parameter


def redact(text: str) -> str:
    """`text` with every secret that follows a marker of `SECRETS` replaced by ``[redacted]``."""
    return SECRETS.sub(lambda m: m.group(1) + REDACTED, text)


class RedactSecrets(logging.Filter):
    """Rewrite each record's message with its secrets redacted (never drops a record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Replace the message by its redacted text when it holds a secret."""
        message = record.getMessage()
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, ()
        return True
