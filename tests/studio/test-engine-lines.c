/* test-engine-lines.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Engine lines and game text in the studio (issue 22), in each of the four
 * games, driven through the window's actions and the line's own tooltip
 * as a user's gestures drive them: the pointer over a move of a line
 * (GTK asks the label's tooltip at the pointer's coordinates) previews the
 * position after that move on a small board with the whole line under it;
 * Ctrl+Alt+C (win.copy-line) copies the line as a game from the position
 * analysed, Ctrl+Alt+Shift+C (win.copy-variation) the current variation,
 * Ctrl+Shift+V (win.paste-variation) pastes game text as a variation at
 * the current move — the exact text copied and the exact tree after the
 * paste are checked, and a bad paste changes nothing.
 *
 * The engine is the fake engine of the tests, its PV set to a legal line
 * of the position (FAKE_ENGINE_PV), so that every text is fixed.
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cheops-core.h"
#include "cheops-game-model.h"
#include "studio-analysis-panel.h"
#include "studio-application.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-line-preview.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

/* What the user sees and copies in each game: the moves are the core's
 * first legal moves (played: the first move of the first two plies; the
 * engine's line: the first of each of the next three; the variation
 * pasted at ply 1: the second move there), the texts as the studio shows
 * and writes them. */
typedef struct {
  const char *variant;
  const char *line_text;      /* the line's label */
  const char *preview_fen;    /* on the small board, the pointer on the line's second move */
  const char *line_game;      /* win.copy-line(0) */
  const char *variation_game; /* win.copy-variation at ply 1 */
  const char *bad_toast;      /* win.paste-variation of "1. Zz9 *" */
  const char *pasted_game;    /* after pasting line_game at ply 2 and the alternative at ply 1 */
} Case;

#include "test-engine-lines-cases.h"

/* The machine text of move @index (in the core's order) of @pos, played. */
static char *
take_move (CheopsPosition *pos,
           guint           index,
           char          **san)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, list);
  char text[CHEOPS_MOVE_TEXT_MAX];
  char buf[CHEOPS_SAN_MAX];
  CheopsUndo undo;

  g_assert_cmpint (end - list, >, index);
  cheops_move_to_text (pos->variant, list[index], text);
  if (san != NULL)
    {
      cheops_move_to_san (pos, list[index], buf);
      *san = g_strdup (buf);
    }
  cheops_position_do_move (pos, list[index], &undo);
  return g_strdup (text);
}

static StudioAnalysisPanel *the_panel;

/* Whether the popover of the preview is up. */
static gboolean
preview_shown (void)
{
  GtkWidget *popover = gtk_widget_get_ancestor (studio_analysis_panel_get_preview (the_panel), GTK_TYPE_POPOVER);

  return popover != NULL && gtk_widget_get_visible (popover);
}

static gboolean
has_lines (gpointer data)
{
  return studio_analysis_panel_get_n_lines (data) > 0;
}

static gboolean
is_pv_label (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "analysis-pv") &&
         gtk_widget_get_visible (gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW));
}

static gboolean
toast_is (GtkWidget     *widget,
          gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

static gboolean
window_has_toast (gpointer data)
{
  gpointer *wait = data;

  return studio_test_find_widget (GTK_WIDGET (((StudioWindow *) wait[0])->toast_overlay), toast_is, wait[1]) != NULL;
}

static void
wait_toast (StudioWindow *window,
            const char   *text)
{
  gpointer wait[2] = { window, (gpointer) text };

  studio_test_spin_until (window_has_toast, wait);
}

/* A wrapper script that runs the fake engine for @variant with @pv as
 * its line; returns its path (in @dir). */
static char *
write_engine (const char *dir,
              const char *variant,
              const char *pv)
{
  char *path = g_build_filename (dir, "engine", NULL);
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\nFAKE_ENGINE_VARIANTS='%s' FAKE_ENGINE_PV='%s' exec '%s' good\n",
                                             variant, pv, g_getenv ("STUDIO_FAKE_ENGINE"));

  g_assert_true (g_file_set_contents (path, script, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

/* Where (in @label's coordinates) the text @word of it lies: its middle. */
static void
word_position (GtkLabel   *label,
               const char *word,
               int        *x,
               int        *y)
{
  const char *text = gtk_label_get_text (label);
  const char *found = strstr (text, word);
  PangoLayout *layout = gtk_label_get_layout (label);
  PangoRectangle rect;
  int ox = 0, oy = 0;

  g_assert_nonnull (found);
  gtk_label_get_layout_offsets (label, &ox, &oy);
  pango_layout_index_to_pos (layout, (int) (found - text), &rect);
  *x = ox + (rect.x + rect.width / 2) / PANGO_SCALE;
  *y = oy + (rect.y + rect.height / 2) / PANGO_SCALE;
}

/* The pointer onto @label at (@x, @y): its motion controller's "motion",
 * as GTK emits it.  Returns whether the preview shows. */
static gboolean
hover (GtkWidget *label,
       int        x,
       int        y)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (label);
  gboolean found = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        {
          g_signal_emit_by_name (controller, "motion", (double) x, (double) y);
          found = TRUE;
        }
    }
  g_assert_true (found);
  return preview_shown ();
}

static void
unhover (GtkWidget *label)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (label);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        g_signal_emit_by_name (controller, "leave");
    }
}

