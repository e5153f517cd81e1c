#!/usr/bin/env python3
"""A cloisterkit host in Python: the plugin ABI from outside C++.

Loads an expansion module (a shared object exporting ck_plugin_negotiate_v1)
with ctypes, negotiates the ABI and schema versions, reads every expansion's
descriptor and manifest, and calls hooks with FlatBuffers built by the
FlatBuffers Python package, exactly as the C++ reference host does
(host/plugins/module_loader.cpp, plugin_hooks.cpp, state_serializer.cpp).

Only what this file uses of abi/cloisterkit/plugin.h is declared here; the
declarations are checked against the header's ABI-1.0 layout (the pins of
tests/abi/layout_pins.c) when the file is imported. The FlatBuffers classes
are generated from schemas/*.fbs by `flatc --python` (never committed):
pass their folder with --schemas, or let this script run flatc itself.

    python3 cloisterkit_host.py --module build/plugins/cloisterkit_expansions.so [--schemas DIR]

The standard library and Debian's python3-flatbuffers are all it needs.
"""
import argparse
import ctypes
import importlib
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import types
from dataclasses import dataclass, field

# --------------------------------------------------------------------------
# Constants of abi/cloisterkit/plugin.h (ABI 1.3). This host speaks ABI major
# 1, minors 0..3, and schema revisions 3..11. It does not implement revision
# 5's declared hand play (optional for hosts): it plays hand tiles through
# TILE_STEP_OPTIONS and APPLY_TILE_STEP_OPTION. Of revision 6 it neither
# sends the tile contents (modules then see TileContents::known() false) nor
# checks typed rule options (the expansions refuse a bad value themselves);
# it deals no deck tile sets and reports no segment attributes, so it
# refuses an expansion that declares either (Inns & Cathedrals) rather than
# play it without its tiles or its inns; likewise one that declares a start
# tile of its own (revision 7: The Wind Roses), and one whose expansion
# implements APPLY_DECISION or FEATURE_COMPLETED (ABI 1.3, revision 8),
# since it plays no decision phase and calls no completion hook, and one
# that declares tile values (revision 9), since it sends none. It lists no
# host capability, so a module that needs extra turns (revision 10's
# ExtraTurn, capability "extra-turn/1") refuses it when created. Of
# revision 11 it refuses an expansion whose figure kinds take their count
# from a rule option (FigureKindDecl.count_rule), which it would not read;
# it writes no JCloisterZone saves, so options carried by elements need
# nothing, and its scored features carry no segments or cities. Of
# revision 12 it refuses an expansion that declares tile groups or an edge
# kind (The River), which its draws and placements would ignore; deck tile
# sets chosen by a rule option need nothing more, since it refuses every
# deck tile set.
# The test checks every value against the header.

CK_ABI_MAJOR = 1
CK_ABI_MINOR = 3
CK_SCHEMA_REVISION = 12
CK_SCHEMA_REVISION_MIN = 3
CK_MAX_BUFFER_SIZE = 0x7FFFFFFE
CK_ERROR_MESSAGE_CAPACITY = 256
CK_PLUGIN_ENTRY_SYMBOL = "ck_plugin_negotiate_v1"

CK_OK = 0
CK_NOTHING_TO_DO = 1
CK_E_INVALID_ARGUMENT = -1
CK_E_BAD_BUFFER = -2
CK_E_UNSUPPORTED_HOOK = -3
CK_E_VERSION_MISMATCH = -4
CK_E_OUT_OF_MEMORY = -5
CK_E_BUFFER_TOO_LARGE = -6
CK_E_INTERNAL = -7
CK_E_NO_SUCH_EXPANSION = -8
CK_E_SETUP_REFUSED = -9  # ABI 1.2: the user's setup cannot be played

STATUS_NAMES = {
    CK_OK: "CK_OK", CK_NOTHING_TO_DO: "CK_NOTHING_TO_DO",
    CK_E_INVALID_ARGUMENT: "CK_E_INVALID_ARGUMENT", CK_E_BAD_BUFFER: "CK_E_BAD_BUFFER",
    CK_E_UNSUPPORTED_HOOK: "CK_E_UNSUPPORTED_HOOK", CK_E_VERSION_MISMATCH: "CK_E_VERSION_MISMATCH",
    CK_E_OUT_OF_MEMORY: "CK_E_OUT_OF_MEMORY", CK_E_BUFFER_TOO_LARGE: "CK_E_BUFFER_TOO_LARGE",
    CK_E_INTERNAL: "CK_E_INTERNAL", CK_E_NO_SUCH_EXPANSION: "CK_E_NO_SUCH_EXPANSION",
    CK_E_SETUP_REFUSED: "CK_E_SETUP_REFUSED",
}

CK_HOOK_GAME_START = 0
CK_HOOK_TILE_STEP_OPTIONS = 1
CK_HOOK_PLACEMENT_CHECK = 2
CK_HOOK_TILE_PLACED = 3
CK_HOOK_FIGURE_OPTIONS = 4
CK_HOOK_APPLY_FIGURE_ACTION = 5
CK_HOOK_FEATURE_SCORING = 6
CK_HOOK_BONUS_POINTS = 7
CK_HOOK_TURN_END = 8
CK_HOOK_GAME_END_CHECK = 9
CK_HOOK_FINAL_SCORING = 10
CK_HOOK_APPLY_TILE_STEP_OPTION = 11
CK_HOOK_TURN_START = 12
CK_HOOK_FIGURE_STEP_END = 13
CK_HOOK_APPLY_MOVEMENT_STEP = 14
CK_HOOK_APPLY_DECISION = 15
CK_HOOK_FEATURE_COMPLETED = 16
CK_HOOK_FIGURE_STRENGTH = 17
CK_HOOK_COUNT = 18

HOOK_NAMES = [
    "GAME_START", "TILE_STEP_OPTIONS", "PLACEMENT_CHECK", "TILE_PLACED", "FIGURE_OPTIONS",
    "APPLY_FIGURE_ACTION", "FEATURE_SCORING", "BONUS_POINTS", "TURN_END", "GAME_END_CHECK",
    "FINAL_SCORING", "APPLY_TILE_STEP_OPTION", "TURN_START", "FIGURE_STEP_END", "APPLY_MOVEMENT_STEP",
    "APPLY_DECISION", "FEATURE_COMPLETED", "FIGURE_STRENGTH",
]

CK_LOG_TRACE, CK_LOG_DEBUG, CK_LOG_INFO, CK_LOG_WARN, CK_LOG_ERROR, CK_LOG_CRITICAL, CK_LOG_OFF = range(7)
_PY_LOG_LEVELS = [logging.DEBUG, logging.DEBUG, logging.INFO, logging.WARNING, logging.ERROR, logging.CRITICAL]


def CK_HOOK_BIT(hook):
    return 1 << hook


def CK_SUCCEEDED(status):
    return status >= 0


def hook_name(hook):
    return HOOK_NAMES[hook] if 0 <= hook < len(HOOK_NAMES) else "hook %d" % hook


def hook_list(mask):
    names = [hook_name(h) for h in range(64) if mask & CK_HOOK_BIT(h)]
    return ", ".join(names) if names else "(none)"


# --------------------------------------------------------------------------
# The C structs, field for field as in plugin.h.

class CkBytes(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p),  # const uint8_t*
                ("size", ctypes.c_size_t)]


