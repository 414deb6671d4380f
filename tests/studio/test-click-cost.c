/* test-click-cost.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one move played by clicking the board costs the studio, counted
 * (under a display): the rules calls (move generation, FEN written and
 * read, SAN) through a copy of the Cheops variant table whose functions
 * count their calls, and the walks from the root and whole-tree counts of
 * the game model through the linker's --wrap.  The game node derives what
 * the studio shows of it once and keeps it (cheops_game_node_get_moves(),
 * _get_outcome(), _in_check(), _get_fen(), _get_uci_position()); the board,
 * the status line, the analysis panel and the engine client read it there:
 * these counts fail when a consumer computes it again.
 */
#include <adwaita.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "studio-board-scene.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-window.h"

static struct {
  guint generate, generate_to, count, to_fen, from_fen, to_san, outcome, path, count_nodes, checklock;
} calls;

static CheopsVariant counting;

static CheopsMove *
count_generate (const CheopsPosition *pos, CheopsMove *list)
{
  calls.generate++;
  return cheops_variant_cheops.f.generate_moves (pos, list);
}

static CheopsMove *
count_generate_to (const CheopsPosition *pos, CheopsCell to, CheopsPieceType type, CheopsMove *list)
{
  calls.generate_to++;
  return cheops_variant_cheops.f.generate_moves_to (pos, to, type, list);
}

static int
count_count (const CheopsPosition *pos)
{
  calls.count++;
  return cheops_variant_cheops.f.count_moves (pos);
}

static size_t
count_to_fen (const CheopsPosition *pos, char *buf, size_t size)
{
  calls.to_fen++;
  return cheops_variant_cheops.f.to_fen (pos, buf, size);
}

static bool
count_from_fen (CheopsPosition *pos, const char *fen, CheopsError *error)
{
  bool ok;

  calls.from_fen++;
  ok = cheops_variant_cheops.f.from_fen (pos, fen, error);
  if (ok)
    pos->variant = &counting;
  return ok;
}

static size_t
count_to_san (const CheopsPosition *pos, CheopsMove move, char *buf)
{
  calls.to_san++;
  return cheops_variant_cheops.f.move_to_san (pos, move, buf);
}

static CheopsOutcome
count_outcome (const CheopsPosition *pos)
{
  calls.outcome++;
  return cheops_variant_cheops.f.outcome (pos);
}

GPtrArray *__real_cheops_game_node_get_path (const CheopsGameNode *self);
GPtrArray *__wrap_cheops_game_node_get_path (const CheopsGameNode *self);
bool __real_cheops_laws_position_in_checklock (const CheopsPosition *pos);
bool __wrap_cheops_laws_position_in_checklock (const CheopsPosition *pos);

/* Cheops's own check state, asked by name (outside the table). */
bool
__wrap_cheops_laws_position_in_checklock (const CheopsPosition *pos)
{
  calls.checklock++;
  return __real_cheops_laws_position_in_checklock (pos);
}

guint __real_cheops_game_count_nodes (CheopsGame *self);
guint __wrap_cheops_game_count_nodes (CheopsGame *self);

GPtrArray *
__wrap_cheops_game_node_get_path (const CheopsGameNode *self)
{
  calls.path++;
  return __real_cheops_game_node_get_path (self);
}

guint
__wrap_cheops_game_count_nodes (CheopsGame *self)
{
  calls.count_nodes++;
  return __real_cheops_game_count_nodes (self);
}

static gboolean
view_has_size (gpointer data)
{
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_height (data) > 0;
}

static void
print_calls (const char *what)
{
  g_test_message ("%s: generate_moves %u, generate_moves_to %u, count_moves %u, outcome %u, "
                  "to_fen %u, from_fen %u, move_to_san %u, node_get_path %u, count_nodes %u",
                  what, calls.generate, calls.generate_to, calls.count, calls.outcome,
                  calls.to_fen, calls.from_fen, calls.to_san, calls.path, calls.count_nodes);
}

