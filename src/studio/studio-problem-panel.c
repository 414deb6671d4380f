/* studio-problem-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioProblemPanel: composing a problem (issue 12).  It shows the game's
 * stipulation ([Stipulation "#N"], cheops-problem.h) and sets it (an
 * undoable tag edit); Verify runs the exhaustive solver (src/engine/
 * solve.h) on the game's start position in a worker thread (a GTask), with
 * a progress bar and Cancel, so that the window never waits; the verdict
 * and its lines — the keys, every defence with its winning continuations
 * (a dual marked), the tries with their refutations — are shown in place,
 * and activating a line goes to it in the game, adding the moves that are
 * not there yet.  Store writes the verdict as the tag [Verified "…"] in the
 * words of `cheops problem verify` (README, "Problems"), undoable too;
 * Write Solution into Game adds the solution to the game as variations, as
 * `cheops problem verify --write` does (cheops-problem-write.h).  A
 * cancelled or limited search is "undecided" and keeps what it proved.
 */
#define G_LOG_DOMAIN "studio-problem-panel"

#include "studio-config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cheops-game-model.h"
#include "cheops-notation.h"
#include "cheops-problem-write.h"
#include "studio-problem-panel.h"

/* The most lines the list shows (a position may have hundreds of tries). */
#define MAX_LINES 300

/* One solve in the worker thread: its input, its progress (under @lock)
 * and its result. */
typedef struct {
  CheopsPosition      pos;
  CheopsSolveProblem  problem;
  CheopsMove          line[2 * CHEOPS_SOLVE_MAX_DEPTH];  /* the game's mainline, problem.line */
  atomic_int          cancel;
  GMutex              lock;
  CheopsSolveProgress progress;
  CheopsSolveResult  *result;
} Verify;

/* A line of the list: its text and its moves from the start (machine
 * text). */
typedef struct {
  char  *text;
  GStrv  moves;
} Line;

struct _StudioProblemPanel {
  GtkWidget           parent_instance;

  /* Template widgets */
  GtkWidget          *box;
  GtkSpinButton      *moves_spin;
  GtkLabel           *moves_label;
  GtkWidget          *set_button;
  GtkLabel           *stipulation_label;
  GtkWidget          *verify_button;
  GtkWidget          *cancel_button;
  GtkWidget          *store_button;
  GtkWidget          *write_button;
  GtkProgressBar     *progress_bar;
  GtkLabel           *verdict_label;
  GtkListBox         *lines_list;

  /* Owned */
  StudioDocument     *document;
  Verify             *running;     /* the solve in progress, or NULL (the task owns it) */
  CheopsSolveResult  *result;      /* the last result, or NULL */
  CheopsPosition      result_pos;  /* the position it is of */
  GPtrArray          *lines;       /* Line */
  guint               progress_id;
};

enum {
  VERIFIED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (StudioProblemPanel, studio_problem_panel, GTK_TYPE_WIDGET)

static guint signals [N_SIGNALS];

static void
line_free (gpointer data)
{
  Line *line = data;

  g_free (line->text);
  g_strfreev (line->moves);
  g_free (line);
}

static void
verify_free (gpointer data)
{
  Verify *v = data;

  cheops_solve_result_free (v->result);
  g_mutex_clear (&v->lock);
  g_free (v);
}

static void
progress_func (const CheopsSolveProgress *progress,
               void                      *user_data)
{
  Verify *v = user_data;

  g_mutex_lock (&v->lock);
  v->progress = *progress;
  g_mutex_unlock (&v->lock);
}

static void
verify_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Verify *v = task_data;
  CheopsSolveLimits limits = {
    .cancel = &v->cancel,
    .progress = progress_func,
    .progress_data = v,
    .threads = (int) MIN (g_get_num_processors (), 64),   /* the cores it has */
  };

  v->problem.line = v->line;
  v->result = cheops_solve_problem (&v->pos, &v->problem, &limits);
  g_task_return_boolean (task, v->result != NULL);
}

static void
append_san (GString *out, const CheopsPosition *pos, CheopsMove move)
{
  char san[CHEOPS_SAN_MAX];

  cheops_move_to_san (pos, move, san);
  g_string_append (out, san);
}

