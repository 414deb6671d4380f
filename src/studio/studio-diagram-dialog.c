/* studio-diagram-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioDiagramDialog: Export Diagram… — the position of the move the user
 * stands on as a diagram for print (CheopsDiagram, libcheops-draw: the
 * board drawn by the same code as the studio's board), in a message dialog
 * whose rows choose the format (SVG, vector paths; PNG), the width in
 * pixels, a turned board (as the board shows it by default), the last
 * move's tint and a caption.  The caption offered is the problem's
 * [Stipulation] when the game has one, else the players and the move
 * ("Ann – Bob · 14… Mf5"); it may be edited.  Export asks for the file
 * (GtkFileChooserNative: GTK 4.8 has no GtkFileDialog) and says in a toast
 * where it went or why it did not.  The arrows and cell marks of the move
 * ([%cal], [%csl]) are always drawn.
 *
 * Also here, for Copy Diagram: studio_window_diagram_texture(), the same
 * diagram as an image for the clipboard.
 */
#define G_LOG_DOMAIN "studio-diagram-dialog"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-board-theme.h"
#include "studio-board-view.h"
#include "studio-diagram-dialog.h"
#include "studio-window-private.h"

struct _StudioDiagramDialog
{
  AdwMessageDialog  parent_instance;

  /* Borrowed: the window, weakly (the dialog may outlive it). */
  GWeakRef          window;
  /* Owned: the node shown, and what the diagram takes from the window. */
  CheopsGameNode   *node;
  CheopsSide        first_side;

  AdwComboRow      *format_row;
  GtkSpinButton    *size_spin;
  GtkSwitch        *flip_switch;
  GtkSwitch        *last_switch;
  AdwEntryRow      *caption_row;
};

G_DEFINE_FINAL_TYPE (StudioDiagramDialog, studio_diagram_dialog, ADW_TYPE_MESSAGE_DIALOG)

#define DEFAULT_SIZE 480
#define COPY_SIZE    720

/**
 * studio_window_dup_diagram_caption:
 * @window: a #StudioWindow
 *
 * The caption a diagram of @window's current position is offered: the
 * game's [Stipulation] (a problem's, "#3") if it has one, else the players
 * (the variant's colour tags) and the move the user stands on ("Ann – Bob ·
 * 14. Mf5"), either left out when unknown.
 *
 * Returns: (transfer full): the caption, "" when there is nothing to say
 */
char *
studio_window_dup_diagram_caption (StudioWindow *window)
{
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  CheopsGameNode *node = studio_document_get_current (document);
  const char *stipulation = cheops_game_get_tag (game, "Stipulation");
  const char *first = cheops_game_get_player (game, cheops_game_get_colour_side (game, 0));
  const char *second = cheops_game_get_player (game, cheops_game_get_colour_side (game, 1));
  g_autoptr(GString) caption = g_string_new (NULL);

  if (stipulation != NULL && stipulation[0] != '\0' && g_strcmp0 (stipulation, "?") != 0)
    return g_strdup (stipulation);

  if (first != NULL && g_strcmp0 (first, "?") == 0)
    first = NULL;
  if (second != NULL && g_strcmp0 (second, "?") == 0)
    second = NULL;
  if (first != NULL || second != NULL)
    /* Translators: a diagram's caption: "Ann – Bob", the players */
    g_string_append_printf (caption, _("%s – %s"), first != NULL ? first : "?", second != NULL ? second : "?");
  if (node != NULL && !cheops_game_node_is_root (node))
    {
      g_autofree char *move = cheops_game_node_format_move (node, TRUE);

      g_string_append_printf (caption, "%s%s", caption->len > 0 ? " · " : "", move);
    }
  return g_string_free (g_steal_pointer (&caption), FALSE);
}

/* The diagram of @node in @window (the board's colours and flip). */
/* The board theme the window draws its board in (the key board-theme),
 * for a diagram: on white, so in the light style. */
static void
window_board_style (StudioWindow     *window,
                    CheopsBoardStyle *style)
{
  const char *id = window != NULL ? studio_board_view_get_theme (STUDIO_BOARD_VIEW (studio_window_get_board_view (window)))
                                  : NULL;

  studio_board_theme_fill_style (studio_board_theme_from_id (id), FALSE, style);
}

