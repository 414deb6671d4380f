/* test-problem-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Problem panel under a display (xvfb-run): win.problem shows it; Set
 * writes the stipulation (one undo step); Verify runs in a worker thread
 * while the main loop goes on, to a result shown in place — the verdict,
 * the key's defences with the duals marked, the tries with their
 * refutations — whose lines go to (and add) their moves in the game;
 * Store writes the Verified tag (undoable); Cancel stops a long
 * verification, which ends undecided; a verification of a game the
 * document has left is never shown.
 */
#include <adwaita.h>

#include "studio-test-util.h"
#include "cheops-game-model.h"
#include "cheops-pgn.h"
#include "studio-document.h"
#include "studio-problem-panel.h"
#include "studio-window.h"

static const char problem_text[] =
  "[Variant \"Step and Circle TrigChess\"]\n"
  "[SetUp \"1\"]\n"
  "[FEN \"7/7/2D6/4S4/6K/5k1 g 0 1\"]\n"
  "[Stipulation \"#2\"]\n"
  "\n"
  "1. Dd3 *\n";

/* The progress bar says how far the solver is. */
static gboolean
bar_counts (gpointer data)
{
  const char *text = gtk_progress_bar_get_text (data);

  return text != NULL && strstr (text, "moves searched") != NULL;
}

static gboolean
not_busy (gpointer data)
{
  return !studio_problem_panel_get_busy (data);
}

static StudioProblemPanel *
open_panel (StudioWindow *window, const char *text)
{
  GtkWidget *panel;
  GtkWidget *revealer;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_load_text (window, text, NULL));
  panel = studio_test_find_widget_of_type (GTK_WIDGET (window), STUDIO_TYPE_PROBLEM_PANEL);
  g_assert_nonnull (panel);
  revealer = gtk_widget_get_ancestor (panel, GTK_TYPE_REVEALER);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.problem", NULL));
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  studio_test_spin_frames ();
  return STUDIO_PROBLEM_PANEL (panel);
}