class CkBuffer(ctypes.Structure):
    pass


CK_BUFFER_RELEASE = ctypes.CFUNCTYPE(None, ctypes.POINTER(CkBuffer))
CkBuffer._fields_ = [("struct_size", ctypes.c_uint32),
                     ("data", ctypes.c_void_p),  # const uint8_t*
                     ("size", ctypes.c_size_t),
                     ("release", CK_BUFFER_RELEASE),
                     ("private_data", ctypes.c_void_p)]


class CkError(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32),
                ("code", ctypes.c_int32),
                ("message", ctypes.c_char * CK_ERROR_MESSAGE_CAPACITY)]


CK_LOG_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_char), ctypes.c_size_t)


class CkHostInfo(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32),
                ("host_name", ctypes.c_char_p),
                ("host_version", ctypes.c_char_p),
                ("host_data", ctypes.c_void_p),
                ("log", CK_LOG_FN),
                ("max_log_level", ctypes.c_int32),
                # ABI 1.3: this host implements none of the turn protocol's
                # capabilities, so it leaves the list NULL.
                ("capabilities", ctypes.POINTER(ctypes.c_char_p))]


class CkExpansionDesc(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32),
                ("id", ctypes.c_char_p),
                ("name", ctypes.c_char_p),
                ("version", ctypes.c_char_p),
                ("hooks", ctypes.c_uint64),
                ("requires_ids", ctypes.POINTER(ctypes.c_char_p))]


# ck_plugin_ctx is opaque: a void pointer.
_CTX = ctypes.c_void_p
_STATUS = ctypes.c_int32
CK_CREATE_FN = ctypes.CFUNCTYPE(_STATUS, ctypes.POINTER(CkHostInfo), ctypes.POINTER(_CTX), ctypes.POINTER(CkError))
CK_DESTROY_FN = ctypes.CFUNCTYPE(None, _CTX)
CK_EXPANSION_COUNT_FN = ctypes.CFUNCTYPE(ctypes.c_uint32, _CTX)
CK_EXPANSION_AT_FN = ctypes.CFUNCTYPE(ctypes.POINTER(CkExpansionDesc), _CTX, ctypes.c_uint32)
CK_GET_MANIFEST_FN = ctypes.CFUNCTYPE(_STATUS, _CTX, ctypes.c_uint32, ctypes.POINTER(CkBuffer), ctypes.POINTER(CkError))
CK_CALL_HOOK_FN = ctypes.CFUNCTYPE(_STATUS, _CTX, ctypes.c_uint32, ctypes.c_uint32, CkBytes, CkBytes,
                                   ctypes.POINTER(CkBuffer), ctypes.POINTER(CkError))
CK_GET_EXTENSION_FN = ctypes.CFUNCTYPE(ctypes.c_void_p, _CTX, ctypes.c_char_p)
CK_STATUS_NAME_FN = ctypes.CFUNCTYPE(ctypes.c_char_p, _STATUS)


class CkPluginApi(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32),
                ("create", CK_CREATE_FN),
                ("destroy", CK_DESTROY_FN),
                ("expansion_count", CK_EXPANSION_COUNT_FN),
                ("expansion_at", CK_EXPANSION_AT_FN),
                ("get_manifest", CK_GET_MANIFEST_FN),
                ("call_hook", CK_CALL_HOOK_FN),
                ("get_extension", CK_GET_EXTENSION_FN),
                ("status_name", CK_STATUS_NAME_FN)]


class CkNegotiateIn(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32),
                ("abi_major", ctypes.c_uint32),
                ("abi_minor_min", ctypes.c_uint32),
                ("abi_minor_max", ctypes.c_uint32),
                ("schema_min", ctypes.c_uint32),
                ("schema_max", ctypes.c_uint32)]


class CkNegotiateOut(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32),
                ("abi_minor", ctypes.c_uint32),
                ("schema_revision", ctypes.c_uint32),
                ("api", ctypes.POINTER(CkPluginApi)),
                ("module_name", ctypes.c_char_p),
                ("module_version", ctypes.c_char_p)]


CK_NEGOTIATE_V1_FN = ctypes.CFUNCTYPE(_STATUS, ctypes.POINTER(CkNegotiateIn), ctypes.POINTER(CkNegotiateOut),
                                      ctypes.POINTER(CkError))

# The ABI-1.0 layout, as tests/abi/layout_pins.c pins it (LP64): struct ->
# (size, [(field, offset)]). Checked below, at import.
LAYOUT_PINS = {
    CkBytes: (16, [("data", 0), ("size", 8)]),
    CkBuffer: (40, [("struct_size", 0), ("data", 8), ("size", 16), ("release", 24), ("private_data", 32)]),
    CkError: (8 + CK_ERROR_MESSAGE_CAPACITY, [("struct_size", 0), ("code", 4), ("message", 8)]),
    CkHostInfo: (56, [("struct_size", 0), ("host_name", 8), ("host_version", 16), ("host_data", 24), ("log", 32),
                      ("max_log_level", 40), ("capabilities", 48)]),
    CkExpansionDesc: (48, [("struct_size", 0), ("id", 8), ("name", 16), ("version", 24), ("hooks", 32),
                           ("requires_ids", 40)]),
    CkPluginApi: (72, [("struct_size", 0), ("create", 8), ("destroy", 16), ("expansion_count", 24),
                       ("expansion_at", 32), ("get_manifest", 40), ("call_hook", 48), ("get_extension", 56),
                       ("status_name", 64)]),
    CkNegotiateIn: (24, [("struct_size", 0), ("abi_major", 4), ("abi_minor_min", 8), ("abi_minor_max", 12),
                         ("schema_min", 16), ("schema_max", 20)]),
    CkNegotiateOut: (40, [("struct_size", 0), ("abi_minor", 4), ("schema_revision", 8), ("api", 16),
                          ("module_name", 24), ("module_version", 32)]),
}


def layout_problems():
    """Every difference between the ctypes declarations and the pinned layout."""
    problems = []
    if ctypes.sizeof(ctypes.c_void_p) != 8 or ctypes.sizeof(ctypes.c_size_t) != 8:
        problems.append("the layout pins assume LP64 (8-byte pointers and size_t)")
        return problems
    for struct, (size, fields) in LAYOUT_PINS.items():
        if ctypes.sizeof(struct) != size:
            problems.append("sizeof(%s) is %d, the header says %d" % (struct.__name__, ctypes.sizeof(struct), size))
        declared = [name for name, _ in struct._fields_]
        if declared != [name for name, _ in fields]:
            problems.append("%s declares fields %s, the header %s" % (struct.__name__, declared, [n for n, _ in fields]))
        for name, offset in fields:
            actual = getattr(struct, name).offset
            if actual != offset:
                problems.append("%s.%s is at offset %d, the header says %d" % (struct.__name__, name, actual, offset))
    return problems


_problems = layout_problems()
if _problems:
    raise ImportError("cloisterkit_host: ctypes layout differs from plugin.h: " + "; ".join(_problems))


def field_end(struct, name):
    """offsetof(field) + sizeof(field): the struct_size that covers the field."""
    f = getattr(struct, name)
    return f.offset + f.size


# --------------------------------------------------------------------------
# Errors

class CloisterKitError(Exception):
    """Anything that went wrong talking to a module."""


