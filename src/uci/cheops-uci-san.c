/* cheops-uci-san.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An engine's PV in record notation, with the rules core (see the header).
 */

#define G_LOG_DOMAIN "cheops-uci-san"

#include <gio/gio.h>

#include "cheops-core.h"
#include "cheops-uci-san.h"

/* Plays @text on @pos; FALSE with @error set if it is not playable. */
static gboolean
play_text (CheopsPosition *pos,
           const char     *text,
           char            san[CHEOPS_SAN_MAX],
           GError        **error)
{
  CheopsError core_error = { 0 };
  CheopsMove move = cheops_move_from_text (pos, text, &core_error);
  CheopsUndo undo;

  if (move == CHEOPS_MOVE_NONE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "“%s”: %s", text, core_error.message);
      return FALSE;
    }
  if (san != NULL)
    cheops_move_to_san (pos, move, san);
  cheops_position_do_move (pos, move, &undo);
  return TRUE;
}

/* The SAN of @pv played from @pos (changed). */
static char **
pv_to_san (CheopsPosition    *pos,
           const char *const *pv,
           GError           **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; pv != NULL && pv[i] != NULL; i++)
    {
      char san[CHEOPS_SAN_MAX];

      if (!play_text (pos, pv[i], san, error))
        break;
      g_ptr_array_add (out, g_strdup (san));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_steal (out, NULL);
}

char **
cheops_uci_pv_to_san_at (const CheopsPosition *pos,
                            const char *const    *pv,
                            GError              **error)
{
  CheopsPosition at = *pos;

  return pv_to_san (&at, pv, error);
}

char **
cheops_uci_pv_to_san (const CheopsVariant *variant,
                         const char          *fen,
                         const char *const   *moves,
                         const char *const   *pv,
                         GError             **error)
{
  CheopsError core_error = { 0 };
  CheopsPosition pos;

  if (!cheops_position_from_fen (&pos, variant, fen != NULL ? fen : variant->start_fen, &core_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "FEN: %s", core_error.message);
      return g_new0 (char *, 1);
    }
  for (guint i = 0; moves != NULL && moves[i] != NULL; i++)
    if (!play_text (&pos, moves[i], NULL, error))
      return g_new0 (char *, 1);
  return pv_to_san (&pos, pv, error);
}
