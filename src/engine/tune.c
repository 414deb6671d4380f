/* tune.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Texel's tuning (tune.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-notation.h"
#include "cheops-game-model.h"
#include "tune.h"

#define QUIET_PLIES 4

typedef struct {
  CheopsPosition pos;
  double         result;   /* for the side to move */
} TuneEntry;

struct TuneSet {
  const EngineVariant *ev;
  GArray              *entries;   /* TuneEntry */
  int                 *prev;      /* per parameter: the previous one of its run, or -1 */
  int                 *next;      /* the next one, or -1 */
  int                 *order;     /* +1 non-decreasing, -1 non-increasing, 0 free */
};

/* The runs of parameters NAME[0], NAME[1], ... (numeric indices, in a row
 * in the table) whose values at the start are monotone stay so: a Queen's
 * bonus does not grow away from the Apex, a Pawn's does not shrink as it
 * climbs. */
static void
find_runs (TuneSet *set)
{
  const EngineVariant *ev = set->ev;
  int n = ev->n_params;

  set->prev = g_new (int, n);
  set->next = g_new (int, n);
  set->order = g_new0 (int, n);
  for (int i = 0; i < n; i++)
    set->prev[i] = set->next[i] = -1;
  for (int i = 0; i < n;)
    {
      const char *b = strchr (ev->params[i].name, '[');
      int j = i + 1, up = 1, down = 1, order;

      if (b == NULL || !g_ascii_isdigit (b[1]))
        {
          i++;
          continue;
        }
      while (j < n && strncmp (ev->params[j].name, ev->params[i].name, (size_t) (b - ev->params[i].name + 1)) == 0
             && g_ascii_isdigit (ev->params[j].name[b - ev->params[i].name + 1]))
        j++;
      for (int m = i + 1; m < j; m++)
        {
          up = up && *ev->params[m].value >= *ev->params[m - 1].value;
          down = down && *ev->params[m].value <= *ev->params[m - 1].value;
        }
      order = up && !down ? 1 : down && !up ? -1 : 0;
      for (int m = i; m < j && order != 0; m++)
        {
          set->order[m] = order;
          set->prev[m] = m > i ? m - 1 : -1;
          set->next[m] = m + 1 < j ? m + 1 : -1;
        }
      i = j;
    }
}

/* Whether @v for parameter @i keeps its run monotone. */
static bool
keeps_order (const TuneSet *set, int i, int v)
{
  const EngineParam *p = set->ev->params;
  int o = set->order[i];

  if (o == 0)
    return true;
  if (set->prev[i] >= 0 && o * (v - *p[set->prev[i]].value) < 0)
    return false;
  if (set->next[i] >= 0 && o * (*p[set->next[i]].value - v) < 0)
    return false;
  return true;
}

TuneSet *
tune_set_new (const EngineVariant *ev)
{
  TuneSet *set = g_new0 (TuneSet, 1);

  set->ev = ev;
  set->entries = g_array_new (FALSE, FALSE, sizeof (TuneEntry));
  find_runs (set);
  return set;
}

void
tune_set_free (TuneSet *set)
{
  if (set == NULL)
    return;
  g_array_unref (set->entries);
  g_free (set->prev);
  g_free (set->next);
  g_free (set->order);
  g_free (set);
}

guint
tune_set_size (const TuneSet *set)
{
  return set->entries->len;
}

void
tune_set_add (TuneSet *set, const CheopsPosition *pos, double result_a)
{
  TuneEntry e;

  e.pos = *pos;
  e.result = pos->side_to_move == CHEOPS_SIDE_A ? result_a : 1.0 - result_a;
  g_array_append_val (set->entries, e);
}

/* Captures and promotions only, fail-hard, @depth plies at most. */
static int
qsearch (const EngineVariant *ev, CheopsPosition *pos, int alpha, int beta, int depth)
{
  CheopsMove *list;
  CheopsMove *end;
  int stand = ev->evaluate (pos);

  if (stand >= beta)
    return beta;
  if (stand > alpha)
    alpha = stand;
  if (depth == 0)
    return alpha;
  list = g_new (CheopsMove, CHEOPS_MAX_MOVES);
  end = cheops_generate_moves (pos, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsUndo undo;
      int score;

      if (ev->move_kind (pos, *m) == MOVE_QUIET)
        continue;
      cheops_position_do_move (pos, *m, &undo);
      score = -qsearch (ev, pos, -beta, -alpha, depth - 1);
      cheops_position_undo_move (pos, *m, &undo);
      if (score >= beta)
        {
          alpha = beta;
          break;
        }
      if (score > alpha)
        alpha = score;
    }
  g_free (list);
  return alpha;
}

bool
tune_position_is_quiet (const EngineVariant *ev, CheopsPosition *pos)
{
  int e;

  if (cheops_position_in_check (pos))
    return false;
  if (ev->win_in_one != NULL && ev->win_in_one (pos, CHEOPS_MOVE_NONE, NULL))
    return false;
  if (ev->threat_in_one != NULL && ev->threat_in_one (pos, CHEOPS_MOVE_NONE, NULL))
    return false;
  e = ev->evaluate (pos);
  return qsearch (ev, pos, e - 1, e + 1, QUIET_PLIES) == e;
}

