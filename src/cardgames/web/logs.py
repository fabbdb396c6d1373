"""What `cardgames serve` writes to its logs: never a seat's token, at any level.

A seat's token opens that seat's hand, so it must not reach a log file, a terminal scroll-back
or a log collector. The server itself never logs one, but the libraries under it do at debug
level: uvicorn's WebSocket protocol writes every frame it receives, the hello frame
``{"token": ..., "lang": ..., "after": ...}`` included. `TokenFilter`, installed on every handler
of `logging_config` (so that it sees the records of every logger, propagated or not), replaces
each token it finds in a record's message and arguments by ``[token]``:

- the value of a ``token`` key, quoted (JSON) or not (a query, a fragment): ``"token": "…"``,
  ``token=…``;
- the credentials of an ``Authorization: Bearer …`` header.

A frame logged cut short (uvicorn keeps its first 75 characters) is redacted as far as it goes.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any, Final

__all__ = ["REDACTED", "TokenFilter", "logging_config", "redact"]

REDACTED: Final = "[token]"
"""What a token is replaced by."""

_SECRET: Final = re.compile(
    r"""(?P<key>(?:["']?token["']?\s*[:=]\s*["']?)|(?:bearer\s+))(?P<value>[A-Za-z0-9_\-]+)""",
    re.IGNORECASE,
)


def redact(text: str) -> str:
    """``text`` with every token it holds replaced by `REDACTED`.

    Examples:
        >>> print(redact('''< TEXT '{"token": "wYKMS-ldb8DvJ0", "lang": "en"}' [72 bytes]'''))
        < TEXT '{"token": "[token]", "lang": "en"}' [72 bytes]
        >>> redact("Authorization: Bearer abc_DEF-123")
        'Authorization: Bearer [token]'
        >>> redact("/table/5?token=abc#token=def")
        '/table/5?token=[token]#token=[token]'
    """
    folded = text.casefold()
    if "token" not in folded and "bearer" not in folded:  # most records: nothing to look for
        return text
    return _SECRET.sub(lambda match: match.group("key") + REDACTED, text)


def _redacted(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, (bytes, bytearray)):
        return redact(value.decode("utf-8", "replace"))
    if value is None or isinstance(value, (int, float)):
        return value
    # An object formatted when the record is (the WebSocket library logs its frame objects):
    # its text, if that holds a token.
    text = str(value)
    cleaned = redact(text)
    return value if cleaned == text else cleaned


class TokenFilter(logging.Filter):
    """Redacts the tokens of every record that passes (it never drops one).

    The message and each argument are redacted apart, so that formatters that read the
    arguments themselves (uvicorn's access log) keep working; an argument that is an object
    (uvicorn logs the WebSocket frames it receives as objects) is replaced by its redacted text
    when its text holds a token.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact ``record`` in place; always let it through."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(_redacted(arg) for arg in args)
        elif isinstance(args, dict):
            record.args = {key: _redacted(value) for key, value in args.items()}
        return True


def logging_config(base: dict[str, Any]) -> dict[str, Any]:
    """A copy of the `logging.config.dictConfig` document ``base``, `TokenFilter` on each handler.

    Examples:
        >>> config = logging_config({"version": 1, "handlers": {"out": {"class": "x"}}})
        >>> config["handlers"]["out"]["filters"]
        ['cardgames-tokens']
    """
    config = copy.deepcopy(base)
    config.setdefault("filters", {})["cardgames-tokens"] = {"()": TokenFilter}
    for handler in config.get("handlers", {}).values():
        handler["filters"] = [*handler.get("filters", ()), "cardgames-tokens"]
    return config
