/* studio-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioWindow: one document in a window.  A header bar, a strip that says
 * what part of a file could not be read, and a stack of two pages: the
 * start page (new game, open, the sample games) and the game page (the
 * evaluation bar and the board on the left; the game's headline, the move
 * tree and the analysis panel on the right).
 *
 * The window wires the parts together: the document's current node drives
 * the board scene (position, last move, arrows and marks) and the analysis
 * panel; moves and drawings on the board go back into the document; the
 * analysis panel's evaluation feeds the bar and its best move the board.
 * Its win.* actions live in studio-window-actions.c, the setting up of a
 * position (the side pane's "setup" page) in studio-window-setup.c.
 */
#define G_LOG_DOMAIN "studio-window"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-move-entry.h"
#include "studio-window-private.h"

G_DEFINE_FINAL_TYPE (StudioWindow, studio_window, ADW_TYPE_APPLICATION_WINDOW)

#define SAMPLES_PATH "/org/cheops/Studio/samples/"
#define MAX_PROBLEMS_SHOWN 6
/* Below this window width the side pane goes under the board: a board of
 * 280 pixels and the evaluation bar beside a pane of 380 need about 760. */
#define NARROW_WIDTH 760
/* The narrowest window, in the narrow layout. */
#define MIN_WIDTH 360
/* The narrowest window whose set-up panel, under the board, has two
 * columns. */
#define SETUP_COLUMNS_WIDTH 600
/* The widest toast text, in characters (about 650 pixels): a longer text
 * wraps, as does a text wider than the window leaves room for. */
#define TOAST_MAX_CHARS 80
/* What a toast takes besides its text, in pixels: its margins and padding
 * and the close button (libadwaita 1.2's style), with room to spare. */
#define TOAST_FRAME_WIDTH 110

/* The toast's text, wrapped to what the window leaves room for: libadwaita
 * 1.2 gives a toast its natural size, cut to the window's width, so a
 * label as wide as TOAST_MAX_CHARS ran off a 700 px window (issue 21). */
static void
toast_label_fit (StudioWindow *self,
                 GtkLabel     *label,
                 const char   *message,
                 int           button_width)
{
  int room = gtk_widget_get_width (GTK_WIDGET (self->toast_overlay)) - TOAST_FRAME_WIDTH - button_width;
  PangoFontMetrics *metrics;
  int char_width, max_chars = TOAST_MAX_CHARS;

  gtk_label_set_text (label, message);
  gtk_widget_add_css_class (GTK_WIDGET (label), "heading");
  /* In characters as GtkLabel counts them (its widest: a digit's or the
   * average character's width). */
  metrics = pango_context_get_metrics (gtk_widget_get_pango_context (GTK_WIDGET (label)), NULL, NULL);
  char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                    pango_font_metrics_get_approximate_digit_width (metrics));
  pango_font_metrics_unref (metrics);
  if (room > 0 && char_width > 0)
    max_chars = CLAMP (room * PANGO_SCALE / char_width, 12, TOAST_MAX_CHARS);

  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (label, max_chars);
  /* As wide as the text, up to that: else the toast, taller with a
   * button, gets a label wrapped to the narrowest width its height holds. */
  gtk_label_set_width_chars (label, MIN ((int) g_utf8_strlen (message, -1) * 11 / 10 + 1, max_chars));
  gtk_label_set_xalign (label, 0);
}

/* The toast shown, until it is dismissed: a weak pointer kept on the
 * toast overlay (see _studio_window_toast()). */
#define SHOWN_TOAST_KEY "studio-shown-toast"

static void
toast_dismissed_cb (AdwToast        *toast,
                    AdwToastOverlay *overlay)
{
  if (g_object_get_data (G_OBJECT (overlay), SHOWN_TOAST_KEY) == toast)
    g_object_set_data (G_OBJECT (overlay), SHOWN_TOAST_KEY, NULL);
}

/**
 * _studio_window_toast:
 * @self: a #StudioWindow
 * @message: what to say, plain text (not markup)
 *
 * Shows @message in a toast over the window, wrapped to the window's width
 * (at most TOAST_MAX_CHARS characters a line), so that it is read whole
 * and never runs into the toast's close button or off the window.  (In
 * libadwaita 1.2 a toast's title is markup and is neither cut nor wrapped,
 * so the toast gets a label of its own, adw_toast_set_custom_title().)
 *
 * While a toast is shown, @message replaces its text and its 4 s start
 * again: the window never has more than one toast of its own, and the
 * newest message is the one shown (a toast added behind it would wait 4 s
 * for its turn).  This is also a workaround: libadwaita 1.2 (1.2.2 in
 * Debian 12) frees a toast dismissed during its show animation before that
 * animation's "done" handler reads it, a use after free in
 * adw_animation_skip() (fixed upstream in 1.3 by commit 1674ebc9,
 * "toast-overlay: Prevent show_done from firing after hide_done"); a
 * toast that waits in the overlay's queue is shown, when the one before it
 * goes, with the longer replace animation, which made that race likely
 * when toasts came quickly (tests/studio/test-toasts.c).
 */
void
_studio_window_toast (StudioWindow *self,
                      const char   *message)
{
  _studio_window_toast_with_action (self, message, NULL, NULL);
}

/**
 * _studio_window_toast_with_action:
 * @self: a #StudioWindow
 * @message: what to say, plain text (not markup)
 * @button_label: (nullable): the label of the toast's button, with a
 *   mnemonic; translated
 * @action_name: (nullable): the action the button activates ("win.…")
 *
 * Shows @message as _studio_window_toast() does, with a button that
 * activates @action_name (none when either is NULL).
 */
void
_studio_window_toast_with_action (StudioWindow *self,
                                  const char   *message,
                                  const char   *button_label,
                                  const char   *action_name)
{
  gboolean button = button_label != NULL && action_name != NULL;
  AdwToast *shown = g_object_get_data (G_OBJECT (self->toast_overlay), SHOWN_TOAST_KEY);
  /* The button's width, about: its label and padding. */
  int button_width = button ? 24 + 9 * (int) g_utf8_strlen (button_label, -1) : 0;
  AdwToast *toast;
  GtkWidget *label;

  if (shown != NULL)
    {
      label = adw_toast_get_custom_title (shown);
      toast_label_fit (self, GTK_LABEL (label), message, button_width);
      gtk_widget_set_tooltip_text (label, message);
      adw_toast_set_button_label (shown, button ? button_label : NULL);
      adw_toast_set_action_name (shown, button ? action_name : NULL);
      /* Adding the toast shown again only starts its timeout again. */
      adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (shown));
      return;
    }

  toast = adw_toast_new ("");
  label = gtk_label_new (message);
  toast_label_fit (self, GTK_LABEL (label), message, button_width);

  gtk_widget_set_tooltip_text (label, message);
  adw_toast_set_custom_title (toast, label);
  if (button)
    {
      adw_toast_set_button_label (toast, button_label);
      adw_toast_set_action_name (toast, action_name);
    }
  adw_toast_set_timeout (toast, 4);
  /* The overlay holds the toast until its hide animation ends; the key
   * holds a reference too, dropped when the toast is dismissed. */
  g_object_set_data_full (G_OBJECT (self->toast_overlay), SHOWN_TOAST_KEY,
                          g_object_ref (toast), g_object_unref);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb),
                           self->toast_overlay, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * _studio_window_update_title:
 * @self: a #StudioWindow
 *
 * Shows the document's name and folder (or what the window is doing) in
 * the header and the window title.
 */
