/* fuzz-replay.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Without libFuzzer: a main() that feeds each file given (or each file of
 * each directory given) to the harness's LLVMFuzzerTestOneInput() once, so
 * that the seed corpora and the crash reproducers kept in tests/fuzz run
 * as plain tests.  Exits 0 when every input went through.
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static int
replay_file (const char *path)
{
  g_autofree char *data = NULL;
  gsize size;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &data, &size, &error))
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      return 1;
    }
  fprintf (stderr, "replaying %s (%zu bytes)\n", path, (size_t) size);
  LLVMFuzzerTestOneInput ((const uint8_t *) data, size);
  return 0;
}

int
main (int argc, char **argv)
{
  int failures = 0, files = 0;

  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        {
          g_autoptr(GDir) dir = g_dir_open (argv[i], 0, NULL);
          g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
          const char *name;

          while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
            g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
          for (guint k = 0; k < names->len; k++)
            {
              failures += replay_file (names->pdata[k]);
              files++;
            }
        }
      else
        {
          failures += replay_file (argv[i]);
          files++;
        }
    }
  fprintf (stderr, "%d inputs replayed\n", files);
  return failures > 0 || files == 0;
}
