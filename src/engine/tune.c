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

/* The value of a tag line "[NAME "VALUE"]" into @value (a new string). */
static bool
read_tag (const char *line, char **name, char **value)
{
  const char *p = line + 1, *q;

  q = strchr (p, ' ');
  if (q == NULL)
    return false;
  *name = g_strndup (p, (gsize) (q - p));
  p = strchr (q, '"');
  q = p != NULL ? strrchr (p + 1, '"') : NULL;
  if (p == NULL || q == NULL)
    {
      g_free (*name);
      return false;
    }
  *value = g_strndup (p + 1, (gsize) (q - p - 1));
  return true;
}

static bool
is_move_number (const char *tok)
{
  const char *p = tok;

  while (g_ascii_isdigit (*p))
    p++;
  return p > tok && *p == '.';
}

/* Plays the movetext of one game from @start, adding its positions. */
static bool
add_game (TuneSet *set, const CheopsPosition *start, const char *movetext, double result_a,
          int skip_plies, double sample, GRand *rand)
{
  CheopsPosition pos = *start;
  GString *clean = g_string_new (NULL);
  g_auto(GStrv) tokens = NULL;
  int ply = 0;
  bool ok = true;

  /* Comments out. */
  for (const char *p = movetext; *p; p++)
    {
      if (*p == '{')
        {
          const char *q = strchr (p, '}');
          if (q == NULL)
            break;
          p = q;
          g_string_append_c (clean, ' ');
          continue;
        }
      g_string_append_c (clean, *p == '\n' ? ' ' : *p);
    }
  tokens = g_strsplit (clean->str, " ", -1);
  g_string_free (clean, TRUE);
  for (int i = 0; tokens[i] != NULL; i++)
    {
      const char *tok = tokens[i];
      CheopsMove move;
      CheopsUndo undo;

      if (*tok == '\0' || is_move_number (tok))
        continue;
      if (strcmp (tok, "1-0") == 0 || strcmp (tok, "0-1") == 0 || strcmp (tok, "1/2-1/2") == 0
          || strcmp (tok, "*") == 0)
        break;
      if (ply >= skip_plies && (sample >= 1.0 || g_rand_double (rand) < sample)
          && tune_position_is_quiet (set->ev, &pos))
        tune_set_add (set, &pos, result_a);
      move = cheops_move_from_san (&pos, tok, -1, NULL);
      if (move == CHEOPS_MOVE_NONE)
        {
          ok = false;
          break;
        }
      cheops_position_do_move (&pos, move, &undo);
      ply++;
    }
  return ok;
}

guint
tune_set_add_pgn (TuneSet *set, const char *text, int skip_plies, double sample, GRand *rand,
                  guint *bad_games)
{
  const CheopsVariant *variant = set->ev->variant;
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint games = 0;
  int i = 0;

  while (lines[i] != NULL)
    {
      const CheopsVariant *game_variant = &cheops_variant_cheops;
      g_autofree char *fen = NULL;
      g_autofree char *result = NULL;
      GString *movetext;
      CheopsPosition start;
      double result_a;

      while (lines[i] != NULL && lines[i][0] != '[')
        i++;
      if (lines[i] == NULL)
        break;
      for (; lines[i] != NULL && lines[i][0] == '['; i++)
        {
          char *name, *value;

          if (!read_tag (lines[i], &name, &value))
            continue;
          if (strcmp (name, "Variant") == 0)
            game_variant = cheops_variant_find (value);
          else if (strcmp (name, "FEN") == 0)
            { g_free (fen); fen = g_strdup (value); }
          else if (strcmp (name, "Result") == 0)
            { g_free (result); result = g_strdup (value); }
          g_free (name);
          g_free (value);
        }
      movetext = g_string_new (NULL);
      for (; lines[i] != NULL && lines[i][0] != '['; i++)
        {
          g_string_append (movetext, lines[i]);
          g_string_append_c (movetext, ' ');
        }
      games++;
      if (game_variant != variant || result == NULL)
        {
          g_string_free (movetext, TRUE);
          continue;
        }
      if (strcmp (result, "1-0") == 0)
        result_a = 1.0;
      else if (strcmp (result, "0-1") == 0)
        result_a = 0.0;
      else if (strcmp (result, "1/2-1/2") == 0)
        result_a = 0.5;
      else
        {
          g_string_free (movetext, TRUE);
          continue;
        }
      if (fen != NULL)
        {
          if (!cheops_position_from_fen (&start, variant, fen, NULL))
            {
              if (bad_games != NULL)
                (*bad_games)++;
              g_string_free (movetext, TRUE);
              continue;
            }
        }
      else
        cheops_position_init_start (&start, variant);
      if (!add_game (set, &start, movetext->str, result_a, skip_plies, sample, rand) && bad_games != NULL)
        (*bad_games)++;
      g_string_free (movetext, TRUE);
    }
  return games;
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