/* "1. Sh2" or "1... Kc2" */
static void
append_numbered (GString *out, const CheopsPosition *pos, CheopsMove move, gboolean number)
{
  if (number || pos->side_to_move == CHEOPS_SIDE_A)
    g_string_append_printf (out, "%d%s ", pos->fullmove_number, pos->side_to_move == CHEOPS_SIDE_A ? "." : "...");
  append_san (out, pos, move);
}

/* The keys, "1. Sh2, 1. Sg3". */
static char *
dup_keys (const CheopsPosition *pos, const CheopsSolveResult *r)
{
  GString *out = g_string_new (NULL);

  for (int k = 0; k < r->n_keys; k++)
    {
      if (k > 0)
        g_string_append (out, ", ");
      append_numbered (out, pos, r->keys[k].move, TRUE);
    }
  return g_string_free (out, FALSE);
}

static void
add_line (StudioProblemPanel   *self,
          char                 *text,
          const CheopsPosition *start,
          const CheopsMove     *moves,
          guint                 n_moves)
{
  Line *line;
  CheopsPosition pos = *start;
  GtkWidget *label, *row;

  if (self->lines->len >= MAX_LINES)
    {
      g_free (text);
      return;
    }
  line = g_new0 (Line, 1);
  line->text = text;
  line->moves = g_new0 (char *, n_moves + 1);
  for (guint i = 0; i < n_moves; i++)
    {
      char buf[CHEOPS_MOVE_TEXT_MAX];
      CheopsUndo undo;

      cheops_move_to_text (pos.variant, moves[i], buf);
      line->moves[i] = g_strdup (buf);
      cheops_position_do_move (&pos, moves[i], &undo);
    }
  g_ptr_array_add (self->lines, line);

  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, _("Go to this line in the game"));
  gtk_list_box_append (self->lines_list, row);
}

static void
clear_lines (StudioProblemPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lines_list))) != NULL)
    gtk_list_box_remove (self->lines_list, child);
  g_ptr_array_set_size (self->lines, 0);
}

/* The verdict for people, translated. */
static char *
dup_verdict_text (const CheopsPosition *pos, const CheopsSolveResult *r)
{
  g_autofree char *keys = dup_keys (pos, r);
  g_autofree char *nodes = g_strdup_printf ("%" G_GINT64_FORMAT, r->nodes);
  g_autofree char *work = g_strdup_printf (_("%s moves searched in %.2f s."), nodes, r->seconds);
  g_autofree char *verdict = NULL;
  gboolean lines = r->genre == CHEOPS_SOLVE_HELP || r->genre == CHEOPS_SOLVE_SERIES;

  if (lines && r->verdict != CHEOPS_SOLVE_UNDECIDED && r->verdict != CHEOPS_SOLVE_NO_SOLUTION)
    {
      g_autofree char *found = g_strdup_printf ("%" G_GINT64_FORMAT, r->n_solutions);

      /* h#, ser-#: solutions, whole lines (listed below). */
      if (r->verdict == CHEOPS_SOLVE_SOUND)
        verdict = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Sound: %s solution found, as intended.",
                                                "Sound: %s solutions found, as intended.",
                                                (gulong) MIN (r->n_solutions, G_MAXLONG)), found);
      else if (r->verdict == CHEOPS_SOLVE_COOKED)
        verdict = g_strdup_printf (_("Cooked: %s solutions found, %d intended."), found, r->intended);
      else if (!r->mainline_is_key)
        verdict = g_strdup_printf (_("Wrong solution: the game’s line is the start of no solution; %s solutions found."), found);
      else
        verdict = g_strdup_printf (_("Wrong solution: %s solutions found, %d intended."), found, r->intended);
      return g_strdup_printf ("%s %s", verdict, work);
    }
  switch (r->verdict)
    {
    case CHEOPS_SOLVE_SOUND:
      verdict = g_strdup_printf (_("Sound: %s is the only key."), keys);
      break;
    case CHEOPS_SOLVE_COOKED:
      verdict = g_strdup_printf (_("Cooked: %d first moves win: %s."), r->n_keys, keys);
      break;
    case CHEOPS_SOLVE_NO_SOLUTION:
      verdict = g_strdup_printf (_("No solution: no first move wins in time."));
      break;
    case CHEOPS_SOLVE_WRONG_SOLUTION:
      /* A cook is the news about the problem; the game's move comes
       * second (issue 21). */
      if (r->n_keys > 1)
        verdict = g_strdup_printf (_("Cooked: %d first moves win: %s. The game’s first move is not one of them."),
                                   r->n_keys, keys);
      else
        verdict = g_strdup_printf (_("Wrong solution: the game’s first move is not a key. Keys: %s."), keys);
      break;
    case CHEOPS_SOLVE_UNDECIDED:
    default:
      if (g_strcmp0 (r->stopped_by, "cancelled") == 0)
        verdict = g_strdup (_("Undecided: the verification was cancelled."));
      else
        verdict = g_strdup (_("Undecided: a limit was reached."));
      if (r->n_keys > 0)
        {
          char *more = g_strdup_printf (_("%s Keys proved so far: %s."), verdict, keys);

          g_free (verdict);
          verdict = more;
        }
      break;
    }
  return g_strdup_printf ("%s %s", verdict, work);
}

