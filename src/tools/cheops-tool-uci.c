/* cheops-tool-uci.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command-line tool's UCI engine process (see the header): the
 * plumbing is CheopsUciEngine's.
 */
#include <string.h>

#include "cheops-tool-uci.h"

#define HANDSHAKE_TIMEOUT_MS 10000

gboolean
cheops_tool_engine_send (CheopsToolEngine *p, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  if (p->uci == NULL)
    return FALSE;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  return cheops_uci_engine_send (p->uci, "%s", text);
}

char *
cheops_tool_engine_wait_for (CheopsToolEngine *p,
                             const char       *prefix,
                             gint64            deadline,
                             void            (*skipped) (const char *line, gpointer data),
                             gpointer          data)
{
  size_t n = strlen (prefix);

  if (p->uci == NULL)
    return NULL;
  for (;;)
    {
      char *line = cheops_uci_engine_wait_for (p->uci, "", deadline, NULL);

      if (line == NULL)
        return NULL;
      if (n == 0 || (strncmp (line, prefix, n) == 0 && (line[n] == '\0' || line[n] == ' ')))
        return line;
      if (skipped != NULL)
        skipped (line, data);
      g_free (line);
    }
}

gboolean
cheops_tool_engine_sync (CheopsToolEngine *p)
{
  return p->uci != NULL && cheops_uci_engine_sync (p->uci, HANDSHAKE_TIMEOUT_MS);
}

void
cheops_tool_engine_stop (CheopsToolEngine *p)
{
  g_clear_pointer (&p->uci, cheops_uci_engine_free);
}

gboolean
cheops_tool_engine_start (CheopsToolEngine    *p,
                          const CheopsVariant *variant,
                          GError             **error)
{
  p->uci = cheops_uci_engine_new (p->command, error);
  if (p->uci == NULL)
    return FALSE;
  if (variant != NULL)
    cheops_tool_engine_send (p, "setoption name UCI_Variant value %s", variant->name);
  if (p->name == NULL)
    p->name = g_strdup (cheops_uci_engine_get_name (p->uci));
  return TRUE;
}
