/* cheops-tool-search.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops search [--variant V] --fen FEN FILE...` and `cheops explore
 * [--variant V] [--fen FEN] FILE...` (issue 23): a position in game files,
 * through their indexes (cheops-collection.h, cheops-position-search.h).
 *
 * search prints, for every game whose main line passes through the
 * position (the same pieces on the same cells, the same side to move;
 * counters ignored), "FILE<TAB>N<TAB>PLY": FILE as given, N the game's
 * number in its file from 1, PLY the plies played before it first stands
 * there (0: its start); in file order, the files in the order given; then
 * "K games" ("1 game").
 *
 * explore prints, for every move played from the position on those main
 * lines (the move after the first time each game reaches it),
 * "SAN<TAB>GAMES<TAB>SCORE": GAMES the games that played it, SCORE the
 * side to move's share of the decided games among them in percent with
 * one decimal (rounded half up), "-" when none was decided; the most
 * played first, then by SAN in byte order; then "K games", K the games
 * that reach the position (a game that ends there plays no move).
 *
 * --variant names the FEN's game (Cheops by default; explore's FEN is that
 * game's initial position by default); each game of the files is of the
 * variant its [Variant] tag names (Cheops without one), and only games of
 * the position's variant can reach it.  Each file is read once and its
 * index kept in the user's cache (g_get_user_cache_dir()); later searches
 * read the index while the file is unchanged.  --no-index reads the files
 * and neither uses nor writes an index; --reindex rebuilds it.  Games
 * with errors are searched up to their first error; a line on stderr
 * counts them per file.  Exit status 0, 2 for bad usage, a bad FEN or a
 * file that cannot be read (the other files are still searched).
 */
#define G_LOG_DOMAIN "cheops-tool"

#include <stdio.h>
#include <string.h>

#include "cheops-collection.h"
#include "cheops-position-search.h"
#include "cheops-tool.h"

typedef struct {
  const CheopsVariant       *variant;
  const char                *fen;
  CheopsCollectionLoadFlags  flags;
  GPtrArray                 *files;   /* borrowed from argv */
} SearchArgs;

static gboolean
parse_args (const char *command,
            int         argc,
            char      **argv,
            gboolean    fen_required,
            SearchArgs *args)
{
  const char *variant_name = NULL;

  memset (args, 0, sizeof *args);
  args->files = g_ptr_array_new ();
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];

      if (strcmp (a, "--fen") == 0 || strcmp (a, "--variant") == 0)
        {
          if (i + 1 >= argc)
            {
              fprintf (stderr, "cheops %s: %s needs %s\n", command, a,
                       strcmp (a, "--fen") == 0 ? "a FEN" : "a name");
              return FALSE;
            }
          if (strcmp (a, "--fen") == 0)
            args->fen = argv[++i];
          else
            variant_name = argv[++i];
        }
      else if (g_str_has_prefix (a, "--fen="))
        args->fen = a + 6;
      else if (g_str_has_prefix (a, "--variant="))
        variant_name = a + 10;
      else if (strcmp (a, "--no-index") == 0)
        args->flags |= CHEOPS_COLLECTION_LOAD_NO_INDEX;
      else if (strcmp (a, "--reindex") == 0)
        args->flags |= CHEOPS_COLLECTION_LOAD_REINDEX;
      else if (a[0] == '-' && a[1] != '\0')
        {
          fprintf (stderr, "cheops %s: unexpected argument '%s'\n", command, a);
          return FALSE;
        }
      else
        g_ptr_array_add (args->files, argv[i]);
    }
  args->variant = &cheops_variant_cheops;
  if (variant_name != NULL && (args->variant = cheops_variant_find (variant_name)) == NULL)
    {
      fprintf (stderr, "cheops %s: unknown variant '%s'\n", command, variant_name);
      return FALSE;
    }
  if (args->fen == NULL && fen_required)
    {
      fprintf (stderr, "cheops %s: missing --fen FEN\n", command);
      return FALSE;
    }
  if (args->files->len == 0)
    {
      fprintf (stderr, "cheops %s: missing FILE\n", command);
      return FALSE;
    }
  if (args->fen == NULL)
    args->fen = args->variant->start_fen;
  return TRUE;
}

