/* test-screens.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board on every screen, for every game (cheops_variants): the colour
 * themes (studio-board-theme.h; the GSettings key board-theme, the
 * preferences' row), the accessible board (a grid of cells named from the
 * variant, the selection and its targets), and the narrow layout (a
 * 700 × 600 window: the board above, the moves or the analysis below, the
 * set-up in two columns with its FEN in view).  Run under xvfb-run.
 * Drawing at GDK_SCALE=2: test-hidpi.c.
 */
#include <adwaita.h>
#include <math.h>

#include "studio-test-util.h"
#include "studio-application.h"
#include "studio-board-cell.h"
#include "studio-board-theme.h"
#include "studio-board-view.h"
#include "studio-preferences-window.h"
#include "studio-setup-panel.h"
#include "studio-window.h"
#include "studio-window-private.h"

typedef struct {
  GtkWidget *window;
  GtkWidget *view;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 600, 500);
  f->view = studio_board_view_new ();
  gtk_window_set_child (GTK_WINDOW (f->window), f->view);
  gtk_window_present (GTK_WINDOW (f->window));
  while (!gtk_widget_get_mapped (f->view) || gtk_widget_get_width (f->view) <= 0)
    g_main_context_iteration (NULL, TRUE);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static void
set_start (Fixture             *f,
           const CheopsVariant *variant)
{
  StudioBoardScene *scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (f->view));
  CheopsPosition pos;
  CheopsError error;

  g_assert_true (cheops_position_from_fen (&pos, variant, variant->start_fen, &error));
  studio_board_scene_set_position (scene, &pos, CHEOPS_MOVE_NONE);
}

/* The board drawn at @width × @height user pixels, at @device_scale. */
static cairo_surface_t *
render (Fixture *f,
        int      width,
        int      height,
        double   device_scale)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (width * device_scale),
                                        (int) (height * device_scale));
  cairo_surface_set_device_scale (surface, device_scale, device_scale);
  cr = cairo_create (surface);
  studio_board_view_draw (STUDIO_BOARD_VIEW (f->view), cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* The pixel at device pixel (@x, @y), as 0..255 RGB. */
static void
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y,
          guint            rgb[3])
{
  const guchar *data = cairo_image_surface_get_data (surface);
  guint32 p = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);

  rgb[0] = (p >> 16) & 0xff;
  rgb[1] = (p >> 8) & 0xff;
  rgb[2] = p & 0xff;
}

/* An empty cell outside every drawn zone of @variant's start position,
 * of shade @shade, or CHEOPS_CELL_NONE. */
static CheopsCell
plain_empty_cell (const CheopsVariant *variant,
                  int                  shade)
{
  const CheopsBoardShape *board = variant->board;
  CheopsPosition pos;
  CheopsError error;
  uint16_t drawn = 0;

  g_assert_true (cheops_position_from_fen (&pos, variant, variant->start_fen, &error));
  for (int z = 0; z < board->n_zones; z++)
    if (board->zones[z].style != CHEOPS_ZONE_STYLE_NONE)
      drawn |= board->zones[z].bit;
  for (CheopsCell c = 0; c < board->n_cells; c++)
    if (board->cells[c].shade == shade && pos.board[c] == CHEOPS_NO_PIECE && (board->cells[c].zones & drawn) == 0)
      return c;
  return CHEOPS_CELL_NONE;
}

/* Theme ids round-trip; an unknown or missing id is the default theme. */
static void
test_theme_ids (void)
{
  g_assert_cmpint (STUDIO_BOARD_THEME_NB, >=, 3);
  for (guint t = 0; t < STUDIO_BOARD_THEME_NB; t++)
    g_assert_cmpint (studio_board_theme_from_id (studio_board_theme_get_info (t)->id), ==, t);
  g_assert_cmpstr (studio_board_theme_get_info (STUDIO_BOARD_THEME_HIGH_CONTRAST)->id, ==, "high-contrast");
  g_assert_cmpint (studio_board_theme_from_id ("no-such-theme"), ==, STUDIO_BOARD_THEME_DEFAULT);
  g_assert_cmpint (studio_board_theme_from_id (NULL), ==, STUDIO_BOARD_THEME_DEFAULT);
}

