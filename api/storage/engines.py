"""Game engines behind one small adapter, registered by game name.

Storage and web code never import a rules package directly: they ask an
`EngineRegistry` for the `Engine` of a game kind ("asian_tigers", or a toy
engine registered by the tests).  `ModuleEngine` adapts any module that
follows the engine contract (``load_edition``, ``new_game``, ``apply``,
``legal_actions``, ``view``, ``is_over``, ``state_to_dict``,
``state_from_dict``, ``replay``, optionally ``outcome``,
``provisional_score``, and the ``RulesError`` / ``EditionError`` classes).
The module is imported lazily, on first use.
"""
from __future__ import annotations

import hashlib
import importlib
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable

from api.games.messages import Message, msg
from api.storage.jsonio import canonical_bytes

CACHE_SIZE = 16
_CACHE_LOCK = threading.Lock()
# Editions are content-addressed and immutable, so one cache serves every app in the process.
_EDITIONS: OrderedDict[tuple[str, str], Any] = OrderedDict()
_INFOS: dict[tuple[str, str], "EditionInfo"] = {}

EDITION_META_KEYS = frozenset({"schema_version", "edition", "provenance", "interpretations"})


class RulesViolation(Exception):
    """The engine refused an action or options (its ``RulesError``), engine-neutral."""

    def __init__(self, code: str, message: str, rule: str | None = None, details: dict | None = None):
        super().__init__(message)
        self.code = code or "illegal_action"
        self.rule = rule
        self.message = message
        self.details = details or {}
        self.index: int | None = None  # position in a batch, set by the repository


class EditionInvalid(Exception):
    """An edition document failed validation; `path` names the bad value."""

    def __init__(self, path: str, message: Any, code: str = "invalid_edition"):
        super().__init__(f"{path}: {message}")
        self.path, self.message, self.text = path, str(message), message  # text: said per language at the edge
        self.code = code


class Unsupported(Exception):
    """The engine does not provide this feature (yet)."""

    def __init__(self, feature: str):
        super().__init__(f"this game engine does not provide {feature}")
        self.feature = feature


class EngineUnavailable(Exception):
    """The engine's module cannot be imported or lacks the core contract: English in ``str(exc)`` (logs), the
    message (said in the request's language at the edge) in ``.message``."""

    def __init__(self, message: Message):
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class EditionInfo:
    """What storage and the API need to know about a loaded edition."""

    document: dict
    content_hash: str
    edition_id: str | None
    placeholder_paths: tuple[str, ...] = field(default=())


def _keep(module_name: str, content_hash: str, edition: Any) -> None:
    with _CACHE_LOCK:
        _EDITIONS[(module_name, content_hash)] = edition
        while len(_EDITIONS) > CACHE_SIZE:
            _EDITIONS.popitem(last=False)


def state_hash(state_dict: dict) -> str:
    """SHA-256 of the canonical JSON of a serialised state."""
    return hashlib.sha256(canonical_bytes(state_dict)).hexdigest()


def document_hash(document: dict) -> str:
    """SHA-256 of the canonical JSON of an edition document."""
    return hashlib.sha256(canonical_bytes(document)).hexdigest()


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    return value


def placeholder_paths_of(document: dict) -> tuple[str, ...]:
    """JSON pointers of every leaf whose provenance is 'placeholder' (empty if unmarked)."""
    if not isinstance(document.get("provenance"), dict):
        return ()
    from api.games.provenance import ProvenanceMap, iter_leaves, pointer

    prov = ProvenanceMap.from_mapping(document["provenance"])
    data = {k: v for k, v in document.items() if k not in EDITION_META_KEYS}
    return tuple(pointer(path) for path, _ in iter_leaves(data) if prov.is_placeholder(path))


