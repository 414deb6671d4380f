/* cheops-main-context.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See the header.
 */
#include "cheops-main-context.h"

void
cheops_main_context_post (GMainContext   *context,
                          GSourceFunc     func,
                          gpointer        data,
                          GDestroyNotify  notify)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, data, notify);
  g_source_attach (source, context);
  g_source_unref (source);
}
