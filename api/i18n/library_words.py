"""werkzeug's and marshmallow's own English said in the request's language (issue 37): an HTTP error's
description and a field's shape message inside a problem's ``errors``.

Both are finite sets of texts, taken at runtime through the libraries' public names: werkzeug's
`default_exceptions` and each class's `description`; marshmallow's fields' `default_error_messages`, its
validators' message attributes and a schema's own two messages as `Schema.validate` reports them.  A text
that matches one of them (its values read back from the placeholders) becomes that message; anything else
stays as it is.  `CATALOGUE` names the same ids as literals for ``pybabel extract``;
tests/i18n/test_edge_words.py fails when an upgrade of either library changes the set.
"""
from __future__ import annotations

import functools
import inspect
import re
import string
from typing import Any

from marshmallow import Schema, fields, validate
from werkzeug.exceptions import default_exceptions

from api.games.messages import Message, msg

# The shape messages of our own schemas (api/web/schemas.py, campaigns.py), said like marshmallow's.
OWN = ("Longer than {n} characters of JSON.", "An action needs a non-empty string 'kind'.",
       "give either the chosen 'tiles' or a 'count' to draw",
       "a 'state_hash' checks the 'actions' of a session played offline")


def werkzeug_texts() -> set[str]:
    """The description of every HTTP error werkzeug raises."""
    return {cls.description for cls in default_exceptions.values() if cls.description}


def marshmallow_texts() -> set[str]:
    """Every message a marshmallow field, validator or schema says (placeholders as ``{name}``)."""
    texts = {text for name in fields.__all__ for text in getattr(fields, name).default_error_messages.values()}
    for _, cls in inspect.getmembers(validate, inspect.isclass):
        if issubclass(cls, validate.Validator):
            texts |= {v for k, v in vars(cls).items() if k in ("default_message", "message_min", "message_max",
                                                                "message_all", "message_equal")}
    ranges = {k: v for k, v in vars(validate.Range).items() if k.startswith("message_")}
    texts -= {ranges["message_min"], ranges["message_max"], ranges["message_all"]}
    for low in (ranges["message_gte"], ranges["message_gt"]):
        texts.add(ranges["message_min"].format(min_op=low))
        for high in (ranges["message_lte"], ranges["message_lt"]):
            texts.add(ranges["message_max"].format(max_op=high))
            texts.add(ranges["message_all"].format(min_op=low, max_op=high))
    schema = Schema.from_dict({})()
    texts |= set(schema.validate({"x": 1})["x"]) | set(schema.validate([])["_schema"])  # type: ignore[arg-type]
    return {text.replace("!r}", "}") for text in texts}


@functools.cache
def _patterns() -> tuple[dict[str, str], list[tuple[re.Pattern, str]]]:
    exact, patterns = {}, []
    for text in werkzeug_texts() | marshmallow_texts() | set(OWN):
        names = [name for _, name, _, _ in string.Formatter().parse(text) if name]
        if not names:
            exact[text] = text
            continue
        regex = "".join(re.escape(literal) + (f"(?P<{name}>.*?)" if name else "")
                        for literal, name, _, _ in string.Formatter().parse(text))
        patterns.append((re.compile(f"^{regex}$", re.S), text))
    patterns.sort(key=lambda p: -len(re.sub(r"\{\w+\}", "", p[1])))  # the most specific first
    return exact, patterns


def as_message(text: Any) -> Any:
    """`text` as the library's message it is (said in any language), else unchanged; English is the same text."""
    if not isinstance(text, str):
        return text
    exact, patterns = _patterns()
    if text in exact:
        return Message(exact[text], {})
    for pattern, template in patterns:
        found = pattern.match(text)
        if found:
            return Message(template, found.groupdict())
    return text


