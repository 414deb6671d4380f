/* test-file-write.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one rule for every file written (issue 25): cheops_file_write_atomic()
 * itself — permissions kept, a link written through, stale temporaries
 * removed, a full disk an error with the old file whole and no temporary
 * left — and the tools that write files by it: `cheops diagram --out`,
 * `cheops match --pgn` and `cheops analyse --out`.  A full disk is the
 * file-size limit (RLIMIT_FSIZE), which holds for root too.
 */
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "cheops-game-model.h"

#ifndef CHEOPS_TOOL_PATH
#error "CHEOPS_TOOL_PATH must be defined by the build"
#endif

#define LIMIT 64   /* bytes: the "disk" of the full-disk cases */

static char *
make_folder (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("cheops-write-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @folder, sorted, joined by spaces. */
static char *
list_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
remove_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_unlink (path);
    }
  g_rmdir (folder);
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_permissions (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "a.pgn", NULL);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("new\n", 4);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (path, "old\n", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_true (cheops_file_write_atomic (path, bytes, CHEOPS_FILE_WRITE_NONE, NULL, &error));
  g_assert_no_error (error);
  text = read_file (path);
  g_assert_cmpstr (text, ==, "new\n");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  g_assert_cmpint (st.st_uid, ==, getuid ());
  remove_folder (folder);
}

static void
test_symlink (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *target = g_build_filename (folder, "target.pgn", NULL);
  g_autofree char *link = g_build_filename (folder, "link.pgn", NULL);
  g_autofree char *dangling = g_build_filename (folder, "dangling.pgn", NULL);
  g_autofree char *later = g_build_filename (folder, "later.pgn", NULL);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("new\n", 4);
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;
  g_autofree char *names = NULL;

  g_assert_true (g_file_set_contents (target, "old\n", -1, NULL));
  g_assert_cmpint (symlink ("target.pgn", link), ==, 0);
  g_assert_true (cheops_file_write_atomic (link, bytes, CHEOPS_FILE_WRITE_NONE, NULL, NULL));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  text = read_file (target);
  g_assert_cmpstr (text, ==, "new\n");

  /* A link to a file not there yet: the file is made, the link stays. */
  g_assert_cmpint (symlink ("later.pgn", dangling), ==, 0);
  g_assert_true (cheops_file_write_atomic (dangling, bytes, CHEOPS_FILE_WRITE_NONE, NULL, NULL));
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  text2 = read_file (later);
  g_assert_cmpstr (text2, ==, "new\n");
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, "dangling.pgn later.pgn link.pgn target.pgn");
  remove_folder (folder);
}

static void
test_stale_temporaries (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "a.pgn", NULL);
  g_autofree char *stale = g_build_filename (folder, ".a.pgn" CHEOPS_FILE_WRITE_TEMP_INFIX "Ab12Cd", NULL);
  g_autofree char *other = g_build_filename (folder, ".b.pgn" CHEOPS_FILE_WRITE_TEMP_INFIX "Ab12Cd", NULL);
  g_autoptr(GBytes) bytes = g_bytes_new_static ("new\n", 4);
  g_autofree char *names = NULL;

  /* What a write killed half-way leaves (30 MB in the campaign's case). */
  g_assert_true (g_file_set_contents (stale, "half", -1, NULL));
  g_assert_true (g_file_set_contents (other, "another file's", -1, NULL));
  g_assert_true (cheops_file_write_atomic (path, bytes, CHEOPS_FILE_WRITE_NONE, NULL, NULL));
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, ".b.pgn.cheops-save-Ab12Cd a.pgn");
  remove_folder (folder);
}