static double
luminance (const double rgb[3])
{
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

/* For every game's board: the default theme is the variant's own shades
 * and outline; a two-shade board gets exactly the theme's light and dark;
 * every theme keeps every pair of shades apart (Cypher chess's six) and
 * keeps each light shade lighter than each dark one. */
static void
test_theme_shades (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsBoardShape *board = cheops_variants[v]->board;

      for (guint t = 0; t < STUDIO_BOARD_THEME_NB; t++)
        {
          const StudioBoardThemeInfo *info = studio_board_theme_get_info (t);
          double rgb[8][3], edge[3];

          g_assert_cmpint (board->n_shades, <=, 8);
          for (int s = 0; s < board->n_shades; s++)
            studio_board_theme_shade_rgb (t, board, s, FALSE, rgb[s]);
          studio_board_theme_edge_rgb (t, board, FALSE, edge);

          for (int s = 0; s < board->n_shades; s++)
            for (int c = 0; c < 3; c++)
              {
                if (t == STUDIO_BOARD_THEME_DEFAULT)
                  g_assert_cmpfloat (rgb[s][c], ==, board->shade_rgb[s][c]);
                else if (board->n_shades == 2)
                  g_assert_cmpfloat_with_epsilon (rgb[s][c],
                                                  luminance (board->shade_rgb[s]) > luminance (board->shade_rgb[1 - s])
                                                  ? info->light[c] : info->dark[c], 1e-9);
                g_assert_cmpfloat (edge[c], ==, t == STUDIO_BOARD_THEME_DEFAULT ? board->edge_rgb[c] : info->edge[c]);
              }

          for (int a = 0; a < board->n_shades; a++)
            for (int b = a + 1; b < board->n_shades; b++)
              {
                double d = fabs (rgb[a][0] - rgb[b][0]) + fabs (rgb[a][1] - rgb[b][1]) + fabs (rgb[a][2] - rgb[b][2]);
                gboolean a_light = luminance (board->shade_rgb[a]) > luminance (board->shade_rgb[b]);

                g_test_message ("%s %s: shades %d and %d differ by %.3f", cheops_variants[v]->name, info->id, a, b, d);
                g_assert_cmpfloat (d, >, 0.05);
                if (fabs (luminance (board->shade_rgb[a]) - luminance (board->shade_rgb[b])) > 0.15)
                  g_assert_true ((luminance (rgb[a]) > luminance (rgb[b])) == a_light);
              }
        }
    }
}

/* The board is drawn in the theme: the centre of an empty, unzoned cell of
 * each shade has the theme's colour, in every game; a change of theme
 * draws the board again. */
static void
test_theme_drawing (Fixture       *f,
                    gconstpointer  data)
{
  StudioBoardView *view = STUDIO_BOARD_VIEW (f->view);

  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];

      set_start (f, variant);
      for (guint t = 0; t < STUDIO_BOARD_THEME_NB; t++)
        {
          cairo_surface_t *surface;
          guint checked = 0;

          studio_board_view_set_theme (view, studio_board_theme_get_info (t)->id);
          g_assert_cmpstr (studio_board_view_get_theme (view), ==, studio_board_theme_get_info (t)->id);
          surface = render (f, 600, 500, 1);
          for (int s = 0; s < variant->board->n_shades; s++)
            {
              CheopsCell cell = plain_empty_cell (variant, s);
              double x, y, rgb[3];
              guint px[3];

              if (cell == CHEOPS_CELL_NONE)
                continue;
              g_assert_true (studio_board_view_cell_center (view, cell, &x, &y));
              pixel_at (surface, (int) x, (int) y, px);
              studio_board_theme_shade_rgb (t, variant->board, s, FALSE, rgb);
              for (int c = 0; c < 3; c++)
                g_assert_cmpint (abs ((int) px[c] - (int) round (rgb[c] * 255)), <=, 1);
              checked++;
            }
          g_test_message ("%s %s: %u shades checked", variant->name, studio_board_theme_get_info (t)->id, checked);
          g_assert_cmpuint (checked, >=, 2);
          cairo_surface_destroy (surface);
        }
    }
  studio_board_view_set_theme (view, "no-such-theme");
  g_assert_cmpstr (studio_board_view_get_theme (view), ==, "default");
}

