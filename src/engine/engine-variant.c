/* engine-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The variants the engine plays: one EngineVariant table each.
 */
#include <stddef.h>

#include "engine-variant.h"

static const EngineVariant *const engine_variants[] = {
  &engine_variant_cheops,
  &engine_variant_trigchess,
  NULL,
};

const EngineVariant *
engine_variant_of (const CheopsVariant *variant)
{
  for (int i = 0; engine_variants[i] != NULL; i++)
    if (engine_variants[i]->variant == variant)
      return engine_variants[i];
  return NULL;
}

void
engine_variants_init (void)
{
  for (int i = 0; engine_variants[i] != NULL; i++)
    engine_variants[i]->init ();
}