static void
fill_diagram (CheopsDiagram  *diagram,
              CheopsGameNode *node,
              CheopsSide      first_side,
              gboolean        flipped,
              gboolean        last_move)
{
  diagram->position = cheops_game_node_get_position (node);
  diagram->first_side = first_side;
  diagram->flipped = flipped;
  diagram->last_move = last_move ? cheops_game_node_get_move (node) : CHEOPS_MOVE_NONE;
  diagram->annotations = cheops_game_node_get_annotations (node);
  diagram->caption = NULL;
}

/**
 * studio_window_diagram_texture:
 * @window: a #StudioWindow
 * @width: the image's width in pixels (> 0), its height following the board
 *
 * The diagram of the current position as the board shows it (turned or
 * not, the last move tinted, the move's arrows and marks), without a
 * caption: what Copy Diagram puts on the clipboard.
 *
 * Returns: (transfer full) (nullable): a texture, NULL when there is no
 *   position or the image could not be made
 */
GdkTexture *
studio_window_diagram_texture (StudioWindow *window,
                               int           width)
{
  StudioDocument *document;
  CheopsGameNode *node;
  CheopsDiagram diagram = { 0 };
  CheopsBoardStyle style;
  cairo_surface_t *surface;
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture = NULL;

  g_return_val_if_fail (STUDIO_IS_WINDOW (window), NULL);
  g_return_val_if_fail (width > 0, NULL);

  document = studio_window_get_document (window);
  node = studio_document_get_current (document);
  if (node == NULL || cheops_game_node_get_position (node) == NULL)
    return NULL;

  fill_diagram (&diagram, node, cheops_game_get_colour_side (studio_document_get_game (document), 0),
                studio_board_scene_get_flipped (window->scene), TRUE);
  window_board_style (window, &style);
  diagram.style = &style;
  surface = cheops_diagram_render_image (&diagram, width);
  if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
    {
      int stride = cairo_image_surface_get_stride (surface);
      int height = cairo_image_surface_get_height (surface);

      /* Cairo's ARGB32 is premultiplied, native-endian: BGRA in memory on
       * little-endian machines, ARGB on big-endian ones. */
      bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * height);
      texture = gdk_memory_texture_new (width, height,
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
                                        GDK_MEMORY_B8G8R8A8_PREMULTIPLIED,
#else
                                        GDK_MEMORY_A8R8G8B8_PREMULTIPLIED,
#endif
                                        bytes, stride);
    }
  cairo_surface_destroy (surface);
  return texture;
}

/**
 * studio_diagram_dialog_export:
 * @self: a #StudioDiagramDialog
 * @path: the file to write (replaced)
 * @error: a G_FILE_ERROR when it cannot be written
 *
 * Writes the diagram as the dialog's rows say.
 *
 * Returns: whether it was written
 */
gboolean
studio_diagram_dialog_export (StudioDiagramDialog *self,
                              const char          *path,
                              GError             **error)
{
  CheopsDiagram diagram = { 0 };
  CheopsBoardStyle style;
  const char *caption;

  g_return_val_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  fill_diagram (&diagram, self->node, self->first_side, gtk_switch_get_active (self->flip_switch),
                gtk_switch_get_active (self->last_switch));
  {
    g_autoptr(StudioWindow) window = g_weak_ref_get (&self->window);

    window_board_style (window, &style);
  }
  diagram.style = &style;
  caption = studio_diagram_dialog_get_caption (self);
  diagram.caption = caption[0] != '\0' ? caption : NULL;
  return cheops_diagram_write (&diagram, studio_diagram_dialog_get_format (self),
                               studio_diagram_dialog_get_size (self), path, error);
}

static void
save_response_cb (GtkFileChooserNative *native,
                  int                   response,
                  StudioDiagramDialog  *self)
{
  g_autoptr(StudioWindow) window = g_weak_ref_get (&self->window);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *message = NULL;

      if (path == NULL)
        /* Translators: a diagram is written to local files only */
        message = g_strdup (_("The diagram can only be written to a local file"));
      else if (!studio_diagram_dialog_export (self, path, &error))
        /* Translators: %s is the reason, e.g. "/tmp/x.svg: error while writing to output stream" */
        message = g_strdup_printf (_("The diagram was not exported: %s"), error->message);
      else
        {
          g_autofree char *name = g_file_get_basename (file);

          /* Translators: %s is the file name */
          message = g_strdup_printf (_("Diagram exported to %s"), name);
        }
      if (window != NULL)
        _studio_window_toast (window, message);
    }

  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);
  g_object_unref (self);
}