void
_studio_window_update_title (StudioWindow *self)
{
  g_autofree char *name = studio_document_dup_title (self->document);
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  g_autofree char *subtitle = NULL;
  GFile *file = studio_document_get_file (self->document);

  /* An unsaved mark before the name, as GNOME Text Editor does. */
  if (studio_document_get_modified (self->document))
    title = g_strdup_printf ("• %s", name);
  else
    title = g_strdup (name);

  /* A file being read in the background (studio_document_load_async()):
   * not yet the document's file, and not unsaved work either. */
  if (studio_document_get_loading (self->document))
    {
      GFile *opening = g_object_get_data (G_OBJECT (self->document), "studio-opening");
      g_autofree char *basename = opening != NULL ? g_file_get_basename (opening) : NULL;

      if (basename != NULL)
        /* Translators: what the window does while a file is read; %s is
         * the file's name */
        subtitle = g_strdup_printf (_("Opening “%s”…"), basename);
    }
  else if (file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *path = parent != NULL ? g_file_get_path (parent) : NULL;

      if (path != NULL)
        {
          const char *home = g_get_home_dir ();

          if (g_str_has_prefix (path, home))
            subtitle = g_strconcat ("~", path + strlen (home), NULL);
          else
            subtitle = g_steal_pointer (&path);
        }
    }
  /* A sample opened from the start page is not unsaved work until it is
   * edited. */
  else if (studio_document_get_is_sample (self->document) && !studio_document_get_modified (self->document))
    subtitle = g_strdup (_("Sample game"));
  else
    subtitle = g_strdup (_("Not saved"));

  /* The start page shows no game yet. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "start") == 0)
    {
      adw_window_title_set_title (self->window_title, _("Cheops Studio"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Cheops Studio"));
      return;
    }

  /* Setting up a position is not the game (Done may open a new one). */
  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    {
      const char *game = _(studio_document_get_variant (self->document)->title);
      g_autofree char *setup_title = NULL;
      g_autofree char *setup_window_title = NULL;

      /* Translators: the header while a position is set up; %s is the
       * game's title ("Cheops", "Step and Circle TrigChess") */
      setup_title = g_strdup_printf (_("Set Up a %s Position"), game);
      /* Translators: the window title while a position is set up; %s is
       * the game's title */
      setup_window_title = g_strdup_printf (_("Set Up a %s Position — Cheops Studio"), game);
      adw_window_title_set_title (self->window_title, setup_title);
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), setup_window_title);
      return;
    }

  /* Which game is open, then where it is kept: "Step and Circle
   * TrigChess · Not saved". */
  {
    const char *game = _(studio_document_get_variant (self->document)->title);
    char *both = subtitle != NULL ? g_strdup_printf ("%s · %s", game, subtitle) : g_strdup (game);

    g_free (subtitle);
    subtitle = both;
  }
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  /* Translators: the window title: the file name and the program */
  window_title = g_strdup_printf (_("%s — Cheops Studio"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

static const char *
known_tag (CheopsGame *game,
           const char *name)
{
  const char *value = cheops_game_get_tag (game, name);

  return value != NULL && value[0] != 0 && g_strcmp0 (value, "?") != 0 ? value : NULL;
}

/* "Ann – Bob · 2026.11.30": the players, Green first, and the date (what
 * is known of them), for a sample's row. */
static char *
studio_window_dup_players_and_date (CheopsGame *game)
{
  const CheopsVariant *variant = cheops_game_get_start_position (game)->variant;
  const char *green = known_tag (game, variant->sides[0].tag);
  const char *orange = known_tag (game, variant->sides[1].tag);
  const char *date = known_tag (game, "Date");
  GString *text = g_string_new (NULL);

  if (green != NULL || orange != NULL)
    g_string_append_printf (text, "%s – %s", green != NULL ? green : "?", orange != NULL ? orange : "?");
  if (date != NULL && !g_str_has_prefix (date, "????"))
    g_string_append_printf (text, "%s%s", text->len > 0 ? " · " : "", date);

  return g_string_free (text, FALSE);
}

/* The game's heading over the moves: its event, then who played whom with
 * which colour, the date and the result. */
/* The bar turns with a board turned half round (CHEOPS_FLIP_ROTATE:
 * TrigChess's Red at the bottom after a flip, so Red's end of the bar is
 * there too); a mirrored board (Cheops) keeps its sides' ends. */
static void
studio_window_update_eval_bar_turn (StudioWindow *self)
{
  const CheopsVariant *variant = studio_document_get_variant (self->document);

  studio_eval_bar_set_upside_down (self->eval_bar,
                                   variant->board->flip == CHEOPS_FLIP_ROTATE &&
                                   studio_board_scene_get_flipped (self->scene));
}

static void
studio_window_update_headline (StudioWindow *self)
{
  CheopsGame *game = studio_document_get_game (self->document);
  const CheopsVariant *variant = studio_document_get_variant (self->document);
  CheopsSide green = cheops_game_get_colour_side (game, 0);
  const char *event = known_tag (game, "Event");
  const char *green_name = known_tag (game, variant->sides[0].tag);
  const char *orange_name = known_tag (game, variant->sides[1].tag);
  const char *date = known_tag (game, "Date");
  const char *result = cheops_game_get_result (game);
  g_autoptr(GString) players = g_string_new (NULL);

  gtk_label_set_label (self->headline_label, event != NULL ? event : _("Game"));

  /* Translators: "Green Ann – Orange Bob": who played which colour */
  if (green_name != NULL || orange_name != NULL)
    g_string_append_printf (players, _("%s %s – %s %s"),
                            _(variant->sides[0].name), green_name != NULL ? green_name : "?",
                            _(variant->sides[1].name), orange_name != NULL ? orange_name : "?");
  if (date != NULL && !g_str_has_prefix (date, "????"))
    g_string_append_printf (players, "%s%s", players->len > 0 ? " · " : "", date);
  if (result != NULL && g_strcmp0 (result, "*") != 0)
    g_string_append_printf (players, "%s%s", players->len > 0 ? " · " : "", result);
  gtk_label_set_label (self->players_label, players->str);
  gtk_widget_set_visible (GTK_WIDGET (self->players_label), players->len > 0);

  studio_board_scene_set_green_side (self->scene, green);
  studio_eval_bar_set_sides (self->eval_bar, variant, green == CHEOPS_SIDE_A);
  studio_window_update_eval_bar_turn (self);
}

static void
studio_window_update_shapes (StudioWindow *self)
{
  studio_document_get_shapes (self->document, self->shapes);
  _studio_window_learn_add_shapes (self, self->shapes);
  studio_board_scene_set_shapes (self->scene,
                                 (const StudioShape *)(gpointer) self->shapes->data,
                                 self->shapes->len);
  /* The move's glyph as a badge on its piece (issue 22). */
  studio_board_scene_set_glyph (self->scene,
                                cheops_game_node_get_move_glyph (studio_document_get_current (self->document)));
}

/**
 * _studio_window_sync_board:
 * @self: a #StudioWindow
 *
 * Shows the document's current node on the board: its position, the move
 * that led there and its arrows and marks.
 */
void
_studio_window_sync_board (StudioWindow *self)
{
  CheopsGameNode *node = studio_document_get_current (self->document);
  guint n_moves = 0;
  const CheopsMove *moves;

  /* Solve mode shows the problem being solved (studio-window-solve.c). */
  if (self->mode == STUDIO_WINDOW_MODE_SOLVE)
    {
      _studio_window_solve_sync_board (self);
      return;
    }
  moves = cheops_game_node_get_moves (node, &n_moves);

  /* What the node has derived, shared with the status line, the analysis
   * panel and the engine client. */
  studio_board_scene_set_node_position (self->scene,
                                        studio_document_get_position (self->document),
                                        cheops_game_node_get_move (node),
                                        moves, n_moves, cheops_game_node_in_check (node));
  studio_window_update_shapes (self);
  _studio_window_update_status (self);
}

/**
 * _studio_window_get_claimable_draw:
 * @self: a #StudioWindow
 *
 * The draw the player to move may claim where the game stands: at the end
 * of its main line, when the current move is there, by the variant's rules
 * (cheops_game_node_get_claimable_draw(): Cheops 8.4.2, Pyramids PY14).
 *
 * Returns: (nullable): the variant's static entry, or %NULL
 */
const CheopsClaimInfo *
_studio_window_get_claimable_draw (StudioWindow *self)
{
  CheopsGame *game = studio_document_get_game (self->document);
  CheopsGameNode *node = studio_document_get_current (self->document);

  if (self->mode == STUDIO_WINDOW_MODE_SETUP || node != cheops_game_get_mainline_end (game))
    return NULL;
  return cheops_game_node_get_claimable_draw (node);
}

/* Whether the game's result is the draw of a claim made (the Result tag a
 * draw where a draw may be claimed), as opposed to one still open ("*"). */
static gboolean
draw_claimed (StudioWindow *self)
{
  return g_strcmp0 (cheops_game_get_result (studio_document_get_game (self->document)), "1/2-1/2") == 0;
}

/* How the game ended where no rule ended it, or %NULL: the words of the
 * game against the engine that ended at the current move ("Black
 * resigns.", _studio_window_play_get_end_words()); else, at the end of the
 * main line of a game whose Result is decided, that Result in the words
 * of the Result tag's choices ("Gold wins (1-0)", "Draw (½–½)"). */
static char *
studio_window_dup_end_text (StudioWindow *self)
{
  CheopsGame *game = studio_document_get_game (self->document);
  const CheopsVariant *variant = studio_document_get_variant (self->document);
  const char *words = _studio_window_play_get_end_words (self);
  const char *result = cheops_game_get_result (game);

  if (words != NULL)
    return g_strdup (words);
  if (studio_document_get_current (self->document) != cheops_game_get_mainline_end (game))
    return NULL;
  if (g_strcmp0 (result, "1/2-1/2") == 0)
    return g_strdup (_("Draw (½–½)"));
  if (g_strcmp0 (result, "1-0") == 0 || g_strcmp0 (result, "0-1") == 0)
    /* The winner's colour: the first for "1-0" (PGN's order). */
    return g_strdup_printf (_("%s wins (%s)"), _(variant->sides[result[0] == '1' ? 0 : 1].name), result);
  return NULL;
}

/* _studio_window_dup_status() for the current node's @outcome; @over set
 * to whether the text says how the game ended. */
static char *
studio_window_dup_status (StudioWindow  *self,
                          CheopsOutcome  outcome,
                          gboolean      *over)
{
  const CheopsPosition *pos = studio_document_get_position (self->document);
  const char *mover = studio_document_get_side_name (self->document, pos->side_to_move);
  const char *other = studio_document_get_side_name (self->document, cheops_side_other (pos->side_to_move));
  const CheopsClaimInfo *claim = _studio_window_get_claimable_draw (self);
  g_autofree char *to_move = NULL;
  char *ended;

  *over = TRUE;
  if (outcome != CHEOPS_OUTCOME_NONE)
    return studio_document_dup_outcome_text (self->document, outcome);
  if (claim != NULL && draw_claimed (self))
    /* Translators: "Draw claimed: the same position for the third time
     * (8.4.2)." — the reason and the rule are the game's */
    return g_strdup_printf (_("Draw claimed: %s (%s)."), _(claim->reason), claim->rule);
  /* A resignation, an agreement, a Result the file gives. */
  ended = studio_window_dup_end_text (self);
  if (ended != NULL)
    return ended;
  *over = FALSE;
  if (cheops_game_node_in_check (studio_document_get_current (self->document)))
    {
      const char *note = cheops_position_check_note (pos, true);

      if (note != NULL)
        /* Translators: "Green to move, in checklock: the King is entombed
         * and may not move (4.2.5)": the second %s is the game's own words
         * for the state of check */
        to_move = g_strdup_printf (_("%s to move, %s"), mover, _(note));
      else
        /* Translators: "Gold to move, in check" */
        to_move = g_strdup_printf (_("%s to move, in check"), mover);
    }
  else
    /* Translators: "Gold to move" */
    to_move = g_strdup_printf (_("%s to move"), mover);

  /* The side that just moved: what the game says of it (Cheops: its King
   * stands in check only entombed, 4.2.7). */
  {
    const char *note = cheops_position_check_note (pos, false);

    if (note != NULL)
      {
        /* Translators: "Green to move · Orange: the King is entombed (4.2.7)" */
        char *text = g_strdup_printf (_("%s · %s: %s"), to_move, other, _(note));

        g_free (to_move);
        to_move = text;
      }
  }

  /* What the game explains of the position (Cypher chess: a re-take
   * window, 4.5) and of what the user just tried on the board. */
  {
    CheopsNote note;
    const char *tried = studio_board_scene_get_note (self->scene);

    if (cheops_position_move_note (pos, CHEOPS_CELL_NONE, CHEOPS_CELL_NONE, &note))
      {
        g_autofree char *words = studio_format_note (&note);
        char *text = g_strdup_printf ("%s · %s", to_move, words);

        g_free (to_move);
        to_move = text;
      }
    if (tried != NULL)
      {
        char *text = g_strdup_printf ("%s · %s", to_move, tried);

        g_free (to_move);
        to_move = text;
      }
  }

  /* A draw the player to move may claim (the line under the board offers
   * the claim, _studio_window_update_status()). */
  if (claim != NULL && g_strcmp0 (cheops_game_get_result (studio_document_get_game (self->document)), "*") == 0)
    {
      /* Translators: "Green to move · Green may claim a draw: the same
       * position for the third time (8.4.2)" */
      char *text = g_strdup_printf (_("%s · %s may claim a draw: %s (%s)"), to_move, mover,
                                    _(claim->reason), claim->rule);

      g_free (to_move);
      to_move = text;
    }
  return g_steal_pointer (&to_move);
}

/**
 * _studio_window_dup_status:
 * @self: a #StudioWindow
 *
 * The line under the board, as plain text: who is to move, and whether in
 * check, with the game's own words for a special state of check of either
 * side (cheops_position_check_note(): Cheops's checklock, 4.2.5, and
 * entombed King, 4.2.7); or how the game ended, in the game's words
 * (studio_document_dup_outcome_text()), or — at the end of the game
 * against the engine that ended by a resignation, an agreement, an
 * adjudication, or at the end of the main line of a game whose Result is
 * decided — the play's words or that Result.  Colours are named as the
 * game assigns them.
 *
 * Returns: (transfer full): the text
 */
char *
_studio_window_dup_status (StudioWindow *self)
{
  gboolean over;

  return studio_window_dup_status (self, studio_document_get_outcome (self->document), &over);
}

/**
 * _studio_window_update_status:
 * @self: a #StudioWindow
 *
 * Shows _studio_window_dup_status() under the board, after a dot in the
 * colour of the side to move; hidden while a position is set up (the
 * set-up panel has its own side to move).
 */
void
_studio_window_update_status (StudioWindow *self)
{
  const CheopsPosition *pos = studio_document_get_position (self->document);
  const CheopsVariant *variant = studio_document_get_variant (self->document);
  CheopsOutcome outcome = studio_document_get_outcome (self->document);
  gboolean over;
  g_autofree char *text = studio_window_dup_status (self, outcome, &over);
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_autofree char *markup = NULL;

  if (self->mode == STUDIO_WINDOW_MODE_SOLVE)
    {
      _studio_window_solve_update_status (self);
      return;
    }
  if (over)
    markup = g_strdup (escaped);
  else
    {
      /* A dot in the colour of the side to move. */
      const double *rgb = variant->sides[studio_document_get_side_is_first (self->document, pos->side_to_move)
                                         ? 0 : 1].fill;
      /* The claim itself, a link (win.claim-draw) first after the dot: the
       * line is cut at its end when the board is narrow, and the link must
       * stay (a fresh user found it cut off in a 1400 px window). */
      gboolean claim = _studio_window_get_claimable_draw (self) != NULL &&
                       g_strcmp0 (cheops_game_get_result (studio_document_get_game (self->document)), "*") == 0;
      g_autofree char *link = claim ? g_markup_printf_escaped ("<a href=\"claim-draw\">%s</a> · ",
                                                               _("Claim the Draw"))
                                    : NULL;

      markup = g_strdup_printf ("<span foreground=\"#%02x%02x%02x\">●</span> %s%s",
                                (guint) (rgb[0] * 255 + 0.5), (guint) (rgb[1] * 255 + 0.5),
                                (guint) (rgb[2] * 255 + 0.5), link != NULL ? link : "", escaped);
    }
  gtk_label_set_markup (self->status_label, markup);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), self->mode != STUDIO_WINDOW_MODE_SETUP);
}