/**
 * studio_problem_dup_verified_tag:
 * @pos: the problem's position, the one @r is of
 * @r: a solver's result
 *
 * The value of the Verified tag that stores @r's verdict in the game, in
 * the words of `cheops problem verify` (README, "Problems"): "sound #2:
 * key 1. Sh2", "cooked #1: keys 1. Ki6#, 1. Kj7#", "no-solution #1",
 * "wrong-solution #2: keys 1. Qi9"; for h# and ser-# the solutions'
 * count.  The moves in the variant's record notation.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL for an
 *   undecided verdict (never stored)
 */
char *
studio_problem_dup_verified_tag (const CheopsPosition *pos, const CheopsSolveResult *r)
{
  g_autofree char *keys = dup_keys (pos, r);
  const char *sign = cheops_solve_genre_sign (r->genre);

  if ((r->genre == CHEOPS_SOLVE_HELP || r->genre == CHEOPS_SOLVE_SERIES)
      && r->verdict != CHEOPS_SOLVE_UNDECIDED && r->verdict != CHEOPS_SOLVE_NO_SOLUTION)
    return g_strdup_printf ("%s %s%d: %" G_GINT64_FORMAT " solution%s, %d intended, first moves %s",
                            cheops_solve_verdict_name (r->verdict), sign, r->depth, r->n_solutions,
                            r->n_solutions == 1 ? "" : "s", r->intended, keys);
  switch (r->verdict)
    {
    case CHEOPS_SOLVE_SOUND:
      return g_strdup_printf ("sound %s%d: key %s", sign, r->depth, keys);
    case CHEOPS_SOLVE_COOKED:
      return g_strdup_printf ("cooked %s%d: keys %s", sign, r->depth, keys);
    case CHEOPS_SOLVE_NO_SOLUTION:
      return g_strdup_printf ("no-solution %s%d", sign, r->depth);
    case CHEOPS_SOLVE_WRONG_SOLUTION:
      return g_strdup_printf ("wrong-solution %s%d: keys %s", sign, r->depth, keys);
    case CHEOPS_SOLVE_UNDECIDED:
    default:
      return NULL;
    }
}