/* In a subprocess: the file-size limit at LIMIT bytes. */
static void
limit_file_size (gpointer unused)
{
  struct rlimit limit = { LIMIT, LIMIT };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

static void
test_full_disk (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "a.pgn", NULL);

  g_assert_true (g_file_set_contents (path, "old\n", -1, NULL));
  if (g_test_subprocess ())
    {
      g_autofree char *big = g_strnfill (10 * LIMIT, 'x');
      g_autoptr(GBytes) bytes = g_bytes_new (big, 10 * LIMIT);
      g_autoptr(GError) error = NULL;

      limit_file_size (NULL);
      g_assert_false (cheops_file_write_atomic (path, bytes, CHEOPS_FILE_WRITE_NONE, NULL, &error));
      g_assert_nonnull (error);
      g_printerr ("%s\n", error->message);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("writing failed: *a.pgn* is unchanged\n");
  {
    g_autofree char *text = read_file (path);
    g_autofree char *names = list_folder (folder);

    g_assert_cmpstr (text, ==, "old\n");
    g_assert_cmpstr (names, ==, "a.pgn");
  }
  remove_folder (folder);
}

/* Runs the tool with @args in @folder, the file size limited when @limit;
 * returns its exit status, its standard error in *@err. */
static int
run_tool (const char         *folder,
          gboolean            limit,
          const char * const *args,
          char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (folder, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                limit ? limit_file_size : NULL, NULL, NULL, err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* `cheops diagram --out` on a full disk: an error, and the old diagram
 * whole (cairo wrote straight to it: it was destroyed). */
static void
test_diagram_full_disk (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "d.svg", NULL);
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;

  g_assert_true (g_file_set_contents (path, "old\n", -1, NULL));
  g_assert_cmpint (run_tool (folder, TRUE, (const char *[]) { "diagram", "--out", "d.svg", NULL }, &err), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "is unchanged"));
  text = read_file (path);
  g_assert_cmpstr (text, ==, "old\n");
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, "d.svg");
  remove_folder (folder);
}

/* `cheops match --pgn` on a full disk: a message and a non-zero exit (was
 * exit 0, no message and an empty file).  The match's PGN is the one file
 * not replaced whole: as fastchess's -pgnout, it grows by a game at a time
 * (a match of thousands of games is never rewritten, and a killed match
 * keeps the games it finished), each write checked. */
static void
test_match_full_disk (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "m.pgn", NULL);
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;

  g_assert_true (g_file_set_contents (path, "old\n", -1, NULL));
  g_assert_cmpint (run_tool (folder, TRUE,
                             (const char *[]) { "match", "--builtin", "random", "--builtin", "greedy",
                                                "--games", "2", "--seed", "1", "--pgn", "m.pgn", NULL },
                             &err), !=, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "cheops match: cannot write "));
  g_clear_pointer (&err, g_free);

  /* Without the limit: the games. */
  g_assert_cmpint (run_tool (folder, FALSE,
                             (const char *[]) { "match", "--builtin", "random", "--builtin", "greedy",
                                                "--games", "2", "--seed", "1", "--pgn", "m.pgn", NULL },
                             &err), ==, 0);
  text = read_file (path);
  g_assert_nonnull (strstr (text, "[Round \"1.2\"]"));
  remove_folder (folder);
}

/* `cheops analyse --out` in place: a 0600 file stays 0600, a link stays a
 * link with its target rewritten (the campaign: 0644, and a file in the
 * link's place). */
static void
test_analyse_in_place (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "g.pgn", NULL);
  g_autofree char *link = g_build_filename (folder, "l.pgn", NULL);
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (path, "[Event \"a\"]\n\n1. fg3 *\n", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_cmpint (symlink ("g.pgn", link), ==, 0);
  g_assert_cmpint (run_tool (folder, FALSE,
                             (const char *[]) { "analyse", "l.pgn", "--builtin", "--depth", "1",
                                                "--out", "l.pgn", NULL }, &err), ==, 0);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  text = read_file (path);
  g_assert_true (g_str_has_prefix (text, "[Event \"a\"]\n"));
  g_assert_cmpstr (text, !=, "[Event \"a\"]\n\n1. fg3 *\n");
  remove_folder (folder);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tools/file-write/permissions", test_permissions);
  g_test_add_func ("/tools/file-write/symlink", test_symlink);
  g_test_add_func ("/tools/file-write/stale-temporaries", test_stale_temporaries);
  g_test_add_func ("/tools/file-write/full-disk", test_full_disk);
  g_test_add_func ("/tools/file-write/diagram-full-disk", test_diagram_full_disk);
  g_test_add_func ("/tools/file-write/match-full-disk", test_match_full_disk);
  g_test_add_func ("/tools/file-write/analyse-in-place", test_analyse_in_place);
  return g_test_run ();
}