/**
 * _studio_window_open_move_entry:
 * @self: a #StudioWindow
 * @text: (nullable): what to start with
 *
 * Opens the keyboard move entry under the middle of the board
 * (win.enter-move, Ctrl+M; a letter typed on the board).
 */
void
_studio_window_open_move_entry (StudioWindow *self,
                                const char   *text)
{
  GtkWidget *board = GTK_WIDGET (self->board_view);

  gtk_popover_set_pointing_to (GTK_POPOVER (self->move_entry),
                               &(GdkRectangle) { gtk_widget_get_width (board) / 2,
                                                 gtk_widget_get_height (board) / 2, 1, 1 });
  studio_move_entry_open (self->move_entry, text);
}

/* The status line's link: the claim of a draw. */
static gboolean
status_activate_link_cb (StudioWindow *self,
                         const char   *uri,
                         GtkLabel     *label)
{
  if (g_strcmp0 (uri, "claim-draw") != 0)
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.claim-draw", NULL);
  return TRUE;
}

static void analysis_evaluation_cb (StudioWindow        *self,
                                    gboolean             has_score,
                                    gboolean             is_ascension,
                                    int                  score,
                                    StudioAnalysisPanel *panel);

static void
studio_window_current_changed_cb (StudioWindow *self)
{
  /* Another game in this window (a file opened, a new game) ends a set-up
   * started from the old one. */
  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    _studio_window_end_setup (self, FALSE);
  /* ... and solve mode, unless it is solve mode's next problem. */
  if (self->mode == STUDIO_WINDOW_MODE_SOLVE && !self->solve_switching)
    _studio_window_end_solve (self);

  _studio_window_sync_board (self);
  _studio_window_update_actions (self);

  /* The engine, when on, gives the bar its score; else the game's own;
   * a decided game its result either way. */
  _studio_window_update_eval_bar (self);
}

static void
studio_window_document_changed_cb (StudioWindow *self,
                                   gpointer      node)
{
  /* While a position is set up the board shows no arrows; in solve mode
   * it shows the problem's. */
  if (self->mode == STUDIO_WINDOW_MODE_GAME)
    studio_window_update_shapes (self);
  studio_window_update_headline (self);
  _studio_window_update_actions (self);
  /* A result set (a draw claimed) or undone changes the status line. */
  if (self->mode != STUDIO_WINDOW_MODE_SETUP)
    _studio_window_update_status (self);
}

/**
 * _studio_window_bind_document:
 * @self: a #StudioWindow
 * @document: the selected tab's document
 * @game_page: whether that tab shows its game (else the start page)
 *
 * Makes @document the one the window shows: every view of the window —
 * board, move list, graph, engine lines, review summary, problem panel,
 * games button, evaluation bar, headline and side names, banners, title —
 * now follows it, and what they showed of the last tab's game is
 * recomputed.  A set-up or a problem being solved ends (they belong to the
 * tab they were entered in; the tabs are locked meanwhile).
 */
void
_studio_window_bind_document (StudioWindow   *self,
                              StudioDocument *document,
                              gboolean        game_page)
{
  g_return_if_fail (STUDIO_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    _studio_window_end_setup (self, FALSE);
  if (self->mode == STUDIO_WINDOW_MODE_SOLVE)
    _studio_window_end_solve (self);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);

  g_signal_connect_object (document, "notify::current",
                           G_CALLBACK (studio_window_current_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::game",
                           G_CALLBACK (studio_window_current_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "changed",
                           G_CALLBACK (studio_window_document_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::title",
                           G_CALLBACK (_studio_window_update_title),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::modified",
                           G_CALLBACK (_studio_window_update_title),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::file",
                           G_CALLBACK (_studio_window_update_title),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::can-undo",
                           G_CALLBACK (_studio_window_update_actions),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::can-redo",
                           G_CALLBACK (_studio_window_update_actions),
                           self, G_CONNECT_SWAPPED);

  studio_move_tree_view_set_document (self->move_tree, document);
  studio_eval_graph_set_document (self->eval_graph, document);
  studio_analysis_panel_set_document (self->analysis_panel, document);
  studio_problem_panel_set_document (self->problem_panel, document);
  studio_review_panel_set_document (self->review_panel, document);
  if (self->learn_panel != NULL)
    studio_learn_panel_set_document (self->learn_panel, document);
  studio_move_entry_set_document (self->move_entry, document);
  _studio_window_files_bind (self);
  _studio_window_games_bind (self);
  _studio_window_explorer_bind (self);

  gtk_stack_set_visible_child_name (self->stack, game_page ? "game" : "start");
  gtk_popover_popdown (GTK_POPOVER (self->move_entry));
  studio_board_scene_set_engine_arrow (self->scene, CHEOPS_MOVE_NONE);
  studio_board_scene_set_threat_arrow (self->scene, CHEOPS_MOVE_NONE);
  _studio_window_play_document_bound (self);
  studio_window_current_changed_cb (self);
  studio_window_document_changed_cb (self, NULL);
  _studio_window_show_problems (self);
  _studio_window_update_title (self);
}

static void
scene_move_played_cb (StudioWindow     *self,
                      guint             move,
                      StudioBoardScene *scene)
{
  g_autoptr(GError) error = NULL;

  CheopsOutcome outcome = studio_document_get_outcome (self->document);

  /* In solve mode the move is the solver's (studio-window-solve.c). */
  if (self->mode == STUDIO_WINDOW_MODE_SOLVE)
    {
      studio_solve_panel_play (self->solve_panel, (CheopsMove) move);
      return;
    }
  /* In a game against the engine, the engine's move is its own, and the
   * game goes on at its last move. */
  if (_studio_window_play_refuses_move (self))
    {
      _studio_window_toast (self, _studio_window_play_refusal (self));
      return;
    }
  /* Learn from Your Mistakes: the answer to the mistake shown. */
  if (_studio_window_learn_take_move (self, (CheopsMove) move))
    return;
  if (studio_document_play_move (self->document, (CheopsMove) move, &error) != NULL)
    return;

  /* A move after the end of the game: the studio's own sentence, with a
   * capital, around the game's words for how it ended (the game model's
   * message is a phrase to put after others: "the game is over: ..."). */
  if (g_error_matches (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE) &&
      outcome != CHEOPS_OUTCOME_NONE)
    {
      g_autofree char *how = studio_document_dup_outcome_text (self->document, outcome);
      /* Translators: %s is how the game ended, a sentence ("Gold wins by
       * the third repetition.") */
      g_autofree char *message = g_strdup_printf (_("The game is over: %s"), how);

      _studio_window_toast (self, message);
      return;
    }
  _studio_window_toast (self, error->message);
}

static void
scene_shapes_changed_cb (StudioWindow     *self,
                         StudioBoardScene *scene)
{
  const StudioShape *shapes;
  guint n_shapes;

  shapes = studio_board_scene_get_shapes (scene, &n_shapes);
  studio_document_set_shapes (self->document, shapes, n_shapes);
}

/* Whether the game shown is decided at the current move, and how (@a_result
 * 1 when side A won, -1 when side B did, 0 a draw): by the rules (the
 * position's outcome); else where a game against the engine just ended
 * (a resignation, an agreement, an adjudication, in a variation too); else
 * at the end of the main line of a game whose Result tag is decided. */
static gboolean
studio_window_get_decided (StudioWindow *self,
                           int          *a_result)
{
  CheopsGame *game = studio_document_get_game (self->document);
  CheopsOutcome outcome = studio_document_get_outcome (self->document);
  const char *result;

  if (outcome != CHEOPS_OUTCOME_NONE)
    {
      CheopsWinner winner = cheops_variant_outcome_winner (studio_document_get_variant (self->document), outcome);

      *a_result = winner == CHEOPS_WINNER_A ? 1 : winner == CHEOPS_WINNER_B ? -1 : 0;
      return TRUE;
    }
  if (self->mode != STUDIO_WINDOW_MODE_GAME)
    return FALSE;
  result = _studio_window_play_get_end_result (self);
  if (result == NULL && studio_document_get_current (self->document) == cheops_game_get_mainline_end (game))
    result = cheops_game_get_result (game);
  if (g_strcmp0 (result, "1/2-1/2") == 0)
    {
      *a_result = 0;
      return TRUE;
    }
  if (g_strcmp0 (result, "1-0") == 0 || g_strcmp0 (result, "0-1") == 0)
    {
      /* PGN's order is the colours': "1-0" is a win of the side whose
       * colour is the first. */
      gboolean a_first = cheops_game_get_side_colour (game, CHEOPS_SIDE_A) == 0;

      *a_result = (result[0] == '1') == a_first ? 1 : -1;
      return TRUE;
    }
  return FALSE;
}

static void
analysis_evaluation_cb (StudioWindow        *self,
                        gboolean             has_score,
                        gboolean             is_ascension,
                        int                  score,
                        StudioAnalysisPanel *panel)
{
  const CheopsEval *stored;
  int a_result;

  /* A decided game: the winner's side full, a draw level ("1-0", "0-1",
   * "½-½"), engine on or off — a resigned game too, though the engine
   * still finds moves in its position. */
  if (studio_window_get_decided (self, &a_result))
    {
      studio_eval_bar_set_result (self->eval_bar, a_result);
      return;
    }
  if (has_score)
    {
      studio_eval_bar_set_score (self->eval_bar, is_ascension, score);
      return;
    }

  /* No engine score: the evaluation stored in the game ([%eval]) at this
   * move, if any — an annotated game shows its evaluations with the engine
   * off. */
  stored = &cheops_game_node_get_annotations (studio_document_get_current (self->document))->eval;
  if (stored->kind == CHEOPS_EVAL_CENTIPAWNS)
    studio_eval_bar_set_score (self->eval_bar, FALSE, stored->value);
  else if (stored->kind == CHEOPS_EVAL_ASCENSION && stored->value != 0)
    studio_eval_bar_set_score (self->eval_bar, TRUE, stored->value);
  else
    studio_eval_bar_clear (self->eval_bar);
}

/**
 * _studio_window_update_eval_bar:
 * @self: a #StudioWindow
 *
 * Shows on the evaluation bar the result of a decided game (the rules'
 * outcome, a game against the engine ended here, a decided Result at the
 * end of the main line), else — when the engine is off — the evaluation
 * stored at the current move; a running engine gives its own scores.
 */
void
_studio_window_update_eval_bar (StudioWindow *self)
{
  int a_result;

  if (!studio_analysis_panel_get_running (self->analysis_panel) || studio_window_get_decided (self, &a_result))
    analysis_evaluation_cb (self, FALSE, FALSE, 0, self->analysis_panel);
}

static void
analysis_result_cb (StudioWindow        *self,
                    int                  a_result,
                    StudioAnalysisPanel *panel)
{
  studio_eval_bar_set_result (self->eval_bar, a_result);
}

static void
analysis_best_move_cb (StudioWindow        *self,
                       guint                move,
                       StudioAnalysisPanel *panel)
{
  if (self->mode != STUDIO_WINDOW_MODE_GAME)
    return;

  studio_board_scene_set_engine_arrow (self->scene, (CheopsMove) move);
}

static void
analysis_threat_move_cb (StudioWindow        *self,
                         guint                move,
                         StudioAnalysisPanel *panel)
{
  if (self->mode != STUDIO_WINDOW_MODE_GAME)
    return;

  studio_board_scene_set_threat_arrow (self->scene, (CheopsMove) move);
}

static void
problems_response_cb (StudioWindow *self,
                      int           response)
{
  gtk_revealer_set_reveal_child (self->problems_revealer, FALSE);
}

/**
 * _studio_window_show_problems:
 * @self: a #StudioWindow
 *
 * Shows, in the banner over the board, what part of the file (or of the
 * pasted or dropped text, when the document has no file) could not be
 * read, with line and column (studio_document_get_load_errors()); hides
 * the banner when there is nothing to say (a file read whole, or saved
 * since without its errors).
 */
void
_studio_window_show_problems (StudioWindow *self)
{
  GPtrArray *errors = studio_document_get_load_errors (self->document);
  g_autoptr(GString) text = g_string_new (NULL);

  if (errors->len == 0)
    {
      gtk_revealer_set_reveal_child (self->problems_revealer, FALSE);
      return;
    }

  for (guint i = 0; i < errors->len && i < MAX_PROBLEMS_SHOWN; i++)
    {
      if (i > 0)
        g_string_append_c (text, '\n');
      /* Translators: %s is "LINE:COLUMN: what is wrong" */
      g_string_append_printf (text, _("Line %s"), (const char *) g_ptr_array_index (errors, i));
    }
  if (errors->len > MAX_PROBLEMS_SHOWN)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text,
                              g_dngettext (GETTEXT_PACKAGE, "and %u more problem", "and %u more problems",
                                           errors->len - MAX_PROBLEMS_SHOWN),
                              errors->len - MAX_PROBLEMS_SHOWN);
    }

  if (studio_document_get_file (self->document) != NULL)
    gtk_label_set_label (self->problems_title,
                         _("Part of this file could not be read. What could be read is shown. Saving keeps a game "
                           "with errors as it is in the file, unless you edit it."));
  else
    gtk_label_set_label (self->problems_title,
                         _("Part of this text could not be read. What could be read is shown. Saving keeps a game "
                           "with errors as it was in the text, unless you edit it."));
  gtk_label_set_label (self->problems_label, text->str);
  gtk_revealer_set_reveal_child (self->problems_revealer, TRUE);
}

/**
 * studio_window_show_game:
 * @self: a #StudioWindow
 *
 * Leaves the start page for the game page.
 */
void
studio_window_show_game (StudioWindow *self)
{
  g_return_if_fail (STUDIO_IS_WINDOW (self));

  gtk_stack_set_visible_child_name (self->stack, "game");
  _studio_window_tabs_set_game_page (self, self->document);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  _studio_window_update_title (self);
  _studio_window_update_actions (self);
}

/**
 * _studio_window_announce_new_tab:
 * @self: a #StudioWindow whose new tab shows what its last one could not
 * @what: what the new tab shows ("The game"), translated
 *
 * Says so in a toast: nothing opens without a word.
 */
void
_studio_window_announce_new_tab (StudioWindow *self,
                                 const char   *what)
{
  g_autofree char *message = NULL;

  /* Translators: %s is "The game", "The position", "The file" */
  message = g_strdup_printf (_("%s opened in a new tab, to keep the other tab's unsaved changes"), what);
  _studio_window_toast (self, message);
}

/**
 * _studio_window_target_for_new_work:
 * @self: a #StudioWindow
 * @what: what is about to be shown, for the toast ("The game", "The
 *   position"); translated
 *
 * The one answer to "show this here, or elsewhere because the current
 * game has unsaved work": the current tab when it holds nothing the user
 * would lose, else a new tab beside it, selected (never silently: a toast
 * says why it is there).  Either way the window's document is then the one
 * to show the new work in.
 *
 * Returns: (transfer none): @self
 */
StudioWindow *
_studio_window_target_for_new_work (StudioWindow *self,
                                    const char   *what)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);

  if (!studio_document_get_modified (self->document))
    return self;

  _studio_window_add_tab (self, TRUE);
  _studio_window_announce_new_tab (self, what);
  return self;
}