/* The key board-theme: a window's board follows it; the preferences' row
 * shows it and writes it. */
static void
test_theme_setting (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  StudioWindow *window = studio_window_new (NULL);
  StudioBoardView *view = STUDIO_BOARD_VIEW (studio_window_get_board_view (window));
  GtkWidget *prefs;
  AdwComboRow *row;

  {
    g_autofree char *id = g_settings_get_string (settings, "board-theme");
    g_assert_cmpstr (id, ==, "default");
  }
  g_assert_cmpstr (studio_board_view_get_theme (view), ==, "default");
  g_settings_set_string (settings, "board-theme", "high-contrast");
  g_assert_cmpstr (studio_board_view_get_theme (view), ==, "high-contrast");

  prefs = studio_preferences_window_new ();
  gtk_window_present (GTK_WINDOW (prefs));
  row = ADW_COMBO_ROW (studio_test_find_widget_of_type (prefs, ADW_TYPE_COMBO_ROW));
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, STUDIO_BOARD_THEME_HIGH_CONTRAST);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, STUDIO_BOARD_THEME_NB);
  adw_combo_row_set_selected (row, STUDIO_BOARD_THEME_BLUE);
  {
    g_autofree char *id = g_settings_get_string (settings, "board-theme");
    g_assert_cmpstr (id, ==, "blue");
  }
  g_assert_cmpstr (studio_board_view_get_theme (view), ==, "blue");

  gtk_window_destroy (GTK_WINDOW (prefs));
  g_settings_reset (settings, "board-theme");
  g_assert_cmpstr (studio_board_view_get_theme (view), ==, "default");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The accessible cells of @view, by cell index (a new array). */
static GPtrArray *
accessible_cells (GtkWidget *view)
{
  GPtrArray *cells = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (STUDIO_IS_BOARD_CELL (child))
      {
        g_assert_cmpuint (studio_board_cell_get_cell (STUDIO_BOARD_CELL (child)), ==, cells->len);
        g_ptr_array_add (cells, child);
      }
  return cells;
}

/* The board is a grid of one cell per cell of the variant, each labelled
 * with its name and contents; a selection marks the cell SELECTED and its
 * legal targets, and the board's description names both; the cells follow
 * the position and a change of game. */
