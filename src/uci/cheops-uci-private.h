/* cheops-uci-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared inside the UCI client library (src/uci) only.
 */
#pragma once

#include <gio/gio.h>

/* A launcher for an engine process with @flags (its pipes), whose child,
 * before exec, on Linux: dies with this process (PR_SET_PDEATHSIG, and
 * exits at once if this process already died), and has no signal blocked
 * (a caller may block SIGINT in its threads to take it with sigwait()).
 * Used by both the asynchronous (cheops-uci-process.c) and the synchronous
 * (cheops-uci-engine.c) engine process.  Returns a new launcher (unref it). */
GSubprocessLauncher *_cheops_uci_launcher_new (GSubprocessFlags flags);