/**
 * _studio_window_show_new_game:
 * @self: a #StudioWindow
 * @game: (transfer none): a game to show
 * @what: as for _studio_window_target_for_new_work()
 *
 * Shows @game in @self's current tab, or — when it holds unsaved work — in
 * a new tab, with a toast saying so (_studio_window_target_for_new_work()).
 * The game page is shown, its problems banner hidden.
 *
 * Returns: (transfer none): the window that shows @game
 */
StudioWindow *
_studio_window_show_new_game (StudioWindow *self,
                              CheopsGame   *game,
                              const char   *what)
{
  StudioWindow *target;

  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  target = _studio_window_target_for_new_work (self, what);
  studio_document_set_game (target->document, game);
  gtk_revealer_set_reveal_child (target->problems_revealer, FALSE);
  studio_window_show_game (target);
  return target;
}

static void
studio_window_after_load (StudioWindow *self)
{
  _studio_window_show_problems (self);
  studio_window_show_game (self);
  /* Opened to solve its problems (studio_window_solve_file()): no word of
   * the Game button, which solve mode hides. */
  if (g_object_steal_data (G_OBJECT (self), "studio-solve-after-load") != NULL)
    {
      _studio_window_solve_after_load (self);
      return;
    }
  _studio_window_games_loaded (self);
}

/* What the window shows once its document was replaced (a restored
 * draft: studio-window-files.c). */
void
_studio_window_after_load (StudioWindow *self)
{
  studio_window_after_load (self);
}

/* How much @fen is shaped like @model: 2 for as many '/' in the first
 * word (the board's ranks or levels), 1 for as many words (the fields). */
static guint
fen_resemblance (const char *model,
                 const char *fen)
{
  g_auto(GStrv) a = g_strsplit_set (model, " \t", -1);
  g_auto(GStrv) b = g_strsplit_set (fen, " \t", -1);
  guint words_a = 0, words_b = 0, slashes_a = 0, slashes_b = 0;

  for (guint i = 0; a[i] != NULL; i++)
    words_a += a[i][0] != '\0';
  for (guint i = 0; b[i] != NULL; i++)
    words_b += b[i][0] != '\0';
  for (const char *p = a[0]; *p != '\0'; p++)
    slashes_a += *p == '/';
  for (const char *p = b[0]; *p != '\0'; p++)
    slashes_b += *p == '/';
  return 2 * (slashes_a == slashes_b) + (words_a == words_b);
}

/* Whether @text looks like a FEN (one line whose first word is made of
 * FEN board characters with at least one '/', DESIGN.md 3) that the core
 * does not read as any game's: then sets @error to the core's message,
 * with the game and the column in the FEN, rather than let the game
 * reader report a move it cannot read.  A wrong number of levels is a FEN
 * error too. */
static gboolean
studio_window_fen_error (const CheopsVariant *variant,
                         const char          *text,
                         GError             **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  CheopsPosition position;
  CheopsError fen_error = { 0 };
  guint slashes = 0;
  gboolean board_letters = TRUE;
  const char *p;

  for (p = stripped; *p != '\0' && !g_ascii_isspace (*p); p++)
    {
      if (*p == '/')
        slashes++;
      else if (!g_ascii_isdigit (*p) && cheops_variant_piece_type (variant, *p) == CHEOPS_NO_PIECE_TYPE)
        board_letters = FALSE;
    }
  /* Several ranks, or fewer with only the variant's FEN letters. */
  if (!(slashes >= 4 || (slashes > 0 && board_letters)) || strchr (stripped, '\n') != NULL)
    return FALSE;

  for (guint i = 0; cheops_variants[i] != NULL; i++)
    if (cheops_position_from_fen (&position, cheops_variants[i], stripped, NULL))
      return FALSE;

  /* Read by none: the error of the game it was most likely meant for,
   * the one whose start FEN it resembles most (the tab's game on a tie) —
   * a FEN of Pyramids with a bad field, pasted into a tab of Cypher chess,
   * is reported as a Pyramids FEN. */
  {
    guint best = fen_resemblance (variant->start_fen, stripped);

    for (guint i = 0; cheops_variants[i] != NULL; i++)
      {
        guint resemblance = fen_resemblance (cheops_variants[i]->start_fen, stripped);

        if (resemblance > best)
          {
            variant = cheops_variants[i];
            best = resemblance;
          }
      }
  }
  cheops_position_from_fen (&position, variant, stripped, &fen_error);

  /* Translators: a pasted FEN the core rejects: the game's name (Cheops,
   * Cypher chess…), the column in the FEN, then the core's message (which
   * names the field) */
  g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_FEN,
               _("Not a valid %s FEN: column %d: %s"), _(variant->title), fen_error.column, fen_error.message);
  return TRUE;
}

/**
 * studio_window_load_text:
 * @self: a #StudioWindow
 * @text: game-file text or a FEN
 * @error: a location for a #GError
 *
 * Shows the games of @text (a pasted game or position) in this window.
 *
 * Returns: %FALSE with @error set if @text holds no game
 */
gboolean
studio_window_load_text (StudioWindow  *self,
                         const char    *text,
                         GError       **error)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), FALSE);

  if (studio_window_fen_error (studio_document_get_variant (self->document), text, error))
    return FALSE;

  if (!studio_document_load_text (self->document, text, -1, NULL, error))
    return FALSE;

  studio_window_after_load (self);
  return TRUE;
}