/* One move by two clicks (the Pawn on g1, then its first destination) in a
 * game of the counting variant with a few moves played already. */
static void
test_click_cost (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  StudioBoardView *view = STUDIO_BOARD_VIEW (studio_window_get_board_view (window));
  StudioBoardScene *scene = studio_board_view_get_scene (view);
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsPosition start;
  CheopsCellSet set;
  CheopsCell from, to;

  counting = cheops_variant_cheops;
  counting.f.generate_moves = count_generate;
  counting.f.generate_moves_to = count_generate_to;
  counting.f.count_moves = count_count;
  counting.f.to_fen = count_to_fen;
  counting.f.from_fen = count_from_fen;
  counting.f.move_to_san = count_to_san;
  counting.f.outcome = count_outcome;

  cheops_position_init_start (&start, &cheops_variant_cheops);
  start.variant = &counting;
  cheops_game_set_start_position (game, &start);
  g_assert_nonnull (cheops_game_add_san (game, cheops_game_get_mainline_end (game), "eg2", NULL));
  g_assert_nonnull (cheops_game_add_san (game, cheops_game_get_mainline_end (game), "mk3", NULL));
  /* A game loaded from text puts the board on screen; then the counting one. */
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_load_text (window, "1. eg2 mk3 *\n", NULL));
  studio_document_set_game (document, game);
  studio_document_go_end (document);

  studio_test_spin_until (view_has_size, view);
  studio_test_spin_frames ();

  from = cheops_variant_cell_parse (&cheops_variant_cheops, "g1", NULL);
  memset (&calls, 0, sizeof calls);
  studio_board_scene_click (scene, from);
  set = studio_board_scene_get_destinations (scene);
  g_assert_true (set != CHEOPS_CELLSET_EMPTY);
  to = cheops_cellset_pop (&set);
  print_calls ("first click (select)");
  /* Selecting asks nothing: the board has the node's moves already. */
  g_assert_cmpuint (calls.generate + calls.generate_to + calls.count + calls.outcome + calls.to_fen
                    + calls.from_fen + calls.to_san + calls.path + calls.count_nodes + calls.checklock, ==, 0);
  studio_board_scene_click (scene, to);
  studio_test_spin_frames ();
  print_calls ("both clicks (select, move) and the frame after");
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 3);

  g_print ("# click-cost generate=%u generate_to=%u count=%u outcome=%u to_fen=%u from_fen=%u "
           "to_san=%u path=%u count_nodes=%u checklock=%u\n",
           calls.generate, calls.generate_to, calls.count, calls.outcome, calls.to_fen,
           calls.from_fen, calls.to_san, calls.path, calls.count_nodes, calls.checklock);

  /* What the new node derives, once, read by all (cheops-game-node.h): its
   * moves (the board's, the status line's and the analysis panel's), its
   * outcome and the move's SAN; no walk from the root, no FEN, no tree
   * count.  (Before the studio read the node's caches: generate_moves 1,
   * the board's own; outcome 2; to_fen 1; node_get_path 1.)  Lower is
   * welcome: update these downward only. */
  g_assert_cmpuint (calls.generate, ==, 1);
  g_assert_cmpuint (calls.generate_to, ==, 0);
  g_assert_cmpuint (calls.count, ==, 0);
  g_assert_cmpuint (calls.outcome, ==, 1);
  g_assert_cmpuint (calls.to_fen, ==, 0);
  g_assert_cmpuint (calls.from_fen, ==, 0);
  g_assert_cmpuint (calls.to_san, ==, 1);
  g_assert_cmpuint (calls.path, ==, 0);
  g_assert_cmpuint (calls.count_nodes, ==, 0);
  g_assert_cmpuint (calls.checklock, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  studio_test_init (&argc, &argv);
  g_test_add_func ("/Studio/ClickCost/one-move", test_click_cost);
  return g_test_run ();
}
