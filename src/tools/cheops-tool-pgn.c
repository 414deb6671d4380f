/* cheops-tool-pgn.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops pgn check FILE...` and `cheops pgn format FILE`: checking game
 * files and writing them in canonical form (DESIGN.md section 4).
 *
 * check prints, for each game, "FILE:LINE: game N: HEADLINE" (the players
 * by the tags of the game's variant: Green - Orange, Gold - Red), followed,
 * for a game whose record ends the game, by how in the variant's words
 * (", Gold wins by checkmate."), and then each of its errors as
 * "FILE:LINE:COLUMN: MESSAGE"; it exits with 1 if any game has an error.
 * Each game is read in its [Variant] (Cheops without one).  format writes FILE's games to standard output, each game
 * without errors in canonical form and each game with errors exactly as it
 * was read, every byte, escape lines where they were (nothing of the file
 * is lost: cheops-pgn.h), and every error to standard error (exit 1 if
 * any).  "-" reads standard input.  A file that cannot be
 * read (a directory: "PATH: is a directory"), or bad usage, exits with 2.
 */
#define G_LOG_DOMAIN "cheops-tool"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cheops-game-model.h"
#include "cheops-tool.h"

static CheopsPgnReader *
open_reader (const char  *path,
             GError     **error)
{
  if (strcmp (path, "-") == 0)
    {
      GString *text = g_string_new (NULL);
      char buf[65536];
      size_t n;
      g_autoptr(GBytes) bytes = NULL;

      while ((n = fread (buf, 1, sizeof buf, stdin)) > 0)
        g_string_append_len (text, buf, n);
      bytes = g_string_free_to_bytes (text);
      return cheops_pgn_reader_new_from_bytes (bytes);
    }
  return cheops_pgn_reader_new_for_path (path, error);
}

static void
print_errors (FILE       *out,
              const char *path,
              GPtrArray  *errors,
              guint       from)
{
  for (guint i = from; i < errors->len; i++)
    {
      const CheopsPgnError *e = errors->pdata[i];
      fprintf (out, "%s:%u:%u: %s\n", path, e->line, e->column, e->message);
    }
}

static int
pgn_check (int    argc,
           char **argv)
{
  int status = 0;

  if (argc < 1)
    {
      fprintf (stderr, "Usage: cheops pgn check FILE...\n");
      return 2;
    }
  for (int i = 0; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CheopsPgnReader) reader = open_reader (argv[i], &error);
      g_autoptr(GPtrArray) errors = NULL;
      CheopsGame *game;
      guint n_games = 0;

      if (reader == NULL)
        {
          fprintf (stderr, "cheops pgn check: %s\n", error->message);
          status = 2;
          continue;
        }
      errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
      for (;;)
        {
          guint before = errors->len;
          g_autofree char *headline = NULL;

          game = cheops_pgn_reader_next (reader, errors);
          if (game == NULL)
            break;
          n_games++;
          headline = cheops_game_dup_headline (game);
          printf ("%s:%u: game %u: %s", argv[i], cheops_pgn_reader_get_game_line (reader),
                  n_games, headline);
          /* A game the record ends: how, in the variant's words. */
          if (errors->len == before)
            {
              CheopsOutcome outcome = cheops_game_node_get_outcome (cheops_game_get_mainline_end (game));

              if (outcome != CHEOPS_OUTCOME_NONE)
                {
                  g_autofree char *how = cheops_game_describe_outcome (game, outcome);
                  printf (", %s", how);
                }
            }
          putchar ('\n');
          print_errors (stdout, argv[i], errors, before);
          g_object_unref (game);
        }
      if (errors->len > 0 && status == 0)
        status = 1;
      printf ("%s: %u game%s, %u error%s\n", argv[i], n_games, n_games == 1 ? "" : "s",
              errors->len, errors->len == 1 ? "" : "s");
    }
  return status;
}

static int
pgn_format (int    argc,
            char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsPgnReader) reader = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  GString *out;
  CheopsGame *game;
  guint n_games = 0;
  int write_errno = 0;

  if (argc != 1)
    {
      fprintf (stderr, "Usage: cheops pgn format FILE\n");
      return 2;
    }
  reader = open_reader (argv[0], &error);
  if (reader == NULL)
    {
      fprintf (stderr, "cheops pgn format: %s\n", error->message);
      return 2;
    }
  errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
  out = g_string_new (NULL);
  while ((game = cheops_pgn_reader_next (reader, errors)) != NULL)
    {
      if (n_games++ > 0)
        g_string_append_c (out, '\n');
      cheops_pgn_write_game_to (game, out);
      g_object_unref (game);
      if (out->len > (1 << 20))
        {
          if (fwrite (out->str, 1, out->len, stdout) != out->len && write_errno == 0)
            write_errno = errno;
          g_string_truncate (out, 0);
        }
    }
  if (n_games == 0)
    {
      /* A text of escape lines only: written back, not lost (issue 25). */
      g_autoptr(GBytes) escapes = cheops_pgn_reader_get_escapes_without_game (reader);

      if (escapes != NULL)
        g_string_append_len (out, g_bytes_get_data (escapes, NULL), g_bytes_get_size (escapes));
    }
  if (fwrite (out->str, 1, out->len, stdout) != out->len && write_errno == 0)
    write_errno = errno;
  g_string_free (out, TRUE);
  if (fflush (stdout) != 0 && write_errno == 0)
    write_errno = errno;
  /* A full disk or a closed pipe: said, and exit 2 (nothing is lost:
   * FILE is not written). */
  if (write_errno != 0 || ferror (stdout))
    {
      fprintf (stderr, "cheops pgn format: cannot write the output: %s\n",
               g_strerror (write_errno != 0 ? write_errno : EIO));
      return 2;
    }
  print_errors (stderr, argv[0], errors, 0);
  return errors->len > 0 ? 1 : 0;
}

int
cheops_tool_pgn (int    argc,
                 char **argv)
{
  /* argv[0] is "pgn". */
  if (argc >= 2 && strcmp (argv[1], "check") == 0)
    return pgn_check (argc - 2, argv + 2);
  if (argc >= 2 && strcmp (argv[1], "format") == 0)
    return pgn_format (argc - 2, argv + 2);
  fprintf (stderr, "Usage: cheops pgn check FILE...\n"
                   "       cheops pgn format FILE\n");
  return 2;
}