static void
studio_window_load_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  StudioDocument *document = (StudioDocument *)object;
  g_autoptr(StudioWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  /* A tab opened only for this file (it holds nothing else). */
  gboolean alone = g_object_steal_data (G_OBJECT (document), "studio-open-alone") != NULL;
  g_autoptr(GFile) file = g_object_steal_data (G_OBJECT (document), "studio-opening");
  gboolean shown = document == self->document;

  if (self->tabs_disposed)
    return;

  if (!studio_document_load_finish (document, result, &error))
    {
      gboolean cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_autofree char *message = NULL;

      if (cancelled && studio_document_get_file (document) == NULL && !studio_document_get_is_empty (document))
        /* Translators: the user cancelled the opening of a big file after
         * editing one of the games already shown */
        message = g_strdup (_("Opening cancelled: the games read so far are kept, apart from the file"));
      else if (cancelled)
        message = g_strdup (_("Opening cancelled"));
      else
        message = g_strdup_printf (_("Could not open the file: %s"), error->message);

      if (shown)
        g_object_set_data (G_OBJECT (self), "studio-solve-after-load", NULL);

      /* Not a recent file (the file chooser records what it picks). */
      if (file != NULL && !cancelled)
        {
          g_autofree char *uri = g_file_get_uri (file);

          gtk_recent_manager_remove_item (self->recent_manager, uri, NULL);
        }

      /* A tab opened only for this file goes again; the window says why. */
      if (alone && studio_document_get_is_empty (document) && studio_window_get_n_tabs (self) > 1)
        _studio_window_close_document_tab (self, document);
      _studio_window_toast (self, message);
      return;
    }

  _studio_window_add_recent (self, studio_document_get_file (document));
  _studio_window_tabs_set_game_page (self, document);
  /* Another tab selected meanwhile: shown when its tab is. */
  if (shown)
    studio_window_after_load (self);
}

/* Opens @file in a new tab; if it cannot be read, that tab goes and the
 * window says why. */
static void
studio_window_open_file_in_new_tab (StudioWindow *self,
                                    GFile        *file,
                                    gboolean      for_unsaved)
{
  if (for_unsaved)
    _studio_window_target_for_new_work (self, _("The file"));
  else
    _studio_window_add_tab (self, FALSE);
  g_object_set_data (G_OBJECT (self->document), "studio-open-alone", GINT_TO_POINTER (TRUE));
  studio_window_open_file (self, file);
}

/**
 * studio_window_open_file_in_tab:
 * @self: a #StudioWindow
 * @file: a game file (or a suite)
 *
 * Opens @file as GNOME Text Editor opens a file given to it: in the
 * current tab if it holds an untouched game, else in a new tab beside it
 * (a file that cannot be read leaves no tab behind).
 */
void
studio_window_open_file_in_tab (StudioWindow *self,
                                GFile        *file)
{
  g_return_if_fail (STUDIO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* (A file still being read into the current tab is no untouched game.) */
  if (_studio_window_is_suite_file (file) ||
      (!studio_document_get_modified (self->document) && studio_document_get_is_empty (self->document) &&
       studio_document_get_file (self->document) == NULL &&
       g_object_get_data (G_OBJECT (self->document), "studio-opening") == NULL))
    studio_window_open_file (self, file);
  else
    studio_window_open_file_in_new_tab (self, file, FALSE);
}

/**
 * studio_window_open_file:
 * @self: a #StudioWindow
 * @file: a game file
 *
 * Opens @file: in the current tab if it holds nothing the user would lose
 * (an untouched or saved game), else in a new tab.
 */
void
studio_window_open_file (StudioWindow *self,
                         GFile        *file)
{
  g_return_if_fail (STUDIO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* A test-position suite opens in the Suite panel (studio-window-suite.c). */
  if (_studio_window_is_suite_file (file))
    {
      _studio_window_open_suite_file (self, file);
      return;
    }

  if (studio_document_get_modified (self->document))
    {
      studio_window_open_file_in_new_tab (self, file, TRUE);
      return;
    }

  g_object_set_data_full (G_OBJECT (self->document), "studio-opening", g_object_ref (file), g_object_unref);
  studio_document_load_async (self->document, file, NULL,
                              studio_window_load_cb, g_object_ref (self));
}

/**
 * _studio_window_reload:
 * @self: a #StudioWindow
 *
 * Reads the document's file again into this window, dropping what was
 * not saved (the banner of a file changed on disk offers it).
 */
void
_studio_window_reload (StudioWindow *self)
{
  GFile *file = studio_document_get_file (self->document);

  if (file == NULL)
    return;
  g_object_set_data_full (G_OBJECT (self->document), "studio-opening", g_object_ref (file), g_object_unref);
  studio_document_load_async (self->document, file, NULL,
                              studio_window_load_cb, g_object_ref (self));
}

static void
sample_activated_cb (StudioWindow  *self,
                     GtkListBoxRow *row)
{
  const char *path = g_object_get_data (G_OBJECT (row), "sample-path");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL ||
      !studio_document_load_text (self->document,
                                  g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the sample: %s"), error->message);

      _studio_window_toast (self, message);
      return;
    }

  studio_document_mark_sample (self->document);
  studio_window_after_load (self);
}

/* The sample games, compiled into the resources from data/samples. */
static void
studio_window_fill_samples (StudioWindow *self)
{
  g_auto(GStrv) names = NULL;

  names = g_resources_enumerate_children (SAMPLES_PATH, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (names == NULL)
    return;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat (SAMPLES_PATH, names[i], NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      g_autoptr(CheopsGame) game = NULL;
      g_autofree char *subtitle = NULL;
      const char *event;
      GtkWidget *row;
      GtkWidget *arrow;

      if (bytes == NULL)
        continue;

      game = cheops_pgn_read_game (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL);
      if (game == NULL)
        continue;

      event = known_tag (game, "Event");
      {
        g_autofree char *players = studio_window_dup_players_and_date (game);
        const char *variant = _(cheops_game_get_variant (game)->title);

        /* The game it is of, then who played it and when. */
        subtitle = players[0] != 0 ? g_strdup_printf ("%s · %s", variant, players) : g_strdup (variant);
      }

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), event != NULL ? event : names[i]);
      /* Not the headline, which repeats the event of the title. */
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      /* One line each: a wrapping row's labels are laid out again at every
       * width the start page's scrolled window and clamp try (issue 21: 44 000
       * text runs shaped before the first frame, against 1 200 now). */
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 1);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      arrow = gtk_image_new_from_icon_name ("go-next-symbolic");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      g_object_set_data_full (G_OBJECT (row), "sample-path", g_steal_pointer (&path), g_free);
      gtk_list_box_append (self->samples_list, row);
    }
}

static int
compare_recent_newest_first (gconstpointer a,
                             gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  return g_date_time_compare (tb, ta);
}

/* The folder of @uri for a menu label: "~/Games", or the full path. */
static char *
recent_folder_label (const char *uri)
{
  g_autoptr(GFile) file = g_file_new_for_uri (uri);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = NULL;

  if (parent == NULL)
    return g_strdup ("/");
  if (g_file_equal (parent, home))
    return g_strdup ("~");
  relative = g_file_get_relative_path (home, parent);
  if (relative != NULL)
    return g_build_filename ("~", relative, NULL);
  return g_file_get_parse_name (parent);
}

/* Whether @info is a game file that still exists: what Open Recent lists
 * and where a new file's chooser starts. */
static gboolean
is_recent_game_file (GtkRecentInfo *info)
{
  return g_str_has_suffix (gtk_recent_info_get_uri (info), ".pgn") && gtk_recent_info_exists (info);
}

/* The Open Recent submenu: the eight game files used last, newest first;
 * files that are gone are left out, and names that occur twice get their
 * folder. */
static void
studio_window_recent_changed_cb (StudioWindow *self)
{
  g_autolist(GtkRecentInfo) items = NULL;
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  g_autoptr(GHashTable) name_counts = g_hash_table_new (g_str_hash, g_str_equal);

  g_menu_remove_all (self->recent_submenu);

  items = gtk_recent_manager_get_items (self->recent_manager);
  items = g_list_sort (items, compare_recent_newest_first);
  for (const GList *iter = items; iter != NULL && shown->len < 8; iter = iter->next)
    {
      GtkRecentInfo *info = iter->data;
      const char *name = gtk_recent_info_get_display_name (info);

      if (!is_recent_game_file (info))
        continue;
      g_ptr_array_add (shown, info);
      g_hash_table_insert (name_counts, (gpointer) name,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (name_counts, name)) + 1));
    }

  for (guint i = 0; i < shown->len; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (shown, i);
      const char *uri = gtk_recent_info_get_uri (info);
      const char *name = gtk_recent_info_get_display_name (info);
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = NULL;

      if (GPOINTER_TO_UINT (g_hash_table_lookup (name_counts, name)) > 1)
        {
          g_autofree char *folder = recent_folder_label (uri);

          /* Translators: a recent file's name and its folder */
          label = g_strdup_printf (_("%s — %s"), name, folder);
        }
      else
        label = g_strdup (name);

      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-recent", g_variant_new_string (uri));
      g_menu_append_item (self->recent_submenu, item);
    }

  if (shown->len == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Files"), "win.no-recent");

      g_menu_append_item (self->recent_submenu, item);
    }
}

/**
 * _studio_window_default_folder:
 * @self: a #StudioWindow
 *
 * The folder a file chooser starts in for a file that has none yet (Save
 * As of a new game, a diagram): the folder of the newest recent game file
 * that still exists, else the user's Documents folder, else the home
 * folder — never the working directory the studio was started in, as GTK
 * 4.8's file chooser would (as GNOME Text Editor does).
 *
 * Returns: (transfer full): the folder
 */
GFile *
_studio_window_default_folder (StudioWindow *self)
{
  g_autolist(GtkRecentInfo) items = gtk_recent_manager_get_items (self->recent_manager);
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  items = g_list_sort (items, compare_recent_newest_first);
  for (const GList *iter = items; iter != NULL; iter = iter->next)
    {
      GtkRecentInfo *info = iter->data;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GFile) parent = NULL;

      if (!is_recent_game_file (info))
        continue;
      file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
      parent = g_file_get_parent (file);
      if (parent != NULL && g_file_query_file_type (parent, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
        return g_steal_pointer (&parent);
    }
  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

/**
 * _studio_window_add_recent:
 * @self: a #StudioWindow
 * @file: a game file just opened or saved
 *
 * Records @file in the recent files.
 */
void
_studio_window_add_recent (StudioWindow *self,
                           GFile        *file)
{
  g_autofree char *uri = NULL;
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = (char *) "application/x-chess-pgn",
    .app_name = (char *) "Cheops Studio",
    .app_exec = (char *) "cheops-studio %u",
  };

  if (file == NULL)
    return;

  uri = g_file_get_uri (file);
  gtk_recent_manager_add_full (self->recent_manager, uri, &data);
}

/* A drop on the window: game files (the first in this window, unless it
 * holds unsaved changes, each further one in a window of its own), or text
 * dragged from elsewhere — a game or a FEN, taken as a paste would be. */
static gboolean
drop_cb (StudioWindow  *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = g_value_get_boxed (value);

      for (const GSList *iter = files; iter != NULL; iter = iter->next)
        {
          if (iter == files)
            studio_window_open_file (self, iter->data);
          else
            studio_window_open_file_in_new_tab (self, iter->data, FALSE);
        }

      return files != NULL;
    }

  if (G_VALUE_HOLDS (value, G_TYPE_STRING))
    {
      g_autoptr(GError) error = NULL;
      const char *text = g_value_get_string (value);

      /* Setting up a position: into the FEN entry, as a paste. */
      if (text != NULL && _studio_window_setup_take_text (self, text))
        return TRUE;

      if (text == NULL || !_studio_window_take_text (self, text, &error))
        {
          g_autofree char *message =
            g_strdup_printf (_("Not a game or a position: %s"),
                             error != NULL ? error->message : _("it is empty"));

          _studio_window_toast (self, message);
          return FALSE;
        }
      return TRUE;
    }

  return FALSE;
}

