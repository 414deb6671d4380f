/* fuzz-annotations.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the reader of the [%eval], [%cal] and [%csl]
 * commands of comments (src/game/cheops-annotations.c,
 * cheops_annotations_add_command()): the first byte chooses the game (its
 * cell names), the rest is cut at each "]" into commands, as the game
 * reader cuts a comment.  Any bytes must read without a crash, a leak or
 * undefined behaviour, and what was read writes a text
 * (cheops_annotations_append()) that reads back to equal annotations
 * writing the same text (a fixed point).  Seed corpus: corpus-annotations.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-game-model.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Reads the file form "[%a b] [%c d]" written by cheops_annotations_append(). */
static CheopsAnnotations *
read_back (const CheopsVariant *variant,
           const char          *text)
{
  CheopsAnnotations *a = cheops_annotations_new ();
  const char *s = text;

  while (*s != '\0')
    {
      const char *close;

      if (*s != '[')
        abort ();
      close = strchr (s, ']');
      if (close == NULL)
        abort ();
      cheops_annotations_add_command (a, variant, s + 1, close - s - 1);
      s = close + 1;
      if (*s == ' ')
        s++;
    }
  return a;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const CheopsVariant * const variants[] = {
    &cheops_variant_cheops, &cheops_variant_trigchess, &cheops_variant_cypher, &cheops_variant_pyramids,
  };
  const CheopsVariant *variant;
  g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
  g_autoptr(CheopsAnnotations) b = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) text2 = g_string_new (NULL);
  const char *s, *end;

  if (size == 0)
    return 0;
  variant = variants[data[0] % G_N_ELEMENTS (variants)];
  s = (const char *) data + 1;
  end = (const char *) data + size;
  while (s < end)
    {
      const char *close = memchr (s, ']', end - s);
      const char *stop = close != NULL ? close : end;

      cheops_annotations_add_command (a, variant, s, stop - s);
      s = stop + 1;
    }
  cheops_annotations_append (a, variant, text);
  b = read_back (variant, text->str);
  cheops_annotations_append (b, variant, text2);
  if (!cheops_annotations_equal (a, b) || strcmp (text->str, text2->str) != 0)
    abort ();
  return 0;
}
