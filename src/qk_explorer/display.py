"""Whether a display named in the environment answers, asked before Qt starts.

Qt aborts the whole process (status 134, six lines) when it cannot connect to
the display it was told to use — DISPLAY=:97 with no X server there. So the
command line asks first, the way Qt will: an X display through libxcb's own
xcb_connect (the same library, the same authority file), a Wayland display by
connecting to its socket. When it cannot tell (no libxcb on this system) it
says so with None and Qt is left to decide. No Qt here: this runs before it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import socket


def x11_answers(name: str) -> bool | None:
    """Whether the X display `name` (":0", "host:10.0") accepts a connection; None: cannot tell."""
    host, _, number = name.rpartition(":")
    host = host.rpartition("/")[2]  # "tcp/host" names the protocol too
    if host not in ("", "unix") and not _tcp_answers(host, number):
        return False  # said at once: xcb_connect would wait minutes on a host that does not answer
    try:
        xcb = ctypes.CDLL(ctypes.util.find_library("xcb") or "libxcb.so.1")
    except OSError:
        return None
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(os.fsencode(name), None)  # never NULL: an error has a connection too
    try:
        return xcb.xcb_connection_has_error(connection) == 0
    finally:
        xcb.xcb_disconnect(connection)  # frees a good one; does nothing to an error


def _tcp_answers(host: str, number: str) -> bool:
    try:
        port = 6000 + int(number.partition(".")[0])
        with socket.create_connection((host.strip("[]"), port), timeout=2):
            return True
    except (OSError, ValueError):
        return False


def wayland_answers(name: str, runtime_dir: str | None) -> bool:
    """Whether the Wayland display `name` (a socket in XDG_RUNTIME_DIR, or a path) accepts a connection."""
    path = name if os.path.isabs(name) else os.path.join(runtime_dir or "", name)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(2)
        try:
            probe.connect(path)
        except OSError:
            return False
    return True


def answers(variable: str, value: str, environ) -> bool | None:
    """Whether the display named by `variable` (DISPLAY or WAYLAND_DISPLAY) answers; None: cannot tell."""
    if variable == "WAYLAND_DISPLAY":
        return wayland_answers(value, environ.get("XDG_RUNTIME_DIR"))
    return x11_answers(value)