/* The digit of a Ctrl+digit key (the main row's or the keypad's), or -1.
 * Shift may be held: on a French keyboard the main row's digits are
 * shifted. */
static int
control_digit (guint           keyval,
               GdkModifierType state)
{
  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != GDK_CONTROL_MASK)
    return -1;
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    return (int) (keyval - GDK_KEY_0);
  if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    return (int) (keyval - GDK_KEY_KP_0);
  return -1;
}

/* The annotator's keys (issue 22), in the shortcuts window's group
 * "Annotating" (gtk/help-overlay.ui): Ctrl+1 … Ctrl+6 the move glyphs
 * !, ?, !!, ??, !?, ?! in the order of their NAGs $1 … $6 (as ChessBase
 * numbers them), Ctrl+0 none; Ctrl+= the position glyphs' menu; Delete the
 * current move and what follows; Ctrl+Up and Ctrl+Down promote and demote
 * its variation; Ctrl+Enter the comment after it, edited in place in the
 * move list, Ctrl+Shift+Enter the one before.  Handled here rather than as the application's
 * accelerators: those would take Delete and Ctrl+arrows from the text
 * fields, these keys act only while no text is edited. */
static gboolean
is_annotation_key (guint           keyval,
                   GdkModifierType state)
{
  GdkModifierType mods = state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK);
  int digit = control_digit (keyval, state);

  if (digit >= 0 && digit <= 6)
    return TRUE;
  if (keyval == GDK_KEY_equal && (mods & ~GDK_SHIFT_MASK) == GDK_CONTROL_MASK)
    return TRUE;
  if ((keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete) && mods == 0)
    return TRUE;
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter) &&
      (mods & ~GDK_SHIFT_MASK) == GDK_CONTROL_MASK)
    return TRUE;
  if ((keyval == GDK_KEY_Up || keyval == GDK_KEY_KP_Up || keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down) &&
      mods == GDK_CONTROL_MASK)
    return TRUE;
  return FALSE;
}

/* Does what the annotator's key @keyval says to the current move; FALSE
 * when it cannot (the start position: no move; nothing to promote). */
static gboolean
annotation_key (StudioWindow    *self,
                guint            keyval,
                GdkModifierType  state)
{
  int digit = control_digit (keyval, state);
  GtkWidget *tree = GTK_WIDGET (self->move_tree);

  if (digit >= 0)
    return studio_move_tree_view_toggle_move_glyph (self->move_tree, (guint8) digit);
  switch (keyval)
    {
    case GDK_KEY_equal:
      return studio_move_tree_view_popup_position_glyphs (self->move_tree);
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
      {
        CheopsGameNode *node = studio_document_get_current (self->document);

        /* At the start: the comment before the first move. */
        if (cheops_game_node_is_root (node) && (state & GDK_SHIFT_MASK))
          return FALSE;
        studio_move_tree_view_edit_comment (self->move_tree, node, (state & GDK_SHIFT_MASK) != 0);
        return TRUE;
      }
    case GDK_KEY_Delete: case GDK_KEY_KP_Delete:
      return gtk_widget_activate_action (tree, "tree.delete-from-here", NULL);
    case GDK_KEY_Up: case GDK_KEY_KP_Up:
      return gtk_widget_activate_action (tree, "tree.promote", NULL);
    case GDK_KEY_Down: case GDK_KEY_KP_Down:
      return gtk_widget_activate_action (tree, "tree.demote", NULL);
    default:
      return FALSE;
    }
}

/* Whether the board has a use for Escape: a two-part move waiting, a
 * piece picked up or a piece to drop chosen (studio-board-view.c). */
static gboolean
board_takes_escape (StudioWindow *self)
{
  StudioBoardScene *scene = studio_board_view_get_scene (self->board_view);

  return scene != NULL &&
         (studio_board_scene_get_pending (scene) != CHEOPS_MOVE_NONE ||
          studio_board_scene_get_selected (scene) != CHEOPS_CELL_NONE ||
          studio_board_scene_get_drop_type (scene) != CHEOPS_NO_PIECE_TYPE);
}

/* The keys that walk through the tree: Left/Right one move, Up/Down the
 * alternatives, Home/End the ends, Shift+F10 and Menu the move's menu — unless a text field has the focus or
 * the key went to a popover (a menu uses the arrows itself). */
static gboolean
key_pressed_cb (StudioWindow          *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  const char *action = NULL;

  gboolean menu_key = (keyval == GDK_KEY_Menu && (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) == 0) ||
                      (keyval == GDK_KEY_F10 && (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) == GDK_SHIFT_MASK);
  /* A letter or digit, capitals (Shift) included: what a move is typed
   * with.  A user found the first capital of a move lost ("Md" gave "d"):
   * Shift+M was taken for a shortcut's key. */
  gunichar typed = gdk_keyval_to_unicode (keyval);
  gboolean printable = typed < 128 && g_unichar_isalnum (typed) &&
                       (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK)) == 0;

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") != 0)
    return FALSE;
  /* A focus left in a widget no longer shown (the text of a closed
   * popover) takes no key: the keys are the window's. */
  if (focus != NULL && !gtk_widget_get_mapped (focus))
    focus = NULL;
  /* The move entry is open but does not have the keyboard yet (its
   * popover maps some frames after the first key, and takes the focus
   * then): a key typed meanwhile goes on what is typed, in order, instead
   * of being lost or taken for a shortcut. */
  if (printable && gtk_widget_get_visible (self->move_entry) &&
      !studio_move_entry_has_keyboard (self->move_entry) &&
      !(focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)) &&
        !gtk_widget_is_ancestor (focus, self->move_entry)))
    {
      char text[2] = { (char) typed, 0 };

      studio_move_entry_append (self->move_entry, text);
      return TRUE;
    }
  if (!menu_key && !is_annotation_key (keyval, state) && !printable &&
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  if (event != NULL && gdk_event_get_surface (event) != gtk_native_get_surface (GTK_NATIVE (self)))
    return FALSE;
  /* Escape leaves a set-up unchanged, as Cancel does — also while typing
   * a FEN (a user test found Escape doing nothing there). */
  if (self->mode == STUDIO_WINDOW_MODE_SETUP && keyval == GDK_KEY_Escape)
    {
      gtk_widget_activate_action (GTK_WIDGET (self->setup_panel), "setup.cancel", NULL);
      return TRUE;
    }
  if (self->mode == STUDIO_WINDOW_MODE_SOLVE && keyval == GDK_KEY_Escape)
    {
      _studio_window_end_solve (self);
      return TRUE;
    }
  if (focus != NULL &&
      (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT (focus) ||
       (GTK_IS_TEXT_VIEW (focus) && gtk_text_view_get_editable (GTK_TEXT_VIEW (focus)))))
    return FALSE;

  /* Escape closes the Learn view while it is shown, as its Close button
   * does — after the board's own Escape (a two-part move waiting, a piece
   * picked up) and a popover's. */
  if (keyval == GDK_KEY_Escape && (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) == 0 &&
      self->mode == STUDIO_WINDOW_MODE_GAME && self->learn_panel != NULL &&
      g_strcmp0 (_studio_window_views_get_shown (self), "learn") == 0 && !board_takes_escape (self))
    {
      studio_learn_panel_stop (self->learn_panel);
      return TRUE;
    }

  /* The annotator's keys: glyphs, Delete, promote and demote. */
  if (is_annotation_key (keyval, state))
    {
      if (self->mode != STUDIO_WINDOW_MODE_GAME || !annotation_key (self, keyval, state))
        gtk_widget_error_bell (GTK_WIDGET (self));
      return TRUE;
    }

  /* Shift+F10 and the Menu key: the move list's context menu on the
   * current move, so that every edit of the tree can be made without a
   * mouse (not while setting up: the list is hidden). */
  if (menu_key)
    return self->mode == STUDIO_WINDOW_MODE_GAME && studio_move_tree_view_popup_menu (self->move_tree);

  /* A letter or digit typed on the board opens the keyboard move entry
   * with it — capitals too — except a key of a shortcut: f, l and x keep
   * theirs (README); their capitals (Shift+F) open the entry. */
  if (self->mode == STUDIO_WINDOW_MODE_GAME && printable)
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      g_autofree char *accel = gtk_accelerator_name (keyval, state & GDK_SHIFT_MASK);
      g_auto(GStrv) actions = app != NULL ? gtk_application_get_actions_for_accel (app, accel) : NULL;
      char text[2] = { (char) typed, 0 };

      if (actions != NULL && actions[0] != NULL)
        return FALSE;
      /* In a game against the engine, not while the engine is to move nor
       * off the game's last move: a fresh user's keys typed then piled up
       * in an entry whose move the game would refuse (the board says why,
       * as for a click). */
      if (_studio_window_play_refuses_move (self))
        {
          _studio_window_toast (self, _studio_window_play_refusal (self));
          return TRUE;
        }
      _studio_window_open_move_entry (self, text);
      return TRUE;
    }

  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: action = "win.go-back"; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: action = "win.go-forward"; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: action = "win.go-up"; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: action = "win.go-down"; break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: action = "win.go-start"; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: action = "win.go-end"; break;
    default: return FALSE;
    }
  /* The evaluation graph walks the mainline with its own Left, Right,
   * Home and End (studio-eval-graph.c). */
  if (focus != NULL && STUDIO_IS_EVAL_GRAPH (focus) && keyval != GDK_KEY_Up && keyval != GDK_KEY_KP_Up
      && keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down)
    return FALSE;

  gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
  return TRUE;
}

static gboolean
studio_window_close_request (GtkWindow *window)
{
  StudioWindow *self = (StudioWindow *)window;

  /* Each tab with unsaved changes asks in turn (its Discard or Save closes
   * the tab and goes on closing the window). */
  if (!self->close_confirmed && _studio_window_select_unsaved_tab (self))
    {
      self->closing_window = TRUE;
      self->closing_page = adw_tab_view_get_selected_page (self->tab_view);
      gtk_widget_activate_action (GTK_WIDGET (self), "win.confirm-close", NULL);
      return TRUE;
    }

  /* Remember the size for the next window. */
  if (!gtk_window_is_maximized (window))
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  /* Stop the engine now, not when the last reference goes. */
  studio_analysis_panel_set_running (self->analysis_panel, FALSE);

  return GTK_WINDOW_CLASS (studio_window_parent_class)->close_request (window);
}

