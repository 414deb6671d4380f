/* cheops-tool-diagram.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops diagram [--variant NAME] [--fen FEN] [--flip] [--size PX]
 * [--caption TEXT] [--cal ARROWS] [--csl MARKS] --out FILE.svg|FILE.png`:
 * a diagram of a position for scripts and books (cheops-diagram.h), the
 * board as the studio draws it.  The format is the extension of --out; the
 * size is the width in pixels (default 480; 16..8192), the height follows
 * the board's proportions and the caption.  --cal and --csl take arrows and
 * cell marks in the form of a game file's [%cal Gd2f3,Ri5i9] and [%csl Ri9],
 * cells named as the variant names them.  Without --fen: the variant's
 * initial position.  Exit 0 written, 2 bad usage, a bad FEN or cell, or a
 * file that cannot be written (one line on stderr).
 */
#define G_LOG_DOMAIN "cheops-tool"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-diagram.h"
#include "cheops-game-model.h"
#include "cheops-tool.h"

/* The value of option @name at argv[*i] ("--name VALUE" or "--name=VALUE"),
 * or NULL when argv[*i] is not it; *@missing when the value is missing. */
static const char *
option_value (int          argc,
              char       **argv,
              int         *i,
              const char  *name,
              gboolean    *missing)
{
  size_t len = strlen (name);

  if (strncmp (argv[*i], name, len) != 0)
    return NULL;
  if (argv[*i][len] == '=')
    return argv[*i] + len + 1;
  if (argv[*i][len] != '\0')
    return NULL;
  if (*i + 1 >= argc)
    {
      *missing = TRUE;
      return NULL;
    }
  return argv[++*i];
}

/* Reads "%cal TEXT" or "%csl TEXT" into @annotations; FALSE when a cell is
 * not the variant's (the command then lands in @others). */
static gboolean
add_shapes (CheopsAnnotations   *annotations,
            const CheopsVariant *variant,
            const char          *command,
            const char          *text)
{
  g_autofree char *line = g_strdup_printf ("%s %s", command, text);
  guint others = annotations->others->len;

  cheops_annotations_add_command (annotations, variant, line, -1);
  return annotations->others->len == others;
}

int
cheops_tool_diagram (int    argc,
                     char **argv)
{
  const char *variant_name = NULL, *fen = NULL, *out = NULL, *caption = NULL;
  const char *cal = NULL, *csl = NULL;
  gboolean flip = FALSE;
  long size = 480;
  const CheopsVariant *variant = &cheops_variant_cheops;
  g_autoptr(CheopsAnnotations) annotations = cheops_annotations_new ();
  g_autoptr(GError) error = NULL;
  CheopsDiagramFormat format;
  CheopsPosition pos;
  CheopsError fen_error;
  CheopsDiagram diagram = { 0 };

  for (int i = 1; i < argc; i++)
    {
      gboolean missing = FALSE;
      const char *v;

      if (strcmp (argv[i], "--flip") == 0)
        flip = TRUE;
      else if ((v = option_value (argc, argv, &i, "--variant", &missing)) != NULL)
        variant_name = v;
      else if ((v = option_value (argc, argv, &i, "--fen", &missing)) != NULL)
        fen = v;
      else if ((v = option_value (argc, argv, &i, "--out", &missing)) != NULL)
        out = v;
      else if ((v = option_value (argc, argv, &i, "--caption", &missing)) != NULL)
        caption = v;
      else if ((v = option_value (argc, argv, &i, "--cal", &missing)) != NULL)
        cal = v;
      else if ((v = option_value (argc, argv, &i, "--csl", &missing)) != NULL)
        csl = v;
      else if ((v = option_value (argc, argv, &i, "--size", &missing)) != NULL)
        {
          char *end;

          size = strtol (v, &end, 10);
          if (*end != '\0' || size < 16 || size > 8192)
            {
              fprintf (stderr, "cheops diagram: --size: expected a width in pixels from 16 to 8192, got '%s'\n", v);
              return 2;
            }
        }
      else if (missing)
        {
          fprintf (stderr, "cheops diagram: %s needs a value\n", argv[i]);
          return 2;
        }
      else
        {
          fprintf (stderr, "cheops diagram: unexpected argument '%s'\n", argv[i]);
          return 2;
        }
    }

  if (out == NULL)
    {
      fprintf (stderr, "cheops diagram: missing --out FILE.svg or FILE.png\n");
      return 2;
    }
  if (!cheops_diagram_format_from_name (out, &format))
    {
      fprintf (stderr, "cheops diagram: %s: the name must end in .svg or .png\n", out);
      return 2;
    }
  if (variant_name != NULL && (variant = cheops_variant_find (variant_name)) == NULL)
    {
      fprintf (stderr, "cheops diagram: unknown variant '%s'\n", variant_name);
      return 2;
    }
  if (!cheops_position_from_fen (&pos, variant, fen != NULL ? fen : variant->start_fen, &fen_error))
    {
      fprintf (stderr, "cheops diagram: bad FEN at column %d: %s\n", fen_error.column, fen_error.message);
      return 2;
    }
  if (cal != NULL && !add_shapes (annotations, variant, "%cal", cal))
    {
      fprintf (stderr, "cheops diagram: --cal: not arrows of %s: '%s'\n", variant->title, cal);
      return 2;
    }
  if (csl != NULL && !add_shapes (annotations, variant, "%csl", csl))
    {
      fprintf (stderr, "cheops diagram: --csl: not cell marks of %s: '%s'\n", variant->title, csl);
      return 2;
    }

  diagram.position = &pos;
  diagram.first_side = CHEOPS_SIDE_A;
  diagram.flipped = flip;
  diagram.last_move = CHEOPS_MOVE_NONE;
  diagram.annotations = annotations;
  diagram.caption = caption;
  if (!cheops_diagram_write (&diagram, format, (int) size, out, &error))
    {
      fprintf (stderr, "cheops diagram: %s\n", error->message);
      return 2;
    }
  return 0;
}