static void
show_result (StudioProblemPanel *self)
{
  const CheopsSolveResult *r = self->result;
  const CheopsPosition *start = &self->result_pos;
  g_autofree char *text = NULL;

  clear_lines (self);
  if (r == NULL)
    {
      gtk_label_set_text (self->verdict_label, "");
      gtk_widget_set_sensitive (self->store_button, FALSE);
      gtk_widget_set_sensitive (self->write_button, FALSE);
      return;
    }
  text = dup_verdict_text (start, r);
  gtk_label_set_text (self->verdict_label, text);
  gtk_widget_set_sensitive (self->store_button, r->verdict != CHEOPS_SOLVE_UNDECIDED);
  /* A series cannot be written: a game file holds no passes. */
  gtk_widget_set_sensitive (self->write_button,
                            r->verdict != CHEOPS_SOLVE_UNDECIDED && r->genre != CHEOPS_SOLVE_SERIES
                            && (r->n_keys > 0 || r->n_tries > 0));

  /* h#, ser-#: each solution, a whole line (a series' moves numbered one
   * by one; only its first move can be played in the game: the defender
   * passes between them). */
  for (int i = 0; i < r->n_stored; i++)
    {
      const CheopsMove *moves = r->solutions + (size_t) i * (size_t) r->solution_plies;
      CheopsPosition pos = *start;
      GString *l = g_string_new (NULL);

      for (int j = 0; j < r->solution_plies; j++)
        {
          CheopsUndo undo;

          if (j > 0)
            g_string_append_c (l, ' ');
          if (r->genre == CHEOPS_SOLVE_SERIES)
            {
              g_string_append_printf (l, "%d. ", j + 1);
              append_san (l, &pos, moves[j]);
            }
          else
            append_numbered (l, &pos, moves[j], j == 0);
          cheops_position_do_move (&pos, moves[j], &undo);
          if (r->genre == CHEOPS_SOLVE_SERIES && j + 1 < r->solution_plies)
            cheops_position_do_null_move (&pos, &undo);
        }
      add_line (self, g_strdup_printf (_("Solution %s"), l->str), start, moves,
                r->genre == CHEOPS_SOLVE_SERIES ? 1 : (guint) r->solution_plies);
      g_string_free (l, TRUE);
    }
  if (r->genre == CHEOPS_SOLVE_HELP || r->genre == CHEOPS_SOLVE_SERIES)
    return;

  for (int k = 0; k < r->n_keys; k++)
    {
      const CheopsSolveKey *key = &r->keys[k];
      CheopsPosition after = *start;
      CheopsUndo undo;
      GString *t = g_string_new (NULL);

      append_numbered (t, start, key->move, TRUE);
      add_line (self, g_strdup_printf (r->n_keys > 1 ? _("Key %s (a cook)") : _("Key %s"), t->str),
                start, &key->move, 1);
      cheops_position_do_move (&after, key->move, &undo);
      for (int d = 0; d < key->n_defences; d++)
        {
          const CheopsSolveDefence *def = &key->defences[d];
          CheopsPosition after2 = after;

          cheops_position_do_move (&after2, def->move, &undo);
          for (int w = 0; w < MAX (def->n_wins, 1); w++)
            {
              GString *l = g_string_new (t->str);
              CheopsMove moves[3] = { key->move, def->move, CHEOPS_MOVE_NONE };

              g_string_append_c (l, ' ');
              append_numbered (l, &after, def->move, FALSE);
              if (def->n_wins > 0)
                {
                  g_string_append_c (l, ' ');
                  append_numbered (l, &after2, def->wins[w], TRUE);
                  moves[2] = def->wins[w];
                }
              if (def->n_wins > 1)
                {
                  char *dual = g_strdup_printf (_("%s (a dual)"), l->str);

                  g_string_assign (l, dual);
                  g_free (dual);
                }
              add_line (self, g_string_free (l, FALSE), start, moves, def->n_wins > 0 ? 3 : 2);
            }
        }
      g_string_free (t, TRUE);
    }
  for (int i = 0; i < r->n_tries; i++)
    {
      const CheopsSolveTry *try = &r->tries[i];
      CheopsPosition after = *start;
      CheopsUndo undo;
      GString *t = g_string_new (NULL);
      GString *ref = g_string_new (NULL);
      CheopsMove moves[2] = { try->move, try->refutation };

      append_numbered (t, start, try->move, TRUE);
      if (try->refutation != CHEOPS_MOVE_NONE)
        {
          cheops_position_do_move (&after, try->move, &undo);
          append_numbered (ref, &after, try->refutation, TRUE);
          add_line (self, g_strdup_printf (_("Try %s, refuted by %s"), t->str, ref->str), start, moves, 2);
        }
      else
        add_line (self, g_strdup_printf (_("Try %s, which does not win"), t->str), start, moves, 1);
      g_string_free (t, TRUE);
      g_string_free (ref, TRUE);
    }
}

static void
set_busy (StudioProblemPanel *self,
          gboolean            busy)
{
  gtk_widget_set_sensitive (self->verify_button, !busy);
  gtk_widget_set_sensitive (self->set_button, !busy);
  gtk_widget_set_sensitive (self->cancel_button, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), busy);
  if (busy)
    {
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
      gtk_progress_bar_set_text (self->progress_bar, _("Verifying…"));
      gtk_widget_set_sensitive (self->store_button, FALSE);
      gtk_widget_set_sensitive (self->write_button, FALSE);
    }
}

static gboolean
progress_tick_cb (gpointer data)
{
  StudioProblemPanel *self = data;
  CheopsSolveProgress p;
  double fraction;
  g_autofree char *nodes = NULL, *text = NULL;

  if (self->running == NULL)
    {
      self->progress_id = 0;
      return G_SOURCE_REMOVE;
    }
  g_mutex_lock (&self->running->lock);
  p = self->running->progress;
  g_mutex_unlock (&self->running->lock);
  /* The first moves are most of the work: 80 %, the keys' defences the
   * rest. */
  fraction = p.total > 0 ? (double) p.done / p.total : 0;
  fraction = p.phase == 0 ? 0.8 * fraction : 0.8 + 0.2 * fraction;
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  nodes = g_strdup_printf ("%" G_GINT64_FORMAT, p.nodes);
  text = g_strdup_printf (_("Verifying: %s moves searched"), nodes);
  gtk_progress_bar_set_text (self->progress_bar, text);
  return G_SOURCE_CONTINUE;
}

