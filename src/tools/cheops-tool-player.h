/* cheops-tool-player.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An engine as the command-line tool's commands hold it (`cheops match`,
 * `analyse`, `openings`): its command, its name and its process, a
 * CheopsUciEngine of the UCI client library (src/uci), driven directly
 * with cheops_uci_engine_send(), cheops_uci_engine_wait_for_full() and
 * cheops_uci_engine_sync() (which take a NULL engine as "none").
 */
#pragma once

#include "cheops-uci-engine.h"
#include "cheops-variant.h"

/* How long the tools wait for `uciok` or `readyok`, in milliseconds. */
#define CHEOPS_TOOL_READY_TIMEOUT_MS 10000

/* One engine of a command.  Zero-initialise, set @command, then
 * cheops_tool_player_start(). */
typedef struct {
  char            *command;   /* the command line (not owned) */
  char            *name;      /* its `id name`, else a copy of @command (owned, freed by the caller) */
  CheopsUciEngine *uci;       /* the process, NULL when there is none */
} CheopsToolPlayer;

/* Starts @player's engine for @variant (NULL: none set):
 * cheops_uci_engine_new_for_variant(), and names it if it has no name yet.
 * FALSE with @error set as that function sets it. */
static inline gboolean
cheops_tool_player_start (CheopsToolPlayer    *player,
                          const CheopsVariant *variant,
                          GError             **error)
{
  player->uci = cheops_uci_engine_new_for_variant (player->command, variant, error);
  if (player->uci != NULL && player->name == NULL)
    player->name = g_strdup (cheops_uci_engine_get_name (player->uci));
  return player->uci != NULL;
}

/* Quits and reaps @player's engine, if any (its name stays). */
static inline void
cheops_tool_player_stop (CheopsToolPlayer *player)
{
  g_clear_pointer (&player->uci, cheops_uci_engine_free);
}
