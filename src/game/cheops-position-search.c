/* cheops-position-search.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Finding a position on the main lines of loaded collections and counting
 * the moves played from it (cheops-position-search.h): a scan of each
 * collection's main-line keys, game after game, stopping at a game's first
 * hit.
 */
#define G_LOG_DOMAIN "cheops-game"

#include <string.h>

#include "cheops-collection-private.h"
#include "cheops-position-search.h"

struct _CheopsPositionSearch {
  gatomicrefcount  ref_count;
  CheopsPosition   position;
  GPtrArray       *collections;   /* of CheopsCollection, referenced */
  GArray          *hits;          /* of CheopsPositionHit */
  GArray          *moves;         /* of CheopsExplorerMove */
  guint            wins, draws, losses;
};

G_DEFINE_BOXED_TYPE (CheopsPositionSearch, cheops_position_search,
                     cheops_position_search_ref, cheops_position_search_unref)

CheopsPositionSearch *
cheops_position_search_ref (CheopsPositionSearch *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
cheops_position_search_unref (CheopsPositionSearch *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_ptr_array_unref (self->collections);
  g_array_unref (self->hits);
  g_array_unref (self->moves);
  g_free (self);
}

int
cheops_score_tenths (guint wins,
                     guint losses)
{
  guint64 decided = (guint64) wins + losses;

  if (decided == 0)
    return -1;
  return (int) (((guint64) wins * 1000 + decided / 2) / decided);
}

void
cheops_score_format (guint wins,
                     guint losses,
                     char  buf[8])
{
  int tenths = cheops_score_tenths (wins, losses);

  if (tenths < 0)
    g_strlcpy (buf, "-", 8);
  else
    g_snprintf (buf, 8, "%d.%d", tenths / 10, tenths % 10);
}

/* The record notation of @m: in the position searched for if the move is
 * playable there, else in the first game that played it. */
static void
name_move (CheopsPositionSearch *self,
           CheopsExplorerMove   *m)
{
  const CheopsPositionHit *hit = &g_array_index (self->hits, CheopsPositionHit, m->first_hit);
  g_autoptr(CheopsGame) game = NULL;
  g_autoptr(GError) error = NULL;
  CheopsGameNode *node;

  if (cheops_position_is_playable (&self->position, m->move))
    {
      cheops_move_to_san (&self->position, m->move, m->san);
      return;
    }
  game = cheops_collection_read_game (hit->collection, hit->game, NULL, &error);
  node = game != NULL ? cheops_game_get_root (game) : NULL;
  for (guint p = 0; node != NULL && p <= hit->ply; p++)
    node = cheops_game_node_get_first_child (node);
  if (node != NULL && cheops_game_node_get_move (node) == m->move)
    g_strlcpy (m->san, cheops_game_node_get_san (node), sizeof m->san);
  else
    {
      char text[CHEOPS_MOVE_TEXT_MAX];

      g_debug ("no record notation for a move found in %s: %s", cheops_collection_get_path (hit->collection),
               error != NULL ? error->message : "the game is not as it was");
      cheops_move_to_text (self->position.variant, m->move, text);
      g_strlcpy (m->san, text, sizeof m->san);
    }
}

static int
compare_moves (gconstpointer a,
               gconstpointer b)
{
  const CheopsExplorerMove *x = a, *y = b;
  int c;

  if (x->n_games != y->n_games)
    return x->n_games > y->n_games ? -1 : 1;
  c = strcmp (x->san, y->san);
  if (c != 0)
    return c;
  return x->move < y->move ? -1 : x->move > y->move;
}

/* The games scanned between two looks at @cancellable and @progress. */
#define SCAN_STEP 4096

CheopsPositionSearch *
cheops_position_search_run (CheopsCollection *const *collections,
                            guint                    n_collections,
                            const CheopsPosition    *position,
                            CheopsProgressFunc       progress,
                            gpointer                 progress_data,
                            GCancellable            *cancellable,
                            GError                 **error)
{
  g_autoptr(CheopsPositionSearch) self = NULL;
  g_autoptr(GHashTable) by_move = NULL;
  guint64 key, n_games = 0, done = 0;

  g_return_val_if_fail (collections != NULL || n_collections == 0, NULL);
  g_return_val_if_fail (position != NULL, NULL);

  self = g_new0 (CheopsPositionSearch, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->position = *position;
  self->collections = g_ptr_array_new_with_free_func (g_object_unref);
  self->hits = g_array_new (FALSE, FALSE, sizeof (CheopsPositionHit));
  self->moves = g_array_new (FALSE, FALSE, sizeof (CheopsExplorerMove));
  by_move = g_hash_table_new (NULL, NULL);   /* move -> index in moves + 1 */
  key = cheops_position_search_key (position);

  for (guint c = 0; c < n_collections; c++)
    n_games += cheops_collection_get_n_games (collections[c]);

  for (guint c = 0; c < n_collections; c++)
    {
      CheopsCollection *collection = collections[c];
      const CheopsCollectionData *data = _cheops_collection_get_data (collection);
      guint slot = G_MAXUINT;

      g_ptr_array_add (self->collections, g_object_ref (collection));
      for (guint v = 0; v < data->n_variants; v++)
        if (data->variants[v] == position->variant)
          slot = v;
      for (guint g = 0; g < data->n_games; g++)
        {
          const CheopsGameRecord *r = &data->games[g];
          const guint64 *keys = data->keys + r->keys_start;

          if ((g & (SCAN_STEP - 1)) == SCAN_STEP - 1)
            {
              if (g_cancellable_set_error_if_cancelled (cancellable, error))
                return NULL;
              if (progress != NULL)
                progress ((double) (done + g) / n_games, progress_data);
            }
          if (r->variant != slot || (r->flags & CHEOPS_RECORD_NO_POSITIONS))
            continue;
          for (guint p = 0; p <= r->n_plies; p++)
            if (keys[p] == key)
              {
                CheopsPositionHit hit = { collection, g, p };
                CheopsWinner winner;
                gboolean decided = _cheops_game_record_winner (r, &winner);

                g_array_append_val (self->hits, hit);
                if (decided && winner == CHEOPS_WINNER_DRAW)
                  self->draws++;
                else if (decided && winner == (CheopsWinner) position->side_to_move)
                  self->wins++;
                else if (decided)
                  self->losses++;
                if (p < r->n_plies)
                  {
                    CheopsMove move = data->moves[r->keys_start - g + p];
                    guint i = GPOINTER_TO_UINT (g_hash_table_lookup (by_move, GUINT_TO_POINTER (move)));
                    CheopsExplorerMove *m;

                    if (i == 0)
                      {
                        CheopsExplorerMove fresh = { .move = move, .first_hit = self->hits->len - 1 };

                        g_array_append_val (self->moves, fresh);
                        i = self->moves->len;
                        g_hash_table_insert (by_move, GUINT_TO_POINTER (move), GUINT_TO_POINTER (i));
                      }
                    m = &g_array_index (self->moves, CheopsExplorerMove, i - 1);
                    m->n_games++;
                    if (decided && winner == CHEOPS_WINNER_DRAW)
                      m->draws++;
                    else if (decided && winner == (CheopsWinner) position->side_to_move)
                      m->wins++;
                    else if (decided)
                      m->losses++;
                  }
                break;
              }
        }
      done += data->n_games;
      if (progress != NULL && n_games > 0 && c + 1 < n_collections)
        progress ((double) done / n_games, progress_data);
    }

  for (guint i = 0; i < self->moves->len; i++)
    name_move (self, &g_array_index (self->moves, CheopsExplorerMove, i));
  g_array_sort (self->moves, compare_moves);
  if (progress != NULL)
    progress (1.0, progress_data);
  return g_steal_pointer (&self);
}

/* In a worker thread. */

typedef struct {
  CheopsProgressRelay  relay;   /* first: _cheops_progress_relay_report() */
  GPtrArray           *collections;
  CheopsPosition       position;
} SearchTask;

static void
search_task_free (SearchTask *t)
{
  _cheops_progress_relay_clear (&t->relay);
  g_ptr_array_unref (t->collections);
  g_free (t);
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  SearchTask *t = task_data;
  GError *error = NULL;
  CheopsPositionSearch *search;

  search = cheops_position_search_run ((CheopsCollection *const *) t->collections->pdata, t->collections->len,
                                       &t->position,
                                       t->relay.progress != NULL ? _cheops_progress_relay_report : NULL,
                                       task, cancellable, &error);
  if (search == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, search, (GDestroyNotify) cheops_position_search_unref);
}

void
cheops_position_search_async (CheopsCollection *const *collections,
                              guint                    n_collections,
                              const CheopsPosition    *position,
                              CheopsProgressFunc       progress,
                              gpointer                 progress_data,
                              GDestroyNotify           progress_notify,
                              GCancellable            *cancellable,
                              GAsyncReadyCallback      callback,
                              gpointer                 user_data)
{
  g_autoptr(GTask) task = NULL;
  SearchTask *t;

  g_return_if_fail (collections != NULL || n_collections == 0);
  g_return_if_fail (position != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, cheops_position_search_async);
  t = g_new0 (SearchTask, 1);
  _cheops_progress_relay_init (&t->relay, progress, progress_data, progress_notify);
  t->collections = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_collections; i++)
    g_ptr_array_add (t->collections, g_object_ref (collections[i]));
  t->position = *position;
  g_task_set_task_data (task, t, (GDestroyNotify) search_task_free);
  g_task_run_in_thread (task, search_thread);
}

CheopsPositionSearch *
cheops_position_search_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

const CheopsPosition *
cheops_position_search_get_position (CheopsPositionSearch *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->position;
}

guint
cheops_position_search_get_n_hits (CheopsPositionSearch *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->hits->len;
}

const CheopsPositionHit *
cheops_position_search_get_hit (CheopsPositionSearch *self,
                                guint                 index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->hits->len, NULL);
  return &g_array_index (self->hits, CheopsPositionHit, index);
}

guint
cheops_position_search_get_n_moves (CheopsPositionSearch *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->moves->len;
}

const CheopsExplorerMove *
cheops_position_search_get_move (CheopsPositionSearch *self,
                                 guint                 index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->moves->len, NULL);
  return &g_array_index (self->moves, CheopsExplorerMove, index);
}

void
cheops_position_search_get_results (CheopsPositionSearch *self,
                                    guint                *wins,
                                    guint                *draws,
                                    guint                *losses)
{
  g_return_if_fail (self != NULL);
  if (wins != NULL)
    *wins = self->wins;
  if (draws != NULL)
    *draws = self->draws;
  if (losses != NULL)
    *losses = self->losses;
}