static void
studio_window_constructed (GObject *object)
{
  StudioWindow *self = (StudioWindow *)object;

  G_OBJECT_CLASS (studio_window_parent_class)->constructed (object);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  /* The theme is the preferences' to change: followed here. */
  g_settings_bind (self->settings, "board-theme", self->board_view, "theme", G_SETTINGS_BIND_GET);

  /* Read once, then only written: a backend that cannot store (dconf with
   * no session bus) announces the old value back after a failed write, and
   * a binding that listened would undo every flip at once.  The window's
   * state is the property; the setting only remembers it. */
  g_settings_bind (self->settings, "board-flipped", self->scene, "flipped",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_SET | G_SETTINGS_BIND_GET_NO_CHANGES);
  g_settings_bind (self->settings, "multipv", self->analysis_panel, "multipv",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_SET | G_SETTINGS_BIND_GET_NO_CHANGES);
}

static void
studio_window_dispose (GObject *object)
{
  StudioWindow *self = (StudioWindow *)object;

  if (self->recent_manager != NULL)
    g_signal_handlers_disconnect_by_data (self->recent_manager, self);

  _studio_window_play_dispose (self);
  _studio_window_solve_forget_hint (self);
  g_clear_pointer (&self->move_entry, gtk_widget_unparent);
  _studio_window_tabs_dispose (self);
  g_clear_pointer (&self->last_engine_name, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), STUDIO_TYPE_WINDOW);
  g_clear_object (&self->content);

  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->shapes, g_array_unref);

  G_OBJECT_CLASS (studio_window_parent_class)->dispose (object);
}

/* The narrow layout shows the moves or the analysis under the board, as
 * its switcher says; the wide one both. */
static void
studio_window_update_narrow_panes (StudioWindow *self)
{
  gboolean moves = !self->narrow || gtk_toggle_button_get_active (self->moves_toggle);
  /* Analysis or another view's toggle (studio-window-views.c). */
  gboolean analysis = !self->narrow || !gtk_toggle_button_get_active (self->moves_toggle);

  gtk_widget_set_visible (self->narrow_switcher, self->narrow);
  gtk_widget_set_visible (GTK_WIDGET (self->move_tree), moves);
  /* The evaluation graph stays under the moves it charts, smaller when
   * narrow: hidden there only with them. */
  studio_eval_graph_set_hidden (self->eval_graph, !moves);
  gtk_widget_set_visible (self->analysis_separator, moves && analysis);
  gtk_widget_set_visible (self->views_box, analysis);
}

/* Side by side when wide, the side pane under the board when narrow (there
 * is no AdwBreakpoint in libadwaita 1.2: the paned is a GtkOrientable).
 * Narrow, the side pane shows the moves or the analysis (a switcher in its
 * headline), and the set-up's palette and position side by side. */
static void
studio_window_set_narrow (StudioWindow *self,
                          gboolean      narrow)
{
  self->narrow = narrow;
  /* Narrow, the graph shares the side pane's 200 pixels with the moves. */
  studio_eval_graph_set_compact (self->eval_graph, narrow);
  if (narrow)
    {
      /* Remember the side pane's width, not the divider's position: the
       * window may come back wider or narrower than it left. */
      self->wide_side_width = gtk_widget_get_width (GTK_WIDGET (self->paned)) - gtk_paned_get_position (self->paned);
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->paned), GTK_ORIENTATION_VERTICAL);
      gtk_widget_set_size_request (self->side_pane, -1, 200);
      self->pending_position = 0;  /* computed once allocated */
    }
  else
    {
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->paned), GTK_ORIENTATION_HORIZONTAL);
      gtk_widget_set_size_request (self->side_pane, 380, -1);
      self->pending_position = 0;  /* computed once allocated */
    }
  studio_window_update_narrow_panes (self);
  _studio_window_views_update (self);
  /* The header is short of room: Open becomes an icon, New stays in the
   * main menu, and Undo and Redo keep their keys (Ctrl+Z, Ctrl+Shift+Z). */
  gtk_widget_set_visible (self->undo_box, !narrow);
  gtk_widget_set_visible (self->new_button, !narrow);
  if (narrow)
    gtk_button_set_icon_name (self->open_button, "document-open-symbolic");
  else
    {
      gtk_button_set_label (self->open_button, _("_Open"));
      gtk_button_set_use_underline (self->open_button, TRUE);
    }
}

void
_studio_window_enter_mode (StudioWindow     *self,
                           StudioWindowMode  mode)
{
  g_return_if_fail (mode != STUDIO_WINDOW_MODE_GAME && self->mode == STUDIO_WINDOW_MODE_GAME);

  self->mode = mode;
  self->mode_was_running = studio_analysis_panel_get_running (self->analysis_panel);
  studio_analysis_panel_set_running (self->analysis_panel, FALSE);
}

void
_studio_window_show_mode_views (StudioWindow *self)
{
  static const char *const views[] = {
    [STUDIO_WINDOW_MODE_GAME] = "game",
    [STUDIO_WINDOW_MODE_SETUP] = "setup",
    [STUDIO_WINDOW_MODE_SOLVE] = "solve",
  };

  gtk_stack_set_visible_child_name (GTK_STACK (self->side_pane), views[self->mode]);
  gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), self->mode == STUDIO_WINDOW_MODE_GAME);
  _studio_window_problem_sync_bar (self);
  if (self->narrow)
    _studio_window_relayout (self);
}

void
_studio_window_resume_analysis (StudioWindow *self)
{
  studio_analysis_panel_set_running (self->analysis_panel, self->mode_was_running);
}

/**
 * _studio_window_relayout:
 * @self: a #StudioWindow
 *
 * Places the divider again once the window is allocated, as after a change
 * of layout: for a side pane whose content changed (the set-up).
 */
void
_studio_window_relayout (StudioWindow *self)
{
  self->pending_position = 0;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static gboolean
studio_window_set_pending_position (GtkWidget     *widget,
                                    GdkFrameClock *frame_clock,
                                    gpointer       user_data)
{
  StudioWindow *self = (StudioWindow *)widget;

  if (self->pending_position >= 0 && self->narrow)
    {
      /* The board takes at most three fifths of the height and at least
       * half (45 % while setting up: the palette and the FEN need room);
       * the side pane its natural height within that, and never less than
       * its minimum. */
      int height = gtk_widget_get_height (GTK_WIDGET (self->paned));
      int side_min, side;

      gtk_widget_measure (self->side_pane, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (self->paned)),
                          &side_min, &side, NULL, NULL);
      side = CLAMP (side, height * 2 / 5, self->mode == STUDIO_WINDOW_MODE_SETUP ? height * 11 / 20 : height / 2);
      gtk_paned_set_position (self->paned, height - MAX (side_min, side));
    }
  else if (self->pending_position >= 0)
    {
      /* The side pane gets back its width; the board takes the rest. */
      int width = gtk_widget_get_width (GTK_WIDGET (self->paned));

      int side = self->wide_side_width > 0 ? self->wide_side_width : width * 2 / 5;  /* never side by side yet */

      gtk_paned_set_position (self->paned, MAX (width / 2, width - side));
    }
  self->pending_position = -1;

  return G_SOURCE_REMOVE;
}

/* Side by side, the analysis header's engine name shows whole when the
 * board can spare the room (it keeps at least half the width): run once
 * allocated, after the window grew wider or the name changed; a divider
 * dragged later stays where it is put. */
static gboolean
studio_window_widen_side (GtkWidget     *widget,
                          GdkFrameClock *frame_clock,
                          gpointer       user_data)
{
  StudioWindow *self = (StudioWindow *)widget;
  int shortfall, width, position;

  self->widen_pending = FALSE;
  if (self->narrow)
    return G_SOURCE_REMOVE;
  shortfall = studio_analysis_panel_get_name_shortfall (self->analysis_panel);
  width = gtk_widget_get_width (GTK_WIDGET (self->paned));
  position = gtk_paned_get_position (self->paned);
  if (shortfall > 0)
    gtk_paned_set_position (self->paned, MAX (MIN (position, width / 2), position - shortfall));
  return G_SOURCE_REMOVE;
}

static void
studio_window_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  StudioWindow *self = (StudioWindow *)widget;
  gboolean narrow = width < NARROW_WIDTH;

  if (narrow != self->narrow)
    studio_window_set_narrow (self, narrow);
  /* Two columns of set-up under the board when they fit (a game with
   * pieces in hand has a wider position column). */
  if (narrow && width >= SETUP_COLUMNS_WIDTH)
    {
      int min;

      studio_setup_panel_set_columns (self->setup_panel, 2);
      gtk_widget_measure (GTK_WIDGET (self->setup_panel), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      if (min > width)
        studio_setup_panel_set_columns (self->setup_panel, 1);
    }
  else
    studio_setup_panel_set_columns (self->setup_panel, 1);

  GTK_WIDGET_CLASS (studio_window_parent_class)->size_allocate (widget, width, height, baseline);

  /* GtkPaned moves its position by the change of its length since the last
   * allocation, which across a change of orientation is meaningless: set
   * the position once it has been allocated the new way, at the next
   * frame (not now: the paned is not to be resized before it is drawn). */
  if (self->pending_position >= 0)
    gtk_widget_add_tick_callback (widget, studio_window_set_pending_position, NULL, NULL);
  if (!narrow && !self->widen_pending
      && (width > self->last_width
          || g_strcmp0 (self->last_engine_name, studio_analysis_panel_get_engine_name (self->analysis_panel)) != 0))
    {
      self->widen_pending = TRUE;
      gtk_widget_add_tick_callback (widget, studio_window_widen_side, NULL, NULL);
    }
  self->last_width = width;
  g_free (self->last_engine_name);
  self->last_engine_name = g_strdup (studio_analysis_panel_get_engine_name (self->analysis_panel));
}

/* The side-by-side layout needs about 700 pixels, but the window may be
 * narrower than NARROW_WIDTH: it then changes to the narrow layout when
 * allocated, before its content is. */
static void
studio_window_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  StudioWindow *self = (StudioWindow *)widget;

  GTK_WIDGET_CLASS (studio_window_parent_class)->measure (widget, orientation, for_size,
                                                          minimum, natural,
                                                          minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL && !self->narrow)
    *minimum = MIN (*minimum, MIN_WIDTH);
}

static void
studio_window_class_init (StudioWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = studio_window_constructed;
  object_class->dispose = studio_window_dispose;

  window_class->close_request = studio_window_close_request;
  widget_class->size_allocate = studio_window_size_allocate;
  widget_class->measure = studio_window_measure;

  g_type_ensure (STUDIO_TYPE_ANALYSIS_PANEL);
  g_type_ensure (STUDIO_TYPE_BOARD_VIEW);
  g_type_ensure (STUDIO_TYPE_EVAL_BAR);
  g_type_ensure (STUDIO_TYPE_EVAL_GRAPH);
  g_type_ensure (STUDIO_TYPE_MOVE_TREE_VIEW);
  g_type_ensure (STUDIO_TYPE_SETUP_PANEL);
  g_type_ensure (STUDIO_TYPE_SOLVE_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cheops/Studio/studio-window.ui");
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, narrow_switcher);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, moves_toggle);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, analysis_toggle);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, analysis_separator);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, views_box);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, view_switcher);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, side_views);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, side_pane);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, undo_box);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, new_button);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, move_tree);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, analysis_panel);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, setup_panel);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, solve_panel);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, problem_revealer);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, problem_panel);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, headline_label);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, players_label);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, games_button);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, problems_revealer);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, problems_title);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, problems_label);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, samples_list);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, recent_submenu);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, new_submenu);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, new_menu);
  gtk_widget_class_bind_template_callback (widget_class, problems_response_cb);
  gtk_widget_class_bind_template_callback (widget_class, sample_activated_cb);

  _studio_window_class_actions_init (klass);
  _studio_window_class_tabs_init (klass);
  _studio_window_class_problem_init (klass);
  _studio_window_class_games_init (klass);
  _studio_window_class_suite_init (klass);
  _studio_window_class_review_init (klass);
  _studio_window_class_play_init (klass);
  _studio_window_class_learn_init (klass);
  _studio_window_class_explorer_init (klass);
}