static void
test_accessible_board (Fixture       *f,
                       gconstpointer  data)
{
  static const struct {
    const char *variant, *cell, *label;
  } samples[] = {
    { "cheops", "a1", "a1, Green Assassin" },
    { "cheops", "e3", "e3, Green Pawn" },
    { "trigchess", "b1", "b1, Gold Dome" },
    { "cypher", "d0", "d0, White Spy" },
    { "pyramids", "e1", "e1, White Faraon" },
    { "pyramids", "e5", "e5, empty" },
  };
  StudioBoardView *view = STUDIO_BOARD_VIEW (f->view);
  StudioBoardScene *scene = studio_board_view_get_scene (view);

  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, "Board");

  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      const CheopsPosition *pos;
      g_autoptr(GPtrArray) cells = NULL;
      CheopsCell selected = CHEOPS_CELL_NONE;
      CheopsCellSet targets;
      g_autoptr(GString) names = g_string_new ("");

      set_start (f, variant);
      studio_test_spin_frames ();  /* the new cells allocated */
      pos = studio_board_scene_get_position (scene);
      cells = accessible_cells (f->view);
      g_assert_cmpuint (cells->len, ==, variant->board->n_cells);

      for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
        if (g_str_equal (samples[i].variant, variant->name))
          {
            CheopsCell c = cheops_variant_cell_parse (variant, samples[i].cell, NULL);

            g_assert_cmpuint (c, <, cells->len);
            gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cells->pdata[c]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                 samples[i].label);
          }

      for (CheopsCell c = 0; c < cells->len; c++)
        {
          GtkAccessible *cell = cells->pdata[c];
          const char *label = studio_board_cell_get_label (cells->pdata[c]);

          gtk_test_accessible_assert_role (cell, GTK_ACCESSIBLE_ROLE_GRID_CELL);
          gtk_test_accessible_assert_state (cell, GTK_ACCESSIBLE_STATE_SELECTED, FALSE);
          g_assert_false (gtk_test_accessible_has_property (cell, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
          /* The cell's name, then "empty" or a piece. */
          g_assert_true (g_str_has_prefix (label, cheops_variant_cell_name (variant, c)));
          g_assert_cmpint (g_str_has_suffix (label, ", empty"), ==, pos->board[c] == CHEOPS_NO_PIECE);
          /* Laid over its cell. */
          {
            double x, y;
            graphene_rect_t bounds;

            g_assert_true (studio_board_view_cell_center (view, c, &x, &y));
            g_assert_true (gtk_widget_compute_bounds (cells->pdata[c], f->view, &bounds));
            g_assert_true (graphene_rect_contains_point (&bounds, &GRAPHENE_POINT_INIT (x, y)));
          }
        }
      for (CheopsCell c = 0; c < cells->len; c++)
        {
          if (selected == CHEOPS_CELL_NONE && pos->board[c] != CHEOPS_NO_PIECE &&
              cheops_piece_side (pos->board[c]) == pos->side_to_move &&
              studio_board_scene_select (scene, c))
            {
              if (studio_board_scene_get_destinations (scene) != CHEOPS_CELLSET_EMPTY)
                selected = c;
              else
                studio_board_scene_clear_selection (scene);
            }
        }
      g_assert_cmpuint (selected, !=, CHEOPS_CELL_NONE);

      /* The selection and its targets. */
      targets = studio_board_scene_get_destinations (scene);
      for (CheopsCell c = 0; c < cells->len; c++)
        {
          gtk_test_accessible_assert_state (GTK_ACCESSIBLE (cells->pdata[c]), GTK_ACCESSIBLE_STATE_SELECTED, c == selected);
          if (cheops_cellset_has (targets, c))
            {
              gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cells->pdata[c]), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                   "Legal target");
              g_string_append_printf (names, "%s%s", names->len ? ", " : "", cheops_variant_cell_name (variant, c));
            }
          else
            g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cells->pdata[c]),
                                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
        }
      {
        g_autofree char *description = g_strdup_printf ("Selected: %s. Targets: %s",
                                                        studio_board_cell_get_label (cells->pdata[selected]),
                                                        names->str);

        g_test_message ("%s: %s", variant->name, description);
        if (g_str_equal (variant->name, "cheops"))
          g_assert_cmpstr (description, ==, "Selected: e1, Green Assassin. Targets: h1, g2");
        gtk_test_accessible_assert_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
        gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT,
                                             cells->pdata[selected]);
      }

      /* No selection: nothing described. */
      studio_board_scene_clear_selection (scene);
      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (cells->pdata[selected]), GTK_ACCESSIBLE_STATE_SELECTED, FALSE);
      g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
      for (CheopsCell c = 0; c < cells->len; c++)
        g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cells->pdata[c]),
                                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
    }

  /* A cell follows its position: emptied, it says so. */
  {
    const CheopsVariant *cheops = cheops_variant_find ("cheops");
    CheopsCell a1 = cheops_variant_cell_parse (cheops, "a1", NULL);
    CheopsPosition pos;
    CheopsError error;
    g_autoptr(GPtrArray) cells = NULL;

    g_assert_true (cheops_position_from_fen (&pos, cheops, cheops->start_fen, &error));
    pos.board[a1] = CHEOPS_NO_PIECE;
    studio_board_scene_set_position (scene, &pos, CHEOPS_MOVE_NONE);
    cells = accessible_cells (f->view);
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cells->pdata[a1]), GTK_ACCESSIBLE_PROPERTY_LABEL, "a1, empty");
  }
}

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

