/* cheops-main-context.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Handing work from a worker thread to the thread that runs a main
 * context.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * cheops_main_context_post:
 * @context: (nullable): the context to run @func in (%NULL: the global
 *   default one)
 * @func: called once, in the thread that iterates @context, at
 *   G_PRIORITY_DEFAULT; its return value is ignored
 * @data: for @func
 * @notify: (nullable): frees @data after @func ran (or when @context is
 *   destroyed first)
 *
 * Queues @func on @context from any thread.  Unlike
 * g_main_context_invoke_full(), @func never runs at once in the calling
 * thread, which that function does whenever the caller can acquire the
 * context (with the global default context: before its loop runs, or
 * between two iterations): a worker's callback into GTK or into a
 * caller's state must run in the caller's thread.
 */
void cheops_main_context_post (GMainContext   *context,
                               GSourceFunc     func,
                               gpointer        data,
                               GDestroyNotify  notify);

G_END_DECLS