/* Searches the files of @args for their position: the search, or NULL
 * after a line on stderr for a bad FEN.  A file that cannot be read gets a
 * line on stderr and *@status 2, and the search goes on without it. */
static CheopsPositionSearch *
run_search (const char       *command,
            const SearchArgs *args,
            int              *status)
{
  g_autoptr(GPtrArray) collections = g_ptr_array_new_with_free_func (g_object_unref);
  CheopsPosition pos;
  CheopsError fen_error;

  if (!cheops_position_from_fen (&pos, args->variant, args->fen, &fen_error))
    {
      fprintf (stderr, "cheops %s: bad FEN at column %d: %s\n", command, fen_error.column, fen_error.message);
      *status = 2;
      return NULL;
    }
  for (guint i = 0; i < args->files->len; i++)
    {
      const char *file = args->files->pdata[i];
      g_autoptr(GError) error = NULL;
      CheopsCollection *collection = cheops_collection_load (file, args->flags, NULL, NULL, NULL, &error);
      guint n_errors = 0;

      if (collection == NULL)
        {
          fprintf (stderr, "cheops %s: %s\n", command, error->message);
          *status = 2;
          continue;
        }
      for (guint g = 0; g < cheops_collection_get_n_games (collection); g++)
        n_errors += cheops_collection_get_error (collection, g, NULL, NULL, NULL);
      if (n_errors > 0)
        fprintf (stderr, "cheops %s: %s: %u game%s with errors, searched up to the first\n", command,
                 file, n_errors, n_errors == 1 ? "" : "s");
      if (cheops_collection_get_index_warning (collection) != NULL)
        fprintf (stderr, "cheops %s: %s\n", command, cheops_collection_get_index_warning (collection));
      g_ptr_array_add (collections, collection);
    }
  return cheops_position_search_run ((CheopsCollection *const *) collections->pdata, collections->len, &pos,
                                     NULL, NULL, NULL, NULL);
}

static void
print_count (guint n)
{
  printf ("%u game%s\n", n, n == 1 ? "" : "s");
}

int
cheops_tool_search (int    argc,
                    char **argv)
{
  SearchArgs args;
  g_autoptr(CheopsPositionSearch) search = NULL;
  int status = 0;
  guint n;
  gboolean ok = parse_args (argv[0], argc, argv, TRUE, &args);

  if (ok)
    search = run_search (argv[0], &args, &status);
  g_ptr_array_unref (args.files);
  if (search == NULL)
    return 2;
  n = cheops_position_search_get_n_hits (search);
  for (guint i = 0; i < n; i++)
    {
      const CheopsPositionHit *hit = cheops_position_search_get_hit (search, i);

      printf ("%s\t%u\t%u\n", cheops_collection_get_path (hit->collection), hit->game + 1, hit->ply);
    }
  print_count (n);
  return status;
}

int
cheops_tool_explore (int    argc,
                     char **argv)
{
  SearchArgs args;
  g_autoptr(CheopsPositionSearch) search = NULL;
  int status = 0;
  gboolean ok = parse_args (argv[0], argc, argv, FALSE, &args);

  if (ok)
    search = run_search (argv[0], &args, &status);
  g_ptr_array_unref (args.files);
  if (search == NULL)
    return 2;
  for (guint i = 0; i < cheops_position_search_get_n_moves (search); i++)
    {
      const CheopsExplorerMove *m = cheops_position_search_get_move (search, i);
      char score[8];

      cheops_score_format (m->wins, m->losses, score);
      printf ("%s\t%u\t%s\n", m->san, m->n_games, score);
    }
  print_count (cheops_position_search_get_n_hits (search));
  return status;
}