/* A window of @width × @height with the sample @name open. */
static StudioWindow *
open_sample (const char *name,
             int         width,
             int         height)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));
  for (int i = 0; i < 10; i++)
    studio_test_spin_frames ();

  return window;
}

/* The bottom of @widget, in @ancestor's coordinates. */
static double
bottom_in (GtkWidget *widget,
           GtkWidget *ancestor)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (widget, ancestor, &bounds));
  return bounds.origin.y + bounds.size.height;
}

/* At 700 × 600, for every game: the board above (at least 260 pixels
 * high), the moves or the analysis below as the switcher says; in the
 * set-up the palette and the position side by side, the board more than
 * twice the palette's height and the FEN field in view without scrolling. */
static void
test_narrow_layout (void)
{
  static const char *const samples[] = {
    "apex-race.pgn", "trigchess-gyros.pgn", "cypher-selfplay.pgn", "pyramids-stacks.pgn",
  };

  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      StudioWindow *window = open_sample (samples[i], 700, 600);
      GtkWidget *board = GTK_WIDGET (window->board_view);
      GtkWidget *fen, *palette;

      g_test_message ("%s: board %d×%d", samples[i], gtk_widget_get_width (board), gtk_widget_get_height (board));
      g_assert_true (window->narrow);
      g_assert_true (gtk_widget_get_visible (window->narrow_switcher));
      g_assert_cmpint (gtk_widget_get_height (board), >=, 260);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->move_tree)));
      g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (window->analysis_panel)));
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window->move_tree)), >=, 120);

      gtk_toggle_button_set_active (window->analysis_toggle, TRUE);
      studio_test_spin_frames ();
      g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->move_tree)));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->analysis_panel)));
      gtk_toggle_button_set_active (window->moves_toggle, TRUE);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->move_tree)));

      gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL);
      for (int k = 0; k < 10; k++)
        studio_test_spin_frames ();
      g_assert_cmpint (window->mode, ==, STUDIO_WINDOW_MODE_SETUP);
      g_assert_cmpuint (studio_setup_panel_get_columns (window->setup_panel), ==, 2);
      g_test_message ("%s set-up: board %d high, panel %d", samples[i], gtk_widget_get_height (board),
                      gtk_widget_get_height (GTK_WIDGET (window->setup_panel)));
      palette = studio_test_find_by_class (GTK_WIDGET (window->setup_panel), "setup-palette");
      g_assert_nonnull (palette);
      g_assert_cmpint (gtk_widget_get_height (board), >=, 230);
      g_assert_cmpint (gtk_widget_get_height (board), >, 2 * gtk_widget_get_height (palette));
      fen = studio_test_find_widget_of_type (GTK_WIDGET (window->setup_panel), GTK_TYPE_TEXT_VIEW);
      g_assert_nonnull (fen);
      {
        GtkWidget *scroller = gtk_widget_get_ancestor (fen, GTK_TYPE_SCROLLED_WINDOW);
        double top = bottom_in (fen, scroller) - gtk_widget_get_height (fen);

        g_test_message ("%s set-up: FEN at %.0f of %d", samples[i], top, gtk_widget_get_height (scroller));
        g_assert_cmpfloat (top, >=, 0);
        g_assert_cmpfloat (top + 20, <=, gtk_widget_get_height (scroller));
      }
      /* The whole FEN shows, its last wrapped line not clipped (issue
       * 21): the end of the text lies within the field. */
      {
        GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (fen));
        GtkTextIter end;
        GdkRectangle at;

        gtk_text_buffer_get_end_iter (buffer, &end);
        gtk_text_view_get_iter_location (GTK_TEXT_VIEW (fen), &end, &at);
        g_test_message ("%s set-up: FEN text ends at %d of %d", samples[i], at.y + at.height,
                        gtk_widget_get_height (fen));
        g_assert_cmpint (at.y + at.height + gtk_text_view_get_bottom_margin (GTK_TEXT_VIEW (fen)), <=,
                         gtk_widget_get_height (fen));
      }
            gtk_widget_activate_action (GTK_WIDGET (window->setup_panel), "setup.cancel", NULL);
      studio_test_spin_frames ();
      g_assert_cmpint (window->mode, ==, STUDIO_WINDOW_MODE_GAME);

      /* Wide again: both, side by side, one column of set-up. */
      gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
      for (int k = 0; k < 10; k++)
        studio_test_spin_frames ();
      g_assert_false (window->narrow);
      g_assert_false (gtk_widget_get_visible (window->narrow_switcher));
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->move_tree)));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->analysis_panel)));
      g_assert_cmpuint (studio_setup_panel_get_columns (window->setup_panel), ==, 1);

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Issue 21: the move list keeps its room when every view of the side pane
 * has something to say (a suite, the Problem view, the engine lines, an
 * annotated game): the views show one at a time under it, with a switcher;
 * wide at 1400 × 1000 and 1200 × 800, narrow at 700 × 600 (where the
 * moves and the views take turns). */