static void
test_verify (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioProblemPanel *panel = open_panel (window, problem_text);
  StudioDocument *doc = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (doc);
  g_autofree char *verdict = NULL;
  static const char *const lines[] = {
    "Key 1. Dd3",
    "1. Dd3 Kf1 2. De2# (a dual)",
    "1. Dd3 Kf1 2. Df2# (a dual)",
    "1. Dd3 Kh1 2. De2 (a dual)",
    "1. Dd3 Kh1 2. Df2 (a dual)",
    "1. Dd3 Kh1 2. Kg2 (a dual)",
  };

  /* Set: the tag, one undo step. */
  studio_problem_panel_set_stipulation (panel, 3);
  g_assert_cmpstr (cheops_game_get_tag (game, "Stipulation"), ==, "#3");
  g_assert_true (studio_document_undo (doc));
  g_assert_cmpstr (cheops_game_get_tag (game, "Stipulation"), ==, "#2");

  studio_problem_panel_verify (panel);
  g_assert_true (studio_problem_panel_get_busy (panel));
  studio_test_spin_until (not_busy, panel);
  verdict = studio_problem_panel_dup_verdict (panel);
  /* The count of moves searched is the threads' (the studio verifies on
   * every core): how the work splits between them changes it from run to
   * run (369 on one thread). */
  g_assert_true (g_regex_match_simple ("^Sound: 1\\. Dd3 is the only key\\. [0-9][^a-z]* moves searched in [0-9.]+ s\\.$",
                                       verdict, 0, 0));
  g_assert_cmpint (studio_problem_panel_get_result (panel)->verdict, ==, CHEOPS_SOLVE_SOUND);
  /* The key, its defences with the duals, then the 17 tries (18 first moves). */
  g_assert_cmpuint (studio_problem_panel_get_n_lines (panel), ==, G_N_ELEMENTS (lines) + 17);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *text = studio_problem_panel_dup_line_text (panel, i);

      g_assert_cmpstr (text, ==, lines[i]);
    }
  {
    g_autofree char *text = studio_problem_panel_dup_line_text (panel, G_N_ELEMENTS (lines));

    g_assert_true (g_str_has_prefix (text, "Try 1. "));
    g_assert_nonnull (strstr (text, ", refuted by 1... K"));
  }

  /* A line goes to its moves, adding those the game lacks (one undo
   * step); the key was there already. */
  studio_problem_panel_activate_line (panel, 5);
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (doc)), ==, "Kg2");
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 4);
  g_assert_true (studio_document_undo (doc));
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 2);

  /* Store: the Verified tag, undoable. */
  g_assert_true (studio_problem_panel_store (panel));
  g_assert_cmpstr (cheops_game_get_tag (game, "Verified"), ==, "sound #2: key 1. Dd3");
  g_assert_true (studio_document_undo (doc));
  g_assert_null (cheops_game_get_tag (game, "Verified"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A helpmate (issue 26): its genre kept by Set, its solution as a line
 * that plays both sides' moves, and the Verified tag. */
static gboolean
is_label_with_text (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static void
test_helpmate (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioProblemPanel *panel = open_panel (window,
    "[Variant \"Step and Circle TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/2D6/4S4/6K/5k1 r 0 1\"]\n"
    "[Stipulation \"h#1\"]\n\n1... Kh1 2. Kg2 *\n");
  StudioDocument *doc = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (doc);
  g_autofree char *verdict = NULL, *line = NULL;

  /* The row before the number of moves names the genre, not "Win in". */
  g_assert_nonnull (studio_test_find_widget (GTK_WIDGET (panel), is_label_with_text, "Helpmate in"));
  g_assert_null (studio_test_find_widget (GTK_WIDGET (panel), is_label_with_text, "Win in"));
  studio_problem_panel_set_stipulation (panel, 2);
  g_assert_cmpstr (cheops_game_get_tag (game, "Stipulation"), ==, "h#2");
  g_assert_true (studio_document_undo (doc));
  g_assert_cmpstr (cheops_game_get_tag (game, "Stipulation"), ==, "h#1");

  studio_problem_panel_verify (panel);
  studio_test_spin_until (not_busy, panel);
  verdict = studio_problem_panel_dup_verdict (panel);
  g_assert_true (g_str_has_prefix (verdict, "Sound: 1 solution found, as intended. "));
  g_assert_cmpuint (studio_problem_panel_get_n_lines (panel), ==, 1);
  line = studio_problem_panel_dup_line_text (panel, 0);
  g_assert_cmpstr (line, ==, "Solution 1... Kh1 2. Kg2");
  g_assert_true (studio_problem_panel_store (panel));
  g_assert_cmpstr (cheops_game_get_tag (game, "Verified"), ==, "sound h#1: 1 solution, 1 intended, first moves 1... Kh1");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A problem with two keys whose game plays neither: the verdict leads
 * with the cook, the news about the problem, not with "Wrong solution"
 * (issue 21).  Q/3/kK3/… #1: Ki6# and Kj7# both win (tests/engine/
 * test-solve.c); the game plays Ki8. */
static void
test_cook_leads (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioProblemPanel *panel = open_panel (window,
                                          "[Variant \"Cheops\"]\n"
                                          "[SetUp \"1\"]\n"
                                          "[FEN \"Q/3/kK3/7/9/11/13/15/17 a 0 1\"]\n"
                                          "[Stipulation \"#1\"]\n"
                                          "\n"
                                          "1. Ki8 *\n");
  g_autofree char *verdict = NULL;

  studio_problem_panel_verify (panel);
  studio_test_spin_until (not_busy, panel);
  g_assert_cmpint (studio_problem_panel_get_result (panel)->verdict, ==, CHEOPS_SOLVE_WRONG_SOLUTION);
  verdict = studio_problem_panel_dup_verdict (panel);
  g_test_message ("%s", verdict);
  g_assert_true (g_str_has_prefix (verdict, "Cooked: 2 first moves win: 1. Ki6#, 1. Kj7#. "
                                            "The game’s first move is not one of them. "));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_cancel (void)
{
  /* Cheops's initial position, "#16": far more than a test's time (the
   * solver decides "#4" there in 0.2 s: no solution). */
  StudioWindow *window = studio_window_new (NULL);
  StudioProblemPanel *panel = open_panel (window,
    "[SetUp \"1\"]\n[FEN \"1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1\"]\n[Stipulation \"#16\"]\n\n*\n");
  GtkWidget *bar = studio_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_PROGRESS_BAR);
  g_autofree char *verdict = NULL;
  const CheopsSolveResult *r;

  studio_problem_panel_verify (panel);
  /* The window goes on while the solver works, the bar counting (its
   * first count comes 100 ms after the start). */
  studio_test_spin_until (bar_counts, bar);
  g_assert_true (studio_problem_panel_get_busy (panel));
  g_assert_true (gtk_widget_get_visible (bar));
  studio_problem_panel_cancel (panel);
  studio_test_spin_until (not_busy, panel);
  g_assert_false (gtk_widget_get_visible (bar));
  r = studio_problem_panel_get_result (panel);
  g_assert_cmpint (r->verdict, ==, CHEOPS_SOLVE_UNDECIDED);
  g_assert_cmpstr (r->stopped_by, ==, "cancelled");
  g_assert_cmpint (r->nodes, >, 0);
  verdict = studio_problem_panel_dup_verdict (panel);
  g_assert_true (g_str_has_prefix (verdict, "Undecided: the verification was cancelled."));
  /* Nothing to store. */
  g_assert_false (studio_problem_panel_store (panel));

  /* A verification of a game the document leaves is dropped. */
  studio_problem_panel_verify (panel);
  studio_test_spin_for (100);
  g_assert_true (studio_window_load_text (window, problem_text, NULL));
  g_assert_false (studio_problem_panel_get_busy (panel));
  g_assert_null (studio_problem_panel_get_result (panel));
  studio_test_spin_for (300);
  g_assert_null (studio_problem_panel_get_result (panel));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Write Solution into Game (issue 26): T1 of tests/tools/test-problem-
 * verify.c's /tools/problem-verify/write, the TrigChess #2 whose file gives
 * 1. Sh2: the panel writes the same moves and comments as `cheops problem
 * verify --write` (the key kept as the mainline with "!", "key" and its
 * threat, its one defence, the six tries refuted by one defence only),
 * as one undo step; a series-mover cannot be written (a game file holds no
 * passes) and its button stays off. */
static gboolean
has_name (GtkWidget     *widget,
          gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static void
test_write (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioProblemPanel *panel = open_panel (window,
    "[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kS3/7 g 0 1\"]\n[Stipulation \"#2\"]\n\n1. Sh2 *\n");
  StudioDocument *doc = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (doc);
  GtkWidget *button = studio_test_find_widget (GTK_WIDGET (panel), has_name, "write-solution");
  g_autofree char *text = NULL;
  const char *moves;
  guint before;

  g_assert_nonnull (button);
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_false (studio_problem_panel_write_solution (panel));   /* not verified yet */
  studio_problem_panel_verify (panel);
  studio_test_spin_until (not_busy, panel);
  g_assert_true (gtk_widget_get_sensitive (button));
  before = cheops_game_count_nodes (game);
  g_assert_true (studio_problem_panel_write_solution (panel));
  text = cheops_pgn_write_game (game);
  moves = strstr (text, "\n\n");
  g_assert_nonnull (moves);
  g_assert_cmpstr (moves + 2, ==,
    "1. Sh2 $1 {key, threat: Db2#, Db3#, Dc3#} (1. Sg3 $2 {try} 1... Kc2 $1 {the only\n"
    "refutation}) (1. Db2+ $2 {try} 1... Kxe2 $1 {the only refutation}) (1. Db3+ $2\n"
    "{try} 1... Kxe2 $1 {the only refutation}) (1. Dc3+ $2 {try} 1... Kxe2 $1 {the\n"
    "only refutation}) (1. Kf3 $2 {try} 1... Kxe2 $1 {the only refutation}) (1. Ke4\n"
    "$2 {try} 1... Kxe2 $1 {the only refutation}) 1... Kc2 2. Sf1 *\n");
  /* One undo step takes it all back. */
  g_assert_true (studio_document_undo (doc));
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, before);
  gtk_window_destroy (GTK_WINDOW (window));

  window = studio_window_new (NULL);
  panel = open_panel (window,
    "[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/kS7/8D/7/1K5 g 0 1\"]\n[Stipulation \"ser-#1\"]\n\n1. Sd3 *\n");
  button = studio_test_find_widget (GTK_WIDGET (panel), has_name, "write-solution");
  studio_problem_panel_verify (panel);
  studio_test_spin_until (not_busy, panel);
  g_assert_cmpint (studio_problem_panel_get_result (panel)->verdict, ==, CHEOPS_SOLVE_SOUND);
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_false (studio_problem_panel_write_solution (panel));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The label of the item of @menu (and its submenus) whose action is
 * @action, or NULL. */
static char *
menu_label_of (GMenuModel *menu,
               const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *item_action = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;
      const char *name;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action)
          && g_str_equal (item_action, action))
        {
          char *label = NULL;

          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
          return label;
        }
      links = g_menu_model_iterate_item_links (menu, i);
      while (g_menu_link_iter_get_next (links, &name, &link))
        {
          char *label = menu_label_of (link, action);

          g_object_unref (link);
          if (label != NULL)
            return label;
        }
    }
  return NULL;
}

static gboolean
is_menu_button (GtkWidget     *widget,
                gconstpointer  data)
{
  g_autofree char *label = NULL;

  if (!GTK_IS_MENU_BUTTON (widget) || gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) == NULL)
    return FALSE;
  label = menu_label_of (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), data);
  return label != NULL;
}

/* The main menu's item of win.problem says what it shows. */
static void
test_menu_label (void)
{
  StudioWindow *window = studio_window_new (NULL);
  GtkWidget *button = studio_test_find_widget (GTK_WIDGET (window), is_menu_button, "win.problem");
  g_autofree char *label = NULL;

  g_assert_nonnull (button);
  label = menu_label_of (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), "win.problem");
  g_assert_cmpstr (label, ==, "_Problem Panel: Stipulation and Verification");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/Problem/verify", test_verify);
  g_test_add_func ("/Studio/Problem/cancel", test_cancel);
  g_test_add_func ("/Studio/Problem/helpmate", test_helpmate);
  g_test_add_func ("/Studio/Problem/cook-leads", test_cook_leads);
  g_test_add_func ("/Studio/Problem/write", test_write);
  g_test_add_func ("/Studio/Problem/menu-label", test_menu_label);

  return g_test_run ();
}