class ModuleEngine:
    """Adapt a module that follows the engine contract (the module docstring) to one interface."""

    CORE = ("load_edition", "new_game", "apply", "legal_actions", "view", "is_over",
            "state_to_dict", "state_from_dict")

    def __init__(self, name: str, module: str):
        self.name = name
        self.module_name = module
        self._module = None

    @property
    def module(self):
        """The rules module, imported on first use (`EngineUnavailable` if it cannot be)."""
        if self._module is None:
            try:
                mod = importlib.import_module(self.module_name)
            except ImportError as exc:
                raise EngineUnavailable(msg("{engine}: cannot import {module}: {error}", engine=self.name,
                                            module=self.module_name, error=str(exc))) from exc
            missing = [n for n in self.CORE if not callable(getattr(mod, n, None))]
            if missing:
                raise EngineUnavailable(msg("{engine}: {module} lacks {names}", engine=self.name, module=self.module_name,
                                            names=", ".join(missing)))
            self._module = mod
        return self._module

    def available(self) -> bool:
        """True when the module imports and has the core contract."""
        try:
            _ = self.module
        except EngineUnavailable:
            return False
        return True

    def _rules_error(self, exc: Exception) -> RulesViolation | None:
        cls = getattr(self.module, "RulesError", None)
        if cls is None or not isinstance(exc, cls):
            return None
        details = {}
        if callable(getattr(exc, "to_dict", None)):
            try:
                details = dict(exc.to_dict())
            except Exception:  # a broken to_dict must not hide the refusal itself
                details = {}
        code = getattr(exc, "code", None) or "illegal_action"
        message = getattr(exc, "message", None) or str(exc)
        return RulesViolation(code, message, getattr(exc, "rule", None), details)

    def _edition_error(self, exc: Exception) -> EditionInvalid | None:
        cls = getattr(self.module, "EditionError", None)
        if (cls is not None and isinstance(exc, cls)) or hasattr(exc, "path"):
            return EditionInvalid(getattr(exc, "path", "/") or "/",
                                  getattr(exc, "text", None) or getattr(exc, "message", None) or str(exc),
                                  getattr(exc, "code", None) or "invalid_edition")
        return None

    def load_edition(self, source: Any = None) -> Any:
        """Load and validate an edition (None = shipped file, a path, or a dict)."""
        try:
            edition = self.module.load_edition(source)
        except Exception as exc:
            err = self._edition_error(exc) or self._rules_error(exc)
            if err is None:
                if isinstance(exc, (ValueError, TypeError, KeyError)):
                    raise EditionInvalid("/", str(exc)) from exc
                raise
            if isinstance(err, RulesViolation):
                raise EditionInvalid("/", err.message, err.code) from exc
            raise err from exc
        content_hash = getattr(edition, "content_hash", None)
        if content_hash:  # a game created with it will find it in the cache when reloaded
            _keep(self.module_name, str(content_hash), edition)
        return edition

    def edition_from_store(self, content_hash: str, load_document: Callable[[], dict]) -> Any:
        """The edition of a stored game, loaded once per process and cached by hash."""
        key = (self.module_name, content_hash)
        with _CACHE_LOCK:
            if key in _EDITIONS:
                _EDITIONS.move_to_end(key)
                return _EDITIONS[key]
        edition = self.load_edition(load_document())
        _keep(self.module_name, content_hash, edition)
        return edition

    def edition_info(self, edition: Any) -> EditionInfo:
        """Document, content hash, id and placeholder paths of a loaded edition (cached by hash)."""
        raw = getattr(edition, "raw", None)
        content_hash = getattr(edition, "content_hash", None)
        document = None
        if not content_hash:
            document = raw() if callable(raw) else _thaw(getattr(edition, "document", None))
            content_hash = document_hash(document) if isinstance(document, dict) else None
        key = (self.module_name, str(content_hash))
        with _CACHE_LOCK:
            if key in _INFOS:
                return _INFOS[key]
        if document is None:
            document = raw() if callable(raw) else _thaw(getattr(edition, "document", None))
        if not isinstance(document, dict):
            raise EngineUnavailable(msg("{engine}: edition has no 'document' mapping", engine=self.name))
        meta = document.get("edition") if isinstance(document.get("edition"), dict) else {}
        info = EditionInfo(document, str(content_hash), meta.get("id"), placeholder_paths_of(document))
        with _CACHE_LOCK:
            if len(_INFOS) > CACHE_SIZE:
                _INFOS.clear()
            _INFOS[key] = info
        return info

    def _call(self, fn_name: str, *args):
        try:
            return getattr(self.module, fn_name)(*args)
        except Exception as exc:
            err = self._rules_error(exc)
            if err is None:
                raise
            raise err from exc

    def new_game(self, options: dict, edition: Any, seed: int) -> Any:
        """A fresh game state; `RulesViolation` on bad options."""
        return self._call("new_game", options, edition, seed)

    def apply(self, state: Any, action: dict) -> tuple[Any, list[dict]]:
        """``(new_state, events)``; `RulesViolation` when the action is illegal."""
        new_state, events, _ = self.apply_step(state, action)
        return new_state, events

    def apply_step(self, state: Any, action: dict) -> tuple[Any, list[dict], dict]:
        """``(new_state, events, applied)``: `apply`, with the action as the engine applied it (its
        step's ``action``: a set-valued field in the listed order), to store and answer; else `action`."""
        step = self._call("apply", state, action)
        if isinstance(step, tuple):
            (new_state, events), applied = step, action
        else:
            new_state, events, applied = step.state, step.events, getattr(step, "action", action)
        return new_state, [dict(e) for e in (events or [])], dict(applied)

    def legal_actions(self, state: Any) -> list:
        """Actions legal now (JSON-ready)."""
        return list(self._call("legal_actions", state))

    def view(self, state: Any) -> dict:
        """The engine's public view of `state`."""
        return dict(self._call("view", state))

    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""
        return bool(self._call("is_over", state))

    def state_to_dict(self, state: Any) -> dict:
        """Serialise a state to JSON-ready data."""
        return self._call("state_to_dict", state)

    def state_hash(self, state: Any) -> str:
        """`state_hash` of `state_to_dict(state)`."""
        return state_hash(self.state_to_dict(state))

    def state_from_dict(self, data: dict, edition: Any) -> Any:
        """Rebuild a state from `state_to_dict` output."""
        return self._call("state_from_dict", data, edition)

    def replay(self, options: dict, edition: Any, seed: int, actions: list[dict]) -> Any:
        """Replay `actions` from a new game (falls back to `new_game` + `apply`)."""
        if callable(getattr(self.module, "replay", None)):
            return self._call("replay", options, edition, seed, list(actions))
        state = self.new_game(options, edition, seed)
        for action in actions:
            state, _ = self.apply(state, action)
        return state

    def _optional(self, fn_name: str, state: Any, *more: Any) -> dict:
        fn = getattr(self.module, fn_name, None)
        if not callable(fn):
            raise Unsupported(fn_name)
        return self._call(fn_name, state, *more)

    def outcome(self, state: Any) -> dict:
        """Final standings; `Unsupported` when the engine has no ``outcome``."""
        return self._optional("outcome", state)

    def provisional_score(self, state: Any) -> dict:
        """Score as if the game ended now; `Unsupported` when absent."""
        return self._optional("provisional_score", state)

    def labels(self, edition: Any) -> dict:
        """The edition's human labels (issue 12); `Unsupported` when the engine has no ``edition_labels``."""
        return self._optional("edition_labels", edition)

    def refusals(self, state: Any, lang: str = "en") -> dict:
        """``{decision_id, why_not}``: what the current decision refuses, and why (issue 12, on demand), its
        messages naming things in `lang` (issue 37); `Unsupported` when the engine has no ``refusals``."""
        return self._optional("refusals", state, lang)