class ModuleLoadError(CloisterKitError):
    """The file cannot be used as a plugin module: not loadable, not a
    plugin, another ABI, no common version, a broken API table."""

    def __init__(self, path, reason):
        super().__init__("plugin module %s: %s" % (path, reason))
        self.path = path
        self.reason = reason


class StatusError(CloisterKitError):
    """A module function returned an error status (< 0)."""

    def __init__(self, call, status, status_name, message):
        super().__init__("%s failed with %s (%d): %s" % (call, status_name, status, message or "(no message)"))
        self.call = call
        self.status = status
        self.status_name = status_name
        self.message = message


class ResponseError(CloisterKitError):
    """A module returned a buffer this host refuses (bad size, identifier,
    structure, or an effect the hook may not produce)."""


def _error_struct():
    err = CkError()
    err.struct_size = ctypes.sizeof(CkError)
    return err


def _error_text(err):
    # c_char arrays stop at the first NUL and never read past the 256 bytes.
    return err.message.decode("utf-8", errors="replace")


# --------------------------------------------------------------------------
# The module

@dataclass
class Expansion:
    """One expansion: its descriptor and its manifest (decoded)."""
    index: int
    id: str
    name: str
    version: str
    hooks: int
    requires: list
    manifest: dict = field(default_factory=dict)

    def has_hook(self, hook):
        return bool(self.hooks & CK_HOOK_BIT(hook))