static void
verify_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  StudioProblemPanel *self = STUDIO_PROBLEM_PANEL (object);
  GTask *task = G_TASK (result);
  Verify *v = g_task_get_task_data (task);
  gboolean current = self->running == v;

  if (current)
    {
      self->running = NULL;
      g_clear_handle_id (&self->progress_id, g_source_remove);
      set_busy (self, FALSE);
    }
  if (!current || !g_task_propagate_boolean (task, NULL))
    return;
  cheops_solve_result_free (self->result);
  self->result = g_steal_pointer (&v->result);
  self->result_pos = v->pos;
  show_result (self);
  g_signal_emit (self, signals [VERIFIED], 0);
}

/* The stipulation of the document's game: its number of moves, 0 when it
 * has none, -1 when its tag is malformed (with the message). */
static int
game_stipulation (StudioProblemPanel *self,
                  char              **message,
                  CheopsStipulation  *stipulation)
{
  CheopsGame *game = self->document != NULL ? studio_document_get_game (self->document) : NULL;
  g_autoptr(GError) error = NULL;
  CheopsStipulation s;

  if (stipulation != NULL)
    *stipulation = (CheopsStipulation) { 0, CHEOPS_STIPULATION_DIRECT };
  if (game == NULL)
    return 0;
  if (cheops_problem_get_stipulation (game, NULL, 0, 0, &s, &error))
    {
      if (stipulation != NULL)
        *stipulation = s;
      return s.moves;
    }
  if (g_error_matches (error, CHEOPS_PROBLEM_ERROR, CHEOPS_PROBLEM_ERROR_NO_STIPULATION))
    return 0;
  if (message != NULL)
    {
      /* Without the file the place is "0:COLUMN: ": the message after it. */
      const char *m = strstr (error->message, ": ");

      *message = g_strdup (m != NULL ? m + 2 : error->message);
    }
  return -1;
}

static void
update_stipulation (StudioProblemPanel *self)
{
  g_autofree char *message = NULL;
  g_autofree char *text = NULL;
  CheopsStipulation stip;
  int moves = game_stipulation (self, &message, &stip);
  /* The words before the number of moves name the genre (issue 26: a
   * series-mover's row said "Win in"). */
  const char *genre_words = _("Win in");

  if (moves > 0 && stip.genre == CHEOPS_STIPULATION_HELP)
    /* Translators: before the number of moves of a helpmate, "h#2" */
    genre_words = _("Helpmate in");
  else if (moves > 0 && stip.genre == CHEOPS_STIPULATION_SELF)
    /* Translators: before the number of moves of a selfmate, "s#2" */
    genre_words = _("Selfmate in");
  else if (moves > 0 && stip.genre == CHEOPS_STIPULATION_SERIES)
    /* Translators: before the number of moves of a series-mover, "ser-#2" */
    genre_words = _("Series-mover in");
  gtk_label_set_text (self->moves_label, genre_words);

  if (moves == 0)
    text = g_strdup (_("No stipulation: Set makes the game a problem."));
  else if (moves < 0)
    text = g_strdup_printf (_("The Stipulation tag is malformed: %s"), message);
  else
    {
      const CheopsPosition *start = cheops_game_get_start_position (studio_document_get_game (self->document));
      const char *side = studio_document_get_side_name (self->document, start->side_to_move);

      const char *other = studio_document_get_side_name (self->document, cheops_side_other (start->side_to_move));

      switch (stip.genre)
        {
        case CHEOPS_STIPULATION_HELP:
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "h#%d: %s starts, both help, %s wins with its move %d.",
                                               "h#%d: %s starts, both help, %s wins with its move %d.", moves),
                                  moves, side, other, moves);
          break;
        case CHEOPS_STIPULATION_SELF:
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "s#%d: %s to move forces %s to win in %d move.",
                                               "s#%d: %s to move forces %s to win in %d moves.", moves),
                                  moves, side, other, moves);
          break;
        case CHEOPS_STIPULATION_SERIES:
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "ser-#%d: %s makes %d move in a row and wins.",
                                               "ser-#%d: %s makes %d moves in a row and wins with the last.", moves),
                                  moves, side, moves);
          break;
        case CHEOPS_STIPULATION_DIRECT:
        default:
          text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "#%d: %s to move wins in %d move.",
                                               "#%d: %s to move wins in %d moves.", moves),
                                  moves, side, moves);
          break;
        }
      gtk_spin_button_set_value (self->moves_spin, moves);
    }
  gtk_label_set_text (self->stipulation_label, text);
}