# The ids above as literals, for `pybabel extract` (the test keeps this list equal to the libraries' texts).
CATALOGUE = (
    # werkzeug's HTTP errors
    msg("The browser (or proxy) sent a request that this server could not understand."),
    msg("The server could not verify that you are authorized to access the URL requested. You either supplied "
        "the wrong credentials (e.g. a bad password), or your browser doesn't understand how to supply the "
        "credentials required."),
    msg("You don't have the permission to access the requested resource. It is either read-protected or not "
        "readable by the server."),
    msg("The requested URL was not found on the server. If you entered the URL manually please check your "
        "spelling and try again."),
    msg("The method is not allowed for the requested URL."),
    msg("The resource identified by the request is only capable of generating response entities which have "
        "content characteristics not acceptable according to the accept headers sent in the request."),
    msg("The server closed the network connection because the browser didn't finish the request within the "
        "specified time."),
    msg("A conflict happened while processing the request. The resource might have been modified while the "
        "request was being processed."),
    msg("The requested URL is no longer available on this server and there is no forwarding address. If you "
        "followed a link from a foreign page, please contact the author of this page."),
    msg("A request with this method requires a valid <code>Content-Length</code> header."),
    msg("The precondition on the request for the URL failed positive evaluation."),
    msg("The data value transmitted exceeds the capacity limit."),
    msg("The length of the requested URL exceeds the capacity limit for this server. The request cannot be "
        "processed."),
    msg("The server does not support the media type transmitted in the request."),
    msg("The server cannot provide the requested range."),
    msg("The server could not meet the requirements of the Expect header"),
    msg("This server is a teapot, not a coffee machine"),
    msg("The server is not able to produce a response."),
    msg("The request was well-formed but was unable to be followed due to semantic errors."),
    msg("The resource that is being accessed is locked."),
    msg("The method could not be performed on the resource because the requested action depended on another "
        "action and that action failed."),
    msg("This request is required to be conditional; try using \"If-Match\" or \"If-Unmodified-Since\"."),
    msg("This user has exceeded an allotted request count. Try again later."),
    msg("One or more header fields exceeds the maximum size."),
    msg("Unavailable for legal reasons."),
    msg("The server encountered an internal error and was unable to complete your request. Either the server "
        "is overloaded or there is an error in the application."),
    msg("The server does not support the action requested by the browser."),
    msg("The proxy server received an invalid response from an upstream server."),
    msg("The server is temporarily unable to service your request due to maintenance downtime or capacity "
        "problems. Please try again later."),
    msg("The connection to an upstream server timed out."),
    msg("The server does not support the HTTP protocol version used in the request."),
    # marshmallow's fields, validators and schemas
    msg("Missing data for required field."), msg("Field may not be null."), msg("Invalid value."),
    msg("Not a valid {obj_type}."), msg("Not a valid {awareness} {obj_type}."),
    msg("\"{input}\" cannot be formatted as a {obj_type}."), msg("Not a valid boolean."), msg("Not a valid date."),
    msg("\"{input}\" cannot be formatted as a date."),
    msg("Special numeric values (nan or infinity) are not permitted."), msg("Not a valid mapping type."),
    msg("Not a valid email address."), msg("Must be one of: {choices}."), msg("Not a valid IP address."),
    msg("Not a valid IP interface."), msg("Not a valid IPv4 address."), msg("Not a valid IPv4 interface."),
    msg("Not a valid IPv6 address."), msg("Not a valid IPv6 interface."), msg("Not a valid integer."),
    msg("Not a valid list."), msg("Invalid type."), msg("Not a valid number."), msg("Number too large."),
    msg("Not a valid string."), msg("Not a valid utf-8 string."), msg("Not a valid period of time."),
    msg("{input} cannot be formatted as a timedelta."), msg("Not a valid tuple."), msg("Not a valid URL."),
    msg("Not a valid UUID."),
    msg("One or more of the choices you made was in: {values}."),
    msg("One or more of the choices you made was not in: {choices}."), msg("Must be equal to {other}."),
    msg("Shorter than minimum length {min}."), msg("Longer than maximum length {max}."),
    msg("Length must be between {min} and {max}."), msg("Length must be {equal}."), msg("Invalid input."),
    msg("String does not match expected pattern."),
    msg("Must be greater than or equal to {min}."), msg("Must be greater than {min}."),
    msg("Must be less than or equal to {max}."), msg("Must be less than {max}."),
    msg("Must be greater than or equal to {min} and less than or equal to {max}."),
    msg("Must be greater than or equal to {min} and less than {max}."),
    msg("Must be greater than {min} and less than or equal to {max}."),
    msg("Must be greater than {min} and less than {max}."),
    msg("Unknown field."), msg("Invalid input type."),
    # our own schemas' (OWN)
    msg("Longer than {n} characters of JSON."), msg("An action needs a non-empty string 'kind'."),
    msg("give either the chosen 'tiles' or a 'count' to draw"),
    msg("a 'state_hash' checks the 'actions' of a session played offline"),
)