class PluginModule:
    """A loaded, negotiated module with its context.

    Use it as a context manager, or call close(): the context is destroyed
    and the library unloaded. Every buffer the module returns is copied into
    Python bytes and released with its own release callback at once, so none
    is outstanding when close() runs.
    """

    HOST_NAME = b"cloisterkit-python-host"
    HOST_VERSION = b"0.1.0"
    # What this host accepts (inclusive ranges): ABI 1.0..1.2, schema revisions 3..6.
    ABI_MINORS = (0, CK_ABI_MINOR)
    SCHEMA_REVISIONS = (CK_SCHEMA_REVISION_MIN, CK_SCHEMA_REVISION)

    def __init__(self, path, fb=None, max_log_level=CK_LOG_WARN, logger=None):
        self.path = os.fspath(path)
        self.fb = fb
        self.logger = logger or logging.getLogger("cloisterkit.module")
        self.buffers_outstanding = 0
        self.buffers_released = 0
        self._lib = None
        self._api = None
        self._ctx = None
        # Kept alive until close(): create() keeps pointers to them.
        self._log_fn = CK_LOG_FN(self._log)
        self._host_info = None
        try:
            self._load()
            self._negotiate()
            self._create(max_log_level)
            self.expansions = self._read_expansions()
        except BaseException:
            self.close()
            raise

    # ---- loading and negotiation

    def _load(self):
        if not os.path.exists(self.path):
            raise ModuleLoadError(self.path, "no such file")
        try:
            # As the C++ host: RTLD_NOW | RTLD_LOCAL, never from the current directory (an explicit path).
            self._lib = ctypes.CDLL(os.path.abspath(self.path), mode=os.RTLD_NOW | os.RTLD_LOCAL)
        except OSError as e:
            raise ModuleLoadError(self.path, "dlopen failed: %s" % e) from None
        try:
            self._entry = CK_NEGOTIATE_V1_FN((CK_PLUGIN_ENTRY_SYMBOL, self._lib))
        except AttributeError:
            for major in range(CK_ABI_MAJOR + 1, 17):
                symbol = "ck_plugin_negotiate_v%d" % major
                if hasattr(self._lib, symbol):
                    raise ModuleLoadError(self.path, "built for ABI major %d (exports %s); this host speaks ABI "
                                                     "major %d" % (major, symbol, CK_ABI_MAJOR)) from None
            raise ModuleLoadError(self.path, "not a cloisterkit plugin module: no %s" % CK_PLUGIN_ENTRY_SYMBOL) from None

    def _negotiate(self):
        """The first call into the module: nothing else is called before the
        versions are agreed and the API table is checked."""
        hin = CkNegotiateIn(ctypes.sizeof(CkNegotiateIn), CK_ABI_MAJOR, self.ABI_MINORS[0], self.ABI_MINORS[1],
                            self.SCHEMA_REVISIONS[0], self.SCHEMA_REVISIONS[1])
        out = CkNegotiateOut()
        out.struct_size = ctypes.sizeof(CkNegotiateOut)
        err = _error_struct()
        status = self._entry(ctypes.byref(hin), ctypes.byref(out), ctypes.byref(err))
        ranges = "host accepts ABI 1.%d..1.%d, schema revision %d..%d" % (
            hin.abi_minor_min, hin.abi_minor_max, hin.schema_min, hin.schema_max)
        if not CK_SUCCEEDED(status):
            raise ModuleLoadError(self.path, "version negotiation refused (%s): %s [%s]" % (
                STATUS_NAMES.get(status, str(status)), _error_text(err) or "(no message)", ranges))
        size = min(out.struct_size, ctypes.sizeof(CkNegotiateOut))
        if size < field_end(CkNegotiateOut, "api") or not out.api:
            raise ModuleLoadError(self.path, "negotiation succeeded but returned no API table")
        if not (hin.abi_minor_min <= out.abi_minor <= hin.abi_minor_max and
                hin.schema_min <= out.schema_revision <= hin.schema_max):
            raise ModuleLoadError(self.path, "negotiation chose ABI 1.%d, schema revision %d, outside what the %s" % (
                out.abi_minor, out.schema_revision, ranges))
        self.abi_minor = out.abi_minor
        self.schema_revision = out.schema_revision
        self.name = self.version = ""
        if size >= field_end(CkNegotiateOut, "module_name") and out.module_name:
            self.name = out.module_name.decode("utf-8", errors="replace")
        if size >= field_end(CkNegotiateOut, "module_version") and out.module_version:
            self.version = out.module_version.decode("utf-8", errors="replace")
        if not self.name:
            self.name = os.path.splitext(os.path.basename(self.path))[0]
        api = out.api.contents
        # Every function of ABI 1.0 except get_extension is required.
        if api.struct_size < field_end(CkPluginApi, "status_name"):
            raise ModuleLoadError(self.path, "API table has struct_size %d, smaller than ABI 1.0's %d" % (
                api.struct_size, field_end(CkPluginApi, "status_name")))
        for fn in ("create", "destroy", "expansion_count", "expansion_at", "get_manifest", "call_hook", "status_name"):
            if not getattr(api, fn):
                raise ModuleLoadError(self.path, "API table has a NULL function pointer (%s)" % fn)
        self._api = api

    def _create(self, max_log_level):
        info = CkHostInfo()
        info.struct_size = ctypes.sizeof(CkHostInfo)
        info.host_name = self.HOST_NAME
        info.host_version = self.HOST_VERSION
        info.host_data = None
        info.log = self._log_fn
        info.max_log_level = max_log_level
        self._host_info = info
        ctx = _CTX()
        err = _error_struct()
        status = self._api.create(ctypes.byref(info), ctypes.byref(ctx), ctypes.byref(err))
        if not CK_SUCCEEDED(status):
            raise ModuleLoadError(self.path, "create failed (%s): %s" % (self.status_name(status), _error_text(err)))
        if not ctx.value:
            raise ModuleLoadError(self.path, "create succeeded but returned a NULL context")
        self._ctx = ctx

    def _log(self, host_data, level, message, length):
        # [thread-safe], must never raise into the module.
        try:
            text = ctypes.string_at(message, length).decode("utf-8", errors="replace")
            level = min(max(level, CK_LOG_TRACE), CK_LOG_CRITICAL)
            self.logger.log(_PY_LOG_LEVELS[level], "[%s] %s", self.name, text)
        except Exception:  # noqa: BLE001 - a log line is not worth unwinding through C
            pass

    def close(self):
        if self._ctx is not None and self._api is not None:
            self._api.destroy(self._ctx)
        self._ctx = None
        self._api = None
        if self._lib is not None:
            handle = self._lib._handle
            self._lib = None
            self._entry = None
            try:
                import _ctypes
                _ctypes.dlclose(handle)
            except (ImportError, AttributeError, OSError):
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _check_open(self):
        if self._ctx is None:
            raise CloisterKitError("plugin module %s is closed" % self.path)

    def status_name(self, status):
        if self._api is not None:
            name = self._api.status_name(status)
            if name:
                return name.decode("utf-8", errors="replace")
        return STATUS_NAMES.get(status, "status %d" % status)

    def get_extension(self, extension_id):
        """The address of an extension interface ("cloisterkit.something/1"), or
        None: ABI 1.0 defines none, and get_extension may be NULL."""
        self._check_open()
        if self._api.struct_size < field_end(CkPluginApi, "get_extension") or not self._api.get_extension:
            return None
        return self._api.get_extension(self._ctx, extension_id.encode("utf-8"))

    # ---- buffers

    def _take(self, buf, what):
        """Copies a module buffer into bytes and releases it, whatever happens."""
        try:
            if buf.release:
                self.buffers_outstanding += 1
            if buf.size == 0:
                return b""
            if buf.size > CK_MAX_BUFFER_SIZE:
                raise ResponseError("%s: buffer of %d bytes exceeds CK_MAX_BUFFER_SIZE" % (what, buf.size))
            if not buf.data:
                raise ResponseError("%s: buffer is NULL with a size of %d" % (what, buf.size))
            return ctypes.string_at(buf.data, buf.size)
        finally:
            if buf.release:
                buf.release(ctypes.byref(buf))
                self.buffers_outstanding -= 1
                self.buffers_released += 1

    # ---- descriptors and manifests

    def _read_expansions(self):
        count = self._api.expansion_count(self._ctx)
        if count > 1024:
            raise ModuleLoadError(self.path, "expansion_count() is %d, more than the limit of 1024" % count)
        expansions = []
        for i in range(count):
            p = self._api.expansion_at(self._ctx, i)
            if not p:
                raise ModuleLoadError(self.path, "expansion_at(%d) returned NULL though expansion_count() is %d" % (
                    i, count))
            d = p.contents
            if d.struct_size < field_end(CkExpansionDesc, "hooks"):
                raise ModuleLoadError(self.path, "expansion #%d: descriptor struct_size %d is too small" % (
                    i, d.struct_size))
            if not d.id or not d.name or d.version is None:
                raise ModuleLoadError(self.path, "expansion #%d: descriptor has a NULL or empty id, name or version" % i)
            requires = []
            if d.struct_size >= field_end(CkExpansionDesc, "requires_ids") and d.requires_ids:
                r = 0
                while d.requires_ids[r] is not None:
                    if r == 256:
                        raise ModuleLoadError(self.path, "%s: requires list is not NULL-terminated" % d.id.decode())
                    requires.append(d.requires_ids[r].decode("utf-8", errors="replace"))
                    r += 1
            e = Expansion(i, d.id.decode("utf-8", errors="replace"), d.name.decode("utf-8", errors="replace"),
                          d.version.decode("utf-8", errors="replace"), d.hooks, requires)
            if any(other.id == e.id for other in expansions):
                raise ModuleLoadError(self.path, "expansion id '%s' appears twice in the module" % e.id)
            raw = self.manifest_bytes(i)
            if self.fb is not None:
                try:
                    e.manifest = decode_manifest(self.fb, raw)
                except ResponseError as why:
                    raise ModuleLoadError(self.path, "%s: manifest rejected: %s" % (e.id, why)) from None
                if e.manifest["id"] != e.id:
                    raise ModuleLoadError(self.path, "%s: manifest id '%s' differs from the descriptor's" % (
                        e.id, e.manifest["id"]))
                if e.manifest["hooks"] != e.hooks:
                    raise ModuleLoadError(self.path, "%s: manifest hooks (%s) differ from the descriptor's (%s)" % (
                        e.id, hook_list(e.manifest["hooks"]), hook_list(e.hooks)))
                unplayable = [what for what, key in (("deck tile sets", "deck_tile_sets"),
                                                     ("segment attributes", "segment_attributes"),
                                                     ("neutral figures", "neutral_figures"),
                                                     ("tile markers", "tile_markers"),
                                                     ("held-back tiles", "held_back_tiles"),
                                                     ("start tiles", "start_tiles"),
                                                     ("tile values", "tile_values"),
                                                     ("tile groups", "tile_groups"),
                                                     ("edge kinds", "edge_kinds")) if e.manifest[key]]
                if e.hooks & (1 << CK_HOOK_APPLY_DECISION):
                    unplayable.append("decisions (APPLY_DECISION)")
                if e.hooks & (1 << CK_HOOK_FEATURE_COMPLETED):
                    unplayable.append("completion (FEATURE_COMPLETED)")
                if e.hooks & (1 << CK_HOOK_FIGURE_STRENGTH):
                    unplayable.append("figure strengths (FIGURE_STRENGTH)")
                if any(k["count_rule"] for k in e.manifest["figure_kinds"]):
                    unplayable.append("figure counts set by a rule option (count_rule)")
                if unplayable:
                    raise ModuleLoadError(self.path, "%s declares %s (schema revision 6 or later), which this example host does "
                                          "not implement; play it in the reference host" % (e.id, " and ".join(unplayable)))
            expansions.append(e)
        return expansions

    def manifest_bytes(self, index):
        """The raw ExpansionManifest buffer (identifier CKMF) of expansion `index`."""
        self._check_open()
        out = CkBuffer()
        out.struct_size = ctypes.sizeof(CkBuffer)
        err = _error_struct()
        status = self._api.get_manifest(self._ctx, index, ctypes.byref(out), ctypes.byref(err))
        data = self._take(out, "get_manifest(%d)" % index)
        if not CK_SUCCEEDED(status):
            raise StatusError("get_manifest(%d)" % index, status, self.status_name(status), _error_text(err))
        return data

    def expansion(self, expansion_id):
        for e in self.expansions:
            if e.id == expansion_id:
                return e
        raise CloisterKitError("plugin module %s has no expansion %s" % (self.path, expansion_id))

    # ---- hooks

    def call_hook_bytes(self, index, hook, state, request):
        """One call_hook with raw bytes: returns (status, response bytes).

        Raises StatusError for an error status. On CK_NOTHING_TO_DO the
        response is b"". The inputs are copied into 8-byte aligned memory,
        as the ABI asks of hosts."""
        self._check_open()
        state_mem, state_bytes = _aligned(state)
        request_mem, request_bytes = _aligned(request)
        out = CkBuffer()
        out.struct_size = ctypes.sizeof(CkBuffer)
        err = _error_struct()
        status = self._api.call_hook(self._ctx, index, hook, state_bytes, request_bytes, ctypes.byref(out),
                                     ctypes.byref(err))
        del state_mem, request_mem  # borrowed for the call only
        call = "call_hook(%s, %s)" % (self._expansion_name(index), hook_name(hook))
        data = self._take(out, call)
        if not CK_SUCCEEDED(status):
            raise StatusError(call, status, self.status_name(status), _error_text(err))
        return status, (b"" if status == CK_NOTHING_TO_DO else data)

    def call_hook(self, index, hook, state, request):
        """call_hook_bytes, then the response checked and decoded: a list of
        (effect name, dict of fields)."""
        status, data = self.call_hook_bytes(index, hook, state, request)
        if not data:
            return status, []
        effects = decode_response(self.fb, data)
        allowed = ALLOWED_EFFECTS.get(hook, ())
        for name, _ in effects:
            if name not in allowed:
                raise ResponseError("%s of %s: effect %s is not allowed for this hook (allowed: %s)" % (
                    hook_name(hook), self._expansion_name(index), name, ", ".join(allowed)))
        return status, effects

    def _expansion_name(self, index):
        exps = getattr(self, "expansions", [])
        return exps[index].id if 0 <= index < len(exps) else "expansion #%d" % index