static char *
preview_fen (StudioAnalysisPanel *panel)
{
  GtkWidget *preview = studio_test_find_widget_of_type (studio_analysis_panel_get_preview (panel),
                                                        STUDIO_TYPE_LINE_PREVIEW);
  char fen[CHEOPS_FEN_MAX];

  g_assert_nonnull (preview);
  cheops_position_to_fen (studio_line_preview_get_position (STUDIO_LINE_PREVIEW (preview)), fen, sizeof fen);
  return g_strdup (fen);
}

static const char *
preview_text (StudioAnalysisPanel *panel)
{
  GtkWidget *label = studio_test_find_by_class (studio_analysis_panel_get_preview (panel), "analysis-preview-line");

  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

static gboolean
game_text_changed (gpointer data)
{
  gpointer *wait = data;
  g_autofree char *text = studio_document_dup_game_text (wait[0]);

  return g_strcmp0 (text, wait[1]) != 0;
}

/* Pastes @text as a variation and waits for the game to change. */
static void
paste_variation (StudioWindow *window,
                 const char   *text)
{
  StudioDocument *document = studio_window_get_document (window);
  g_autofree char *before = studio_document_dup_game_text (document);
  gpointer wait[2] = { document, before };

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), text);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.paste-variation", NULL);
  studio_test_spin_until (game_text_changed, wait);
}