static void
document_changed_cb (StudioProblemPanel *self)
{
  update_stipulation (self);
}

/* Stops the verification in progress and forgets it: its result, of the
 * game before, is never shown. */
static void
detach_running (StudioProblemPanel *self)
{
  if (self->running == NULL)
    return;
  atomic_store (&self->running->cancel, 1);
  self->running = NULL;
  g_clear_handle_id (&self->progress_id, g_source_remove);
  set_busy (self, FALSE);
}

static void
document_game_cb (StudioProblemPanel *self)
{
  detach_running (self);
  g_clear_pointer (&self->result, cheops_solve_result_free);
  show_result (self);
  update_stipulation (self);
}

static void
set_clicked_cb (StudioProblemPanel *self)
{
  studio_problem_panel_set_stipulation (self, gtk_spin_button_get_value_as_int (self->moves_spin));
}

static void
verify_clicked_cb (StudioProblemPanel *self)
{
  studio_problem_panel_verify (self);
}

static void
cancel_clicked_cb (StudioProblemPanel *self)
{
  if (self->running != NULL)
    atomic_store (&self->running->cancel, 1);
}

static void
store_clicked_cb (StudioProblemPanel *self)
{
  studio_problem_panel_store (self);
}

static void
write_clicked_cb (StudioProblemPanel *self)
{
  studio_problem_panel_write_solution (self);
}

static void
row_activated_cb (StudioProblemPanel *self,
                  GtkListBoxRow      *row)
{
  studio_problem_panel_activate_line (self, (guint) gtk_list_box_row_get_index (row));
}

static void
studio_problem_panel_dispose (GObject *object)
{
  StudioProblemPanel *self = STUDIO_PROBLEM_PANEL (object);

  if (self->running != NULL)
    {
      atomic_store (&self->running->cancel, 1);
      self->running = NULL;
    }
  g_clear_handle_id (&self->progress_id, g_source_remove);
  g_clear_object (&self->document);
  g_clear_pointer (&self->result, cheops_solve_result_free);
  g_clear_pointer (&self->lines, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), STUDIO_TYPE_PROBLEM_PANEL);

  G_OBJECT_CLASS (studio_problem_panel_parent_class)->dispose (object);
}

static void
studio_problem_panel_class_init (StudioProblemPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_problem_panel_dispose;

  /**
   * StudioProblemPanel::verified:
   *
   * A verification ended (with a verdict, undecided included) and its
   * result is shown.
   */
  signals [VERIFIED] =
    g_signal_new ("verified", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cheops/Studio/studio-problem-panel.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, box);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, moves_spin);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, set_button);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, stipulation_label);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, moves_label);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, verify_button);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, store_button);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, write_button);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, StudioProblemPanel, lines_list);
  gtk_widget_class_bind_template_callback (widget_class, set_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, verify_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, store_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, write_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
}

static void
studio_problem_panel_init (StudioProblemPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->lines = g_ptr_array_new_with_free_func (line_free);
  update_stipulation (self);
}

/**
 * studio_problem_panel_new:
 *
 * Returns: (transfer floating): a new panel, without a document
 */
GtkWidget *
studio_problem_panel_new (void)
{
  return g_object_new (STUDIO_TYPE_PROBLEM_PANEL, NULL);
}

/**
 * studio_problem_panel_set_document:
 * @self: a #StudioProblemPanel
 * @document: (nullable): the document whose game is the problem
 *
 * Follows @document: its game's stipulation, and a verification is
 * cancelled and its result dropped when the document shows another game.
 */
void
studio_problem_panel_set_document (StudioProblemPanel *self,
                                   StudioDocument     *document)
{
  g_return_if_fail (STUDIO_IS_PROBLEM_PANEL (self));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::game", G_CALLBACK (document_game_cb), self, G_CONNECT_SWAPPED);
    }
  document_game_cb (self);
}