guint
tune_set_add_pgn (TuneSet *set, const char *text, int skip_plies, double sample, GRand *rand,
                  guint *bad_games)
{
  const CheopsVariant *variant = set->ev->variant;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
  g_autoptr(GHashTable) bad = g_hash_table_new (NULL, NULL);

  /* A game of this variant with an error ends where it went wrong (the
   * reader keeps what it could read): counted, and its positions kept up
   * to there. */
  for (guint i = 0; i < errors->len; i++)
    {
      guint index = ((CheopsPgnError *) g_ptr_array_index (errors, i))->game_index;

      if (index < games->len && cheops_game_get_variant (g_ptr_array_index (games, index)) == variant)
        g_hash_table_add (bad, GUINT_TO_POINTER (index));
    }
  if (bad_games != NULL)
    *bad_games += g_hash_table_size (bad);
  for (guint i = 0; i < games->len; i++)
    {
      CheopsGame *game = g_ptr_array_index (games, i);
      const char *result = cheops_game_get_result (game);
      CheopsGameNode *node = cheops_game_get_root (game);
      double result_a;
      int ply = 0;

      if (cheops_game_get_variant (game) != variant)
        continue;
      if (g_strcmp0 (result, "1-0") == 0 || g_strcmp0 (result, "0-1") == 0)
        /* PGN's order is the colours': "1-0" a win of the first colour's
         * side (Cheops 6.2: by the game's colour tag). */
        result_a = (result[0] == '1') == (cheops_game_get_side_colour (game, CHEOPS_SIDE_A) == 0) ? 1.0 : 0.0;
      else if (g_strcmp0 (result, "1/2-1/2") == 0)
        result_a = 0.5;
      else
        continue;
      /* The position before each move of the main line. */
      for (; cheops_game_node_get_first_child (node) != NULL; node = cheops_game_node_get_first_child (node), ply++)
        {
          CheopsPosition pos = *cheops_game_node_get_position (node);

          if (ply >= skip_plies && (sample >= 1.0 || g_rand_double (rand) < sample)
              && tune_position_is_quiet (set->ev, &pos))
            tune_set_add (set, &pos, result_a);
        }
    }
  return games->len;
}

static inline double
sigmoid (double k, int e)
{
  return 1.0 / (1.0 + pow (10.0, -k * e / 400.0));
}

double
tune_error (const TuneSet *set, double k)
{
  double sum = 0.0;

  if (set->entries->len == 0)
    return 0.0;
  for (guint i = 0; i < set->entries->len; i++)
    {
      const TuneEntry *e = &g_array_index (set->entries, TuneEntry, i);
      double d = e->result - sigmoid (k, set->ev->evaluate (&e->pos));
      sum += d * d;
    }
  return sum / set->entries->len;
}

/* The error for @k from evaluations computed once. */
static double
error_of_evals (const TuneSet *set, const int *evals, double k)
{
  double sum = 0.0;

  for (guint i = 0; i < set->entries->len; i++)
    {
      double d = g_array_index (set->entries, TuneEntry, i).result - sigmoid (k, evals[i]);
      sum += d * d;
    }
  return set->entries->len ? sum / set->entries->len : 0.0;
}

double
tune_fit_k (const TuneSet *set)
{
  int *evals = g_new (int, set->entries->len + 1);
  double lo = 0.05, hi = 5.0;

  for (guint i = 0; i < set->entries->len; i++)
    evals[i] = set->ev->evaluate (&g_array_index (set->entries, TuneEntry, i).pos);
  while (hi - lo > 1e-4)
    {
      double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
      if (error_of_evals (set, evals, m1) <= error_of_evals (set, evals, m2))
        hi = m2;
      else
        lo = m1;
    }
  g_free (evals);
  return (lo + hi) / 2;
}

void
tune_initial_steps (const EngineVariant *ev, int *steps)
{
  for (int i = 0; i < ev->n_params; i++)
    steps[i] = MAX (1, (ev->params[i].max - ev->params[i].min) / 8);
}

int
tune_local_pass (TuneSet *set, double k, int *steps, double *error)
{
  const EngineVariant *ev = set->ev;
  int changed = 0;

  for (int i = 0; i < ev->n_params; i++)
    {
      const EngineParam *p = &ev->params[i];
      int old = *p->value;
      bool better = false;

      for (int dir = 1; dir >= -1 && !better; dir -= 2)
        {
          int v = CLAMP (old + dir * steps[i], p->min, p->max);
          double e;

          if (v == old || !keeps_order (set, i, v))
            continue;
          *p->value = v;
          ev->init ();
          e = tune_error (set, k);
          if (e < *error)
            {
              *error = e;
              better = true;
            }
          else
            {
              *p->value = old;
              ev->init ();
            }
        }
      if (better)
        changed++;
      else if (steps[i] > 1)
        steps[i] /= 2;
    }
  return changed;
}
