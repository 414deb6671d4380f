/* engine-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The variants the engine plays: one EngineVariant table each.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine-variant.h"

static const EngineVariant *const engine_variants[] = {
  &engine_variant_cheops,
  &engine_variant_trigchess,
  &engine_variant_pyramids,
  &engine_variant_cypher,
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

void
engine_read_tuning (const char         *env_name,
                    const EngineTuning *items,
                    int                 n_items)
{
  const char *env = getenv (env_name);
  char buf[256];
  char *save = NULL;

  if (env == NULL)
    return;
  snprintf (buf, sizeof buf, "%s", env);
  for (char *item = strtok_r (buf, ",", &save); item != NULL; item = strtok_r (NULL, ",", &save))
    {
      char *eq = strchr (item, '=');

      if (eq == NULL)
        continue;
      *eq = '\0';
      for (int i = 0; i < n_items; i++)
        if (strcmp (item, items[i].name) == 0)
          for (int t = 0; t < 4 && items[i].targets[t] != NULL; t++)
            *items[i].targets[t] = atoi (eq + 1);
    }
}