/**
 * studio_problem_panel_set_stipulation:
 * @self: a #StudioProblemPanel
 * @moves: the number of moves, 1..CHEOPS_PROBLEM_MAX_MOVES
 *
 * Sets the game's Stipulation tag to "#@moves" (one undo step); a game
 * whose stipulation is of another genre ("h#2") keeps its genre ("h#@moves").
 */
void
studio_problem_panel_set_stipulation (StudioProblemPanel *self,
                                      int                 moves)
{
  g_return_if_fail (STUDIO_IS_PROBLEM_PANEL (self));
  g_return_if_fail (moves >= 1 && moves <= CHEOPS_PROBLEM_MAX_MOVES);

  if (self->document == NULL)
    return;
  {
    CheopsStipulation stip;

    game_stipulation (self, NULL, &stip);
    stip.moves = moves;
    cheops_problem_set_stipulation (studio_document_get_game (self->document), &stip);
  }
  update_stipulation (self);
}

/**
 * studio_problem_panel_verify:
 * @self: a #StudioProblemPanel
 *
 * Starts verifying the game's start position against its stipulation (the
 * spin button's number when the game has none, or a malformed one) in a
 * worker thread; "verified" is emitted when it ends.  Does nothing while a
 * verification runs.
 */
void
studio_problem_panel_verify (StudioProblemPanel *self)
{
  g_autoptr(GTask) task = NULL;
  CheopsGame *game;
  CheopsStipulation stip;
  Verify *v;
  int moves;

  g_return_if_fail (STUDIO_IS_PROBLEM_PANEL (self));

  if (self->running != NULL || self->document == NULL)
    return;
  game = studio_document_get_game (self->document);
  moves = game_stipulation (self, NULL, &stip);
  if (moves <= 0)
    moves = gtk_spin_button_get_value_as_int (self->moves_spin);

  v = g_new0 (Verify, 1);
  v->pos = *cheops_game_get_start_position (game);
  v->problem.genre = (CheopsSolveGenre) stip.genre;
  v->problem.depth = moves;
  if (!cheops_problem_get_solutions (game, &v->problem.intended, NULL))
    v->problem.intended = 1;
  /* The game's line, as far as the stipulation's moves go. */
  for (CheopsGameNode *node = cheops_game_node_get_first_child (cheops_game_get_root (game));
       node != NULL && v->problem.n_line < (int) G_N_ELEMENTS (v->line);
       node = cheops_game_node_get_first_child (node))
    v->line[v->problem.n_line++] = cheops_game_node_get_move (node);
  g_mutex_init (&v->lock);
  self->running = v;

  task = g_task_new (self, NULL, verify_done_cb, NULL);
  g_task_set_source_tag (task, studio_problem_panel_verify);
  g_task_set_task_data (task, v, verify_free);
  set_busy (self, TRUE);
  self->progress_id = g_timeout_add (100, progress_tick_cb, self);
  g_task_run_in_thread (task, verify_thread);
}

/**
 * studio_problem_panel_cancel:
 * @self: a #StudioProblemPanel
 *
 * Stops the verification in progress, if any: it ends soon as undecided,
 * showing what it proved.
 */
void
studio_problem_panel_cancel (StudioProblemPanel *self)
{
  g_return_if_fail (STUDIO_IS_PROBLEM_PANEL (self));

  cancel_clicked_cb (self);
}

/**
 * studio_problem_panel_get_busy:
 * @self: a #StudioProblemPanel
 *
 * Returns: whether a verification runs
 */
gboolean
studio_problem_panel_get_busy (StudioProblemPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_PROBLEM_PANEL (self), FALSE);

  return self->running != NULL;
}

/**
 * studio_problem_panel_get_result:
 * @self: a #StudioProblemPanel
 *
 * Returns: (transfer none) (nullable): the last verification's result
 */
const CheopsSolveResult *
studio_problem_panel_get_result (StudioProblemPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_PROBLEM_PANEL (self), NULL);

  return self->result;
}

/**
 * studio_problem_panel_dup_verdict:
 * @self: a #StudioProblemPanel
 *
 * Returns: (transfer full): the verdict as shown ("" before any)
 */
char *
studio_problem_panel_dup_verdict (StudioProblemPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_PROBLEM_PANEL (self), NULL);

  return g_strdup (gtk_label_get_text (self->verdict_label));
}