static void
studio_diagram_dialog_response (AdwMessageDialog *dialog,
                                const char       *response)
{
  StudioDiagramDialog *self = STUDIO_DIAGRAM_DIALOG (dialog);
  g_autoptr(StudioWindow) window = g_weak_ref_get (&self->window);
  GtkFileChooserNative *native;
  gboolean svg;

  if (g_strcmp0 (response, "export") != 0 || window == NULL)
    return;

  svg = studio_diagram_dialog_get_format (self) == CHEOPS_DIAGRAM_SVG;
  native = gtk_file_chooser_native_new (_("Export Diagram"), GTK_WINDOW (window),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  {
    /* The folder of the game files, not the working directory. */
    g_autoptr(GFile) folder = _studio_window_default_folder (window);

    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), svg ? _("diagram.svg") : _("diagram.png"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (save_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static GtkWidget *
switch_row (const char  *title,
            GtkSwitch  **out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *sw = gtk_switch_new ();

  gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
  *out = GTK_SWITCH (sw);
  return row;
}

static void
studio_diagram_dialog_dispose (GObject *object)
{
  StudioDiagramDialog *self = (StudioDiagramDialog *)object;

  g_clear_pointer (&self->node, cheops_game_node_unref);

  G_OBJECT_CLASS (studio_diagram_dialog_parent_class)->dispose (object);
}

static void
studio_diagram_dialog_finalize (GObject *object)
{
  StudioDiagramDialog *self = (StudioDiagramDialog *)object;

  g_weak_ref_clear (&self->window);

  G_OBJECT_CLASS (studio_diagram_dialog_parent_class)->finalize (object);
}

static void
studio_diagram_dialog_class_init (StudioDiagramDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = studio_diagram_dialog_dispose;
  object_class->finalize = studio_diagram_dialog_finalize;
  dialog_class->response = studio_diagram_dialog_response;
}

static void
format_selected_cb (AdwComboRow *row)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");

  g_settings_set_string (settings, "diagram-format", adw_combo_row_get_selected (row) == 1 ? "png" : "svg");
}

static void
studio_diagram_dialog_init (StudioDiagramDialog *self)
{
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *row;
  GtkStringList *formats = gtk_string_list_new ((const char *[]) { _("SVG (vector)"), _("PNG (image)"), NULL });

  g_weak_ref_init (&self->window, NULL);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");

  row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Format"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (formats));
  g_object_unref (formats);
  self->format_row = ADW_COMBO_ROW (row);
  /* The format last chosen (the key diagram-format). */
  {
    g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
    g_autofree char *format = g_settings_get_string (settings, "diagram-format");

    adw_combo_row_set_selected (self->format_row, g_strcmp0 (format, "png") == 0 ? 1 : 0);
    g_signal_connect (row, "notify::selected", G_CALLBACK (format_selected_cb), NULL);
  }
  gtk_list_box_append (GTK_LIST_BOX (list), row);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Width in pixels"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  self->size_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (16, 8192, 16));
  gtk_spin_button_set_value (self->size_spin, DEFAULT_SIZE);
  gtk_widget_set_valign (GTK_WIDGET (self->size_spin), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->size_spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->size_spin));
  gtk_list_box_append (GTK_LIST_BOX (list), row);

  gtk_list_box_append (GTK_LIST_BOX (list), switch_row (_("_Turn the board"), &self->flip_switch));
  gtk_list_box_append (GTK_LIST_BOX (list), switch_row (_("Show the _last move"), &self->last_switch));
  gtk_switch_set_active (self->last_switch, TRUE);

  row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("_Caption (empty: none)"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  self->caption_row = ADW_ENTRY_ROW (row);
  gtk_list_box_append (GTK_LIST_BOX (list), row);

  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), list);
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), _("Export Diagram"));
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self),
                               _("The position as the board shows it, with its coordinates and the move’s arrows "
                                 "and marks."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "export", _("_Export…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "export", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "export");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "cancel");
}

/**
 * studio_diagram_dialog_new:
 * @window: the window whose current position is exported
 *
 * A dialog for @window's current move (kept even if the user goes on in
 * the window meanwhile), its rows set as the board shows it: turned if
 * it is, the last move on, the caption of
 * studio_window_dup_diagram_caption().
 *
 * Returns: (transfer floating): the dialog, transient for @window and
 *   modal; present it
 */
GtkWidget *
studio_diagram_dialog_new (StudioWindow *window)
{
  StudioDiagramDialog *self;
  StudioDocument *document;
  g_autofree char *caption = NULL;

  g_return_val_if_fail (STUDIO_IS_WINDOW (window), NULL);

  self = g_object_new (STUDIO_TYPE_DIAGRAM_DIALOG,
                       "transient-for", window,
                       "modal", TRUE,
                       NULL);
  document = studio_window_get_document (window);
  g_weak_ref_set (&self->window, window);
  self->node = cheops_game_node_ref (studio_document_get_current (document));
  self->first_side = cheops_game_get_colour_side (studio_document_get_game (document), 0);
  gtk_switch_set_active (self->flip_switch, studio_board_scene_get_flipped (window->scene));
  caption = studio_window_dup_diagram_caption (window);
  gtk_editable_set_text (GTK_EDITABLE (self->caption_row), caption);

  return GTK_WIDGET (self);
}

/**
 * studio_diagram_dialog_get_format:
 * @self: a #StudioDiagramDialog
 *
 * Returns: the format chosen
 */
CheopsDiagramFormat
studio_diagram_dialog_get_format (StudioDiagramDialog *self)
{
  g_return_val_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self), CHEOPS_DIAGRAM_SVG);

  return adw_combo_row_get_selected (self->format_row) == 1 ? CHEOPS_DIAGRAM_PNG : CHEOPS_DIAGRAM_SVG;
}

