/* cheops-uci-san.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Turning an engine's principal variation (machine move text, as
 * the studio's StudioEngineLine.pv holds it) into record notation with the rules core:
 * cheops_position_from_fen(), then for each move cheops_move_from_text(),
 * cheops_move_to_san() and cheops_position_do_move().  Part of
 * the UCI client library (`cheops_uci_dep`); needs the core, not GTK.
 */
#pragma once

#include <glib.h>

#include "cheops-core.h"

G_BEGIN_DECLS

/**
 * cheops_uci_pv_to_san:
 * @variant: the variant the FEN and the moves are of (its machine move
 *   text, e.g. TrigChess "b5b6d", its SAN)
 * @fen: (nullable): the FEN of the start position, %NULL for @variant's
 *   initial one
 * @moves: (nullable) (array zero-terminated=1): move texts from @fen to the
 *   analysed position (as given to studio_engine_analyze())
 * @pv: (array zero-terminated=1): the engine's line, move texts
 * @error: (nullable): set to a G_IO_ERROR_INVALID_DATA error naming the bad
 *   FEN or move when the conversion stops early
 *
 * Converts @pv to SAN ("Mf5", "dxe5", "i9=Q", with "+", "++", "#").  Stops
 * at the first move that is not playable (an engine may be out of step with
 * the position) and returns the moves converted so far; sets @error only
 * then, or when @fen or @moves are bad (the result is then empty).
 *
 * Returns: (transfer full) (array zero-terminated=1): the SAN of the first
 *   playable moves of @pv; never %NULL
 */
char **cheops_uci_pv_to_san    (const CheopsVariant  *variant,
                                   const char           *fen,
                                   const char *const    *moves,
                                   const char *const    *pv,
                                   GError              **error);
/**
 * cheops_uci_pv_to_san_at:
 * @pos: the analysed position (of any variant; not changed)
 * @pv: (array zero-terminated=1): the engine's line, move texts
 * @error: (nullable): as for cheops_uci_pv_to_san()
 *
 * cheops_uci_pv_to_san() from a position the caller already has (no
 * FEN read, no moves replayed: what the analysis panel does per line).
 *
 * Returns: (transfer full) (array zero-terminated=1): never %NULL
 */
char **cheops_uci_pv_to_san_at (const CheopsPosition *pos,
                                   const char *const    *pv,
                                   GError              **error);

G_END_DECLS
