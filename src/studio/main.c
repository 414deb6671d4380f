/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The entry point of cheops-studio: sets up gettext and runs the
 * StudioApplication.
 */
#define G_LOG_DOMAIN "cheops-studio"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "studio-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(StudioApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = studio_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