def _aligned(data):
    """(keep-alive object, CkBytes) for `data` copied into 8-byte aligned memory."""
    data = bytes(data)
    words = (ctypes.c_uint64 * max(1, (len(data) + 7) // 8))()
    ctypes.memmove(words, data, len(data))
    return words, CkBytes(ctypes.addressof(words), len(data))


# --------------------------------------------------------------------------
# FlatBuffers: the generated classes of schemas/*.fbs

SCHEMAS = ["common", "game_setup", "game_state", "hooks", "manifest"]


def generate_schemas(schema_dir, out_dir, flatc="flatc"):
    """Runs `flatc --python` on schemas/*.fbs into out_dir (what CMake does at build time)."""
    files = [os.path.join(schema_dir, s + ".fbs") for s in SCHEMAS]
    subprocess.run([flatc, "--python", "-I", schema_dir, "-o", out_dir] + files, check=True)
    return out_dir


def load_schemas(generated_dir):
    """The generated package ck.fb from `generated_dir` (a flatc --python output
    folder), as a namespace: fb.GameState is the module, fb.GameState.GameState the class."""
    init = os.path.join(generated_dir, "ck", "fb")
    if not os.path.isdir(init):
        raise CloisterKitError("%s holds no flatc --python output (no ck/fb folder)" % generated_dir)
    if generated_dir not in sys.path:
        sys.path.insert(0, generated_dir)
    ns = types.SimpleNamespace()
    for name in sorted(os.listdir(init)):
        if name.endswith(".py") and name != "__init__.py":
            mod = name[:-3]
            setattr(ns, mod, importlib.import_module("ck.fb." + mod))
    return ns


def _root(fb, data, identifier, cls):
    """Checks what can be checked without a verifier (the Python runtime has
    none) and returns the root table. The bytes are a private copy, so a
    malformed buffer can only make reading raise, never crash."""
    if len(data) < 8:
        raise ResponseError("buffer of %d bytes is too small to be a FlatBuffer" % len(data))
    if data[4:8] != identifier:
        raise ResponseError("buffer identifier is %r, not %r" % (data[4:8], identifier))
    root = int.from_bytes(data[0:4], "little")
    if root + 4 > len(data):
        raise ResponseError("root offset %d is outside the %d-byte buffer" % (root, len(data)))
    return cls.GetRootAs(data, 0)


def _s(b):
    return b.decode("utf-8", errors="replace") if b is not None else ""


def _strings(obj, n_attr, get):
    return [_s(get(j)) for j in range(getattr(obj, n_attr)())]


def decode_manifest(fb, data):
    """An ExpansionManifest buffer (identifier CKMF) as a dict."""
    try:
        m = _root(fb, data, b"CKMF", fb.ExpansionManifest.ExpansionManifest)
        out = {
            "id": _s(m.Id()), "name": _s(m.Name()), "version": _s(m.Version()),
            "description": _s(m.Description()), "hooks": m.Hooks(),
            "requires": _strings(m, "RequiresLength", m.Requires),
            "rule_options": [], "token_kinds": [], "figure_kinds": [], "rule_presets": [],
            "hook_filters": [], "jcz_element": _s(m.JczElement()),
            "jcz_extra_elements": _strings(m, "JczExtraElementsLength", m.JczExtraElements),
            "deck_tile_sets": [_s(m.DeckTileSets(j).TileSet()) for j in range(m.DeckTileSetsLength())],
            "segment_attributes": [_s(m.SegmentAttributes(j).Name()) for j in range(m.SegmentAttributesLength())],
            "neutral_figures": [_s(m.NeutralFigures(j).Name()) for j in range(m.NeutralFiguresLength())],
            "tile_markers": [_s(m.TileMarkers(j).Name()) for j in range(m.TileMarkersLength())],
            "held_back_tiles": [_s(m.HeldBackTiles(j).Held()) for j in range(m.HeldBackTilesLength())],
            "start_tiles": [_s(m.StartTiles(j).TileId()) for j in range(m.StartTilesLength())],
            "tile_values": [(_s(m.TileValues(j).Element()), _s(m.TileValues(j).Attribute()))
                            for j in range(m.TileValuesLength())],
            "tile_groups": [_s(m.TileGroups(j).Group()) for j in range(m.TileGroupsLength())],
            "edge_kinds": [_s(m.EdgeKinds(j).Element()) for j in range(m.EdgeKindsLength())],
        }
        for j in range(m.RuleOptionsLength()):
            o = m.RuleOptions(j)
            out["rule_options"].append({"key": _s(o.Key()), "default": _s(o.DefaultValue()),
                                        "allowed": _strings(o, "AllowedLength", o.Allowed),
                                        "description": _s(o.Description())})
        for j in range(m.TokenKindsLength()):
            t = m.TokenKinds(j)
            out["token_kinds"].append({"kind": _s(t.Kind()), "name": _s(t.Name()), "count": t.Count(),
                                       "instead_of_figure": t.Placement() == fb.TokenPlacement.TokenPlacement.InsteadOfFigure})
        for j in range(m.FigureKindsLength()):
            k = m.FigureKinds(j)
            out["figure_kinds"].append({"id": _s(k.Id()), "name": _s(k.Name()), "count": k.Count(),
                                        "stands_on": [k.StandsOn(i) for i in range(k.StandsOnLength())],
                                        "strength": k.Strength(), "returnable": bool(k.Returnable()),
                                        "count_rule": _s(k.CountRule())})
        for j in range(m.RulePresetsLength()):
            p = m.RulePresets(j)
            sets = [(_s(p.Sets(i).Key()), _s(p.Sets(i).Value())) for i in range(p.SetsLength())]
            out["rule_presets"].append({"key": _s(p.Key()), "value": _s(p.Value()), "sets": sets})
        filter_names = {v: k for k, v in vars(fb.HookFilter.HookFilter).items() if not k.startswith("_")}
        for j in range(m.HookFiltersLength()):
            f = m.HookFilters(j)
            out["hook_filters"].append({"hook": f.Hook(), "filter": filter_names.get(f.Filter(), str(f.Filter())),
                                        "rule_key": _s(f.RuleKey()),
                                        "rule_values": _strings(f, "RuleValuesLength", f.RuleValues)})
        return out
    except ResponseError:
        raise
    except Exception as e:  # struct.error, IndexError, ...: a malformed buffer
        raise ResponseError("malformed ExpansionManifest: %s: %s" % (type(e).__name__, e)) from None


# Effects the reference host accepts for each hook (docs/abi.md §8).
ALLOWED_EFFECTS = {
    CK_HOOK_GAME_START: ("GiveTokens", "SetExpansionData", "AddPoints", "AddHandTile"),
    CK_HOOK_TILE_STEP_OPTIONS: ("OfferTileStepOption", "OfferTileStepOptions"),
    CK_HOOK_PLACEMENT_CHECK: ("VetoPlacement",),
    CK_HOOK_TILE_PLACED: ("SetExpansionData", "AddPoints", "AddHandTile", "RemoveHandTile"),
    CK_HOOK_FIGURE_OPTIONS: ("OfferFigureOption",),
    CK_HOOK_APPLY_FIGURE_ACTION: ("PlaceToken", "ConsumeFigureAction", "SetExpansionData", "AddPoints"),
    CK_HOOK_FEATURE_SCORING: ("AdjustFeaturePoints",),
    CK_HOOK_BONUS_POINTS: ("AdjustFeaturePoints",),
    CK_HOOK_TURN_END: ("EndGame", "SetExpansionData", "AddPoints", "AddHandTile", "RemoveHandTile"),
    CK_HOOK_GAME_END_CHECK: ("EndGame", "SetExpansionData", "AddPoints"),
    CK_HOOK_FINAL_SCORING: ("AddPoints", "SetExpansionData"),
    CK_HOOK_APPLY_TILE_STEP_OPTION: ("PlayHandTile", "SetExpansionData"),
    # The movement stage (ABI 1.2): this example host plays no game that
    # needs it and refuses modules declaring its figures and tiles.
    CK_HOOK_TURN_START: ("AddPoints", "SetExpansionData"),
    CK_HOOK_FIGURE_STEP_END: ("SetExpansionData", "AddPoints"),
    CK_HOOK_APPLY_MOVEMENT_STEP: ("SetExpansionData", "AddPoints"),
    # Decisions (ABI 1.3): modules that offer them are refused at load.
    CK_HOOK_APPLY_DECISION: ("SetExpansionData", "AddPoints"),
    # This example host does not call FEATURE_COMPLETED: it refuses modules
    # that implement it at load.
    CK_HOOK_FEATURE_COMPLETED: ("AddPoints", "GiveTokens", "SetExpansionData"),
}


def _tile_ref(ref):
    return (ref.X(), ref.Y(), ref.Corner()) if ref is not None else None


def _figure_option(o):
    return {"action": _s(o.Action()), "token_kind": _s(o.TokenKind()), "at": _tile_ref(o.At()),
            "label": _s(o.Label())} if o is not None else None


def decode_response(fb, data):
    """A HookResponse buffer (identifier CKRS) as [(effect name, fields)]."""
    names = {v: k for k, v in vars(fb.Effect.Effect).items() if not k.startswith("_")}
    decoders = {
        "AddPoints": lambda e: {"player": e.Player(), "points": e.Points(), "name": _s(e.Name())},
        "AdjustFeaturePoints": lambda e: {"delta": e.Delta(), "reason": _s(e.Reason())},
        "GiveTokens": lambda e: {"player": e.Player(), "kind": _s(e.Kind()), "count": e.Count()},
        "PlaceToken": lambda e: {"player": e.Player(), "kind": _s(e.Kind()), "at": _tile_ref(e.At())},
        "SetExpansionData": lambda e: {"data": bytes(e.Data(i) for i in range(e.DataLength()))},
        "OfferFigureOption": lambda e: {"option": _figure_option(e.Option())},
        "VetoPlacement": lambda e: {"candidate": e.Candidate(), "reason": _s(e.Reason())},
        "OfferTileStepOption": lambda e: {"action": _s(e.Action()), "tile_type": e.TileType(),
                                          "label": _s(e.Label())},
        "OfferTileStepOptions": lambda e: {"action": _s(e.Action()), "label": _s(e.Label()),
                                           "tile_types": [e.TileTypes(i) for i in range(e.TileTypesLength())]},
        "EndGame": lambda e: {"reason": _s(e.Reason())},
        "ConsumeFigureAction": lambda e: {},
        "AddHandTile": lambda e: {"player": e.Player(), "tile_type": e.TileType()},
        "RemoveHandTile": lambda e: {"player": e.Player(), "tile_type": e.TileType()},
        "PlayHandTile": lambda e: {"player": e.Player(), "tile_type": e.TileType()},
    }
    try:
        r = _root(fb, data, b"CKRS", fb.HookResponse.HookResponse)
        effects = []
        for j in range(r.EffectsLength()):
            entry = r.Effects(j)
            name = names.get(entry.EffectType())
            table = entry.Effect()
            if name is None or name == "NONE" or table is None:
                raise ResponseError("effect #%d has type %d, which this host does not know" % (j, entry.EffectType()))
            cls = getattr(getattr(fb, name), name)
            effect = cls()
            effect.Init(table.Bytes, table.Pos)
            effects.append((name, decoders[name](effect)))
        return effects
    except ResponseError:
        raise
    except Exception as e:  # struct.error, IndexError, ...: a malformed buffer
        raise ResponseError("malformed HookResponse: %s: %s" % (type(e).__name__, e)) from None


# --------------------------------------------------------------------------
# Game states and requests, built as state_serializer.cpp and plugin_hooks.cpp build them

@dataclass
class Game:
    """What the host knows of a game; state() serialises it as a GameState
    (identifier CKGS) with its GameSetup (identifier CKSU) nested."""
    expansions: list                  # ids of the enabled expansions
    player_names: list
    rules: dict                       # every option of every enabled expansion (complete_rules)
    token_kinds: list = field(default_factory=list)
    figure_kinds: list = field(default_factory=lambda: ["small"])
    tile_types: list = field(default_factory=list)
    scores: list = None
    followers: list = None            # small followers in supply, per player
    stocks: dict = field(default_factory=dict)   # (player, token kind) -> count
    tokens: list = field(default_factory=list)   # (x, y, corner, kind, placed_by, turn)
    turn_number: int = 1
    active_player: int = 0
    phase: int = 0                    # Phase.TilePhase
    placed_tile: tuple = None         # (x, y, corner) once the active player placed a tile
    figure_action_taken: bool = False
    tiles_left: int = 71

    def __post_init__(self):
        n = len(self.player_names)
        self.scores = self.scores or [0] * n
        self.followers = self.followers or [7] * n

    def kind_index(self, kind):
        if kind not in self.token_kinds:
            self.token_kinds.append(kind)
        return self.token_kinds.index(kind)

    def setup_bytes(self, fb):
        import flatbuffers
        b = flatbuffers.Builder(1024)
        rules = []
        # GameSetup.rules is sorted by key (the field is a `(key)`): by bytes, as the C++ host's std::map.
        for key in sorted(self.rules, key=lambda k: k.encode("utf-8")):
            k, v = b.CreateString(key), b.CreateString(self.rules[key])
            fb.KeyValue.Start(b)
            fb.KeyValue.AddKey(b, k)
            fb.KeyValue.AddValue(b, v)
            rules.append(fb.KeyValue.End(b))
        vectors = {
            "TileTypes": _string_vector(b, self.tile_types),
            "Rules": _offset_vector(b, rules),
            "Expansions": _string_vector(b, self.expansions),
            "PlayerNames": _string_vector(b, self.player_names),
            "TokenKinds": _string_vector(b, self.token_kinds),
            "FigureKinds": _string_vector(b, self.figure_kinds),
        }
        fb.GameSetup.Start(b)
        for name, offset in vectors.items():
            getattr(fb.GameSetup, "Add" + name)(b, offset)
        b.Finish(fb.GameSetup.End(b), file_identifier=b"CKSU")
        return b.Output()

    def state(self, fb):
        import flatbuffers
        # Token kinds first: an unknown one joins the setup before it is built.
        tokens = [(x, y, c, self.kind_index(k), by, t) for (x, y, c, k, by, t) in self.tokens]
        stocks = [(p, self.kind_index(k), n) for (p, k), n in sorted(self.stocks.items(), key=lambda s: s[0][0])]
        setup = self.setup_bytes(fb)
        b = flatbuffers.Builder(2048)
        tiles = _struct_vector(b, 10, 2, [], lambda t: None)
        figures = _struct_vector(b, 20, 4, [], lambda f: None)
        token_vec = _struct_vector(b, 16, 4, tokens, lambda t: fb.PlacedToken.CreatePlacedToken(b, *t))
        players = _struct_vector(b, 8, 4, list(zip(self.scores, self.followers)),
                                 lambda p: fb.PlayerState.CreatePlayerState(b, *p))
        stock_vec = _struct_vector(b, 8, 4, stocks, lambda s: fb.TokenStock.CreateTokenStock(b, *s))
        figure_stocks = _struct_vector(b, 3, 1, [], lambda s: None)
        hands = _struct_vector(b, 4, 2, [], lambda h: None)
        data = _offset_vector(b, [])
        # The nested setup, 8-byte aligned like the C++ host's ForceVectorAlignment.
        b.StartVector(1, len(setup), 8)
        b.head = b.head - len(setup)
        b.Bytes[b.head:b.head + len(setup)] = setup
        setup_vec = b.EndVector()
        gs = fb.GameState
        gs.Start(b)
        gs.AddSchemaRevision(b, CK_SCHEMA_REVISION)
        gs.AddSetup(b, setup_vec)
        gs.AddTiles(b, tiles)
        gs.AddFigures(b, figures)
        gs.AddTokens(b, token_vec)
        gs.AddPlayers(b, players)
        gs.AddTokenStocks(b, stock_vec)
        gs.AddFigureStocks(b, figure_stocks)
        gs.AddHands(b, hands)
        gs.AddExpansionData(b, data)
        placed = self.placed_tile or (0, 0, 0)
        # A struct field is written inline, just before it is added.
        turn = fb.TurnInfo.CreateTurnInfo(b, self.turn_number, self.active_player, self.phase,
                                          self.placed_tile is not None, self.figure_action_taken,
                                          placed[0], placed[1], placed[2], False, False, 0)
        gs.AddTurn(b, turn)
        gs.AddTilesLeft(b, self.tiles_left)
        b.Finish(gs.End(b), file_identifier=b"CKGS")
        return b.Output()

    def apply(self, effects):
        """Applies the effects this example knows to the game (a real host
        checks each against the state first)."""
        for name, e in effects:
            if name == "GiveTokens":
                key = (e["player"], e["kind"])
                self.stocks[key] = self.stocks.get(key, 0) + e["count"]
            elif name == "PlaceToken":
                key = (e["player"], e["kind"])
                self.stocks[key] = self.stocks.get(key, 0) - 1
                x, y, c = e["at"]
                self.tokens.append((x, y, c, e["kind"], e["player"], self.turn_number))
            elif name == "ConsumeFigureAction":
                self.figure_action_taken = True
            elif name == "AddPoints":
                self.scores[e["player"]] += e["points"]


def _string_vector(b, strings):
    offsets = [b.CreateString(s) for s in strings]
    return _offset_vector(b, offsets)


def _offset_vector(b, offsets):
    b.StartVector(4, len(offsets), 4)
    for o in reversed(offsets):
        b.PrependUOffsetTRelative(o)
    return b.EndVector()


def _struct_vector(b, size, alignment, items, create):
    b.StartVector(size, len(items), alignment)
    for item in reversed(items):
        create(item)
    return b.EndVector()


def complete_rules(manifests, explicit=None):
    """The rules of a game as the host completes them (docs/abi.md §8,
    "Presets"): explicit values, then those set by presets in force, then
    every declared option's default."""
    rules = dict(explicit or {})
    for m in manifests:
        for p in m["rule_presets"]:
            chosen = rules.get(p["key"], next((o["default"] for o in m["rule_options"] if o["key"] == p["key"]), None))
            if chosen == p["value"]:
                for k, v in p["sets"]:
                    rules.setdefault(k, v)
    for m in manifests:
        for o in m["rule_options"]:
            rules.setdefault(o["key"], o["default"])
    return rules


def new_game(module, expansion_ids, players, explicit_rules=None):
    """A game at its start with the given expansions enabled: the setup lists
    their token kinds and figure kinds, the rules are complete."""
    enabled = [module.expansion(i) for i in expansion_ids]
    manifests = [e.manifest for e in enabled]
    token_kinds = []
    for m in manifests:
        for t in m["token_kinds"]:
            if t["kind"] not in token_kinds:
                token_kinds.append(t["kind"])
    figure_kinds = ["small"]
    for m in sorted(manifests, key=lambda m: m["id"]):
        figure_kinds += [k["id"] for k in m["figure_kinds"]]
    return Game(expansions=list(expansion_ids), player_names=["player%d" % p for p in range(players)],
                rules=complete_rules(manifests, explicit_rules), token_kinds=token_kinds, figure_kinds=figure_kinds)


def _finish_request(fb, b, hook, args_type, args):
    fb.HookRequest.Start(b)
    fb.HookRequest.AddHook(b, hook)
    fb.HookRequest.AddArgsType(b, args_type)
    fb.HookRequest.AddArgs(b, args)
    b.Finish(fb.HookRequest.End(b), file_identifier=b"CKRQ")
    return b.Output()


def game_start_request(fb, player_count, seed):
    import flatbuffers
    b = flatbuffers.Builder(256)
    fb.GameStartArgs.Start(b)
    fb.GameStartArgs.AddPlayerCount(b, player_count)
    fb.GameStartArgs.AddSeed(b, seed)
    args = fb.GameStartArgs.End(b)
    return _finish_request(fb, b, CK_HOOK_GAME_START, fb.HookArgs.HookArgs.GameStartArgs, args)


def bonus_points_request(fb, kind, parts, points, scorers, name, completed=True, area=()):
    """BONUS_POINTS for a scored feature: `parts` and `area` are (x, y, corner) tiles."""
    import flatbuffers
    b = flatbuffers.Builder(512)
    parts_vec = _struct_vector(b, 6, 2, list(parts), lambda r: fb.TileRef.CreateTileRef(b, *r))
    area_vec = _struct_vector(b, 6, 2, list(area), lambda r: fb.TileRef.CreateTileRef(b, *r))
    b.StartVector(1, len(scorers), 1)
    for s in reversed(scorers):
        b.PrependUint8(s)
    scorers_vec = b.EndVector()
    name_str = b.CreateString(name)
    sf = fb.ScoredFeature
    sf.Start(b)
    sf.AddId(b, 1)
    sf.AddKind(b, kind)
    sf.AddCompleted(b, completed)
    sf.AddParts(b, parts_vec)
    sf.AddArea(b, area_vec)
    sf.AddBasePoints(b, points)
    sf.AddPoints(b, points)
    sf.AddScorers(b, scorers_vec)
    sf.AddName(b, name_str)
    sf.AddSpaces(b, len(parts))
    sf.AddTiles(b, len(parts))
    feature = sf.End(b)
    fb.BonusPointsArgs.Start(b)
    fb.BonusPointsArgs.AddFeature(b, feature)
    args = fb.BonusPointsArgs.End(b)
    return _finish_request(fb, b, CK_HOOK_BONUS_POINTS, fb.HookArgs.HookArgs.BonusPointsArgs, args)


# --------------------------------------------------------------------------
# The command line

LITTLE_BUILDINGS = "cloisterkit.little-buildings"


def format_effect(name, e):
    if name == "OfferFigureOption":
        o = e["option"]
        return "OfferFigureOption %s %s at %s (%s)" % (o["action"], o["token_kind"], o["at"][:2], o["label"])
    return " ".join([name] + ["%s=%s" % (k, v) for k, v in e.items()])


def print_module(module, out):
    print("module:    %s %s (%s)" % (module.name, module.version, module.path), file=out)
    print("ABI:       %d.%d (this host accepts 1.0..1.%d)" % (CK_ABI_MAJOR, module.abi_minor, CK_ABI_MINOR), file=out)
    print("schema:    revision %d" % module.schema_revision, file=out)
    print("expansions: %d" % len(module.expansions), file=out)
    for e in module.expansions:
        m = e.manifest
        print("  %s: %s %s" % (e.id, e.name, e.version), file=out)
        print("    hooks:        %s" % hook_list(e.hooks), file=out)
        if e.requires:
            print("    requires:     %s" % ", ".join(e.requires), file=out)
        kinds = ", ".join("%s (%s) x%d" % (t["kind"], t["name"], t["count"]) for t in m["token_kinds"])
        print("    token kinds:  %s" % (kinds or "(none)"), file=out)
        if m["figure_kinds"]:
            print("    figure kinds: %s" % ", ".join("%s x%d" % (k["id"], k["count"]) for k in m["figure_kinds"]),
                  file=out)
        if m["hook_filters"]:
            filters = ", ".join("%s if %s" % (hook_name(f["hook"]), f["filter"] if f["filter"] != "RuleIs" else
                                              "%s in %s" % (f["rule_key"], "/".join(f["rule_values"])))
                                for f in m["hook_filters"])
            print("    hook filters: %s" % filters, file=out)
        if not m["rule_options"]:
            print("    rule options: (none)", file=out)
        else:
            print("    rule options:", file=out)
            for o in m["rule_options"]:
                allowed = " (one of %s)" % ", ".join(o["allowed"]) if o["allowed"] else ""
                print("      %s = %s%s" % (o["key"], o["default"], allowed), file=out)


def declared_placements(module, expansion_ids, game, player):
    """The figure step's token placements a host offers itself: one per token
    kind declared InsteadOfFigure that the player still has, on the tile just
    placed, while the figure step is unused (docs/abi.md, "Declared token
    placement"). No hook is called."""
    if game.figure_action_taken or game.placed_tile is None:
        return []
    offers = []
    for e in (module.expansion(i) for i in expansion_ids):
        for t in e.manifest["token_kinds"]:
            if t["instead_of_figure"] and game.stocks.get((player, t["kind"]), 0) > 0:
                offers.append({"expansion": e.id, "action": "place-token", "token_kind": t["kind"],
                               "at": game.placed_tile, "label": "place a " + t["name"]})
    return offers


def demo_little_buildings(module, players, seed, out):
    """GAME_START of Little Buildings, its declared token placement played
    by this host, then BONUS_POINTS, each on the state the previous step left."""
    fb = module.fb
    lb = module.expansion(LITTLE_BUILDINGS)
    game = new_game(module, [LITTLE_BUILDINGS], players)

    def call(title, hook, request):
        status, effects = module.call_hook(lb.index, hook, game.state(fb), request)
        print("%s: %s, %d effect%s" % (title, module.status_name(status), len(effects), "" if len(effects) == 1 else "s"),
              file=out)
        for name, e in effects:
            print("  " + format_effect(name, e), file=out)
        game.apply(effects)
        return effects

    call("%s GAME_START, %d players, seed %d" % (lb.id, players, seed), CK_HOOK_GAME_START,
         game_start_request(fb, players, seed))
    # Player 0 has placed a tile at (1, 0): the figure step.
    game.phase, game.placed_tile = 1, (1, 0, 0)
    offers = declared_placements(module, [LITTLE_BUILDINGS], game, 0)
    print("%s figure step, player 0, tile (1, 0): %d declared placement%s, no hook call" % (
        lb.id, len(offers), "" if len(offers) == 1 else "s"), file=out)
    for o in offers:
        print("  %s %s at %s: %s" % (o["action"], o["token_kind"], o["at"][:2], o["label"]), file=out)
    if offers:
        chosen = offers[0]
        # What choosing it means, applied by the host as the declaration says.
        game.apply([("PlaceToken", {"player": 0, "kind": chosen["token_kind"], "at": chosen["at"]}),
                    ("ConsumeFigureAction", {})])
        print("  chosen: %s (the figure step is used)" % chosen["label"], file=out)
    road = [(0, 0, 0), (1, 0, 0), (2, 0, 0)]
    call("%s BONUS_POINTS, a completed 3-tile road through (1, 0) scored by player 0" % lb.id, CK_HOOK_BONUS_POINTS,
         bonus_points_request(fb, fb.FeatureKind.FeatureKind.Road, road, 3, [0], "road"))
    return game


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", required=True, help="the plugin module (cloisterkit_expansions.so)")
    parser.add_argument("--schemas", help="flatc --python output of schemas/*.fbs (default: run flatc on "
                                          "the source tree's schemas into a temporary folder)")
    parser.add_argument("--players", type=int, default=2, help="players in the example game (default 2)")
    parser.add_argument("--seed", type=int, default=42, help="GAME_START seed (default 42)")
    parser.add_argument("--log-level", type=int, default=CK_LOG_WARN, choices=range(7),
                        help="lowest module log level shown, CK_LOG_* (default 3, warn)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG, format="%(name)s: %(message)s")

    tmp = None
    try:
        schemas = args.schemas
        if schemas is None:
            here = os.path.dirname(os.path.abspath(__file__))
            source = os.path.join(here, "..", "..", "schemas")
            flatc = shutil.which("flatc")
            if flatc is None or not os.path.isdir(source):
                parser.error("--schemas is needed (no flatc or no schemas/ folder to generate the classes from)")
            tmp = tempfile.mkdtemp(prefix="cloisterkit-fb-")
            schemas = generate_schemas(os.path.normpath(source), tmp, flatc)
        fb = load_schemas(schemas)
        with PluginModule(args.module, fb, max_log_level=args.log_level) as module:
            print_module(module, sys.stdout)
            print(file=sys.stdout)
            demo_little_buildings(module, args.players, args.seed, sys.stdout)
    except CloisterKitError as e:
        print("cloisterkit_host: %s" % e, file=sys.stderr)
        return 1
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