/**
 * studio_diagram_dialog_set_format:
 * @self: a #StudioDiagramDialog
 * @format: the format to choose
 */
void
studio_diagram_dialog_set_format (StudioDiagramDialog *self,
                                  CheopsDiagramFormat  format)
{
  g_return_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self));

  adw_combo_row_set_selected (self->format_row, format == CHEOPS_DIAGRAM_PNG ? 1 : 0);
}

/**
 * studio_diagram_dialog_get_size:
 * @self: a #StudioDiagramDialog
 *
 * Returns: the width chosen, in pixels (16 .. 8192)
 */
int
studio_diagram_dialog_get_size (StudioDiagramDialog *self)
{
  g_return_val_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self), DEFAULT_SIZE);

  return gtk_spin_button_get_value_as_int (self->size_spin);
}

/**
 * studio_diagram_dialog_set_size:
 * @self: a #StudioDiagramDialog
 * @size: a width in pixels, clamped to 16 .. 8192
 */
void
studio_diagram_dialog_set_size (StudioDiagramDialog *self,
                                int                  size)
{
  g_return_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self));

  gtk_spin_button_set_value (self->size_spin, size);
}

/**
 * studio_diagram_dialog_get_flipped:
 * @self: a #StudioDiagramDialog
 *
 * Returns: whether the board is drawn turned
 */
gboolean
studio_diagram_dialog_get_flipped (StudioDiagramDialog *self)
{
  g_return_val_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self), FALSE);

  return gtk_switch_get_active (self->flip_switch);
}

/**
 * studio_diagram_dialog_set_flipped:
 * @self: a #StudioDiagramDialog
 * @flipped: whether the board is drawn turned
 */
void
studio_diagram_dialog_set_flipped (StudioDiagramDialog *self,
                                   gboolean             flipped)
{
  g_return_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self));

  gtk_switch_set_active (self->flip_switch, flipped);
}

/**
 * studio_diagram_dialog_set_last_move:
 * @self: a #StudioDiagramDialog
 * @last_move: whether the last move's cells are tinted
 */
void
studio_diagram_dialog_set_last_move (StudioDiagramDialog *self,
                                     gboolean             last_move)
{
  g_return_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self));

  gtk_switch_set_active (self->last_switch, last_move);
}

/**
 * studio_diagram_dialog_get_caption:
 * @self: a #StudioDiagramDialog
 *
 * Returns: (transfer none): the caption ("" for none)
 */
const char *
studio_diagram_dialog_get_caption (StudioDiagramDialog *self)
{
  g_return_val_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self), "");

  return gtk_editable_get_text (GTK_EDITABLE (self->caption_row));
}

/**
 * studio_diagram_dialog_set_caption:
 * @self: a #StudioDiagramDialog
 * @caption: (nullable): the caption; NULL or "" for none
 */
void
studio_diagram_dialog_set_caption (StudioDiagramDialog *self,
                                   const char          *caption)
{
  g_return_if_fail (STUDIO_IS_DIAGRAM_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->caption_row), caption != NULL ? caption : "");
}
