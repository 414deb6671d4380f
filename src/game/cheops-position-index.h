/* cheops-position-index.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Finding positions in game collections (issue 23): the key that says
 * whether two positions are "the same position" for a search, and where
 * the index of a game file's positions is kept.
 *
 * The same position, for a search (`cheops search`, the explorer, the
 * studio's Find This Position): the same variant, the same pieces on the
 * same cells and the same side to move.  The move counters are ignored, as
 * the issue says, and so is everything else a FEN holds beyond the
 * placement and the side to move: the pieces in hand and the check counters
 * and re-take mark of Cypher chess (its FEN fields 3-5), the faraons'
 * rights of Pyramids (PY17's rights field).  The core's Zobrist key
 * (CheopsPosition.key) covers those too (they matter to repetition and to
 * the engine), so it is not the search key: cheops_position_search_key() is
 * computed here from the placement alone, with numbers of its own that no
 * change of the core's Zobrist tables can move (the keys are stored in
 * index files).
 *
 * The index: a binary file per game file, in the user's cache
 * (g_get_user_cache_dir()/cheops-studio/positions/), named after the
 * game file's absolute path (cheops_position_index_path()).  It holds each
 * game's light header (tags, result, plies, first error, where its text
 * is), the search key of every position on its main line and the moves
 * between them; it is written when a collection is first read
 * (cheops-collection.h) and used instead of reading while the game file is
 * unchanged.  The format (little-endian, every section 8-byte aligned):
 *
 *   header, 128 bytes:
 *     0   "CHEOPSPI"                    magic
 *     8   u32 1                         format version
 *     12  u32 0x01020304                byte order
 *     16  u64 source size               bytes
 *     24  i64 source mtime              microseconds since 1970
 *     32  i64 source ctime              microseconds since 1970
 *     40  u64 source inode
 *     48  u32 source crc                CRC-32 of the source's first and last 64 KiB
 *     52  u32 n_games
 *     56  u64 n_tags
 *     64  u64 n_keys                    sum over the games of plies + 1
 *     72  u32 n_variants
 *     76  u32 pool size                 bytes
 *     80  u32 crc of each of the six sections below, in their order
 *     104 zeros
 *     124 u32 crc of bytes 0-123
 *   games     n_games x 56 bytes (CheopsGameRecord, cheops-collection-private.h)
 *   tags      n_tags x (u32 name, u32 value): offsets into the pool
 *   keys      n_keys x u64: the search keys, game after game, ply 0 first
 *   moves     (n_keys - n_games) x u32: the main line's moves (CheopsMove)
 *   variants  n_variants x u32: pool offsets of the variants' names
 *   pool      NUL-terminated UTF-8 strings, the first one empty
 *
 * A CRC-32 (zlib's) guards the header and each section: an index that is
 * truncated, corrupt, of another version or byte order, or of a game file
 * that has changed (its size, modification or change time, inode, or the
 * CRC of its first and last 64 KiB differ) is not used: the game file is
 * read again and the index rewritten.  Index files are written to a new
 * file that then replaces the old one (g_file_replace()), so a reader never
 * sees half an index, and two writers leave one whole index.
 */
#pragma once

#include <glib.h>

#include "cheops-core.h"

G_BEGIN_DECLS

/* The search key of @pos: a 64-bit hash of its variant, the piece on each
 * occupied cell and the side to move (counters, hands and variant state
 * left out: see above).  Equal positions have equal keys; two different
 * positions share one with a chance of about 2^-64. */
guint64  cheops_position_search_key    (const CheopsPosition *pos);

/* Where the index of the game file at @path is kept: a new string, the
 * path of a file under g_get_user_cache_dir() named after the SHA-256 of
 * @path made absolute (not resolving symbolic links). */
char    *cheops_position_index_path    (const char *path);

G_END_DECLS