static void
test_lines (gconstpointer data)
{
  const Case *c = data;
  const CheopsVariant *variant = cheops_variant_find (c->variant);
  CheopsPosition pos;
  g_autofree char *played[2] = { NULL, NULL };
  g_autofree char *pv[3] = { NULL, NULL, NULL };
  g_autofree char *pv_text = NULL;
  g_autofree char *alt_san = NULL;
  g_autofree char *alt_movetext = NULL;
  g_autofree char *dir = g_dir_make_tmp ("studio-lines-XXXXXX", NULL);
  g_autofree char *engine = NULL;
  g_autofree char *text = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *end_fen = NULL;
  g_autofree char *second_san = NULL;
  StudioWindow *window;
  StudioDocument *document;
  StudioAnalysisPanel *panel;
  GtkWidget *label;
  int x, y;

  g_assert_nonnull (variant);
  cheops_position_init_start (&pos, variant);
  {
    CheopsPosition first;

    played[0] = take_move (&pos, 0, NULL);
    first = pos;
    g_free (take_move (&first, 1, &alt_san));
    played[1] = take_move (&pos, 0, NULL);
    pv[0] = take_move (&pos, 0, NULL);
    pv[1] = take_move (&pos, 0, &second_san);
    pv[2] = take_move (&pos, 0, NULL);
  }
  pv_text = g_strdup_printf ("%s %s %s", pv[0], pv[1], pv[2]);
  engine = write_engine (dir, c->variant, pv_text);

  g_setenv ("CHEOPS_ENGINE", engine, TRUE);
  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", c->variant);
  document = studio_window_get_document (window);
  g_assert_true (studio_document_get_variant (document) == variant);
  for (guint i = 0; i < 2; i++)
    gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", played[i]);
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 2);

  /* A bad paste at ply 1 says why (the first toast: toasts queue) and
   * changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  {
    g_autofree char *before = studio_document_dup_game_text (document);
    CheopsGameNode *current = studio_document_get_current (document);

    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), "1. Zz9 *\n");
    gtk_widget_activate_action (GTK_WIDGET (window), "win.paste-variation", NULL);
    wait_toast (window, c->bad_toast);
    text = studio_document_dup_game_text (document);
    g_assert_cmpstr (text, ==, before);
    g_clear_pointer (&text, g_free);
    g_assert_true (studio_document_get_current (document) == current);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);

  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  studio_test_spin_until (has_lines, panel);
  studio_test_spin_frames ();
  label = studio_test_find_widget (GTK_WIDGET (panel), is_pv_label, NULL);
  g_assert_nonnull (label);
  g_test_message ("line: %s", gtk_label_get_text (GTK_LABEL (label)));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, c->line_text);

  /* The pointer on the line's second move: the position after it on the
   * small board, the whole line under it, beside the line. */
  the_panel = panel;
  g_assert_false (preview_shown ());
  word_position (GTK_LABEL (label), second_san, &x, &y);
  g_assert_true (hover (label, x, y));
  fen = preview_fen (panel);
  g_test_message ("preview: %s", fen);
  g_assert_cmpstr (fen, ==, c->preview_fen);
  g_assert_cmpstr (preview_text (panel), ==, c->line_text);
  /* Off the moves (left of the first move number): the line's end. */
  g_assert_true (hover (label, 0, y));
  end_fen = preview_fen (panel);
  g_assert_cmpstr (end_fen, !=, fen);
  {
    CheopsPosition end = pos;
    char buf[CHEOPS_FEN_MAX];

    cheops_position_to_fen (&end, buf, sizeof buf);
    g_assert_cmpstr (end_fen, ==, buf);
  }
  /* The pointer leaves: the preview goes. */
  unhover (label);
  g_assert_false (preview_shown ());

  /* Ctrl+Alt+C: the best line as a game from the position analysed. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-line", "i", 0);
  text = studio_test_clipboard_text (GTK_WIDGET (window));
  g_test_message ("line game:\n%s", text);
  g_assert_cmpstr (text, ==, c->line_game);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);

  /* Ctrl+Shift+V at ply 2 (no continuation yet): the line copied, with
   * its [FEN], becomes the main line from there. */
  paste_variation (window, text);
  g_clear_pointer (&text, g_free);
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 5);

  /* Ctrl+Alt+Shift+C at ply 1: the variation down to its end. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-variation", NULL);
  text = studio_test_clipboard_text (GTK_WIDGET (window));
  g_test_message ("variation:\n%s", text);
  g_assert_cmpstr (text, ==, c->variation_game);
  g_clear_pointer (&text, g_free);

  /* Ctrl+Shift+V at ply 1 of movetext alone (another second move): read
   * from the current position, a variation there. */
  alt_movetext = g_strdup_printf ("%s", alt_san);
  paste_variation (window, alt_movetext);
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (document)), ==, alt_san);
  text = studio_document_dup_game_text (document);
  g_test_message ("pasted:\n%s", text);
  g_assert_cmpstr (text, ==, c->pasted_game);
  g_clear_pointer (&text, g_free);
  /* One undo step takes the paste back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_node_get_n_children (cheops_game_node_get_first_child (cheops_game_get_root (studio_document_get_game (document)))), ==, 1);

  while (studio_document_get_modified (document))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("CHEOPS_ENGINE");
  g_remove (engine);
  g_rmdir (dir);
}

/* The keys of issue 22's actions, in the shortcuts window too (with Learn
 * from Your Mistakes'). */
static void
test_accelerators (void)
{
  static const struct {
    const char *action;
    const char *accel;
  } keys[] = {
    { "win.copy-line(0)", "<Control><Alt>c" },
    { "win.copy-variation", "<Control><Alt><Shift>c" },
    { "win.paste-variation", "<Control><Shift>v" },
    { "win.learn", "<Control><Shift>m" },
  };
  g_autoptr(StudioApplication) app = studio_application_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *xml = NULL;

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  bytes = g_resources_lookup_data ("/org/cheops/Studio/help-overlay.ui", 0, NULL);
  xml = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), keys[i].action);
      g_autofree char *property = g_strdup_printf ("<property name=\"action-name\">%s</property>", keys[i].action);

      guint key = 0, expected_key = 0;
      GdkModifierType mods = 0, expected_mods = 0;

      g_assert_cmpuint (g_strv_length (accels), ==, 1);
      g_assert_true (gtk_accelerator_parse (accels[0], &key, &mods));
      g_assert_true (gtk_accelerator_parse (keys[i].accel, &expected_key, &expected_mods));
      g_assert_cmpuint (key, ==, expected_key);
      g_assert_cmpuint (mods, ==, expected_mods);
      g_assert_nonnull (strstr (xml, property));
    }
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/Studio/EngineLines/%s", cases[i].variant);

      g_test_add_data_func (path, &cases[i], test_lines);
    }
  g_test_add_func ("/Studio/EngineLines/accelerators", test_accelerators);
  return g_test_run ();
}
