/* bench-bare-window: the floor the studio's start-up is measured against
 * (issue 21): a bare libadwaita application whose window, at the studio's
 * default size (1200 × 800), holds a header bar and a label — what GTK,
 * libadwaita and the renderer cost before any of the studio's own work.
 * benchmarks/studio/bench-startup.sh starts it beside cheops-studio, in the
 * same run.
 *
 *   bench-bare-window
 */
#include <adwaita.h>

static void
activate_cb (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new ("Cheops Studio");

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = adw_application_new ("org.cheops.BareWindow", G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