/**
 * studio_problem_panel_get_n_lines:
 * @self: a #StudioProblemPanel
 *
 * Returns: the number of lines the result shows
 */
guint
studio_problem_panel_get_n_lines (StudioProblemPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_PROBLEM_PANEL (self), 0);

  return self->lines->len;
}

/**
 * studio_problem_panel_dup_line_text:
 * @self: a #StudioProblemPanel
 * @index: a line, below studio_problem_panel_get_n_lines()
 *
 * Returns: (transfer full): the text of line @index
 */
char *
studio_problem_panel_dup_line_text (StudioProblemPanel *self,
                                    guint               index)
{
  g_return_val_if_fail (STUDIO_IS_PROBLEM_PANEL (self), NULL);
  g_return_val_if_fail (index < self->lines->len, NULL);

  return g_strdup (((Line *) self->lines->pdata[index])->text);
}

/**
 * studio_problem_panel_activate_line:
 * @self: a #StudioProblemPanel
 * @index: a line, below studio_problem_panel_get_n_lines()
 *
 * Goes to line @index in the game from its start, adding the moves that
 * are not in the game yet (one undo step), as activating its row does.
 */
void
studio_problem_panel_activate_line (StudioProblemPanel *self,
                                    guint               index)
{
  g_autoptr(GError) error = NULL;
  Line *line;

  g_return_if_fail (STUDIO_IS_PROBLEM_PANEL (self));
  g_return_if_fail (index < self->lines->len);

  if (self->document == NULL || self->result == NULL)
    return;
  line = self->lines->pdata[index];
  studio_document_go_start (self->document);
  if (!studio_document_play_line (self->document, (const char *const *) line->moves,
                                  g_strv_length (line->moves), &error))
    g_warning ("A line of the problem could not be played: %s", error->message);
}

/**
 * studio_problem_panel_store:
 * @self: a #StudioProblemPanel
 *
 * Writes the last verdict into the game as its Verified tag (one undo
 * step): "sound #2: key 1. Sh2", "cooked #1: keys 1. Ki6#, 1. Kj7#",
 * "no-solution #1", "wrong-solution #2: keys 1. Qi9".
 *
 * Returns: %FALSE when there is no decided verdict to store
 */
gboolean
studio_problem_panel_store (StudioProblemPanel *self)
{
  g_autofree char *value = NULL;

  g_return_val_if_fail (STUDIO_IS_PROBLEM_PANEL (self), FALSE);

  if (self->document == NULL || self->result == NULL)
    return FALSE;
  value = studio_problem_dup_verified_tag (&self->result_pos, self->result);
  if (value == NULL)
    return FALSE;
  return cheops_game_set_tag (studio_document_get_game (self->document), CHEOPS_PROBLEM_TAG_VERIFIED, value, NULL);
}

/**
 * studio_problem_panel_write_solution:
 * @self: a #StudioProblemPanel
 *
 * Writes the last decided verification into the game as composers write a
 * solution, as `cheops problem verify --write` does
 * (cheops_problem_write_solution(), one undo step): for #N and s#N each
 * key ("!", the comment "key" with its threat) with every defence and its
 * winning continuations ("dual" where there are several), then each try
 * refuted by one defence only ("?", "try", the refutation with "!" and
 * "the only refutation"); for h#N each solution as a line.  The moves the
 * game has are kept.  The threats and refutations are solved here, in the
 * main thread (each of N - 1 moves, after a verification of N).
 *
 * Returns: %FALSE when there is nothing to write (no decided verdict, a
 *   series-mover, a game whose start is no longer the verified position)
 */
gboolean
studio_problem_panel_write_solution (StudioProblemPanel *self)
{
  g_autoptr(GError) error = NULL;
  CheopsGame *game;

  g_return_val_if_fail (STUDIO_IS_PROBLEM_PANEL (self), FALSE);

  if (self->document == NULL || self->result == NULL || self->result->verdict == CHEOPS_SOLVE_UNDECIDED
      || self->result->genre == CHEOPS_SOLVE_SERIES)
    return FALSE;
  game = studio_document_get_game (self->document);
  if (cheops_game_get_start_position (game)->key != self->result_pos.key)
    return FALSE;
  if (!cheops_problem_write_solution (game, self->result, NULL, &error))
    {
      g_warning ("The solution could not be written into the game: %s", error->message);
      return FALSE;
    }
  return TRUE;
}