Engine = ModuleEngine  # every engine, shipped or a test's, is a module behind this adapter


class EngineRegistry:
    """Engines by game name; each app owns one (tests add a toy engine)."""

    def __init__(self):
        self._engines: dict[str, Engine] = {}

    def register(self, engine: Engine) -> None:
        """Add or replace the engine for ``engine.name``."""
        self._engines[engine.name] = engine

    def get(self, name: str) -> Engine | None:
        """The engine for `name`, or None."""
        return self._engines.get(name)

    def names(self) -> list[str]:
        """Registered game names."""
        return sorted(self._engines)

    def available(self, name: str) -> bool:
        """True when `name` is registered and its module loads."""
        engine = self.get(name)
        return engine is not None and engine.available()


def load_reference(ref: str) -> Engine:
    """Resolve ``module:attribute`` to an engine object (the test-engine hook)."""
    module_name, _, attr = ref.strip().partition(":")
    if not module_name or not attr:
        raise ValueError(f"engine reference {ref!r} must look like 'package.module:ENGINE'")
    return getattr(importlib.import_module(module_name), attr)


def default_registry(extra: str = "") -> EngineRegistry:
    """The shipped engines plus any ``module:attr`` references in `extra`."""
    registry = EngineRegistry()
    registry.register(ModuleEngine("asian_tigers", "api.games.asian_tigers"))
    for ref in filter(None, (r.strip() for r in (extra or "").split(","))):
        registry.register(load_reference(ref))
    return registry
