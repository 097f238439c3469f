"""The PWA's JavaScript without comments or the whitespace between its tokens; its CSS without comments.

The sources in git stay readable; `api.web.pwa` serves them stripped (before
compressing them), which takes ~40 % off what a phone downloads.  This is
not a minifier: no name is shortened and nothing is rewritten.  Each code
token is copied verbatim from the source (template literals and regular
expressions included) and only what lies between two tokens changes:

* a line break (in the whitespace or inside a removed comment) becomes one
  ``\\n``, so automatic semicolon insertion sees exactly the same lines;
* other whitespace becomes one space where the two tokens would otherwise
  read differently (two words, ``a - -b``, ``1 .x``, a regular expression),
  else nothing.

Every result is proven before it is used: its tokens (type, text, and
whether a line break precedes each one) must equal the original's, else
`StripError` and the file is served as it is.  The tokenizer is esprima's
(``esprima.tokenize``): its parser stops at ES2017, but its tokenizer reads
every file of ours (``?.`` and ``??`` come out as two punctuators, which
stay glued because they were).  The first paragraph of a file's leading
comments is kept when it carries a copyright or licence (the vendored QR
code generator's MIT notice).
"""
from __future__ import annotations

import re

import esprima

COMMENTS = frozenset({"LineComment", "BlockComment"})
WORDS = frozenset({"Identifier", "Keyword", "Numeric", "Boolean", "Null"})
OPERATOR_CHARS = frozenset("+-*/%<>=!&|^~?.:")  # punctuators made of these may merge into a longer one
LINE_BREAK = re.compile("[\n\r\u2028\u2029]")
LICENCE = re.compile(r"copyright|licen[cs]e|@preserve|^/\*!", re.I)


class StripError(ValueError):
    """The source could not be tokenized, or its stripped form would not read the same."""


def _code_tokens(source: str) -> list[tuple[str, str, bool, int]]:
    """(type, text, line break before it, start) of every code token of `source`; comments count as gaps."""
    try:
        items = esprima.tokenize(source, {"comment": True, "range": True})
    except Exception as exc:  # esprima raises its own Error (and RecursionError on deep nesting)
        raise StripError(f"esprima cannot tokenize it: {exc}") from exc
    tokens, pos, newline = [], 0, False
    for item in items:
        start, end = item.range
        newline = newline or bool(LINE_BREAK.search(source, pos, start))
        if item.type in COMMENTS:
            newline = newline or item.type == "LineComment" or bool(LINE_BREAK.search(source, start, end))
        else:
            tokens.append((item.type, source[start:end], newline and bool(tokens), start))
            newline = False
        pos = end
    return tokens


def _needs_space(before: tuple, after: tuple) -> bool:
    kind, text = before[0], before[1]
    next_kind, next_text = after[0], after[1]
    if "RegularExpression" in (kind, next_kind):  # `/ /re/` must not become a line comment
        return True
    if kind in WORDS and next_kind in WORDS:
        return True
    if next_text.startswith(".") and (kind == "Numeric" or next_kind == "Numeric"):  # `1 .toFixed()`, `a ? .5 : b`
        return True
    return kind == next_kind == "Punctuator" and text[-1] in OPERATOR_CHARS and next_text[0] in OPERATOR_CHARS


def signature(source: str) -> list[tuple[str, str, bool]]:
    """What the stripping keeps: each code token's type and text, and whether a line break precedes it."""
    return [token[:3] for token in _code_tokens(source)]


def strip_js(source: str) -> str:
    """`source` without comments or needless whitespace, proven to tokenize the same (else `StripError`)."""
    tokens = _code_tokens(source)
    if not tokens:
        return source
    comments = source[:tokens[0][3]].strip()
    header = comments.split("\n\n")[0]  # the first paragraph of the leading comments, a block comment whole
    if header.count("/*") > header.count("*/"):
        header = comments[:comments.index("*/", len(header)) + 2]
    out = [header + "\n"] if LICENCE.search(header) else []
    previous = None
    for token in tokens:
        if previous is not None:
            if token[2]:
                out.append("\n")
            elif source[previous[3] + len(previous[1]):token[3]] and _needs_space(previous, token):
                out.append(" ")
        out.append(token[1])
        previous = token
    out.append("\n")
    stripped = "".join(out)
    if signature(stripped) != [token[:3] for token in tokens]:
        raise StripError("the stripped source would tokenize differently")
    return stripped


# A CSS comment, or something that may contain "/*" without being one (a string, an unquoted url()).
_CSS_PARTS = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|url\([^)"\']*\)|/\*.*?\*/', re.S)
_BLANK_LINES = re.compile(r"\n[ \t]*(?=\n)")


def strip_css(source: str) -> str:
    """`source` without its ``/* … */`` comments (strings and url() left alone) and the lines they emptied.

    A backslash at the end of a line (a string continued on the next) raises `StripError`: blank lines
    would then not be whitespace between tokens.
    """
    if "\\\n" in source:
        raise StripError("a line ends with a backslash")
    def drop(match: re.Match) -> str:
        text = match.group(0)
        if not text.startswith("/*"):
            return text
        before = source[match.start() - 1:match.start()]
        after = source[match.end():match.end() + 1]
        # A comment separates tokens: `a/**/b` is two of them, so it leaves a space unless whitespace is there.
        return " " if before.strip() and after.strip() else ""

    return _BLANK_LINES.sub("", _CSS_PARTS.sub(drop, source)).lstrip("\n")