/* Whether the keyboard focus is on @widget or inside it. */
static gboolean
focus_is_in (StudioWindow *self,
             GtkWidget    *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* A comment saved or left: the board takes the keyboard, as after a spin
 * button's change, rather than nothing (the next Tab went to the first
 * focusable widget, the evaluation graph: a fresh user's finding). */
static void
move_tree_editing_cb (StudioWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (studio_move_tree_view_get_editing (self->move_tree) || !gtk_widget_get_mapped (GTK_WIDGET (self->board_view)))
    return;
  if (focus == NULL || !gtk_widget_get_mapped (focus))
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* The board takes the keyboard back from a spin button: after its value
 * changed (a click on + or − leaves the focus in its text, where the arrow
 * keys, Home, F, L and X would edit the number instead of moving through
 * the game) and on Escape. */
static void
focus_return_value_changed_cb (GtkSpinButton *spin,
                               StudioWindow  *self)
{
  if (focus_is_in (self, GTK_WIDGET (spin)) && gtk_widget_get_mapped (GTK_WIDGET (self->board_view)))
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static gboolean
focus_return_key_cb (GtkEventControllerKey *controller,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     StudioWindow          *self)
{
  if (keyval != GDK_KEY_Escape || !gtk_widget_get_mapped (GTK_WIDGET (self->board_view)))
    return FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  return TRUE;
}

/* Every spin button in @widget gives the focus back to the board after a
 * change or on Escape (issue 21). */
static void
focus_return_init (StudioWindow *self,
                   GtkWidget    *widget)
{
  if (GTK_IS_SPIN_BUTTON (widget))
    {
      GtkEventController *keys = gtk_event_controller_key_new ();

      g_signal_connect_object (widget, "value-changed",
                               G_CALLBACK (focus_return_value_changed_cb), self, 0);
      gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
      g_signal_connect_object (keys, "key-pressed", G_CALLBACK (focus_return_key_cb), self, 0);
      gtk_widget_add_controller (widget, keys);
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    focus_return_init (self, child);
}

/* After a menu item was clicked (GTK 4.8 on X11), the window's focus
 * widget lands in the closed popover — on the item at once, and on the
 * submenu's page once its slide back has ended, some 300 ms later — where
 * no key reached the window, not the arrows, not a shortcut, until the
 * menu was opened and closed again (a menu closed with Escape or an item
 * chosen with the keyboard gives the focus back).  Focus in a hidden
 * popover is given back to the window (unset: its own key handling and
 * shortcuts get the keys, as after the move list's context menu), in an
 * idle, after the change of focus is done. */
static gboolean
focus_in_hidden_popover (StudioWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *popover = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) : NULL;

  return popover != NULL && !gtk_widget_get_visible (popover);
}

static gboolean
popover_focus_return_idle (gpointer data)
{
  StudioWindow *self = data;

  if (focus_in_hidden_popover (self))
    gtk_root_set_focus (GTK_ROOT (self), NULL);
  return G_SOURCE_REMOVE;
}

static void
popover_focus_cb (StudioWindow *self)
{
  if (focus_in_hidden_popover (self))
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, popover_focus_return_idle, g_object_ref (self), g_object_unref);
}

/* A header-bar menu's tooltip ("Main Menu", "New Game of Another Kind")
 * stays out of the way of its menu: under GTK 4.8 the tooltip shown while
 * the pointer rested on the button stayed up once the click had opened
 * the menu, over its first items (issue 21).  While the popover is shown
 * the button has no tooltip (which hides one that is up), nor has the
 * split button around an arrow (its "New Game (Ctrl+N)" would come up in
 * the arrow's place); they get them back when the popover closes.
 * @buttons: the button and, for a split button's arrow, the split button,
 * NULL-terminated. */
static void
menu_popover_map_cb (GtkWidget **buttons)
{
  for (guint i = 0; buttons[i] != NULL; i++)
    {
      gtk_widget_set_has_tooltip (buttons[i], FALSE);
      gtk_widget_trigger_tooltip_query (buttons[i]);
    }
}

static void
menu_popover_closed_cb (GtkWidget **buttons)
{
  for (guint i = 0; buttons[i] != NULL; i++)
    gtk_widget_set_has_tooltip (buttons[i], TRUE);
}

static void
quiet_menu_tooltip (GtkPopover *popover,
                    GtkWidget  *button,
                    GtkWidget  *split_button)
{
  GtkWidget **buttons = g_new0 (GtkWidget *, 3);

  g_return_if_fail (popover != NULL);
  /* The popover is the button's and goes with it, as do the buttons. */
  buttons[0] = button;
  buttons[1] = split_button;
  g_object_set_data_full (G_OBJECT (popover), "studio-quiet-tooltip", buttons, g_free);
  g_signal_connect_swapped (popover, "map", G_CALLBACK (menu_popover_map_cb), buttons);
  g_signal_connect_swapped (popover, "closed", G_CALLBACK (menu_popover_closed_cb), buttons);
}

static void
studio_window_init (StudioWindow *self)
{
  GtkEventController *controller;
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* A comment edited in place takes the keys of the shortcuts that type. */
  g_signal_connect_object (self->move_tree, "notify::editing",
                           G_CALLBACK (_studio_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->move_tree, "notify::editing",
                           G_CALLBACK (move_tree_editing_cb), self, G_CONNECT_SWAPPED);
  focus_return_init (self, self->side_pane);
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (popover_focus_cb), NULL);
  g_signal_connect_object (self->moves_toggle, "toggled",
                           G_CALLBACK (studio_window_update_narrow_panes), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis_toggle, "toggled",
                           G_CALLBACK (studio_window_update_narrow_panes), self, G_CONNECT_SWAPPED);

  /* New Game offers each game the studio plays, by title. */
  for (guint i = 0; cheops_variants[i] != NULL; i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(cheops_variants[i]->title), NULL);

      g_menu_item_set_action_and_target (item, "win.new-variant", "s", cheops_variants[i]->name);
      g_menu_append_item (self->new_submenu, item);
      g_menu_append_item (self->new_menu, item);
    }

  quiet_menu_tooltip (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->primary_menu_button)),
                      self->primary_menu_button, NULL);
  /* The split button's arrow is a GtkMenuButton inside. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->new_button);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_MENU_BUTTON (child))
      quiet_menu_tooltip (adw_split_button_get_popover (ADW_SPLIT_BUTTON (self->new_button)),
                          child, self->new_button);

  self->shapes = g_array_new (FALSE, FALSE, sizeof (StudioShape));
  self->scene = studio_board_view_get_scene (self->board_view);
  self->settings = g_settings_new ("org.cheops.Studio");

  g_signal_connect_object (self->scene, "move-played",
                           G_CALLBACK (scene_move_played_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "note-changed",
                           G_CALLBACK (_studio_window_update_status),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "shapes-changed",
                           G_CALLBACK (scene_shapes_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "notify::flipped",
                           G_CALLBACK (studio_window_update_eval_bar_turn),
                           self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->analysis_panel, "evaluation",
                           G_CALLBACK (analysis_evaluation_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis_panel, "result",
                           G_CALLBACK (analysis_result_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis_panel, "best-move",
                           G_CALLBACK (analysis_best_move_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis_panel, "threat-move",
                           G_CALLBACK (analysis_threat_move_cb),
                           self, G_CONNECT_SWAPPED);

  _studio_window_setup_init (self);
  _studio_window_suite_init (self);
  _studio_window_solve_init (self);
  _studio_window_review_init (self);
  _studio_window_play_init (self);
  _studio_window_explorer_init (self);
  _studio_window_views_init (self);

  self->recent_manager = gtk_recent_manager_get_default ();
  g_signal_connect_object (self->recent_manager, "changed",
                           G_CALLBACK (studio_window_recent_changed_cb),
                           self, G_CONNECT_SWAPPED);
  studio_window_recent_changed_cb (self);

  drop = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (drop, (GType[2]) { GDK_TYPE_FILE_LIST, G_TYPE_STRING }, 2);
  g_signal_connect_object (drop, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  g_signal_connect_object (self->status_label, "activate-link", G_CALLBACK (status_activate_link_cb),
                           self, G_CONNECT_SWAPPED);

  controller = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  gtk_paned_set_position (self->paned, 760);
  self->pending_position = -1;

  self->move_entry = studio_move_entry_new (NULL);
  gtk_popover_set_position (GTK_POPOVER (self->move_entry), GTK_POS_BOTTOM);
  gtk_widget_set_parent (self->move_entry, GTK_WIDGET (self->board_view));
  _studio_window_learn_init (self);

  studio_window_fill_samples (self);

  /* The first tab, on the start page: the window shows its document. */
  {
    g_autoptr(StudioDocument) document = studio_document_new ();

    _studio_window_tabs_init (self, document);
  }
}

/**
 * studio_window_new:
 * @application: the application
 *
 * Returns: (transfer full): a new window on the start page, holding a new
 *   game
 */
StudioWindow *
studio_window_new (StudioApplication *application)
{
  return g_object_new (STUDIO_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

/**
 * studio_window_get_document:
 * @self: a #StudioWindow
 *
 * Returns: (transfer none): the document shown
 */
StudioDocument *
studio_window_get_document (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);

  return self->document;
}

/**
 * studio_window_get_board_view:
 * @self: a #StudioWindow
 *
 * Returns: (transfer none): the board
 */
GtkWidget *
studio_window_get_board_view (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->board_view);
}

/**
 * studio_window_get_move_tree:
 * @self: a #StudioWindow
 *
 * Returns: (transfer none): the move tree view
 */
GtkWidget *
studio_window_get_move_tree (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->move_tree);
}

/**
 * studio_window_get_analysis_panel:
 * @self: a #StudioWindow
 *
 * Returns: (transfer none): the analysis panel
 */
GtkWidget *
studio_window_get_analysis_panel (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->analysis_panel);
}

/**
 * studio_window_get_setup_panel:
 * @self: a #StudioWindow
 *
 * Returns: (transfer none): the panel for setting up a position (shown by
 *   win.setup-position)
 */
GtkWidget *
studio_window_get_setup_panel (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);

  return GTK_WIDGET (self->setup_panel);
}

/**
 * studio_window_get_setting_up:
 * @self: a #StudioWindow
 *
 * Returns: whether the window is setting up a position
 */
gboolean
studio_window_get_setting_up (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), FALSE);

  return self->mode == STUDIO_WINDOW_MODE_SETUP;
}