static void
test_views_keep_moves (void)
{
  static const struct { int width, height, min_moves; } sizes[] = {
    { 1400, 1000, 300 },
    { 1200, 800, 200 },
    { 700, 600, 120 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      StudioWindow *window = open_sample ("apex-race.pgn", sizes[i].width, sizes[i].height);
      GtkWidget *moves = GTK_WIDGET (window->move_tree);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-suite", "s", "ascension.epd");
      gtk_widget_activate_action (GTK_WIDGET (window), "win.problem", NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
      for (int k = 0; k < 10; k++)
        studio_test_spin_frames ();

      /* One view at a time: the last asked for, the switcher for the rest
       * (narrow: the headline's, beside Moves; one switcher only). */
      g_assert_true (gtk_widget_get_visible (window->view_switcher) == !window->narrow);
      g_assert_true (gtk_widget_get_visible (window->narrow_switcher) == window->narrow);
      g_assert_cmpstr (gtk_stack_get_visible_child_name (window->side_views), ==, "problem");
      g_assert_true (gtk_widget_get_visible (gtk_stack_get_child_by_name (window->side_views, "suite")));
      g_assert_false (gtk_widget_get_visible (gtk_stack_get_child_by_name (window->side_views, "review")));
      g_assert_false (gtk_widget_get_mapped (studio_window_get_suite_panel (window)));
      gtk_stack_set_visible_child_name (window->side_views, "suite");
      for (int k = 0; k < 5; k++)
        studio_test_spin_frames ();
      g_assert_true (gtk_widget_get_mapped (studio_window_get_suite_panel (window)));

      if (window->narrow)
        {
          gtk_toggle_button_set_active (window->moves_toggle, TRUE);
          for (int k = 0; k < 5; k++)
            studio_test_spin_frames ();
        }
      g_test_message ("%d×%d: move list %d high", sizes[i].width, sizes[i].height, gtk_widget_get_height (moves));
      g_assert_true (gtk_widget_get_mapped (moves));
      g_assert_cmpint (gtk_widget_get_height (moves), >=, sizes[i].min_moves);

      gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int   argc,
      char *argv[])
{
  /* The accessible tree of GTK's test backend ("none" keeps none). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  studio_test_init (&argc, &argv);

  g_test_add_func ("/screens/theme-ids", test_theme_ids);
  g_test_add_func ("/screens/theme-shades", test_theme_shades);
  g_test_add ("/screens/theme-drawing", Fixture, NULL, fixture_set_up, test_theme_drawing, fixture_tear_down);
  g_test_add_func ("/screens/theme-setting", test_theme_setting);
  g_test_add ("/screens/accessible-board", Fixture, NULL, fixture_set_up, test_accessible_board, fixture_tear_down);
  g_test_add_func ("/screens/narrow-layout", test_narrow_layout);
  g_test_add_func ("/screens/views-keep-moves", test_views_keep_moves);

  return g_test_run ();
}
